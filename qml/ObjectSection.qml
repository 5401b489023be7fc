// Inspector, one object: its id, and the position of a waypoint or a circle (x, y, height z).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

GridLayout {
    id: section

    required property ObjectInspector inspector
    required property int decimals

    signal refused(string reason)

    columns: 2
    columnSpacing: 12
    rowSpacing: 6

    FieldLabel { text: qsTr("id") }
    TextField {
        id: idField
        objectName: "inspectorId"
        enabled: section.inspector.kind !== "edge"
        selectByMouse: true
        Layout.fillWidth: true
        // Set, not bound: typing must not break what selecting another object shows.
        function show() { text = section.inspector.objectId }
        Component.onCompleted: show()
        Connections {
            target: section.inspector
            function onChanged() { idField.show() }
        }
        onEditingFinished: {
            if (text !== section.inspector.objectId && !section.inspector.setId(text))
                section.refused(section.inspector.lastError)
            show()
        }
    }

    FieldLabel { text: "x"; visible: section.inspector.hasPosition }
    NumberField {
        objectName: "inspectorX"
        visible: section.inspector.hasPosition
        value: section.inspector.x
        decimals: section.decimals
        onCommitted: v => { if (!section.inspector.setCoordinate(0, v)) section.refused(section.inspector.lastError) }
    }
    FieldLabel { text: "y"; visible: section.inspector.hasPosition }
    NumberField {
        objectName: "inspectorY"
        visible: section.inspector.hasPosition
        value: section.inspector.y
        decimals: section.decimals
        onCommitted: v => { if (!section.inspector.setCoordinate(1, v)) section.refused(section.inspector.lastError) }
    }
    FieldLabel { text: qsTr("z (height)"); visible: section.inspector.hasHeight }
    NumberField {
        objectName: "inspectorZ"
        visible: section.inspector.hasHeight
        value: section.inspector.z
        decimals: section.decimals
        onCommitted: v => { if (!section.inspector.setCoordinate(2, v)) section.refused(section.inspector.lastError) }
    }
    FieldLabel { text: qsTr("radius"); visible: section.inspector.isCircle }
    NumberField {
        objectName: "inspectorRadius"
        visible: section.inspector.isCircle
        value: section.inspector.radius
        decimals: section.decimals
        onCommitted: v => { if (!section.inspector.setRadius(v)) section.refused(section.inspector.lastError) }
    }
}
