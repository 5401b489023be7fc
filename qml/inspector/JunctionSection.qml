// Inspector, a junction: the rail it sits on and where, and its ways out with the default chosen by
// a radio button (one undo step each). A click on the junction's ring on the plan or in 3D, once it
// is selected, turns the default the same way.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

GridLayout {
    id: section
    objectName: "junctionSection"

    required property JunctionInspector junction
    required property int decimals

    columns: 2
    columnSpacing: 12
    rowSpacing: 6

    FieldLabel { text: qsTr("on rail") }
    Label {
        objectName: "junctionAt"
        text: section.junction.end !== ""
              ? qsTr("%1, at its %2").arg(section.junction.rail).arg(section.junction.end)
              : qsTr("%1, %2 along it").arg(section.junction.rail).arg(section.junction.s.toFixed(section.decimals))
        color: Theme.text
        elide: Text.ElideRight
        Layout.fillWidth: true
    }
    FieldLabel { text: qsTr("ways"); Layout.alignment: Qt.AlignTop }
    ColumnLayout {
        spacing: 0
        Layout.fillWidth: true
        ButtonGroup { id: ways }
        Repeater {
            model: section.junction.ways
            delegate: RadioButton {
                required property int index
                required property string modelData
                objectName: "junctionWay:" + modelData
                text: index === section.junction.defaultWay ? qsTr("%1 (default)").arg(modelData) : modelData
                checked: index === section.junction.defaultWay
                ButtonGroup.group: ways
                Layout.fillWidth: true
                onClicked: section.junction.setDefaultWay(index)
            }
        }
    }
}
