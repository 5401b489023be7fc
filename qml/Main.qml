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
    }

    menuBar: AppMenuBar {
        editor: editor
        canvas: canvas
        typing: window.typing
        onOpenRequested: openDialog.open()
        onSaveAsRequested: saveDialog.open()
        onQuitRequested: window.close()
    }

    header: MainToolBar {
        editor: editor
        canvas: canvas
        onOpenRequested: openDialog.open()
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

    ToolShortcuts {
        editor: editor
        canvas: canvas
        enabled: !window.typing
    }
}
