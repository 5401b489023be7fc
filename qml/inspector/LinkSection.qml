// Inspector, a patrol (mode, stops) or an edge (cost, two-way).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

GridLayout {
    id: section

    required property ObjectInspector inspector
    // Why the patrol's route cannot be built, or "".
    property string routeError: ""

    // The two-way check box's last refusal ("" when none).
    property string twoWayProblem: ""

    columns: 2
    columnSpacing: 12
    rowSpacing: 6

    FieldLabel { text: qsTr("mode"); visible: section.inspector.kind === "patrol" }
    ComboBox {
        objectName: "inspectorMode"
        visible: section.inspector.kind === "patrol"
        model: ["loop", "pingpong", "once"]
        currentIndex: Math.max(0, model.indexOf(section.inspector.mode))
        Layout.fillWidth: true
        onActivated: section.inspector.setMode(currentText)
    }
    FieldLabel { text: qsTr("stops"); visible: section.inspector.kind === "patrol" }
    Label {
        visible: section.inspector.kind === "patrol"
        text: section.inspector.stops.join(" → ")
        color: Theme.text
        wrapMode: Text.Wrap
        Layout.fillWidth: true
    }
    FieldLabel { text: qsTr("route"); visible: section.inspector.kind === "patrol" && section.routeError !== "" }
    Label {
        objectName: "inspectorRouteError"
        visible: section.inspector.kind === "patrol" && section.routeError !== ""
        text: "⚠ " + section.routeError
        color: Theme.error
        wrapMode: Text.Wrap
        Layout.fillWidth: true
    }

    FieldLabel { text: qsTr("cost"); visible: section.inspector.kind === "edge" }
    EditField {
        id: costField
        objectName: "inspectorCost"
        visible: section.inspector.kind === "edge"
        placeholderText: qsTr("length")
        Layout.fillWidth: true
        function shown() { return section.inspector.hasCost ? String(section.inspector.cost) : "" }
        shownText: () => shown()
        submit: typed => typed === shown() || section.inspector.setCost(typed) ? "" : section.inspector.lastError
        Component.onCompleted: show()
        Connections {
            target: section.inspector
            function onChanged() {
                section.twoWayProblem = ""
                if (!costField.activeFocus)
                    costField.show()
            }
        }
    }
    FieldLabel { text: qsTr("two-way"); visible: section.inspector.kind === "edge" }
    CheckBox {
        objectName: "inspectorTwoWay"
        visible: section.inspector.kind === "edge"
        checked: section.inspector.bidirectional
        onToggled: {
            const why = section.inspector.setBidirectional(checked) ? "" : section.inspector.lastError
            checked = Qt.binding(() => section.inspector.bidirectional)
            section.twoWayProblem = why
        }
    }
    ProblemLine {
        objectName: "linkProblem"
        visible: section.inspector.kind === "edge"
        Layout.columnSpan: 2
        problem: costField.problem !== "" ? costField.problem : section.twoWayProblem
    }
}
