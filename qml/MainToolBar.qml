// The toolbar (docs/ui.md "Layout"): file actions, the canvas tools, snapping, undo/redo, zoom and fit.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

ToolBar {
    id: toolbar

    required property EditorController editor
    required property LevelView canvas
    required property EditorActions actions

    component ActionButton: ToolButton {
        ToolTip.visible: hovered
        ToolTip.text: action ? action.text.replace("&", "") + (action.shortcut ? " (" + action.shortcut + ")" : "") : ""
    }

    // One canvas tool: its letter, checked while it is the active tool.
    component ToolKey: ToolButton {
        id: key
        required property int index
        required property Action modelData
        readonly property string letter: toolbar.actions.toolList[index][0]
        objectName: "tool" + letter
        action: modelData
        text: letter
        font.bold: true
        implicitWidth: 34
        ToolTip.visible: hovered
        ToolTip.text: toolbar.actions.toolList[index][2] + " (" + letter + ")"
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

        ActionButton { action: toolbar.actions.newLevel; text: qsTr("New") }
        ActionButton { action: toolbar.actions.open; text: qsTr("Open") }
        ActionButton { action: toolbar.actions.save; text: qsTr("Save") }
        ToolSeparator {}
        Repeater {
            model: toolbar.actions.tools
            delegate: ToolKey {}
        }
        ToolSeparator {}
        CheckBox {
            objectName: "snapCheck"
            text: qsTr("snap")
            checked: toolbar.editor.snapEnabled
            onToggled: toolbar.editor.snapEnabled = checked
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Snap to the grid, and to a waypoint under the cursor (G)")
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
        ActionButton { action: toolbar.actions.undo; text: qsTr("Undo") }
        ActionButton { action: toolbar.actions.redo; text: qsTr("Redo") }
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
            text: qsTr("zoom %1 px/%2").arg(toolbar.canvas.zoom.toFixed(1)).arg(toolbar.editor.levelUnits)
            color: Theme.textDim
            Layout.leftMargin: 4
        }
        ActionButton { action: toolbar.actions.fit; text: qsTr("Fit") }
        Item {
            Layout.fillWidth: true
        }
    }
}
