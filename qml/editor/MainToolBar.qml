// The toolbar (docs/ui.md "Layout"): file actions, the canvas tools, snapping, undo/redo, zoom and fit;
// what a narrow window has no room for goes into the » menu at its right end.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

ToolBar {
    id: toolbar

    required property EditorController editor
    required property LevelView canvas
    required property EditorActions actions

    // The selected rail or patrol an agent can play along.
    readonly property string playTarget: editor.selection.count === 1 ? editor.selection.keys[0] : ""
    readonly property bool canPlay: canvas.play.playing || playTarget.startsWith("rail:") || playTarget.startsWith("patrol:")
    function togglePlay() {
        if (canvas.play.playing)
            canvas.play.stop()
        else
            canvas.play.start(playTarget)
    }

    component ActionButton: ToolButton {
        ToolTip.visible: hovered
        ToolTip.text: action ? action.text.replace("&", "") + (action.shortcut ? " (" + action.shortcut + ")" : "") : ""
    }

    // One canvas tool: its letter, checked while it is the active tool.
    component ToolKey: ToolButton {
        id: key
        required property int index
        required property Action modelData
        readonly property string letter: toolbar.actions.toolList[index].key
        objectName: "tool" + letter
        action: modelData
        text: letter
        font.bold: true
        implicitWidth: 34
        ToolTip.visible: hovered
        readonly property string tip: toolbar.actions.toolList[index].name + " (" + letter + ")"
        ToolTip.text: tip
        background: Rectangle {
            radius: 3
            color: key.checked ? Theme.highlight : (key.hovered ? Theme.panelHeader : "transparent")
            border.color: key.checked ? Theme.accent : "transparent"
        }
    }

    // Groups of controls, left to right; when the window is too narrow for all of them, those at the
    // right go into the » menu (their actions stay one click away) instead of falling off the edge.
    readonly property var groups: [fileGroup, toolGroup, snapGroup, undoGroup, playGroup, zoomGroup]
    readonly property int shownGroups: {
        let room = width - 6 - overflowButton.implicitWidth - 8
        for (let i = 0; i < groups.length; ++i) {
            room -= groups[i].implicitWidth + row.spacing
            if (room < 0)
                return i
        }
        return groups.length
    }

    RowLayout {
        id: row
        anchors.fill: parent
        anchors.leftMargin: 6
        spacing: 2

        RowLayout {
            id: fileGroup
            objectName: "fileGroup"
            visible: toolbar.shownGroups > 0
            spacing: 2
            ActionButton { action: toolbar.actions.newLevel; text: qsTr("New") }
            ActionButton { action: toolbar.actions.open; text: qsTr("Open") }
            ActionButton { action: toolbar.actions.save; text: qsTr("Save") }
            ToolSeparator {}
        }
        RowLayout {
            id: toolGroup
            objectName: "toolGroup"
            visible: toolbar.shownGroups > 1
            spacing: 2
            Repeater {
                model: toolbar.actions.tools
                delegate: ToolKey {}
            }
            ToolSeparator {}
        }
        RowLayout {
            id: snapGroup
            objectName: "snapGroup"
            visible: toolbar.shownGroups > 2
            spacing: 2
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
            // Only where the level has ground (a mesh or heightmap reference).
            CheckBox {
                objectName: "snapToGround"
                visible: toolbar.editor.ground.hasGround
                text: qsTr("ground")
                checked: toolbar.editor.grounding.snapToGround
                onToggled: toolbar.editor.grounding.snapToGround = checked
                ToolTip.visible: hovered
                ToolTip.text: qsTr("New waypoints and rail points, and dragged rail points, land on the ground (Shift+G)")
            }
            ToolSeparator {}
        }
        RowLayout {
            id: undoGroup
            objectName: "undoGroup"
            visible: toolbar.shownGroups > 3
            spacing: 2
            ActionButton { action: toolbar.actions.undo; text: qsTr("Undo") }
            ActionButton { action: toolbar.actions.redo; text: qsTr("Redo") }
            ToolSeparator {}
        }
        RowLayout {
            id: playGroup
            objectName: "playGroup"
            visible: toolbar.shownGroups > 4
            spacing: 2
            ToolButton {
                objectName: "playAgent"
                text: toolbar.canvas.play.playing ? qsTr("■ Stop") : qsTr("▶ Play")
                enabled: toolbar.canPlay
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Play an agent along the selected rail or patrol at a constant speed")
                onClicked: toolbar.togglePlay()
            }
            SpinBox {
                objectName: "agentSpeed"
                from: 1
                to: 500
                value: Math.round(toolbar.canvas.play.speed * 10)
                editable: true
                implicitWidth: 96
                textFromValue: (value, locale) => (value / 10).toFixed(1)
                valueFromText: (text, locale) => Math.round(parseFloat(text) * 10)
                onValueModified: toolbar.canvas.play.speed = value / 10
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Agent speed (m/s)")
            }
            ToolSeparator {}
        }
        RowLayout {
            id: zoomGroup
            objectName: "zoomGroup"
            visible: toolbar.shownGroups > 5
            spacing: 2
            Label {
                objectName: "zoomLabel"
                text: qsTr("zoom %1 px/%2").arg(toolbar.canvas.zoom.toFixed(1)).arg(toolbar.editor.levelUnits)
                color: Theme.textDim
                Layout.leftMargin: 4
            }
            ActionButton { action: toolbar.actions.fit; text: qsTr("Fit") }
        }
        Item {
            Layout.fillWidth: true
        }
        ToolButton {
            id: overflowButton
            objectName: "toolbarOverflow"
            text: "\u00bb"
            visible: toolbar.shownGroups < toolbar.groups.length
            ToolTip.visible: hovered
            ToolTip.text: qsTr("More tools")
            onClicked: overflowMenu.open()
            FittingMenu {
                id: overflowMenu
                objectName: "toolbarOverflowMenu"
                y: overflowButton.height
                ShortcutMenuItem { action: toolbar.actions.newLevel; visible: toolbar.shownGroups < 1; height: visible ? implicitHeight : 0 }
                ShortcutMenuItem { action: toolbar.actions.open; visible: toolbar.shownGroups < 1; height: visible ? implicitHeight : 0 }
                ShortcutMenuItem { action: toolbar.actions.save; visible: toolbar.shownGroups < 1; height: visible ? implicitHeight : 0 }
                ShortcutMenuItem { action: toolbar.actions.snap; visible: toolbar.shownGroups < 3; height: visible ? implicitHeight : 0 }
                ShortcutMenuItem { action: toolbar.actions.undo; visible: toolbar.shownGroups < 4; height: visible ? implicitHeight : 0 }
                ShortcutMenuItem { action: toolbar.actions.redo; visible: toolbar.shownGroups < 4; height: visible ? implicitHeight : 0 }
                MenuItem {
                    objectName: "overflowPlay"
                    text: toolbar.canvas.play.playing ? qsTr("■ Stop") : qsTr("▶ Play")
                    enabled: toolbar.canPlay
                    visible: toolbar.shownGroups < 5
                    height: visible ? implicitHeight : 0
                    onTriggered: toolbar.togglePlay()
                }
                ShortcutMenuItem { action: toolbar.actions.fit; visible: toolbar.shownGroups < 6; height: visible ? implicitHeight : 0 }
            }
        }
    }
}
