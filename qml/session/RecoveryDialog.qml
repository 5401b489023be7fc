// Offered at start-up when RailForge ended without saving: restore the autosaved work or discard it.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Dialog {
    id: dialog

    property var entry: null

    signal restore(string recoveryPath)
    signal discard(string recoveryPath)

    function offer(candidate) {
        entry = candidate
        open()
    }

    title: qsTr("Restore unsaved work?")
    modal: true
    width: 520
    closePolicy: Popup.NoAutoClose

    Label {
        width: parent.width
        wrapMode: Text.Wrap
        text: dialog.entry === null ? "" : qsTr("RailForge ended without saving %1. An autosaved copy from %2 is available.")
              .arg(dialog.entry.original === "" ? qsTr("a new level") : dialog.entry.original).arg(dialog.entry.written)
    }

    footer: DialogButtonBox {
        Button {
            objectName: "restoreButton"
            text: qsTr("Restore")
            DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            onClicked: {
                dialog.close()
                dialog.restore(dialog.entry.recovery)
            }
        }
        Button {
            objectName: "discardRecoveryButton"
            text: qsTr("Discard")
            DialogButtonBox.buttonRole: DialogButtonBox.DestructiveRole
            onClicked: {
                dialog.close()
                dialog.discard(dialog.entry.recovery)
            }
        }
    }
}
