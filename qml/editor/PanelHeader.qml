// The title strip of a dock panel.
import QtQuick
import QtQuick.Controls
import RailForge

Rectangle {
    property alias text: label.text
    implicitHeight: Theme.headerHeight
    color: Theme.panelHeader
    Label {
        id: label
        anchors.verticalCenter: parent.verticalCenter
        anchors.left: parent.left
        anchors.leftMargin: 10
        font.bold: true
        color: Theme.text
    }
}
