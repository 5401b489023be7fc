// File, Edit, View... menus. Actions carry string shortcuts so menu items can show them.
import QtQuick
import QtQuick.Controls
import RailForge

MenuBar {
    id: bar

    required property EditorController editor
    required property LevelView canvas

    signal openRequested()
    signal saveAsRequested()
    signal quitRequested()

    Menu {
        title: qsTr("&File")
        delegate: ShortcutMenuItem {}
        Action {
            objectName: "actionNew"
            text: qsTr("&New")
            shortcut: "Ctrl+N"
            onTriggered: bar.editor.newLevel()
        }
        Action {
            objectName: "actionOpen"
            text: qsTr("&Open…")
            shortcut: "Ctrl+O"
            onTriggered: bar.openRequested()
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
        MenuSeparator {}
        Action {
            text: qsTr("&Quit")
            shortcut: "Ctrl+Q"
            onTriggered: bar.quitRequested()
        }
    }

    Menu {
        title: qsTr("&View")
        delegate: ShortcutMenuItem {}
        Action {
            objectName: "actionFit"
            text: qsTr("&Fit to level")
            shortcut: "F"
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
    }
}
