// The editor's main window (docs/ui.md "Layout"): menus, toolbar, outliner | canvas | inspector and
// smoothing, status bar. Commands live in EditorActions; the window owns the dialogs and the
// "unsaved changes?" flow.
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import RailForge

ApplicationWindow {
    id: window

    // Set by main.cpp (or a test) before the window is shown.
    property string startupFile: ""
    // Work an editor left unsaved when it did not quit cleanly is offered back at start (not when
    // the window only renders a screenshot: railforge --screenshot).
    property bool offersRecovery: true
    readonly property alias editor: editor
    readonly property alias canvas: canvas
    readonly property alias actions: actions
    readonly property alias problemsDialog: problemsDialog
    readonly property alias unsavedDialog: unsavedDialog
    readonly property alias fileChangedDialog: fileChangedDialog
    readonly property alias recoveryDialog: recoveryDialog
    readonly property alias exportDialog: exportDialog
    readonly property alias meshExportDialog: meshExportDialog
    readonly property alias importDialog: importDialog
    readonly property alias saveDialog: saveDialog
    readonly property alias referenceDialog: referenceDialog
    readonly property alias openDialog: openDialog
    readonly property alias shortcutsDialog: shortcutsDialog
    readonly property alias aboutDialog: aboutDialog
    readonly property alias outliner: outliner
    readonly property alias inspector: inspector
    readonly property alias profile: profilePanel
    readonly property alias calibration: calibration
    // The 3D view's panel (View3DPanel) while it is shown, else null.
    readonly property var view3d: view3dLoader.visible ? view3dLoader.item : null
    // True while a text field has the keyboard: single-key shortcuts stand aside then.
    readonly property bool typing: activeFocusItem !== null && activeFocusItem.cursorPosition !== undefined

    width: 1400
    height: 880
    minimumWidth: 900
    minimumHeight: 560
    visible: true
    title: editor.files.title
    color: Theme.window

    // The dark palette every control inherits (Fusion style, docs/ui.md "Visual language").
    palette.window: Theme.panel
    palette.windowText: Theme.text
    palette.base: Theme.base
    palette.alternateBase: Theme.panel
    palette.text: Theme.text
    palette.button: Theme.panelHeader
    palette.buttonText: Theme.text
    palette.brightText: "#ffffff"
    palette.highlight: Theme.highlight
    palette.highlightedText: "#ffffff"
    palette.toolTipBase: Theme.panelHeader
    palette.toolTipText: Theme.text
    palette.placeholderText: Theme.textDim
    palette.light: Theme.border
    palette.midlight: Theme.panelHeader
    palette.mid: Theme.border
    palette.dark: "#16171a"
    palette.shadow: "#000000"

    EditorController {
        id: editor
    }
    Connections {
        target: editor.files
        function onChangedOnDisk(fileName, saving) {
            fileChangedDialog.ask(fileName, saving)
        }
    }
    FailureReports {
        editor: editor
        dialog: problemsDialog
    }

    Component.onCompleted: {
        // Keys go to the canvas from the start (not to the outliner's filter box), and to this window:
        // without a window manager to activate it (or before one does), window shortcuts such as
        // Ctrl+Q, F1 and the tool keys would wait for a first click.
        requestActivate()
        canvas.forceActiveFocus()
        if (startupFile !== "")
            editor.files.openFile(startupFile)
        const left = offersRecovery ? editor.recovery.candidates() : []
        if (left.length > 0)
            recoveryDialog.offer(left[0])
    }

    // Runs `action` now, or after the designer saved or discarded unsaved changes.
    function confirmThen(action) {
        if (editor.files.modified)
            unsavedDialog.ask(editor.files.fileName, action)
        else
            action()
    }

    function saveOrAsk() {
        if (editor.files.filePath === "")
            saveDialog.start()
        else
            editor.files.save()
    }

    // Level > Check patrol routes: the patrols whose route cannot be built, then what goes wrong although
    // the routes build (edges and paths through obstacles, against one-way edges, off ledges), each
    // spot marked on the canvas.
    function checkLevel() {
        const broken = editor.pipeline.brokenPatrols
        const warnings = editor.pipeline.routeWarnings()
        canvas.warningMarks = warnings.map(w => ({ x: w.x, y: w.y }))
        if (broken.length === 0 && warnings.length === 0) {
            editor.showStatus(qsTr("Every patrol route builds, and no edge or path crosses an obstacle, runs against a one-way edge or steps off a ledge"))
            return
        }
        const list = broken.map(id => ({ text: id + ": " + editor.pipeline.routeError("patrol:" + id), source: "", caret: "" }))
                           .concat(warnings.map(w => ({ text: "\u26a0 " + w.text, source: "", caret: "" })))
        const summary = broken.length > 0 ? qsTr("%n patrol(s) cannot be routed.", "", broken.length) : qsTr("Every patrol route builds.")
        problemsDialog.showList(qsTr("Patrol routes"), summary + " " + qsTr("%n warning(s), marked on the canvas.", "", warnings.length), list)
    }

    property bool closeConfirmed: false
    onClosing: close => {
        if (editor.files.modified && !closeConfirmed) {
            close.accepted = false
            confirmThen(() => { closeConfirmed = true; window.close() })
            return
        }
        // Nothing unsaved is left behind: no recovery copy may outlive a clean quit.
        editor.recovery.quitCleanly()
    }

    EditorActions {
        id: actions
        editor: editor
        canvas: canvas
        typing: window.typing
        onNewRequested: window.confirmThen(() => editor.files.newLevel())
        onOpenRequested: window.confirmThen(() => openDialog.open())
        onSaveRequested: window.saveOrAsk()
        onSaveAsRequested: saveDialog.start()
        onRevertRequested: window.confirmThen(() => editor.files.revert())
        onExportRequested: {
            exportDialog.defaultPath = editor.transfer.defaultExportPath
            exportDialog.open()
        }
        onImportRequested: importDialog.open()
        onExportMeshesRequested: {
            meshExportDialog.defaultPath = editor.meshes.defaultPath
            meshExportDialog.open()
        }
        onQuitRequested: window.close()
        onDeleteRequested: editor.deleteSelection()
        onShortcutsRequested: shortcutsDialog.open()
        onAboutRequested: aboutDialog.open()
        onCheckLevelRequested: window.checkLevel()
        onAddReferenceRequested: kind => referenceDialog.start(kind)
    }

    menuBar: AppMenuBar {
        editor: editor
        actions: actions
        onOpenPathRequested: path => window.confirmThen(() => editor.files.openFile(path))
    }

    header: MainToolBar {
        editor: editor
        canvas: canvas
        actions: actions
    }

    // A splitter a hand can grab: 6 px to press, a 2 px line to see, lit while hovered or held.
    component SplitGrip: Item {
        readonly property bool held: SplitHandle.pressed
        readonly property bool hovered: SplitHandle.hovered
        implicitWidth: 6
        implicitHeight: 6
        Rectangle {
            anchors.centerIn: parent
            width: parent.width > parent.height ? parent.width : 2
            height: parent.width > parent.height ? 2 : parent.height
            color: parent.held ? Theme.accent : parent.hovered ? Theme.textDim : Theme.border
        }
    }

    SplitView {
        anchors.fill: parent
        orientation: Qt.Horizontal
        handle: SplitGrip { objectName: "outlinerSplitter" }

        OutlinerPanel {
            id: outliner
            SplitView.preferredWidth: 230
            SplitView.minimumWidth: 160
            editor: editor
            onCalibrateRequested: row => calibration.start(row)
            onFilteringDone: canvas.forceActiveFocus()
        }

        // The plan over the profile of what is selected.
        SplitView {
            id: centreColumn
            orientation: Qt.Vertical
            handle: SplitGrip { objectName: "profileSplitter" }
            SplitView.fillWidth: true
            SplitView.minimumWidth: 300

            // The plan and, when shown (View > 3D view, F3), the 3D view beside it.
            SplitView {
                id: viewsRow
                orientation: Qt.Horizontal
                handle: SplitGrip { objectName: "viewsSplitter" }
                SplitView.fillHeight: true
                SplitView.minimumHeight: 200

                LevelView {
                    id: canvas
                    objectName: "canvas"
                    SplitView.fillWidth: true
                    SplitView.minimumWidth: 200
                    controller: editor
                    focus: true
                    problemMarks: problemsPanel.visible ? editor.problems.marks : []
                    conflictShapes: editor.files.conflicts.shapes

                    // Placing an image by two clicks on it (the References section's ⊕).
                    CalibrationOverlay {
                        id: calibration
                        objectName: "calibration"
                        anchors.fill: parent
                        editor: editor
                        canvas: canvas
                    }

                    // Two-finger pinch zooms about the fingers' centre, like the wheel does at the cursor.
                    PinchHandler {
                        id: pinch
                        target: null
                        property real lastScale: 1
                        onActiveChanged: lastScale = 1
                        onActiveScaleChanged: {
                            canvas.zoomAt(centroid.position, activeScale / lastScale)
                            lastScale = activeScale
                        }
                    }
                }

                View3DSlot {
                    id: view3dLoader
                    SplitView.preferredWidth: Math.round(viewsRow.width / 2)
                    SplitView.minimumWidth: 200
                    editor: editor
                    canvas: canvas
                    shown: actions.view3D.checked
                }
            }

            ProfilePanel {
                id: profilePanel
                objectName: "profilePanel"
                visible: actions.profilePanel.checked
                // A third of the column at most in a short window, so the plan keeps most of it.
                SplitView.preferredHeight: Math.round(Math.min(300, centreColumn.height * 0.38))
                SplitView.minimumHeight: 150
                editor: editor
            }

            // Shown while a level opened with merge conflicts has any left.
            ConflictsPanel {
                id: conflictsPanel
                objectName: "conflictsPanel"
                visible: editor.files.conflicts.count > 0
                SplitView.preferredHeight: Math.round(Math.min(200, centreColumn.height * 0.3))
                SplitView.minimumHeight: 90
                editor: editor
            }

            ProblemsPanel {
                id: problemsPanel
                objectName: "problemsPanel"
                visible: actions.problemsPanel.checked
                SplitView.preferredHeight: Math.round(Math.min(180, centreColumn.height * 0.25))
                SplitView.minimumHeight: 80
                editor: editor
                canvas: canvas
            }
        }

        SplitView {
            id: rightColumn
            orientation: Qt.Vertical
            SplitView.preferredWidth: 330
            SplitView.minimumWidth: 240

            InspectorPanel {
                id: inspector
                // Half the column in a short window, so the smoothing panel keeps room for a step.
                SplitView.preferredHeight: Math.min(360, rightColumn.height / 2)
                SplitView.minimumHeight: 160
                editor: editor
                decimals: canvas.displayDecimals
            }

            SmoothingPanel {
                SplitView.fillHeight: true
                SplitView.minimumHeight: 120
                editor: editor
            }
        }
    }

    footer: StatusBarContent {
        editor: editor
        canvas: canvas
        view3d: window.view3d
        problemsAction: actions.problemsPanel
    }

    FileDialog {
        id: openDialog
        title: qsTr("Open level")
        nameFilters: [qsTr("Level files (*.yaml *.yml)"), qsTr("All files (*)")]
        currentFolder: editor.files.folderUrl
        // The dialog highlights the first file: make that the selection, so Open works at once.
        onVisibleChanged: if (visible && editor.files.filePath !== "") selectedFile = "file://" + editor.files.filePath
        onAccepted: editor.files.openFile(selectedFile)
    }

    AddReferenceDialog {
        id: referenceDialog
        objectName: "referenceDialog"
        editor: editor
        onFailed: (title, message) => problemsDialog.showMessage(title, qsTr("Nothing was added."), message)
    }

    SaveLevelDialog {
        id: saveDialog
        objectName: "saveDialog"
        anchors.centerIn: parent
        files: editor.files
        onSaveRequested: path => editor.files.saveAs(path)
    }

    ProblemsDialog {
        id: problemsDialog
        objectName: "problemsDialog"
        anchors.centerIn: parent
    }

    ShortcutsDialog {
        id: shortcutsDialog
        objectName: "shortcutsDialog"
        anchors.centerIn: parent
        actions: actions
    }

    AboutDialog {
        id: aboutDialog
        objectName: "aboutDialog"
        anchors.centerIn: parent
    }

    FileChangedDialog {
        id: fileChangedDialog
        objectName: "fileChangedDialog"
        anchors.centerIn: parent
        onReloadRequested: editor.files.reloadFromDisk()
        onKeepMineRequested: saving ? editor.files.overwriteDisk() : editor.files.keepMine()
        onSaveAsRequested: saveDialog.start()
    }

    UnsavedDialog {
        id: unsavedDialog
        objectName: "unsavedDialog"
        anchors.centerIn: parent
        onSaveRequested: {
            close()
            if (editor.files.filePath === "") {
                saveDialog.start() // the designer goes on once the level has a file
            } else if (editor.files.save() && proceed) {
                proceed()
            }
        }
        onDiscarded: {
            editor.recovery.discard()
            if (proceed)
                proceed()
        }
    }

    RecoveryDialog {
        id: recoveryDialog
        objectName: "recoveryDialog"
        anchors.centerIn: parent
        onRestore: path => editor.recovery.restore(path)
        onDiscard: path => editor.recovery.discardFile(path)
    }

    ExportDialog {
        id: exportDialog
        objectName: "exportDialog"
        anchors.centerIn: parent
        minSpacing: editor.transfer.minSpacing
        maxSpacing: editor.transfer.maxSpacing
        whyNotExportTo: path => editor.transfer.whyNotExportTo(path)
        linkLeavingProject: path => editor.files.linkLeavingProject(path)
        onExportRequested: (path, spacing) => editor.transfer.exportTo(path, spacing)
    }

    MeshExportDialog {
        id: meshExportDialog
        objectName: "meshExportDialog"
        anchors.centerIn: parent
        whyNotExportTo: path => editor.meshes.whyNotExportTo(path)
        linkLeavingProject: path => editor.files.linkLeavingProject(path)
        onExportRequested: path => editor.meshes.exportTo(path)
    }

    ImportDialog {
        id: importDialog
        objectName: "importDialog"
        anchors.centerIn: parent
        strategies: editor.pipeline.strategies
        onImportRequested: (path, asPatrol, strategy) => editor.transfer.importCsv(path, asPatrol, strategy)
    }

    ToolShortcuts {
        editor: editor
        canvas: canvas
        enabled: !window.typing
    }
}
