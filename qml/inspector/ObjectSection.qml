// Inspector, one object: its id, and the position of a waypoint or a circle (x, y, height z). A
// refused value stays in its field with the reason in the line under the fields.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

GridLayout {
    id: section

    required property ObjectInspector inspector
    required property int decimals

    // A refusal of the inspector, as the fields show it ("" when it took the value).
    function outcome(ok) { return ok ? "" : section.inspector.lastError }

    columns: 2
    columnSpacing: 12
    rowSpacing: 6

    // Another object (or the same one changed elsewhere): every field shows it afresh.
    Connections {
        target: section.inspector
        function onChanged() {
            for (const f of [idField, xField, yField, zField, radiusField])
                if (!f.activeFocus)
                    f.show()
        }
    }

    FieldLabel { text: qsTr("id") }
    EditField {
        id: idField
        objectName: "inspectorId"
        enabled: section.inspector.kind !== "edge"
        Layout.fillWidth: true
        // Set, not bound: typing must not break what selecting another object shows.
        shownText: () => section.inspector.objectId
        submit: typed => typed === section.inspector.objectId ? "" : section.outcome(section.inspector.setId(typed))
        Component.onCompleted: show()
    }

    FieldLabel { text: "x"; visible: section.inspector.hasPosition }
    NumberField {
        id: xField
        objectName: "inspectorX"
        visible: section.inspector.hasPosition
        value: section.inspector.x
        decimals: section.decimals
        accept: v => section.outcome(section.inspector.setCoordinate(0, v))
    }
    FieldLabel { text: "y"; visible: section.inspector.hasPosition }
    NumberField {
        id: yField
        objectName: "inspectorY"
        visible: section.inspector.hasPosition
        value: section.inspector.y
        decimals: section.decimals
        accept: v => section.outcome(section.inspector.setCoordinate(1, v))
    }
    FieldLabel { text: qsTr("z (height)"); visible: section.inspector.hasHeight }
    NumberField {
        id: zField
        objectName: "inspectorZ"
        visible: section.inspector.hasHeight
        value: section.inspector.z
        decimals: section.decimals
        accept: v => section.outcome(section.inspector.setCoordinate(2, v))
    }
    FieldLabel { text: qsTr("radius"); visible: section.inspector.isCircle }
    NumberField {
        id: radiusField
        objectName: "inspectorRadius"
        visible: section.inspector.isCircle
        value: section.inspector.radius
        decimals: section.decimals
        minimum: 0
        accept: v => section.outcome(section.inspector.setRadius(v))
    }
    ProblemLine {
        objectName: "objectProblem"
        Layout.columnSpan: 2
        problem: [idField, xField, yField, zField, radiusField].map(f => f.problem).find(p => p !== "") ?? ""
    }
}
