// File, Edit, View, Level, Tools and Help menus over the shared EditorActions; each item shows its
// shortcut (docs/ui.md "Tools and shortcuts").
import QtQuick
import QtQuick.Controls
import RailForge

MenuBar {
    id: bar

    required property EditorController editor
    required property EditorActions actions

    // Level > Reference Limits (tests reach it here).
    readonly property alias limitsDialog: limitsDialog

    signal openPathRequested(string path)

    FittingMenu {
        objectName: "fileMenu"
        title: qsTr("&File")
        ShortcutMenuItem { action: bar.actions.newLevel }
        ShortcutMenuItem { action: bar.actions.open }
        FittingMenu {
            id: recentMenu
            objectName: "recentMenu"
            title: qsTr("Open &Recent")
            enabled: bar.editor.files.recentFiles.length > 0
            Instantiator {
                model: bar.editor.files.recentFiles
                delegate: MenuItem {
                    required property string modelData
                    text: modelData
                    onTriggered: bar.openPathRequested(modelData)
                }
                onObjectAdded: (index, object) => recentMenu.insertItem(index, object)
                onObjectRemoved: (index, object) => recentMenu.removeItem(object)
            }
        }
        ShortcutMenuItem { action: bar.actions.save }
        ShortcutMenuItem { action: bar.actions.saveAs }
        ShortcutMenuItem { action: bar.actions.revert }
        MenuSeparator {}
        ShortcutMenuItem { action: bar.actions.exportLevel }
        ShortcutMenuItem { objectName: "exportMeshesItem"; action: bar.actions.exportMeshes }
        ShortcutMenuItem { action: bar.actions.importCsv }
        MenuSeparator {}
        ShortcutMenuItem { action: bar.actions.quit }
    }

    FittingMenu {
        objectName: "editMenu"
        title: qsTr("&Edit")
        // Undo / Redo name the edit: the menu grows with them (FittingMenu) so the text never meets the shortcut.
        ShortcutMenuItem { id: undoItem; objectName: "undoItem"; action: bar.actions.undo }
        ShortcutMenuItem { id: redoItem; objectName: "redoItem"; action: bar.actions.redo }
        ShortcutMenuItem { action: bar.actions.redoAlternative }
        MenuSeparator {}
        ShortcutMenuItem { action: bar.actions.copy }
        ShortcutMenuItem { action: bar.actions.paste }
        ShortcutMenuItem { action: bar.actions.duplicate }
        ShortcutMenuItem { action: bar.actions.deleteSelection }
        MenuSeparator {}
        ShortcutMenuItem { action: bar.actions.selectAll }
        MenuSeparator {}
        ShortcutMenuItem { objectName: "walkableGroundItem"; action: bar.actions.walkableGround }
    }

    FittingMenu {
        objectName: "viewMenu"
        title: qsTr("&View")
        ShortcutMenuItem { action: bar.actions.fit }
        ShortcutMenuItem { action: bar.actions.zoomIn }
        ShortcutMenuItem { action: bar.actions.zoomOut }
        ShortcutMenuItem { action: bar.actions.snap }
        ShortcutMenuItem { action: bar.actions.snapToGround }
        ShortcutMenuItem { action: bar.actions.nextSurface }
        ShortcutMenuItem { objectName: "contoursItem"; action: bar.actions.contours }
        ShortcutMenuItem { objectName: "navmeshItem"; action: bar.actions.navmesh }
        ShortcutMenuItem { action: bar.actions.profilePanel }
        ShortcutMenuItem { action: bar.actions.problemsPanel }
        ShortcutMenuItem { action: bar.actions.view3D }
        MenuSeparator {}
        FittingMenu {
            id: showMenu
            objectName: "showMenu"
            title: qsTr("&Show")
            Repeater {
                model: ["waypoint", "edge", "obstacle", "rail", "patrol", "junction"]
                delegate: MenuItem {
                    required property string modelData
                    objectName: "show_" + modelData
                    text: modelData + "s"
                    checkable: true
                    checked: bar.editor.layers.revision >= 0 && bar.editor.layers.isVisible(modelData)
                    onTriggered: bar.editor.layers.setVisible(modelData, checked)
                }
            }
        }
        FittingMenu {
            objectName: "lockMenu"
            title: qsTr("&Lock")
            Repeater {
                model: ["waypoint", "edge", "obstacle", "rail", "patrol", "junction"]
                delegate: MenuItem {
                    required property string modelData
                    objectName: "lock_" + modelData
                    text: modelData + "s"
                    checkable: true
                    checked: bar.editor.layers.revision >= 0 && bar.editor.layers.isLocked(modelData)
                    onTriggered: bar.editor.layers.setLocked(modelData, checked)
                }
            }
        }
    }

    FittingMenu {
        objectName: "levelMenu"
        title: qsTr("&Level")
        Repeater {
            model: [["waypoint", qsTr("Select all waypoints")], ["rail", qsTr("Select all rails")],
                    ["obstacle", qsTr("Select all obstacles")], ["patrol", qsTr("Select all patrols")]]
            delegate: MenuItem {
                required property var modelData
                objectName: "selectKind_" + modelData[0]
                text: modelData[1]
                onTriggered: bar.editor.selectKind(modelData[0])
            }
        }
        MenuSeparator {}
        ShortcutMenuItem { action: bar.actions.checkLevel }
        ShortcutMenuItem { objectName: "addAgentItem"; action: bar.actions.addAgent }
        MenuSeparator {}
        ShortcutMenuItem { action: bar.actions.addReferenceImage }
        ShortcutMenuItem { objectName: "addReferenceMeshItem"; action: bar.actions.addReferenceMesh }
        ShortcutMenuItem { objectName: "addReferenceHeightmapItem"; action: bar.actions.addReferenceHeightmap }
        // Off by default: a level from anywhere reads nothing outside its project.
        MenuItem {
            objectName: "allowOutsideProject"
            text: qsTr("Read References Outside the Project (trusted levels only)")
            checkable: true
            checked: bar.editor.access.allowOutsideProject
            onTriggered: bar.editor.access.allowOutsideProject = checked
        }
        MenuItem {
            objectName: "referenceLimitsItem"
            text: qsTr("Reference Limits…")
            onTriggered: limitsDialog.open()
        }
    }

    ReferenceLimitsDialog {
        id: limitsDialog
        parent: Overlay.overlay
        anchors.centerIn: parent
        access: bar.editor.access
    }

    FittingMenu {
        objectName: "toolsMenu"
        title: qsTr("&Tools")
        Repeater {
            model: bar.actions.tools
            delegate: ShortcutMenuItem {
                required property Action modelData
                action: modelData
            }
        }
    }

    FittingMenu {
        objectName: "helpMenu"
        title: qsTr("&Help")
        ShortcutMenuItem { action: bar.actions.shortcuts }
        ShortcutMenuItem { action: bar.actions.about }
    }
}
