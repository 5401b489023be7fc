// The toolbar (UI.md): file actions, the canvas tools, snapping, undo/redo, zoom and fit.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

ToolBar {
    id: toolbar

    required property EditorController editor
    required property LevelView canvas

    signal newRequested()
    signal openRequested()
    signal saveRequested()

    component ToolKey: ToolButton {
        id: key
        required property int tool
        required property string letter
        required property string help
        objectName: "tool" + letter
        text: letter
        checkable: true
        checked: toolbar.editor.tool === tool
        font.bold: true
        implicitWidth: 34
        ToolTip.visible: hovered
        ToolTip.text: help + " (" + letter + ")"
        onClicked: toolbar.editor.tool = tool
        background: Rectangle {
            radius: 3
            color: key.checked ? Theme.highlight : (key.hovered ? Theme.panelHeader : "transparent")
            border.color: key.checked ? Theme.accent : "transparent"
        }
    }

    RowLayout {
        anchors.fill: parent
        anchors.leftMargin: 6
        spacing: 2

        ToolButton {
            text: qsTr("New")
            ToolTip.visible: hovered
            ToolTip.text: qsTr("New level (Ctrl+N)")
            onClicked: toolbar.newRequested()
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
        ToolKey { tool: EditorController.Select; letter: "V"; help: qsTr("Select / move") }
        ToolKey { tool: EditorController.Waypoint; letter: "W"; help: qsTr("Add waypoint") }
        ToolKey { tool: EditorController.Connect; letter: "E"; help: qsTr("Connect waypoints, Shift: one-way") }
        ToolKey { tool: EditorController.Rail; letter: "R"; help: qsTr("Draw rail") }
        ToolKey { tool: EditorController.Obstacle; letter: "O"; help: qsTr("Draw obstacle, Shift: circle") }
        ToolKey { tool: EditorController.Patrol; letter: "P"; help: qsTr("Define patrol") }
        ToolKey { tool: EditorController.Probe; letter: "M"; help: qsTr("Proximity probe") }
        ToolSeparator {}
        CheckBox {
            objectName: "snapCheck"
            text: qsTr("snap")
            checked: toolbar.editor.snapEnabled
            onToggled: toolbar.editor.snapEnabled = checked
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Snap to the grid (G)")
        }
        SpinBox {
            objectName: "snapSize"
            from: 1
            to: 1000
            value: Math.round(toolbar.editor.snapSize * 10)
            stepSize: 5
            editable: true
            implicitWidth: 96
            textFromValue: (value, locale) => (value / 10).toFixed(1)
            valueFromText: (text, locale) => Math.round(parseFloat(text) * 10)
            onValueModified: toolbar.editor.snapSize = value / 10
        }
        ToolSeparator {}
        ToolButton {
            text: qsTr("Undo")
            enabled: toolbar.editor.canUndo
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Undo %1 (Ctrl+Z)").arg(toolbar.editor.undoText)
            onClicked: toolbar.editor.undo()
        }
        ToolButton {
            text: qsTr("Redo")
            enabled: toolbar.editor.canRedo
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Redo %1 (Ctrl+Shift+Z)").arg(toolbar.editor.redoText)
            onClicked: toolbar.editor.redo()
        }
        ToolSeparator {}
        ToolButton {
            objectName: "playAgent"
            readonly property string target: toolbar.editor.selection.count === 1 ? toolbar.editor.selection.keys[0] : ""
            text: toolbar.canvas.agentPlaying ? qsTr("■ Stop") : qsTr("▶ Play")
            enabled: toolbar.canvas.agentPlaying || target.startsWith("rail:") || target.startsWith("patrol:")
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Play an agent along the selected rail or patrol at a constant speed")
            onClicked: toolbar.canvas.agentPlaying ? toolbar.canvas.stopAgent() : toolbar.canvas.playAgent(target)
        }
        SpinBox {
            objectName: "agentSpeed"
            from: 1
            to: 500
            value: Math.round(toolbar.canvas.agentSpeed * 10)
            editable: true
            implicitWidth: 96
            textFromValue: (value, locale) => (value / 10).toFixed(1)
            valueFromText: (text, locale) => Math.round(parseFloat(text) * 10)
            onValueModified: toolbar.canvas.agentSpeed = value / 10
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Agent speed (m/s)")
        }
        ToolSeparator {}
        Label {
            objectName: "zoomLabel"
            text: qsTr("zoom %1 px/%2").arg(toolbar.canvas.zoom.toFixed(1)).arg("m")
            color: Theme.textDim
            Layout.leftMargin: 4
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
