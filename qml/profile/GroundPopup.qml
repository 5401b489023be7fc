// Ground… on the profile strip (docs/ui.md "Fit heights"): Drape sets the selected rails' points onto
// the ground plus a clearance (the clearances snapping uses too); Fit heights sets their heights to
// the lowest profile that keeps the clearance over the surface under the rail and the headroom under
// any over it, within a grade and, at a design speed, a range of vertical force. Each option says
// what it controls beside it; a stretch that cannot pass under a surface is named here.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Popup {
    id: popup
    objectName: "profileGroundPopup"

    required property EditorController editor
    property string problem: ""
    // The headroom typed (NaN: the rail clearance + 1, as the CLI's default).
    property real typedHeadroom: NaN

    padding: 10
    // Kept inside the window: under a short profile the popup is taller than the room below it.
    margins: 8
    onOpened: problem = ""

    ColumnLayout {
        spacing: 6
        GridLayout {
            columns: 2
            columnSpacing: 10
            rowSpacing: 6
            FieldLabel { text: qsTr("rail clearance") }
            NumberField {
                objectName: "railClearance"; value: popup.editor.grounding.railClearance; decimals: 2
                accept: v => { popup.editor.grounding.railClearance = v; return "" }
            }
            FieldLabel { text: qsTr("waypoint clearance") }
            NumberField {
                objectName: "waypointClearance"; value: popup.editor.grounding.waypointClearance; decimals: 2
                accept: v => { popup.editor.grounding.waypointClearance = v; return "" }
            }
            CheckBox {
                id: follow
                objectName: "drapeFollow"
                text: qsTr("follow the ground between points, within")
                checked: true
            }
            NumberField {
                id: tolerance
                objectName: "drapeTolerance"; value: 0.25; decimals: 2; minimum: 0.001; maximum: 1000
                enabled: follow.checked
                accept: v => { value = v; return "" }
            }
        }
        Button {
            objectName: "drapeApply"
            text: qsTr("Drape")
            Layout.alignment: Qt.AlignRight
            onClicked: {
                if (popup.editor.grounding.drapeSelectedRails(popup.editor.grounding.railClearance, follow.checked ? tolerance.value : 0))
                    popup.close()
                else
                    popup.problem = popup.editor.grounding.lastError()
            }
        }
        // Fit heights: the lowest profile among the surfaces at the rail clearance within a grade.
        Rectangle { Layout.fillWidth: true; implicitHeight: 1; color: Theme.border }
        // Why the last Drape or Fit could not be made, or where a fit could not pass: above the
        // fields, where the popup never runs out of the window.
        ProblemLine {
            objectName: "groundProblem"
            problem: popup.problem
            visible: popup.problem !== ""
            Layout.maximumWidth: 560
        }
        GridLayout {
            columns: 3
            columnSpacing: 10
            rowSpacing: 6
            Layout.fillWidth: true
            FieldLabel { text: qsTr("headroom") }
            NumberField {
                id: fitHeadroom
                objectName: "fitHeadroom"; decimals: 2; minimum: 0; maximum: 1e6
                value: isNaN(popup.typedHeadroom) ? popup.editor.grounding.railClearance + 1 : popup.typedHeadroom
                Layout.preferredWidth: 104
                accept: v => { popup.typedHeadroom = v; return "" }
            }
            Hint { text: qsTr("least room under a deck or roof over the rail") }
            FieldLabel { text: qsTr("max grade °") }
            NumberField {
                id: fitGrade
                objectName: "fitGrade"; value: 6; decimals: 2; minimum: 0.01; maximum: 89
                Layout.preferredWidth: 104
                accept: v => { value = v; return "" }
            }
            Hint { text: qsTr("steepest climb or drop") }
            FieldLabel { text: qsTr("design speed m/s") }
            NumberField {
                id: fitSpeed
                objectName: "fitSpeed"; value: 0; decimals: 1; minimum: 0; maximum: 1e4
                Layout.preferredWidth: 104
                accept: v => { value = v; return "" }
            }
            Hint { text: qsTr("forces kept at this speed (0: the rail's speed channel, or none)") }
            FieldLabel { text: qsTr("vertical g") }
            RowLayout {
                spacing: 4
                NumberField {
                    id: fitMinG
                    objectName: "fitMinG"; value: -0.5; decimals: 2; minimum: -100; maximum: 100
                    Layout.preferredWidth: 50
                    accept: v => { value = v; return "" }
                }
                NumberField {
                    id: fitMaxG
                    objectName: "fitMaxG"; value: 3.5; decimals: 2; minimum: -100; maximum: 100
                    Layout.preferredWidth: 50
                    accept: v => { value = v; return "" }
                }
            }
            Hint { text: qsTr("least on a crest, most in a valley") }
            FieldLabel { text: qsTr("tolerance") }
            NumberField {
                id: fitTolerance
                objectName: "fitTolerance"; value: 0.25; decimals: 2; minimum: 0.001; maximum: 1000
                Layout.preferredWidth: 104
                accept: v => { value = v; return "" }
            }
            Hint { text: qsTr("how closely it follows: larger gives fewer points") }
            CheckBox {
                id: fitKeepEnds
                objectName: "fitKeepEnds"
                text: qsTr("keep the ends' heights")
                Layout.columnSpan: 3
            }
        }
        Button {
            objectName: "fitApply"
            text: qsTr("Fit heights")
            Layout.alignment: Qt.AlignRight
            ToolTip.visible: hovered
            ToolTip.delay: 600
            ToolTip.text: qsTr("The lowest heights that keep the rail clearance above the surface under it, the headroom under any over it (over or under a deck as drawn), the grade and the forces; the rail becomes a Bezier rail")
            onClicked: {
                const ok = popup.editor.grounding.fitSelectedRails(popup.editor.grounding.railClearance, fitGrade.value,
                                                                   fitTolerance.value, fitKeepEnds.checked,
                                                                   fitHeadroom.value, fitSpeed.value, fitMinG.value,
                                                                   fitMaxG.value)
                popup.problem = popup.editor.grounding.lastError()
                if (ok && popup.problem === "")
                    popup.close()
            }
        }
    }

    // A line of explanation beside a field, in the muted colour.
    component Hint: Label {
        color: Theme.textDim
        font.pixelSize: 11
        Layout.maximumWidth: 330
        wrapMode: Text.WordWrap
    }
}
