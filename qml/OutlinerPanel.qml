// The Outliner dock: every object of the level, grouped by kind. Click selects (Shift adds), and the
// canvas selection shows here too.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Rectangle {
    id: panel

    required property EditorController editor
    readonly property alias count: list.count

    color: Theme.panel

    OutlinerModel {
        id: outliner
        document: panel.editor.document
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
                id: row
                required property string objectId
                required property string detail
                required property string key
                readonly property bool selected: panel.editor.selection.keys.indexOf(key) >= 0
                objectName: "outliner:" + key
                width: ListView.view.width
                height: 24
                highlighted: selected
                onClicked: panel.editor.selection.selectKey(key, false)
                TapHandler {
                    acceptedModifiers: Qt.ShiftModifier
                    onTapped: panel.editor.selection.selectKey(row.key, true)
                }
                contentItem: RowLayout {
                    spacing: 8
                    Label {
                        text: row.objectId
                        color: row.selected ? "#ffffff" : Theme.text
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                        Layout.leftMargin: 8
                    }
                    Label {
                        text: row.detail
                        color: Theme.textDim
                        font.pixelSize: 11
                    }
                }
            }
        }
    }
}
