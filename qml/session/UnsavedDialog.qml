// "Save changes to name.yaml?" before closing, New, Open or Revert: Save, Discard or Cancel.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Dialog {
    id: dialog

    property string fileName: ""
    // What to do once the changes are saved or discarded.
    property var proceed: null

    signal saveRequested()
    signal discarded()

    function ask(name, then) {
        fileName = name
        proceed = then
        open()
    }

    title: qsTr("Unsaved changes")
    modal: true
    width: 460

    Label {
        width: parent.width
        text: qsTr("Save the changes to %1 before going on?").arg(dialog.fileName)
        wrapMode: Text.Wrap
    }

    footer: DialogButtonBox {
        Button {
            objectName: "saveButton"
            text: qsTr("Save")
            DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            onClicked: dialog.saveRequested()
        }
        Button {
            objectName: "discardButton"
            text: qsTr("Discard")
            DialogButtonBox.buttonRole: DialogButtonBox.DestructiveRole
            onClicked: {
                dialog.close()
                dialog.discarded()
            }
        }
        Button {
            objectName: "cancelButton"
            text: qsTr("Cancel")
            DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
            onClicked: dialog.close()
        }
    }
}
