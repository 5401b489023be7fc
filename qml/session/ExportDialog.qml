// File > Export for engine: where to write (prefilled with the default beside the level) and the
// sample spacing. Export always writes somewhere the designer can see; the status bar says where.
// The extension picks JSON or YAML (ImportExport refuses other names).
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import RailForge

Dialog {
    id: dialog

    property alias path: pathField.text
    property alias spacingText: spacingField.text
    // Filled in whenever the dialog opens.
    property string defaultPath: ""
    // The spacings an export takes (ImportExport: the same rule as the CLI's --spacing).
    required property real minSpacing
    required property real maxSpacing
    // Why the export may not go to a path ("" when it may): ImportExport.whyNotExportTo.
    property var whyNotExportTo: function(path) { return "" }
    readonly property string pathProblem: whyNotExportTo(pathField.text.trim() === "" ? defaultPath : pathField.text.trim())
    // Where a path leads out of the project through a link ("" when it does not): FileSession.linkLeavingProject.
    property var linkLeavingProject: function(path) { return "" }
    // The question before such a link is replaced (tests reach it here).
    readonly property alias linkDialog: linkDialog

    signal exportRequested(string path, real spacing)

    title: qsTr("Export for engine")
    modal: true
    width: 620
    standardButtons: Dialog.Cancel
    onAboutToShow: if (pathField.text === "") pathField.text = defaultPath

    GridLayout {
        width: parent.width
        columns: 3
        Label { text: qsTr("File") }
        TextField {
            id: pathField
            objectName: "exportPath"
            selectByMouse: true
            Layout.fillWidth: true
        }
        Button {
            text: qsTr("Browse…")
            onClicked: browse.open()
        }
        // Why this path is refused, said under the field in a line that is always there, so nothing
        // moves when it appears.
        Item { Layout.preferredWidth: 1 }
        ProblemLine {
            objectName: "exportPathProblem"
            Layout.columnSpan: 2
            problem: dialog.pathProblem
        }
        Label { text: qsTr("Sample spacing") }
        NumberField {
            id: spacingField
            objectName: "exportSpacing"
            returnsKeys: false
            value: 0.5
            decimals: 6
            minimum: dialog.minSpacing
            maximum: dialog.maxSpacing
            Layout.fillWidth: true
            accept: v => { value = v; return "" }
            // Said as the designer types: the Export button waits for a spacing it can use.
            readonly property string typedProblem: whyNot(text.trim())
        }
        Label { text: qsTr("m") }
        Item { Layout.preferredWidth: 1 }
        ProblemLine {
            objectName: "exportSpacingProblem"
            Layout.columnSpan: 2
            problem: spacingField.typedProblem
        }
        Label {
            objectName: "exportFormatHint"
            Layout.columnSpan: 3
            text: qsTr("The file's extension picks the format: .json for JSON, .yaml or .yml for YAML (the same content).")
            wrapMode: Text.WordWrap
            Layout.fillWidth: true
            opacity: 0.75
        }
    }

    footer: DialogButtonBox {
        standardButtons: DialogButtonBox.Cancel
        Button {
            id: exportButton
            objectName: "exportButton"
            text: qsTr("Export")
            enabled: spacingField.typedProblem === "" && dialog.pathProblem === ""
            DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            onClicked: {
                const path = pathField.text.trim() === "" ? dialog.defaultPath : pathField.text.trim()
                dialog.close()
                if (!linkDialog.askAbout(path, dialog.linkLeavingProject(path)))
                    dialog.exportRequested(path, parseFloat(spacingField.text))
            }
        }
        onRejected: dialog.close()
    }

    LinkOutsideDialog {
        id: linkDialog
        onConfirmed: path => dialog.exportRequested(path, parseFloat(spacingField.text))
    }

    FileDialog {
        id: browse
        fileMode: FileDialog.SaveFile
        nameFilters: [qsTr("YAML (*.yaml *.yml)"), qsTr("JSON (*.json)")]
        onAccepted: pathField.text = selectedFile.toString().replace("file://", "")
    }
}
