// Inspector, nothing selected: the level's name and units, its file and what it holds.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

GridLayout {
    id: section

    required property EditorController editor

    columns: 2
    columnSpacing: 12
    rowSpacing: 6

    FieldLabel { text: qsTr("Level") }
    TextField {
        objectName: "levelNameField"
        text: section.editor.levelName
        selectByMouse: true
        Layout.fillWidth: true
        onEditingFinished: if (text !== section.editor.levelName) section.editor.setLevelInfo(text, section.editor.levelUnits)
    }
    FieldLabel { text: qsTr("Units") }
    TextField {
        objectName: "levelUnitsField"
        text: section.editor.levelUnits
        selectByMouse: true
        Layout.fillWidth: true
        onEditingFinished: {
            if (text !== section.editor.levelUnits && !section.editor.setLevelInfo(section.editor.levelName, text))
                text = section.editor.levelUnits
        }
    }
    FieldLabel { text: qsTr("File") }
    Label {
        text: section.editor.files.fileName
        color: Theme.text
        elide: Text.ElideMiddle
        Layout.fillWidth: true
        ToolTip.visible: truncated && fileHover.hovered
        ToolTip.text: section.editor.files.filePath
        HoverHandler { id: fileHover }
    }
    FieldLabel { text: qsTr("Waypoints") }
    Label { text: section.editor.waypointCount; color: Theme.text }
    FieldLabel { text: qsTr("Edges") }
    Label { text: section.editor.edgeCount; color: Theme.text }
    FieldLabel { text: qsTr("Rails") }
    Label { text: section.editor.railCount; color: Theme.text }
    FieldLabel { text: qsTr("Obstacles") }
    Label { text: section.editor.obstacleCount; color: Theme.text }
    FieldLabel { text: qsTr("Patrols") }
    Label { text: section.editor.patrolCount; color: Theme.text }
}
