// Help > About RailForge.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Dialog {
    title: qsTr("About RailForge")
    modal: true
    width: 440
    standardButtons: Dialog.Ok

    ColumnLayout {
        width: parent.width
        spacing: 8
        Label {
            text: "RailForge " + Qt.application.version
            font.bold: true
            font.pixelSize: 16
            color: Theme.text
        }
        Label {
            text: qsTr("Waypoint graphs, rails and patrol routes for game levels: smoothing strategies as plugins, "
                       + "exact rail proximity, and exports engines read as they are.")
            wrapMode: Text.Wrap
            color: Theme.text
            Layout.fillWidth: true
        }
        Label {
            text: qsTr("Built with Qt %1 and yaml-cpp.").arg("6")
            color: Theme.textDim
        }
    }
}
