// The toolbar: file actions, zoom readout and fit.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

ToolBar {
    id: toolbar

    required property EditorController editor
    required property LevelView canvas

    signal openRequested()
    signal saveRequested()

    RowLayout {
        anchors.fill: parent
        anchors.leftMargin: 6
        spacing: 2

        ToolButton {
            text: qsTr("New")
            ToolTip.visible: hovered
            ToolTip.text: qsTr("New level (Ctrl+N)")
            onClicked: toolbar.editor.newLevel()
        }
        ToolButton {
            text: qsTr("Open")
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Open a level (Ctrl+O)")
            onClicked: toolbar.openRequested()
        }
        ToolButton {
            text: qsTr("Save")
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Save (Ctrl+S)")
            onClicked: toolbar.saveRequested()
        }
        ToolSeparator {}
        Label {
            objectName: "zoomLabel"
            text: qsTr("zoom %1 px/%2").arg(toolbar.canvas.zoom.toFixed(1)).arg("m")
            color: Theme.textDim
            Layout.leftMargin: 8
        }
        ToolButton {
            text: qsTr("Fit")
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Fit to level (F)")
            onClicked: toolbar.canvas.fitToLevel()
        }
        Item {
            Layout.fillWidth: true
        }
    }
}
