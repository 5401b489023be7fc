// File, Edit, View, Tools menus. Actions carry string shortcuts so menu items can show them.
import QtQuick
import QtQuick.Controls
import RailForge

MenuBar {
    id: bar

    required property EditorController editor
    required property LevelView canvas
    // A text field has the keyboard: keys without Ctrl belong to it.
    property bool typing: false

    signal newRequested()
    signal openRequested()
    signal openPathRequested(string path)
    signal saveAsRequested()
    signal revertRequested()
    signal exportRequested()
    signal importRequested()
    signal quitRequested()

    Menu {
        title: qsTr("&File")
        delegate: ShortcutMenuItem {}
        Action {
            objectName: "actionNew"
            text: qsTr("&New")
            shortcut: "Ctrl+N"
            onTriggered: bar.newRequested()
        }
        Action {
            objectName: "actionOpen"
            text: qsTr("&Open…")
            shortcut: "Ctrl+O"
            onTriggered: bar.openRequested()
        }
        Menu {
            id: recentMenu
            objectName: "recentMenu"
            title: qsTr("Open &Recent")
            enabled: bar.editor.recentFiles.length > 0
            Instantiator {
                model: bar.editor.recentFiles
                delegate: MenuItem {
                    required property string modelData
                    text: modelData
                    onTriggered: bar.openPathRequested(modelData)
                }
                onObjectAdded: (index, object) => recentMenu.insertItem(index, object)
                onObjectRemoved: (index, object) => recentMenu.removeItem(object)
            }
        }
        Action {
            objectName: "actionSave"
            text: qsTr("&Save")
            shortcut: "Ctrl+S"
            onTriggered: {
                if (bar.editor.filePath === "")
                    bar.saveAsRequested()
                else
                    bar.editor.save()
            }
        }
        Action {
            objectName: "actionSaveAs"
            text: qsTr("Save &As…")
            shortcut: "Ctrl+Shift+S"
            onTriggered: bar.saveAsRequested()
        }
        Action {
            objectName: "actionRevert"
            text: qsTr("Re&vert")
            enabled: bar.editor.filePath !== "" && bar.editor.modified
            onTriggered: bar.revertRequested()
        }
        MenuSeparator {}
        Action {
            objectName: "actionExport"
            text: qsTr("&Export for engine…")
            shortcut: "Ctrl+E"
            onTriggered: bar.exportRequested()
        }
        Action {
            objectName: "actionImport"
            text: qsTr("&Import CSV path…")
            shortcut: "Ctrl+I"
            onTriggered: bar.importRequested()
        }
        MenuSeparator {}
        Action {
            text: qsTr("&Quit")
            shortcut: "Ctrl+Q"
            onTriggered: bar.quitRequested()
        }
    }

    Menu {
        title: qsTr("&Edit")
        delegate: ShortcutMenuItem {}
        Action {
            text: bar.editor.undoText === "" ? qsTr("&Undo") : qsTr("&Undo %1").arg(bar.editor.undoText)
            shortcut: "Ctrl+Z"
            enabled: bar.editor.canUndo
            onTriggered: bar.editor.undo()
        }
        Action {
            text: bar.editor.redoText === "" ? qsTr("&Redo") : qsTr("&Redo %1").arg(bar.editor.redoText)
            shortcut: "Ctrl+Shift+Z"
            enabled: bar.editor.canRedo
            onTriggered: bar.editor.redo()
        }
        Action {
            text: qsTr("Redo (alternative)")
            shortcut: "Ctrl+Y"
            enabled: bar.editor.canRedo
            onTriggered: bar.editor.redo()
        }
        MenuSeparator {}
        Action {
            text: qsTr("&Copy")
            shortcut: "Ctrl+C"
            enabled: bar.editor.selection.count > 0
            onTriggered: bar.editor.copySelection()
        }
        Action {
            text: qsTr("&Paste")
            shortcut: "Ctrl+V"
            onTriggered: bar.editor.paste()
        }
        Action {
            text: qsTr("&Duplicate")
            shortcut: "Ctrl+D"
            enabled: bar.editor.selection.count > 0
            onTriggered: bar.editor.duplicateSelection()
        }
        Action {
            text: qsTr("De&lete")
            shortcut: "Delete"
            enabled: bar.editor.selection.count > 0 && !bar.typing
            onTriggered: bar.editor.deleteSelection()
        }
        MenuSeparator {}
        Action {
            text: qsTr("Select &All")
            shortcut: "Ctrl+A"
            onTriggered: bar.editor.selectAll()
        }
    }

    Menu {
        title: qsTr("&View")
        delegate: ShortcutMenuItem {}
        Action {
            objectName: "actionFit"
            text: qsTr("&Fit to level")
            shortcut: "F"
            enabled: !bar.typing
            onTriggered: bar.canvas.fitToLevel()
        }
        Action {
            text: qsTr("Zoom &in")
            shortcut: "Ctrl+="
            onTriggered: bar.canvas.zoomAt(Qt.point(bar.canvas.width / 2, bar.canvas.height / 2), 1.25)
        }
        Action {
            text: qsTr("Zoom &out")
            shortcut: "Ctrl+-"
            onTriggered: bar.canvas.zoomAt(Qt.point(bar.canvas.width / 2, bar.canvas.height / 2), 0.8)
        }
        Action {
            text: bar.editor.snapEnabled ? qsTr("Snap to grid: on") : qsTr("Snap to grid: off")
            shortcut: "G"
            enabled: !bar.typing
            checkable: true
            checked: bar.editor.snapEnabled
            onTriggered: bar.editor.snapEnabled = checked
        }
    }

    Menu {
        title: qsTr("&Tools")
        delegate: ShortcutMenuItem {}
        Action {
            text: qsTr("Select / move")
            shortcut: "V"
            checkable: true
            enabled: !bar.typing
            checked: bar.editor.tool === EditorController.Select
            onTriggered: bar.editor.tool = EditorController.Select
        }
        Action {
            text: qsTr("Add waypoint")
            shortcut: "W"
            checkable: true
            enabled: !bar.typing
            checked: bar.editor.tool === EditorController.Waypoint
            onTriggered: bar.editor.tool = EditorController.Waypoint
        }
        Action {
            text: qsTr("Connect waypoints")
            shortcut: "E"
            checkable: true
            enabled: !bar.typing
            checked: bar.editor.tool === EditorController.Connect
            onTriggered: bar.editor.tool = EditorController.Connect
        }
        Action {
            text: qsTr("Draw rail")
            shortcut: "R"
            checkable: true
            enabled: !bar.typing
            checked: bar.editor.tool === EditorController.Rail
            onTriggered: bar.editor.tool = EditorController.Rail
        }
        Action {
            text: qsTr("Draw obstacle")
            shortcut: "O"
            checkable: true
            enabled: !bar.typing
            checked: bar.editor.tool === EditorController.Obstacle
            onTriggered: bar.editor.tool = EditorController.Obstacle
        }
        Action {
            text: qsTr("Define patrol")
            shortcut: "P"
            checkable: true
            enabled: !bar.typing
            checked: bar.editor.tool === EditorController.Patrol
            onTriggered: bar.editor.tool = EditorController.Patrol
        }
        Action {
            text: qsTr("Proximity probe")
            shortcut: "M"
            checkable: true
            enabled: !bar.typing
            checked: bar.editor.tool === EditorController.Probe
            onTriggered: bar.editor.tool = EditorController.Probe
        }
    }
}
