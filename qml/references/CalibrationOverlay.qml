// Placing an image by two points: over the canvas, the designer clicks two points of the image
// (Esc cancels); a dialog then asks where those two points are in the world, prefilled with where
// they are now, or only how far apart they are (the first stays put), and the image is scaled and
// moved so they land there (one undo step).
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
                const dx = overlay.clicks[1].world.x - overlay.clicks[0].world.x, dy = overlay.clicks[1].world.y - overlay.clicks[0].world.y
                distance.value = Math.sqrt(dx * dx + dy * dy)
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
                enabled: !byDistance.checked
                FieldLabel { text: qsTr("first point") }
                NumberField { id: firstX; objectName: "calibrateFirstX"; decimals: 3; accept: v => { value = v; return "" } }
                NumberField { id: firstY; objectName: "calibrateFirstY"; decimals: 3; accept: v => { value = v; return "" } }
                FieldLabel { text: qsTr("second point") }
                NumberField { id: secondX; objectName: "calibrateSecondX"; decimals: 3; accept: v => { value = v; return "" } }
                NumberField { id: secondY; objectName: "calibrateSecondY"; decimals: 3; accept: v => { value = v; return "" } }
            }
            RowLayout {
                CheckBox {
                    id: byDistance
                    objectName: "calibrateByDistance"
                    text: qsTr("or only their distance apart:")
                }
                NumberField {
                    id: distance
                    objectName: "calibrateDistance"; decimals: 3; minimum: 1e-9
                    enabled: byDistance.checked
                    accept: v => { value = v; return "" }
                }
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
                    let worldA = Qt.point(firstX.value, firstY.value), worldB = Qt.point(secondX.value, secondY.value)
                    if (byDistance.checked) {
                        // The first point stays where it is; the image scales about it to the distance.
                        const p = overlay.clicks[0].world, q = overlay.clicks[1].world
                        const length = Math.sqrt((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y))
                        worldA = p
                        worldB = length > 0 ? Qt.point(p.x + (q.x - p.x) * distance.value / length, p.y + (q.y - p.y) * distance.value / length) : q
                    }
                    if (overlay.editor.references.calibrate(overlay.row, a, worldA, b, worldB)) {
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
