// File > Export meshes: where to write the rails' track meshes (glTF 2.0, prefilled with a .glb
// beside the level). Each rail is swept with its own track style (the inspector's Track), its ties
// and supports with it; the status bar says where the file went and any support left out.
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import RailForge

Dialog {
    id: dialog

    property alias path: pathField.text
    // Filled in whenever the dialog opens.
    property string defaultPath: ""
    // Why the meshes may not go to a path ("" when they may): MeshExport.whyNotExportTo.
    property var whyNotExportTo: function(path) { return "" }
    readonly property string chosenPath: pathField.text.trim() === "" ? defaultPath : pathField.text.trim()
    readonly property string pathProblem: whyNotExportTo(chosenPath)
    // Where a path leads out of the project through a link ("" when it does not): FileSession.linkLeavingProject.
    property var linkLeavingProject: function(path) { return "" }
    readonly property alias linkDialog: linkDialog

    signal exportRequested(string path)

    title: qsTr("Export meshes")
    modal: true
    width: 620
    onAboutToShow: if (pathField.text === "") pathField.text = defaultPath

    GridLayout {
        width: parent.width
        columns: 3
        Label { text: qsTr("File") }
        TextField {
            id: pathField
            objectName: "meshExportPath"
            selectByMouse: true
            Layout.fillWidth: true
        }
        Button {
            text: qsTr("Browse…")
            onClicked: browse.open()
        }
        Item { Layout.preferredWidth: 1 }
        ProblemLine {
            objectName: "meshExportPathProblem"
            Layout.columnSpan: 2
            problem: dialog.pathProblem
        }
        Label {
            Layout.columnSpan: 3
            text: qsTr("glTF 2.0: one node per rail with its ties and supports, in metres, y up. .glb is one binary file; .gltf is text with its buffer inside.")
            wrapMode: Text.WordWrap
            Layout.fillWidth: true
            opacity: 0.75
        }
    }

    footer: DialogButtonBox {
        standardButtons: DialogButtonBox.Cancel
        Button {
            objectName: "meshExportButton"
            text: qsTr("Export")
            enabled: dialog.pathProblem === ""
            DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            onClicked: {
                const path = dialog.chosenPath
                dialog.close()
                if (!linkDialog.askAbout(path, dialog.linkLeavingProject(path)))
                    dialog.exportRequested(path)
            }
        }
        onRejected: dialog.close()
    }

    LinkOutsideDialog {
        id: linkDialog
        onConfirmed: path => dialog.exportRequested(path)
    }

    FileDialog {
        id: browse
        fileMode: FileDialog.SaveFile
        nameFilters: [qsTr("glTF binary (*.glb)"), qsTr("glTF (*.gltf)")]
        onAccepted: pathField.text = selectedFile.toString().replace("file://", "")
    }
}
