// Inspector, the active key of a rail's channel (click a key in the profile's channel lanes): its
// channel's interpolation, where it sits (a control point it follows, or an arc length), and its
// value typed exactly; the key or the whole channel deleted.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

ColumnLayout {
    id: section
    objectName: "channelKeySection"

    required property ChannelInspector channels
    required property int decimals

    function outcome(ok) { return ok ? "" : section.channels.lastError }
    property string actionProblem: ""

    spacing: 6

    // Another key (or this one changed elsewhere): the fields show it afresh.
    Connections {
        target: section.channels
        function onChanged() {
            section.actionProblem = ""
            if (!valueField.activeFocus)
                valueField.show()
        }
    }

    Label {
        objectName: "channelKeyTitle"
        text: qsTr("Channel %1 · key %2 of %3").arg(section.channels.channel).arg(section.channels.key + 1).arg(section.channels.keyCount)
        font.bold: true
        elide: Text.ElideRight
        Layout.fillWidth: true
    }
    GridLayout {
        columns: 2
        columnSpacing: 12
        rowSpacing: 6
        Layout.fillWidth: true

        FieldLabel { text: qsTr("type") }
        Label { objectName: "channelType"; text: section.channels.type; color: Theme.textDim }

        FieldLabel { text: qsTr("between keys") }
        ComboBox {
            objectName: "channelInterp"
            model: section.channels.interps
            enabled: section.channels.interps.length > 1
            currentIndex: Math.max(0, model.indexOf(section.channels.interp))
            Layout.fillWidth: true
            onActivated: {
                section.actionProblem = section.outcome(section.channels.setInterp(currentText))
                currentIndex = Qt.binding(() => Math.max(0, model.indexOf(section.channels.interp)))
            }
        }

        FieldLabel { text: qsTr("at s") }
        RowLayout {
            spacing: 6
            NumberField {
                id: sField
                objectName: "channelKeyS"
                value: section.channels.s
                decimals: section.decimals
                minimum: 0
                maximum: section.channels.railLength
                Layout.fillWidth: true
                accept: v => section.outcome(section.channels.setS(v))
                ToolTip.text: problem !== "" ? problem : qsTr("The arc length of the key (typing one unties it from its point)")
            }
            Label {
                objectName: "channelKeyPoint"
                visible: section.channels.point >= 0
                text: qsTr("on point %1").arg(section.channels.point)
                color: Theme.textDim
            }
        }

        FieldLabel { text: qsTr("value") }
        EditField {
            id: valueField
            objectName: "channelKeyValue"
            Layout.fillWidth: true
            shownText: () => section.channels.valueText
            submit: typed => typed === section.channels.valueText ? "" : section.outcome(section.channels.setValue(typed))
            Component.onCompleted: show()
        }
    }
    RowLayout {
        spacing: 6
        Button {
            objectName: "channelDeleteKey"
            text: qsTr("Delete key")
            enabled: section.channels.keyCount > 1
            onClicked: section.actionProblem = section.outcome(section.channels.deleteKey())
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Delete this key (or right-click it in its lane); a channel keeps at least one")
        }
        Button {
            objectName: "channelDelete"
            text: qsTr("Delete channel")
            onClicked: section.actionProblem = section.outcome(section.channels.deleteChannel())
        }
    }
    ProblemLine {
        objectName: "channelProblem"
        problem: [valueField.problem, sField.problem, section.actionProblem].find(p => p !== "") ?? ""
    }
}
