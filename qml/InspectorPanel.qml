// The Inspector dock: the level's settings and what it holds.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Rectangle {
    id: panel

    required property EditorController editor

    color: Theme.panel

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        PanelHeader {
            text: qsTr("Inspector")
            Layout.fillWidth: true
        }

        GridLayout {
            Layout.fillWidth: true
            Layout.margins: 10
            columns: 2
            columnSpacing: 12
            rowSpacing: 6

            Label { text: qsTr("Level"); color: Theme.textDim }
            Label {
                objectName: "levelNameLabel"
                text: panel.editor.levelName
                color: Theme.text
                elide: Text.ElideRight
                Layout.fillWidth: true
            }
            Label { text: qsTr("File"); color: Theme.textDim }
            Label {
                text: panel.editor.fileName
                color: Theme.text
                elide: Text.ElideMiddle
                Layout.fillWidth: true
            }
            Label { text: qsTr("Waypoints"); color: Theme.textDim }
            Label { text: panel.editor.waypointCount; color: Theme.text }
            Label { text: qsTr("Edges"); color: Theme.textDim }
            Label { text: panel.editor.edgeCount; color: Theme.text }
            Label { text: qsTr("Rails"); color: Theme.textDim }
            Label { text: panel.editor.railCount; color: Theme.text }
            Label { text: qsTr("Obstacles"); color: Theme.textDim }
            Label { text: panel.editor.obstacleCount; color: Theme.text }
            Label { text: qsTr("Patrols"); color: Theme.textDim }
            Label { text: panel.editor.patrolCount; color: Theme.text }
        }

        Item {
            Layout.fillHeight: true
        }
    }
}
