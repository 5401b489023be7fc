// Inspector, a rail: spline type (bezier conversions keep the shape; a change that does not says
// so first), alpha, closed, every control point (x, y, height) exactly, the active point's handles
// and tilt (click a point's # to make it active), and last its track (what the engine is shown:
// TrackSection).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

ColumnLayout {
    id: section
    objectName: "railSection"

    required property RailInspector inspector
    required property TrackInspector track
    required property int decimals

    // The confirmation before a change of spline that alters the curve (tests reach it here).
    property alias splineDialog: splineDialog

    // The last refusal of a rail point's field, and of the closed check box ("" when none).
    property string pointProblem: ""
    property string closedProblem: ""

    spacing: 6

    // Refusals were about the rail that was selected then.
    property string problemsOf: ""
    Connections {
        target: section.inspector
        function onChanged() {
            if (section.inspector.key === section.problemsOf)
                return
            section.problemsOf = section.inspector.key
            section.pointProblem = ""
            section.closedProblem = ""
        }
    }

    GridLayout {
        columns: 2
        columnSpacing: 12
        rowSpacing: 6
        Layout.fillWidth: true

        FieldLabel { text: qsTr("spline") }
        ComboBox {
            objectName: "inspectorSpline"
            model: ["catmull-rom", "linear", "bezier"]
            currentIndex: Math.max(0, model.indexOf(section.inspector.spline))
            Layout.fillWidth: true
            onActivated: {
                const warning = section.inspector.splineChangeWarning(currentText)
                if (warning === "")
                    section.inspector.setSpline(currentText)
                else
                    splineDialog.ask(currentText, warning)
                currentIndex = Qt.binding(() => Math.max(0, model.indexOf(section.inspector.spline)))
            }
        }
        FieldLabel { text: qsTr("frame") }
        ComboBox {
            objectName: "inspectorFrame"
            model: ["upright", "minimal-twist"]
            currentIndex: Math.max(0, model.indexOf(section.inspector.frame))
            Layout.fillWidth: true
            ToolTip.visible: hovered
            ToolTip.text: qsTr("upright: tilt 0 is level however the rail climbs and turns; minimal-twist: for loops and corkscrews")
            onActivated: {
                section.inspector.setFrame(currentText)
                currentIndex = Qt.binding(() => Math.max(0, model.indexOf(section.inspector.frame)))
            }
        }
        FieldLabel { text: qsTr("alpha"); visible: alphaBox.visible }
        ComboBox {
            id: alphaBox
            objectName: "inspectorAlpha"
            visible: section.inspector.spline !== "linear"
            textRole: "label"
            valueRole: "alpha"
            model: [
                { label: qsTr("0 — uniform"), alpha: 0 },
                { label: qsTr("0.5 — centripetal"), alpha: 0.5 },
                { label: qsTr("1 — chordal"), alpha: 1 }
            ]
            currentIndex: section.inspector.alpha === 0 ? 0 : (section.inspector.alpha === 1 ? 2 : 1)
            Layout.fillWidth: true
            onActivated: section.inspector.setAlpha(currentValue)
        }
        FieldLabel { text: qsTr("closed") }
        CheckBox {
            objectName: "inspectorClosed"
            checked: section.inspector.closed
            enabled: section.inspector.canClose || section.inspector.closed
            ToolTip.visible: hovered && !enabled
            ToolTip.text: qsTr("a closed rail needs at least 3 points")
            onToggled: {
                section.closedProblem = section.inspector.setClosed(checked) ? "" : section.inspector.lastError
                checked = Qt.binding(() => section.inspector.closed)
            }
        }
    }

    // The active point first: on a long rail its row may be far down the list.
    RailPointSection {
        visible: section.inspector.railPoint >= 0
        inspector: section.inspector
        decimals: section.decimals
        Layout.fillWidth: true
        Layout.bottomMargin: 6
    }

    // The header's columns are sized as the fields under them (same preferred and minimum widths).
    RowLayout {
        objectName: "railPointHeader"
        Layout.fillWidth: true
        Label { text: "#"; color: Theme.textDim; Layout.preferredWidth: 20 }
        Repeater {
            model: ["x", "y", qsTr("height")]
            delegate: Label {
                required property string modelData
                objectName: "header_" + modelData
                text: modelData
                color: Theme.textDim
                horizontalAlignment: Text.AlignHCenter
                Layout.fillWidth: true
                Layout.minimumWidth: 64
                Layout.preferredWidth: 64
            }
        }
    }
    // A long rail (an imported path of thousands of points) lists a window of its points around the
    // active one: thousands of rows of fields would hold up the editor on every selection.
    // The points' coordinates, taken from the inspector once per change: each row's field reading the
    // list itself turned it into a script array 300 times an edit on a 100-point rail (a millisecond
    // or more of every drag step, and the garbage collector's pauses).
    readonly property var xs: section.inspector.pointXs
    readonly property var ys: section.inspector.pointYs
    readonly property var zs: section.inspector.pointZs
    readonly property int pointCount: section.xs.length
    readonly property int shownRows: Math.min(pointCount, 100)
    readonly property int firstShown: pointCount <= shownRows ? 0
        : Math.max(0, Math.min(section.inspector.railPoint - shownRows / 2, pointCount - shownRows))
    Label {
        objectName: "railPointWindow"
        visible: section.pointCount > section.shownRows
        text: qsTr("points %1–%2 of %3; click a point on the plan or the profile to list its neighbours")
              .arg(section.firstShown + 1).arg(section.firstShown + section.shownRows).arg(section.pointCount)
        color: Theme.textDim
        wrapMode: Text.Wrap
        Layout.fillWidth: true
    }
    Repeater {
        model: section.shownRows
        delegate: RowLayout {
            id: pointRow
            required property int index
            readonly property int point: section.firstShown + index
            objectName: "railPoint_" + point
            Layout.fillWidth: true
            Label {
                objectName: "pointNumber"
                text: pointRow.point + 1
                color: section.inspector.railPoint === pointRow.point ? Theme.accent : Theme.textDim
                font.bold: section.inspector.railPoint === pointRow.point
                Layout.preferredWidth: 20
                MouseArea {
                    anchors.fill: parent
                    cursorShape: Qt.PointingHandCursor
                    onClicked: section.inspector.selectPoint(pointRow.point)
                }
            }
            NumberField {
                objectName: "px"
                value: section.xs[pointRow.point] ?? 0
                decimals: section.decimals
                Layout.preferredWidth: 64
                accept: v => section.inspector.setRailPoint(pointRow.point, 0, v) ? "" : section.inspector.lastError
                onProblemChanged: section.pointProblem = problem
            }
            NumberField {
                objectName: "py"
                value: section.ys[pointRow.point] ?? 0
                decimals: section.decimals
                Layout.preferredWidth: 64
                accept: v => section.inspector.setRailPoint(pointRow.point, 1, v) ? "" : section.inspector.lastError
                onProblemChanged: section.pointProblem = problem
            }
            NumberField {
                objectName: "pz"
                value: section.zs[pointRow.point] ?? 0
                decimals: section.decimals
                Layout.preferredWidth: 64
                accept: v => section.inspector.setRailPoint(pointRow.point, 2, v) ? "" : section.inspector.lastError
                onProblemChanged: section.pointProblem = problem
            }
        }
    }

    ProblemLine {
        objectName: "railPointsProblem"
        problem: section.pointProblem !== "" ? section.pointProblem : section.closedProblem
    }

    SplineChangeDialog {
        id: splineDialog
        onConfirmed: spline => section.inspector.setSpline(spline)
    }

    // Last: set once for a rail, it leaves the points and the active point where a designer works.
    TrackSection {
        inspector: section.track
        decimals: section.decimals
        Layout.fillWidth: true
    }
}
