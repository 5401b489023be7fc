// "Change the spline?" before a change that alters a rail's curve (bezier -> catmull-rom or linear
// with shaped handles): says what changes, then Change or Cancel.
import QtQuick
import QtQuick.Controls
import RailForge

Dialog {
    id: dialog

    property string spline: ""
    property string warning: ""

    signal confirmed(string spline)
    signal cancelled()

    function ask(target, text) {
        spline = target
        warning = text
        open()
    }

    objectName: "splineChangeDialog"
    title: qsTr("Change the rail to %1?").arg(dialog.spline)
    modal: true
    width: 460
    parent: Overlay.overlay
    anchors.centerIn: parent

    Label {
        objectName: "splineChangeText"
        width: parent.width
        text: dialog.warning
        wrapMode: Text.Wrap
    }

    footer: DialogButtonBox {
        Button {
            objectName: "splineChangeConfirm"
            text: qsTr("Change")
            DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            onClicked: {
                dialog.close()
                dialog.confirmed(dialog.spline)
            }
        }
        Button {
            objectName: "splineChangeCancel"
            text: qsTr("Cancel")
            DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
            onClicked: {
                dialog.close()
                dialog.cancelled()
            }
        }
    }
}
