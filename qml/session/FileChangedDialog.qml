// "name.yaml changed on disk": a teammate's save, a git pull or another editor wrote the open file
// while this level has unsaved changes (or Save found it so). Nothing is overwritten or dropped
// without the designer's word: reload theirs, keep mine (Save replaces theirs), or save mine under
// a new name.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Dialog {
    id: dialog

    property string fileName: ""
    // Asked by Save (then "keep mine" saves at once).
    property bool saving: false

    signal reloadRequested()
    signal keepMineRequested()
    signal saveAsRequested()

    function ask(name, bySave) {
        fileName = name
        saving = bySave
        open()
    }

    title: qsTr("%1 changed on disk").arg(fileName)
    modal: true
    width: 540
    closePolicy: Popup.CloseOnEscape

    Label {
        objectName: "fileChangedText"
        width: parent.width
        wrapMode: Text.Wrap
        text: qsTr("Someone else wrote %1 since you opened or last saved it (a teammate's save, a git pull or another editor). You have changes of your own.").arg(dialog.fileName)
            + "\n\n" + (dialog.saving
                ? qsTr("Overwrite replaces their version with yours. Reload drops your changes. Save As keeps both.")
                : qsTr("Reload drops your changes. Keep mine goes on with yours (Save will replace theirs). Save As keeps both."))
    }

    footer: DialogButtonBox {
        Button {
            objectName: "reloadButton"
            text: qsTr("Reload theirs")
            DialogButtonBox.buttonRole: DialogButtonBox.DestructiveRole
            onClicked: { dialog.close(); dialog.reloadRequested() }
        }
        Button {
            objectName: "keepMineButton"
            text: dialog.saving ? qsTr("Overwrite theirs") : qsTr("Keep mine")
            DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            onClicked: { dialog.close(); dialog.keepMineRequested() }
        }
        Button {
            objectName: "saveMineAsButton"
            text: qsTr("Save mine as…")
            DialogButtonBox.buttonRole: DialogButtonBox.ActionRole
            onClicked: { dialog.close(); dialog.saveAsRequested() }
        }
    }
}
