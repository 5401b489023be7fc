// Ride physics for the profiled rail (docs/ui.md "Profile", docs/design.md "Ride physics"): a rider
// coasting from a start speed with rolling friction and air drag. While it is on, the forces lane
// reads the simulated speed and the profile marks where the rider stalls; Bake speed writes that
// speed into the rail's `speed` channel (one undo step).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Popup {
    id: popup
    objectName: "ridePopup"

    required property EditorController editor
    required property ProfileView profile
    property string problem: ""

    padding: 10
    // Opening it is asking to see the ride: the forces follow the simulation until it is unticked.
    onOpened: { problem = ""; profile.physics = true }

    ColumnLayout {
        spacing: 6
        CheckBox {
            objectName: "ridePhysics"
            text: qsTr("forces at the simulated speed")
            checked: popup.profile.physics
            onToggled: popup.profile.physics = checked
        }
        GridLayout {
            columns: 2
            columnSpacing: 10
            rowSpacing: 6
            FieldLabel { text: qsTr("start speed m/s") }
            NumberField {
                objectName: "rideV0"; value: popup.profile.rideV0; decimals: 2; minimum: 0; maximum: 1000
                accept: v => { popup.profile.rideV0 = v; return "" }
            }
            FieldLabel { text: qsTr("rolling friction μ") }
            NumberField {
                objectName: "rideFriction"; value: popup.profile.rideFriction; decimals: 3; minimum: 0; maximum: 10
                accept: v => { popup.profile.rideFriction = v; return "" }
            }
            FieldLabel { text: qsTr("air drag per m") }
            NumberField {
                objectName: "rideDrag"; value: popup.profile.rideDrag; decimals: 4; minimum: 0; maximum: 10
                accept: v => { popup.profile.rideDrag = v; return "" }
            }
        }
        Label {
            objectName: "rideOutcome"
            visible: popup.profile.physics
            text: popup.profile.stallText !== "" ? qsTr("The rider %1").arg(popup.profile.stallText)
                                                 : qsTr("The rider reaches the end")
            color: popup.profile.stallText !== "" ? Theme.error : Theme.textDim
        }
        Label {
            text: qsTr("A bool \"lift\" channel pulls at 3 m/s; a \"brake\" event trims to 5 (\"brake 4\": to 4).")
            color: Theme.textDim
            font.pixelSize: 11
        }
        ProblemLine { problem: popup.problem }
        Button {
            objectName: "rideBake"
            text: qsTr("Bake speed")
            Layout.alignment: Qt.AlignRight
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Write the simulated speed into the rail's speed channel, a key at every point")
            onClicked: {
                if (popup.editor.channels.bakeSpeed(popup.editor.profileKey, popup.profile.rideV0,
                                                    popup.profile.rideFriction, popup.profile.rideDrag))
                    popup.problem = ""
                else
                    popup.problem = popup.editor.channels.lastError
            }
        }
    }
}
