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
    EditField {
        id: nameField
        objectName: "levelNameField"
        Layout.fillWidth: true
        shownText: () => section.editor.levelName
        submit: typed => typed === section.editor.levelName || section.editor.setLevelInfo(typed, section.editor.levelUnits)
                         ? "" : section.editor.lastEditError()
        Component.onCompleted: show()
    }
    FieldLabel { text: qsTr("Units") }
    EditField {
        id: unitsField
        objectName: "levelUnitsField"
        Layout.fillWidth: true
        shownText: () => section.editor.levelUnits
        submit: typed => typed === section.editor.levelUnits || section.editor.setLevelInfo(section.editor.levelName, typed)
                         ? "" : section.editor.lastEditError()
        Component.onCompleted: show()
    }
    ProblemLine {
        objectName: "levelProblem"
        Layout.columnSpan: 2
        problem: nameField.problem !== "" ? nameField.problem : unitsField.problem
    }
    Connections {
        target: section.editor
        function onLevelChanged() {
            for (const f of [nameField, unitsField])
                if (!f.activeFocus)
                    f.show()
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
