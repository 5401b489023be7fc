// The outliner's References section (only when the level has references): each image, mesh and
// heightmap with ⚠ when its file cannot be read, show / lock, an image's opacity, and ⊕ to place an
// image by two points (calibration).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

ColumnLayout {
    id: section

    required property EditorController editor
    // Asks the window to calibrate image `row` (two clicks on the canvas, then their positions).
    signal calibrateRequested(int row)

    visible: editor.references.count > 0
    spacing: 0

    Rectangle {
        Layout.fillWidth: true
        implicitHeight: 26
        color: Theme.window
        Label {
            anchors.verticalCenter: parent.verticalCenter
            anchors.left: parent.left
            anchors.leftMargin: 10
            text: qsTr("References")
            color: Theme.accent
            font.bold: true
        }
    }

    Repeater {
        model: section.editor.references
        delegate: ColumnLayout {
            id: reference
            required property int index
            required property string referenceId
            required property string kind
            required property string file
            required property bool missing
            required property string problem
            required property bool shown
            required property bool locked
            required property real referenceOpacity
            objectName: "reference:" + referenceId
            readonly property bool selected: section.editor.selection.keys.indexOf("reference:" + referenceId) >= 0
            spacing: 0
            Layout.fillWidth: true

            RowLayout {
                Layout.fillWidth: true
                Layout.leftMargin: 16
                Layout.rightMargin: 4
                spacing: 2
                Label {
                    objectName: "referenceText"
                    text: (reference.missing ? "⚠ " : "") + reference.referenceId
                    color: reference.missing ? Theme.error : (reference.selected ? Theme.accent : Theme.text)
                    font.bold: reference.selected
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                    ToolTip.visible: referenceHover.hovered
                    ToolTip.text: reference.missing ? reference.problem : reference.file
                    HoverHandler { id: referenceHover }
                    // A click selects the reference (the inspector shows it); Shift+click adds it to
                    // the selection, as the outliner's rows do.
                    TapHandler {
                        acceptedModifiers: Qt.NoModifier
                        onTapped: section.editor.selection.selectKey("reference:" + reference.referenceId, false)
                    }
                    TapHandler {
                        acceptedModifiers: Qt.ShiftModifier
                        onTapped: section.editor.selection.selectKey("reference:" + reference.referenceId, true)
                    }
                }
                Label { text: reference.kind; color: Theme.textDim; font.pixelSize: 11 }
                ToolButton {
                    objectName: "referenceCalibrate"
                    visible: reference.kind === "image"
                    enabled: !reference.locked && !reference.missing
                    text: "⊕"
                    implicitWidth: 26
                    implicitHeight: 22
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Place the image: click two points of it on the canvas, then type where they are")
                    onClicked: section.calibrateRequested(reference.index)
                }
                ToolButton {
                    objectName: "referenceShown"
                    text: reference.shown ? "◉" : "○"
                    implicitWidth: 26
                    implicitHeight: 22
                    ToolTip.visible: hovered
                    ToolTip.text: reference.shown ? qsTr("Hide %1").arg(reference.referenceId) : qsTr("Show %1").arg(reference.referenceId)
                    onClicked: section.editor.references.setShown(reference.index, !reference.shown)
                }
                ToolButton {
                    objectName: "referenceLocked"
                    text: reference.locked ? "▣" : "□"
                    opacity: reference.locked ? 1 : 0.45
                    implicitWidth: 26
                    implicitHeight: 22
                    ToolTip.visible: hovered
                    ToolTip.text: reference.locked ? qsTr("Unlock %1").arg(reference.referenceId)
                                                   : qsTr("Lock %1: it cannot be placed").arg(reference.referenceId)
                    onClicked: section.editor.references.setLocked(reference.index, !reference.locked)
                }
            }
            Slider {
                objectName: "referenceOpacity"
                visible: reference.kind === "image"
                from: 0
                to: 1
                value: reference.referenceOpacity
                Layout.fillWidth: true
                Layout.leftMargin: 16
                Layout.rightMargin: 8
                implicitHeight: 22
                // One undo step when the drag ends, not one per pixel.
                onPressedChanged: if (!pressed && value !== reference.referenceOpacity) section.editor.references.setOpacity(reference.index, value)
                ToolTip.visible: hovered || pressed
                ToolTip.text: qsTr("opacity %1 %").arg(Math.round(value * 100))
            }
        }
    }
}
