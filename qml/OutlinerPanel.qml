// The Outliner dock: every object of the level, grouped by kind.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Rectangle {
    id: panel

    property alias document: outliner.document
    readonly property alias count: list.count

    color: Theme.panel

    OutlinerModel {
        id: outliner
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        PanelHeader {
            text: qsTr("Outliner")
            Layout.fillWidth: true
        }

        ListView {
            id: list
            objectName: "outlinerList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: outliner
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}
            section.property: "kind"
            section.delegate: Rectangle {
                required property string section
                width: ListView.view.width
                height: 24
                color: Theme.window
                Label {
                    anchors.verticalCenter: parent.verticalCenter
                    x: 10
                    text: parent.section
                    color: Theme.accent
                    font.bold: true
                }
            }
            delegate: ItemDelegate {
                required property string objectId
                required property string detail
                width: ListView.view.width
                height: 24
                contentItem: RowLayout {
                    spacing: 8
                    Label {
                        text: objectId
                        color: Theme.text
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                        Layout.leftMargin: 8
                    }
                    Label {
                        text: detail
                        color: Theme.textDim
                        font.pixelSize: 11
                    }
                }
            }
        }
    }
}
