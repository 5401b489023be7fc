// Placing an image by two points: over the canvas, the designer clicks two points of the image
// (Esc cancels); a dialog then asks where those two points are in the world, prefilled with where
// they are now, and the image is scaled and moved so they land there (one undo step).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Item {
    id: overlay

    required property EditorController editor
    required property LevelView canvas
    property int row: -1
    // The clicked points: on the image (pixels) and in the world.
    property var clicks: []
    readonly property bool active: row >= 0 && clicks.length < 2
    readonly property alias dialog: dialog

    function start(reference) {
        row = reference
        clicks = []
        editor.showStatus(qsTr("Calibrate: click the first point of the image you know the position of (Esc cancels)"))
        forceActiveFocus()
    }
    function cancel() {
        row = -1
        clicks = []
        editor.showStatus(qsTr("Calibration cancelled"))
        overlay.canvas.forceActiveFocus()
    }

    visible: active
    Keys.onEscapePressed: cancel()

    MouseArea {
        objectName: "calibrationArea"
        anchors.fill: parent
        cursorShape: Qt.CrossCursor
        onClicked: mouse => {
            const world = overlay.canvas.toWorld(Qt.point(mouse.x, mouse.y))
            const image = overlay.editor.references.imagePointAt(overlay.row, world)
            overlay.clicks = overlay.clicks.concat([{ world: world, image: image }])
            if (overlay.clicks.length === 1) {
                overlay.editor.showStatus(qsTr("Calibrate: now click a second point of the image, far from the first"))
            } else {
                dialog.problem = ""
                firstX.value = overlay.clicks[0].world.x
                firstY.value = overlay.clicks[0].world.y
                secondX.value = overlay.clicks[1].world.x
                secondY.value = overlay.clicks[1].world.y
                dialog.open()
            }
        }
    }

    Dialog {
        id: dialog
        objectName: "calibrationDialog"
        title: qsTr("Where are these two points?")
        modal: true
        parent: Overlay.overlay
        anchors.centerIn: parent
        property string problem: ""
        onRejected: overlay.cancel()

        ColumnLayout {
            spacing: 6
            Label {
                text: qsTr("Type the world positions of the two points you clicked; the image is scaled and moved to match.")
                wrapMode: Text.Wrap
                Layout.preferredWidth: 360
            }
            GridLayout {
                columns: 3
                columnSpacing: 8
                FieldLabel { text: qsTr("first point") }
                NumberField { id: firstX; objectName: "calibrateFirstX"; decimals: 3; accept: v => { value = v; return "" } }
                NumberField { id: firstY; objectName: "calibrateFirstY"; decimals: 3; accept: v => { value = v; return "" } }
                FieldLabel { text: qsTr("second point") }
                NumberField { id: secondX; objectName: "calibrateSecondX"; decimals: 3; accept: v => { value = v; return "" } }
                NumberField { id: secondY; objectName: "calibrateSecondY"; decimals: 3; accept: v => { value = v; return "" } }
            }
            ProblemLine { problem: dialog.problem }
        }
        footer: DialogButtonBox {
            Button {
                objectName: "calibrateApply"
                text: qsTr("Place")
                DialogButtonBox.buttonRole: DialogButtonBox.ApplyRole
                onClicked: {
                    const a = overlay.clicks[0].image, b = overlay.clicks[1].image
                    if (overlay.editor.references.calibrate(overlay.row, a, Qt.point(firstX.value, firstY.value),
                                                            b, Qt.point(secondX.value, secondY.value))) {
                        dialog.close()
                        overlay.row = -1
                        overlay.clicks = []
                        overlay.editor.showStatus(qsTr("Image placed"))
                        overlay.canvas.forceActiveFocus()
                    } else {
                        dialog.problem = overlay.editor.references.lastError()
                    }
                }
            }
            Button {
                text: qsTr("Cancel")
                DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
            }
        }
    }
}
