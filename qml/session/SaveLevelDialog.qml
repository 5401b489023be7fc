// File > Save As: the level's folder, its level files and sub-folders, and a file name proposed
// beside the level (untitled.yaml, never an existing file). Enter or Save writes; replacing an
// existing file asks first. (Qt 6.4's own save dialog labels its button "Open", picks an existing
// file and ignores Enter: this one does what a designer expects.)
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Qt.labs.folderlistmodel
import RailForge

Dialog {
    id: dialog

    required property FileSession files
    // The folder shown (a local path).
    property string folder: ""
    property string problem: ""
    // The question before an existing file is replaced (tests reach it here).
    readonly property alias replaceDialog: replaceDialog
    // The question before a link that leads out of the project is replaced.
    readonly property alias linkDialog: linkDialog

    signal saveRequested(string path)

    // Opens on the proposed file (or `path`), with its name selected for typing over.
    function start(path) {
        const proposed = path === undefined || path === "" ? files.proposedSavePath() : path
        const slash = proposed.lastIndexOf("/")
        folder = proposed.substring(0, slash)
        nameField.text = proposed.substring(slash + 1)
        problem = ""
        open()
    }
    function chosenPath() {
        const name = nameField.text.trim()
        return name.startsWith("/") ? name : dialog.folder + "/" + name
    }
    function trySave() {
        const path = chosenPath()
        problem = files.whyNotSaveTo(path)
        if (problem !== "")
            return
        if (linkDialog.askAbout(files.levelPathFor(path), files.linkLeavingProject(files.levelPathFor(path))))
            return
        if (files.fileExists(path) && files.levelPathFor(path) !== files.filePath) {
            replaceDialog.path = files.levelPathFor(path)
            replaceDialog.open()
            return
        }
        finish(path)
    }
    function finish(path) {
        close()
        saveRequested(path)
    }

    title: qsTr("Save level as")
    modal: true
    width: 640
    height: 480
    onOpened: {
        nameField.forceActiveFocus()
        const dot = nameField.text.lastIndexOf(".")
        nameField.select(0, dot > 0 ? dot : nameField.text.length)
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 6

        RowLayout {
            Layout.fillWidth: true
            Label { text: qsTr("Folder") }
            TextField {
                id: folderField
                objectName: "saveFolder"
                text: dialog.folder
                selectByMouse: true
                Layout.fillWidth: true
                onAccepted: dialog.folder = text.trim()
            }
            Button {
                objectName: "saveFolderUp"
                text: qsTr("Up")
                enabled: dialog.folder.lastIndexOf("/") > 0
                onClicked: dialog.folder = dialog.folder.substring(0, dialog.folder.lastIndexOf("/"))
            }
        }
        Rectangle {
            Layout.fillWidth: true
            Layout.fillHeight: true
            color: Theme.base
            border.color: Theme.border
            ListView {
                id: list
                objectName: "saveFolderList"
                anchors.fill: parent
                anchors.margins: 1
                clip: true
                // Read only while the dialog shows (an empty folder URL makes Qt warn at start-up).
                model: dialog.visible && dialog.folder !== "" ? folderModel : null
                FolderListModel {
                    id: folderModel
                    folder: dialog.folder === "" ? "file:///" : "file://" + dialog.folder
                    nameFilters: ["*.yaml", "*.yml"]
                    showDirsFirst: true
                    showDotAndDotDot: false
                }
                ScrollBar.vertical: ScrollBar {}
                delegate: ItemDelegate {
                    required property string fileName
                    required property string filePath
                    required property bool fileIsDir
                    width: ListView.view.width
                    text: (fileIsDir ? "\u25B8 " : "   ") + fileName
                    // A folder opens; a file lends its name (Save then asks before replacing it).
                    onClicked: {
                        if (fileIsDir)
                            dialog.folder = filePath
                        else
                            nameField.text = fileName
                        nameField.forceActiveFocus()
                    }
                }
            }
        }
        RowLayout {
            Layout.fillWidth: true
            Label { text: qsTr("File name") }
            TextField {
                id: nameField
                objectName: "saveFileName"
                selectByMouse: true
                Layout.fillWidth: true
                onTextEdited: dialog.problem = ""
                onAccepted: dialog.trySave()
            }
        }
        ProblemLine {
            objectName: "saveProblem"
            problem: dialog.problem
        }
    }

    footer: DialogButtonBox {
        Button {
            objectName: "saveLevelButton"
            text: qsTr("Save")
            DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            onClicked: dialog.trySave()
        }
        Button {
            objectName: "saveCancelButton"
            text: qsTr("Cancel")
            DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
            onClicked: dialog.close()
        }
    }

    LinkOutsideDialog {
        id: linkDialog
        onConfirmed: path => dialog.finish(path)
    }

    Dialog {
        id: replaceDialog
        objectName: "replaceDialog"
        property string path: ""
        title: qsTr("Replace %1?").arg(path.substring(path.lastIndexOf("/") + 1))
        modal: true
        anchors.centerIn: parent
        width: 480 // a width of its own: sized by its text, its title and the text's wrap made a loop
        Label {
            width: replaceDialog.availableWidth
            wrapMode: Text.Wrap
            text: qsTr("A file of that name already exists in %1. Replace it?").arg(dialog.folder)
        }
        footer: DialogButtonBox {
            Button {
                objectName: "replaceButton"
                text: qsTr("Replace")
                DialogButtonBox.buttonRole: DialogButtonBox.DestructiveRole
                onClicked: { replaceDialog.close(); dialog.finish(replaceDialog.path) }
            }
            Button {
                text: qsTr("Cancel")
                DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
                onClicked: replaceDialog.close()
            }
        }
    }
}
