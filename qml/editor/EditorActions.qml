// Every editor command, defined once: the menus, the toolbar and the keyboard all use these Actions
// (a shortcut is registered once, by its Action). Commands that need a dialog or a prompt ask the
// window through the *Requested signals.
import QtQml
import QtQuick
import QtQuick.Controls
import RailForge

Item {
    id: actions

    required property EditorController editor
    required property LevelView canvas
    // A text field has the keyboard: keys without Ctrl belong to it.
    property bool typing: false

    signal newRequested()
    signal openRequested()
    signal saveRequested()
    signal saveAsRequested()
    signal revertRequested()
    signal exportRequested()
    signal exportMeshesRequested()
    signal importRequested()
    signal quitRequested()
    signal deleteRequested()
    signal shortcutsRequested()
    signal aboutRequested()
    signal checkLevelRequested()
    signal addReferenceRequested(string kind)

    readonly property Action newLevel: Action {
        objectName: "actionNew"; text: qsTr("&New"); shortcut: "Ctrl+N"
        onTriggered: actions.newRequested()
    }
    readonly property Action open: Action {
        objectName: "actionOpen"; text: qsTr("&Open…"); shortcut: "Ctrl+O"
        onTriggered: actions.openRequested()
    }
    readonly property Action save: Action {
        objectName: "actionSave"; text: qsTr("&Save"); shortcut: "Ctrl+S"
        onTriggered: actions.saveRequested()
    }
    readonly property Action saveAs: Action {
        objectName: "actionSaveAs"; text: qsTr("Save &As…"); shortcut: "Ctrl+Shift+S"
        onTriggered: actions.saveAsRequested()
    }
    readonly property Action revert: Action {
        objectName: "actionRevert"; text: qsTr("Re&vert")
        enabled: actions.editor.files.filePath !== "" && actions.editor.files.modified
        onTriggered: actions.revertRequested()
    }
    readonly property Action exportLevel: Action {
        objectName: "actionExport"; text: qsTr("&Export for engine…"); shortcut: "Ctrl+E"
        onTriggered: actions.exportRequested()
    }
    readonly property Action exportMeshes: Action {
        objectName: "actionExportMeshes"; text: qsTr("Export &meshes (glTF)…")
        onTriggered: actions.exportMeshesRequested()
    }
    readonly property Action importCsv: Action {
        objectName: "actionImport"; text: qsTr("&Import CSV path…"); shortcut: "Ctrl+I"
        onTriggered: actions.importRequested()
    }
    readonly property Action quit: Action {
        objectName: "actionQuit"; text: qsTr("&Quit"); shortcut: "Ctrl+Q"
        onTriggered: actions.quitRequested()
    }
    readonly property Action undo: Action {
        objectName: "actionUndo"
        text: actions.editor.undoText === "" ? qsTr("&Undo") : qsTr("&Undo %1").arg(actions.editor.undoText)
        shortcut: "Ctrl+Z"; enabled: actions.editor.canUndo
        onTriggered: actions.editor.undo()
    }
    readonly property Action redo: Action {
        objectName: "actionRedo"
        text: actions.editor.redoText === "" ? qsTr("&Redo") : qsTr("&Redo %1").arg(actions.editor.redoText)
        shortcut: "Ctrl+Shift+Z"; enabled: actions.editor.canRedo
        onTriggered: actions.editor.redo()
    }
    readonly property Action redoAlternative: Action {
        text: qsTr("Redo (alternative)"); shortcut: "Ctrl+Y"; enabled: actions.editor.canRedo
        onTriggered: actions.editor.redo()
    }
    readonly property Action copy: Action {
        text: qsTr("&Copy"); shortcut: "Ctrl+C"; enabled: actions.editor.selection.count > 0 && !actions.typing
        onTriggered: actions.editor.clipboard.copy()
    }
    readonly property Action paste: Action {
        objectName: "actionPaste"; text: qsTr("&Paste at cursor"); shortcut: "Ctrl+V"; enabled: !actions.typing
        onTriggered: {
            if (actions.canvas.cursorInside)
                actions.editor.clipboard.pasteAt(actions.canvas.cursorWorld, actions.editor.snapEnabled ? actions.editor.snapSize : 0)
            else
                actions.editor.clipboard.paste(actions.editor.snapEnabled ? actions.editor.snapSize : 1)
        }
    }
    readonly property Action duplicate: Action {
        text: qsTr("&Duplicate"); shortcut: "Ctrl+D"; enabled: actions.editor.selection.count > 0
        onTriggered: actions.editor.clipboard.duplicate(actions.editor.snapEnabled ? actions.editor.snapSize : 1)
    }
    readonly property Action deleteSelection: Action {
        objectName: "actionDelete"; text: qsTr("De&lete"); shortcut: "Delete"
        enabled: actions.editor.selection.count > 0 && !actions.typing
        onTriggered: actions.deleteRequested()
    }
    readonly property Action selectAll: Action {
        text: qsTr("Select &All"); shortcut: "Ctrl+A"; enabled: !actions.typing
        onTriggered: actions.editor.selectAll()
    }
    readonly property Action fit: Action {
        objectName: "actionFit"; text: qsTr("&Fit to level"); shortcut: "F"; enabled: !actions.typing
        onTriggered: actions.canvas.fitToLevel()
    }
    readonly property Action zoomIn: Action {
        text: qsTr("Zoom &in"); shortcut: "Ctrl+="
        onTriggered: actions.canvas.zoomAt(Qt.point(actions.canvas.width / 2, actions.canvas.height / 2), 1.25)
    }
    readonly property Action zoomOut: Action {
        text: qsTr("Zoom &out"); shortcut: "Ctrl+-"
        onTriggered: actions.canvas.zoomAt(Qt.point(actions.canvas.width / 2, actions.canvas.height / 2), 0.8)
    }
    readonly property Action snap: Action {
        objectName: "actionSnap"
        text: qsTr("&Snap to grid and waypoints"); shortcut: "G"; enabled: !actions.typing
        checkable: true; checked: actions.editor.snapEnabled
        onTriggered: actions.editor.snapEnabled = checked
    }
    readonly property Action snapToGround: Action {
        objectName: "actionSnapToGround"
        text: qsTr("Snap to g&round"); shortcut: "Shift+G"
        enabled: !actions.typing && actions.editor.ground.hasGround
        checkable: true; checked: actions.editor.grounding.snapToGround
        onTriggered: actions.editor.grounding.snapToGround = checked
    }
    readonly property Action nextSurface: Action {
        objectName: "actionNextSurface"
        text: qsTr("&Next surface under the point"); shortcut: "Alt+G"
        enabled: !actions.typing && actions.editor.ground.hasGround
        onTriggered: actions.editor.grounding.nextSurface()
    }
    readonly property Action contours: Action {
        objectName: "actionContours"
        text: qsTr("&Contour lines on the ground")
        checkable: true; checked: actions.canvas.contours
        onTriggered: actions.canvas.contours = checked
    }
    // The navigation mesh of the selected patrol's agent (or the chosen one), in both views.
    readonly property Action navmesh: Action {
        objectName: "actionNavmesh"
        text: qsTr("&Navigation mesh"); shortcut: "Shift+N"
        enabled: !actions.typing
        checkable: true; checked: actions.editor.navmesh.shown
        onTriggered: actions.editor.navmesh.shown = checked
    }
    readonly property Action walkableGround: Action {
        objectName: "actionWalkableGround"
        text: qsTr("Put waypoints on &walkable ground"); shortcut: "Shift+W"
        enabled: !actions.typing && actions.editor.selection.count > 0 && actions.editor.navmesh.agent !== ""
        onTriggered: {
            const why = actions.editor.navmesh.putOnWalkableGround()
            if (why !== "")
                actions.editor.showStatus(why)
        }
    }
    readonly property Action addAgent: Action {
        objectName: "actionAddAgent"; text: qsTr("Add &agent")
        onTriggered: actions.editor.agent.addAgent()
    }
    readonly property Action profilePanel: Action {
        objectName: "actionProfile"
        text: qsTr("&Profile panel"); shortcut: "Ctrl+Shift+P"
        checkable: true; checked: true
    }
    // The Problems panel under the plan (View > Problems; the status bar's count toggles it too).
    readonly property Action problemsPanel: Action {
        objectName: "actionProblems"
        text: qsTr("P&roblems"); shortcut: "Ctrl+Shift+M"
        checkable: true; checked: false
    }
    // The 3D view beside the plan (builds without Qt Quick 3D have none).
    readonly property Action view3D: Action {
        objectName: "actionView3D"
        text: qsTr("&3D view"); shortcut: "F3"
        enabled: actions.editor.has3DView
        checkable: true; checked: false
    }
    readonly property Action checkLevel: Action {
        objectName: "actionCheckLevel"; text: qsTr("&Check patrol routes")
        onTriggered: actions.checkLevelRequested()
    }
    readonly property Action addReferenceImage: Action {
        objectName: "actionAddReferenceImage"; text: qsTr("Add reference &image…")
        onTriggered: actions.addReferenceRequested("image")
    }
    readonly property Action addReferenceMesh: Action {
        objectName: "actionAddReferenceMesh"; text: qsTr("Add reference &mesh…")
        onTriggered: actions.addReferenceRequested("mesh")
    }
    readonly property Action addReferenceHeightmap: Action {
        objectName: "actionAddReferenceHeightmap"; text: qsTr("Add reference &heightmap…")
        onTriggered: actions.addReferenceRequested("heightmap")
    }
    readonly property Action shortcuts: Action {
        objectName: "actionShortcuts"; text: qsTr("&Keyboard shortcuts"); shortcut: "F1"
        onTriggered: actions.shortcutsRequested()
    }
    readonly property Action about: Action {
        objectName: "actionAbout"; text: qsTr("&About RailForge")
        onTriggered: actions.aboutRequested()
    }

    // The canvas tools, one checkable Action each, made from the tool registry in toolbar order
    // (ToolCatalog: each tool describes its name, key and hint once, in C++).
    readonly property var toolList: ToolCatalog.tools
    property list<Action> tools
    // Exclusive, so that pressing the active tool's key keeps its button checked.
    ActionGroup { id: toolGroup }
    Instantiator {
        model: actions.toolList
        delegate: Action {
            required property var modelData
            objectName: "tool_" + modelData.id
            text: modelData.name
            shortcut: modelData.key
            checkable: true
            ActionGroup.group: toolGroup
            enabled: !actions.typing
            checked: actions.editor.tool === modelData.id
            onTriggered: actions.editor.tool = modelData.id
        }
        onObjectAdded: (index, object) => {
            const made = Array.from(actions.tools)
            made.splice(index, 0, object)
            actions.tools = made
        }
    }
}
