// Asked before a save or an export writes a path that leads out of the level's project through a
// link (a file a teammate committed as a link to somewhere else): it names the link and where it
// leads. Writing then replaces the link with the new file; the file it points to is never touched.
import QtQuick
import QtQuick.Controls
import RailForge

Dialog {
    id: dialog

    // FileSession.linkLeavingProject's words: the link and where it leads.
    property string reason: ""
    property string path: ""

    signal confirmed(string path)

    // Asks about `path` when `reason` says it leaves the project; false (nothing asked) otherwise.
    function askAbout(path, reason) {
        if (reason === "")
            return false
        dialog.path = path
        dialog.reason = reason
        open()
        return true
    }

    objectName: "linkOutsideDialog"
    title: qsTr("Write outside the project?")
    modal: true
    // Over the whole window, not inside the dialog that asks (whose size must not follow this one's).
    parent: Overlay.overlay
    anchors.centerIn: parent
    width: 560

    Label {
        width: dialog.availableWidth
        wrapMode: Text.Wrap
        text: qsTr("%1.\nWriting here replaces the link with a new file; the file it points to stays as it is.")
            .arg(dialog.reason)
    }
    footer: DialogButtonBox {
        Button {
            objectName: "replaceLinkButton"
            text: qsTr("Replace the link")
            DialogButtonBox.buttonRole: DialogButtonBox.DestructiveRole
            onClicked: { dialog.close(); dialog.confirmed(dialog.path) }
        }
        Button {
            objectName: "keepLinkButton"
            text: qsTr("Cancel")
            DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
            onClicked: dialog.close()
        }
    }
}
