// The editor's main window (UI.md "Layout"): menus, toolbar, outliner | canvas | inspector, status bar.
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import RailForge

ApplicationWindow {
    id: window

    // Set by main.cpp (or a test) before the window is shown.
    property string startupFile: ""
    readonly property alias editor: editor
    readonly property alias canvas: canvas
    readonly property alias problemsDialog: problemsDialog
    readonly property alias unsavedDialog: unsavedDialog
    readonly property alias recoveryDialog: recoveryDialog
    readonly property alias exportDialog: exportDialog
    readonly property alias importDialog: importDialog
    readonly property alias saveDialog: saveDialog
    readonly property alias openDialog: openDialog
    // True while a text field has the keyboard: single-key shortcuts stand aside then.
    readonly property bool typing: activeFocusItem !== null && activeFocusItem.cursorPosition !== undefined

    width: 1400
    height: 880
    minimumWidth: 900
    minimumHeight: 560
    visible: true
    title: editor.title
    color: Theme.window

    // The dark palette every control inherits (Fusion style, UI.md).
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
        onOpenFailed: (file, problems) => problemsDialog.showProblems(file, problems)
        onSaveFailed: message => problemsDialog.showProblems(qsTr("Save failed"), [message])
    }

    Component.onCompleted: {
        if (startupFile !== "")
            editor.openFile(startupFile)
        const left = editor.recoveryCandidates()
        if (left.length > 0)
            recoveryDialog.offer(left[0])
    }

    // Runs `action` now, or after the designer saved or discarded unsaved changes.
    function confirmThen(action) {
        if (editor.modified)
            unsavedDialog.ask(editor.fileName, action)
        else
            action()
    }

    property bool closeConfirmed: false
    onClosing: close => {
        if (editor.modified && !closeConfirmed) {
            close.accepted = false
            confirmThen(() => { closeConfirmed = true; window.close() })
        }
    }

    menuBar: AppMenuBar {
        editor: editor
        canvas: canvas
        typing: window.typing
        onNewRequested: window.confirmThen(() => editor.newLevel())
        onOpenRequested: window.confirmThen(() => openDialog.open())
        onOpenPathRequested: path => window.confirmThen(() => editor.openFile(path))
        onSaveAsRequested: saveDialog.open()
        onRevertRequested: window.confirmThen(() => editor.revert())
        onExportRequested: exportDialog.open()
        onImportRequested: importDialog.open()
        onQuitRequested: window.close()
    }

    header: MainToolBar {
        editor: editor
        canvas: canvas
        onNewRequested: window.confirmThen(() => editor.newLevel())
        onOpenRequested: window.confirmThen(() => openDialog.open())
        onSaveRequested: window.saveOrAsk()
    }

    function saveOrAsk() {
        if (editor.filePath === "")
            saveDialog.open()
        else
            editor.save()
    }

    SplitView {
        anchors.fill: parent
        orientation: Qt.Horizontal

        OutlinerPanel {
            SplitView.preferredWidth: 230
            SplitView.minimumWidth: 160
            editor: editor
        }

        LevelView {
            id: canvas
            objectName: "canvas"
            SplitView.fillWidth: true
            SplitView.minimumWidth: 300
            controller: editor
            focus: true

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

        SplitView {
            orientation: Qt.Vertical
            SplitView.preferredWidth: 300
            SplitView.minimumWidth: 220

            InspectorPanel {
                SplitView.preferredHeight: 330
                SplitView.minimumHeight: 160
                editor: editor
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
    }

    FileDialog {
        id: openDialog
        title: qsTr("Open level")
        nameFilters: [qsTr("Level files (*.yaml *.yml)"), qsTr("All files (*)")]
        currentFolder: editor.folderUrl
        onAccepted: editor.openFile(selectedFile)
    }

    FileDialog {
        id: saveDialog
        title: qsTr("Save level as")
        fileMode: FileDialog.SaveFile
        defaultSuffix: "yaml"
        nameFilters: [qsTr("Level files (*.yaml *.yml)")]
        currentFolder: editor.folderUrl
        onAccepted: editor.saveAs(selectedFile)
    }

    ProblemsDialog {
        id: problemsDialog
        anchors.centerIn: parent
    }

    UnsavedDialog {
        id: unsavedDialog
        objectName: "unsavedDialog"
        anchors.centerIn: parent
        onSaveRequested: {
            close()
            if (editor.filePath === "") {
                saveDialog.open() // the designer goes on once the level has a file
            } else if (editor.save() && proceed) {
                proceed()
            }
        }
        onDiscarded: {
            editor.discardRecovery()
            if (proceed)
                proceed()
        }
    }

    RecoveryDialog {
        id: recoveryDialog
        objectName: "recoveryDialog"
        anchors.centerIn: parent
        onRestore: path => editor.restoreRecovery(path)
        onDiscard: path => editor.discardRecoveryFile(path)
    }

    ExportDialog {
        id: exportDialog
        objectName: "exportDialog"
        anchors.centerIn: parent
        onExportRequested: (path, spacing) => editor.exportTo(path, spacing)
    }

    ImportDialog {
        id: importDialog
        objectName: "importDialog"
        anchors.centerIn: parent
        strategies: editor.strategies()
        onImportRequested: (path, asPatrol, strategy) => editor.importCsv(path, asPatrol, strategy)
    }

    ToolShortcuts {
        editor: editor
        canvas: canvas
        enabled: !window.typing
    }
}
