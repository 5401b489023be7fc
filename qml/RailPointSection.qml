// Inspector, the active control point of a rail (click its # or the point on the canvas): tilt on
// any rail; on a bezier rail also the handle mode and both handle offsets as exact fields.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

ColumnLayout {
    id: section

    required property ObjectInspector inspector
    required property int decimals

    signal refused(string reason)

    readonly property bool bezier: section.inspector.spline === "bezier"
    readonly property bool hasHandles: bezier && section.inspector.pointMode !== "corner"

    function check(ok) {
        if (!ok && section.inspector.lastError !== "")
            section.refused(section.inspector.lastError)
    }

    spacing: 6

    Label {
        objectName: "railPointTitle"
        text: qsTr("Point %1").arg(section.inspector.railPoint + 1)
        font.bold: true
    }
    GridLayout {
        columns: 4
        columnSpacing: 8
        rowSpacing: 6
        Layout.fillWidth: true

        FieldLabel { text: qsTr("handles"); visible: section.bezier }
        ComboBox {
            objectName: "inspectorHandleMode"
            visible: section.bezier
            model: ["auto", "mirrored", "aligned", "free", "corner"]
            currentIndex: Math.max(0, model.indexOf(section.inspector.pointMode))
            Layout.columnSpan: 3
            Layout.fillWidth: true
            onActivated: {
                section.check(section.inspector.setPointMode(currentText))
                currentIndex = Qt.binding(() => Math.max(0, model.indexOf(section.inspector.pointMode)))
            }
        }
        FieldLabel { text: qsTr("in"); visible: section.hasHandles }
        Repeater {
            model: section.hasHandles ? 3 : 0
            delegate: NumberField {
                required property int index
                objectName: "handleIn" + "xyz"[index]
                value: section.inspector.handleIn[index] ?? 0
                decimals: section.decimals
                onCommitted: v => section.check(section.inspector.setHandle(false, index, v))
            }
        }
        FieldLabel { text: qsTr("out"); visible: section.hasHandles }
        Repeater {
            model: section.hasHandles ? 3 : 0
            delegate: NumberField {
                required property int index
                objectName: "handleOut" + "xyz"[index]
                value: section.inspector.handleOut[index] ?? 0
                decimals: section.decimals
                onCommitted: v => section.check(section.inspector.setHandle(true, index, v))
            }
        }
        FieldLabel { text: qsTr("tilt °") }
        NumberField {
            objectName: "inspectorTilt"
            value: section.inspector.pointTilt
            decimals: 6
            Layout.columnSpan: 3
            onCommitted: v => section.check(section.inspector.setPointTilt(v))
        }
    }
}
