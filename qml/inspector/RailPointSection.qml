// Inspector, the active control point of a rail (click its # or the point on the canvas): tilt on
// any rail; on a bezier rail also the handle mode and both handle offsets as exact fields.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

ColumnLayout {
    id: section

    required property RailInspector inspector
    required property int decimals

    readonly property bool bezier: section.inspector.spline === "bezier"
    readonly property bool hasHandles: bezier && section.inspector.pointMode !== "corner"

    // A refusal of the inspector, as the fields show it ("" when it took the value).
    function outcome(ok) { return ok ? "" : section.inspector.lastError }
    // What the combo box's refusal said ("" when none).
    property string modeProblem: ""

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
                section.modeProblem = section.outcome(section.inspector.setPointMode(currentText))
                currentIndex = Qt.binding(() => Math.max(0, model.indexOf(section.inspector.pointMode)))
            }
        }
        FieldLabel { text: qsTr("in"); visible: section.hasHandles }
        Repeater {
            id: handleIns
            model: section.hasHandles ? 3 : 0
            delegate: NumberField {
                required property int index
                objectName: "handleIn" + "xyz"[index]
                value: section.inspector.handleIn[index] ?? 0
                decimals: section.decimals
                accept: v => section.outcome(section.inspector.setHandle(false, index, v))
            }
        }
        FieldLabel { text: qsTr("out"); visible: section.hasHandles }
        Repeater {
            id: handleOuts
            model: section.hasHandles ? 3 : 0
            delegate: NumberField {
                required property int index
                objectName: "handleOut" + "xyz"[index]
                value: section.inspector.handleOut[index] ?? 0
                decimals: section.decimals
                accept: v => section.outcome(section.inspector.setHandle(true, index, v))
            }
        }
        FieldLabel { text: qsTr("tilt °") }
        NumberField {
            id: tiltField
            objectName: "inspectorTilt"
            value: section.inspector.pointTilt
            decimals: 6
            minimum: -36000
            maximum: 36000
            Layout.columnSpan: 2
            accept: v => section.outcome(section.inspector.setPointTilt(v))
        }
        // What the rider feels: the roll from upright (equal to the tilt on an upright rail).
        Label {
            objectName: "inspectorBank"
            text: qsTr("bank %1°").arg(Number(section.inspector.pointBank).toFixed(1))
            color: Theme.textDim
            ToolTip.visible: bankHover.hovered
            ToolTip.text: qsTr("The up vector's roll from upright at this point, in degrees")
            HoverHandler { id: bankHover }
        }
    }
    ProblemLine {
        objectName: "railPointProblem"
        problem: {
            const fields = [tiltField]
            for (let i = 0; i < handleIns.count; ++i)
                fields.push(handleIns.itemAt(i), handleOuts.itemAt(i))
            const refused = fields.filter(f => f !== null).map(f => f.problem).find(p => p !== "")
            return refused ?? section.modeProblem
        }
    }
}
