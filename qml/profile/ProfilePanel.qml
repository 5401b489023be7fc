// The profile panel under the canvas (docs/ui.md "Profile"): the selected rail's or patrol's heights
// along its length, coloured by pitch, with the tilt and forces lanes for rails. Its strip holds the
// vertical exaggeration, the rider's speed for the forces, the pitch bands and ride limits, Bank for
// speed, the ride physics (RidePopup) and draping and fitting to the ground (GroundPopup).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Rectangle {
    id: panel

    required property EditorController editor
    readonly property alias view: profile
    readonly property bool isRail: editor.profileKey.startsWith("rail:")
    // The first refusal of a field in the strip or its popups ("" when none).
    property string problem: ""

    color: Theme.panel

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        Rectangle {
            Layout.fillWidth: true
            implicitHeight: Theme.headerHeight + 4
            color: Theme.panelHeader
            RowLayout {
                anchors.fill: parent
                anchors.leftMargin: 10
                anchors.rightMargin: 6
                spacing: 8
                // The title, or why a typed setting was refused; elided first when the strip is narrow.
                Label {
                    text: panel.problem !== "" ? panel.problem
                        : panel.editor.profileKey === "" ? qsTr("Profile") : qsTr("Profile: %1").arg(panel.editor.profileKey)
                    color: panel.problem !== "" ? Theme.error : Theme.text
                    font.bold: panel.problem === ""
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                    Layout.minimumWidth: 20
                }
                ComboBox {
                    id: exaggeration
                    objectName: "profileExaggeration"
                    // [label, factor]: 0 fits the heights to the lane.
                    readonly property var choices: [["1×", 1], ["2×", 2], ["5×", 5], ["10×", 10], [qsTr("fit"), 0]]
                    model: choices.map(c => c[0])
                    currentIndex: 4
                    implicitWidth: 70
                    onActivated: index => profile.exaggeration = choices[index][1]
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Heights drawn this many times steeper than the length (vertical exaggeration), or fitted")
                }
                NumberField {
                    objectName: "profileSpeed"
                    visible: panel.isRail
                    value: profile.speed
                    decimals: 2
                    minimum: 0
                    maximum: 1000
                    Layout.fillWidth: false
                    Layout.preferredWidth: 56
                    Layout.minimumWidth: 48
                    enabled: !profile.hasSpeedChannel
                    accept: v => { profile.speed = v; return "" }
                    ToolTip.text: problem !== "" ? problem
                        : profile.hasSpeedChannel ? qsTr("The forces lane reads the rail's speed channel")
                        : qsTr("The rider's speed for the forces lane")
                    onProblemChanged: panel.problem = problem
                }
                Label { text: qsTr("m/s"); color: Theme.textDim; visible: panel.isRail }
                Button {
                    objectName: "profileLimits"
                    text: qsTr("Limits…")
                    onClicked: limits.open()
                }
                Button {
                    objectName: "profileBank"
                    text: qsTr("Bank…")
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Bank for speed: tilt each point so a rider at a speed feels no sideways force")
                    visible: panel.isRail
                    onClicked: bank.open()
                }
                Button {
                    objectName: "profileRide"
                    text: qsTr("Ride…")
                    visible: panel.isRail
                    onClicked: ride.open()
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Ride physics: the speed a coasting rider has, where it stalls; Bake speed")
                }
                Button {
                    objectName: "profileAddChannel"
                    text: qsTr("Channel…")
                    visible: panel.isRail
                    onClicked: channelPopup.open()
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Add a channel: data along the rail (speed, width, events…) in a lane of its own")
                }
                Button {
                    objectName: "profileGround"
                    text: qsTr("Ground…")
                    visible: panel.isRail && panel.editor.ground.hasGround
                    onClicked: groundPopup.open()
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Drape the rail on the ground or fit its heights to a grade; clearances for snapping to the ground")
                }
                ToolButton {
                    objectName: "profileFit"
                    text: qsTr("Fit")
                    onClicked: profile.fitLength()
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Show the whole length (or double-click the profile)")
                }
            }
        }

        ProfileView {
            id: profile
            objectName: "profileView"
            controller: panel.editor
            Layout.fillWidth: true
            Layout.fillHeight: true
        }
    }

    // Pitch bands and ride limits, kept while the editor runs.
    Popup {
        id: limits
        objectName: "profileLimitsPopup"
        x: panel.width - width - 8
        y: Theme.headerHeight + 6
        padding: 10
        GridLayout {
            columns: 2
            columnSpacing: 10
            rowSpacing: 6
            FieldLabel { text: qsTr("pitch green below °") }
            NumberField {
                objectName: "profileGentle"; value: profile.gentlePitch; decimals: 1; minimum: 0; maximum: 90
                accept: v => v > profile.steepPitch ? qsTr("green must end at or below amber (%1°)").arg(profile.steepPitch)
                                                   : (profile.gentlePitch = v, "")
            }
            FieldLabel { text: qsTr("amber up to °, red above") }
            NumberField {
                objectName: "profileSteep"; value: profile.steepPitch; decimals: 1; minimum: 0; maximum: 90
                accept: v => v < profile.gentlePitch ? qsTr("amber must end at or above green (%1°)").arg(profile.gentlePitch)
                                                    : (profile.steepPitch = v, "")
            }
            FieldLabel { text: qsTr("lateral |g| at most") }
            NumberField {
                objectName: "profileLateral"; value: profile.lateralLimit; decimals: 2; minimum: 0.01; maximum: 100
                accept: v => { profile.lateralLimit = v; return "" }
            }
            FieldLabel { text: qsTr("vertical g at least") }
            NumberField {
                objectName: "profileVerticalMin"; value: profile.verticalMin; decimals: 2; minimum: -100; maximum: 100
                accept: v => v >= profile.verticalMax ? qsTr("must be below the most (%1)").arg(profile.verticalMax)
                                                      : (profile.verticalMin = v, "")
            }
            FieldLabel { text: qsTr("vertical g at most") }
            NumberField {
                objectName: "profileVerticalMax"; value: profile.verticalMax; decimals: 2; minimum: -100; maximum: 100
                accept: v => v <= profile.verticalMin ? qsTr("must be above the least (%1)").arg(profile.verticalMin)
                                                      : (profile.verticalMax = v, "")
            }
        }
    }

    // Bank for speed: each point's tilt so that a rider at the speed feels no lateral force.
    Popup {
        id: bank
        objectName: "profileBankPopup"
        x: panel.width - width - 8
        y: Theme.headerHeight + 6
        padding: 10
        property string problem: ""
        property string note: ""
        onOpened: {
            bankSpeed.value = profile.speed
            problem = ""
            note = ""
            bankByChannel.checked = profile.hasSpeedChannel
        }
        ColumnLayout {
            spacing: 6
            GridLayout {
                columns: 2
                columnSpacing: 10
                rowSpacing: 6
                FieldLabel { text: qsTr("speed m/s") }
                NumberField {
                    id: bankSpeed
                    objectName: "bankSpeed"; decimals: 2; minimum: 0; maximum: 1000
                    enabled: !bankByChannel.checked
                    accept: v => { value = v; return "" }
                }
                FieldLabel { text: qsTr("largest bank °") }
                NumberField {
                    id: bankMax
                    objectName: "bankMax"; value: 90; decimals: 1; minimum: 0.1; maximum: 180
                    accept: v => { value = v; return "" }
                }
                // How fast the rail may roll: neighbouring points' tilts are held within it, so no
                // point flips; where the speed's bank turns faster, the note below says where.
                FieldLabel { text: qsTr("roll rate °/m at most") }
                NumberField {
                    id: bankRollRate
                    objectName: "bankRollRate"; value: 10; decimals: 1; minimum: 0.1; maximum: 1000
                    accept: v => { value = v; return "" }
                }
            }
            // A rail with a speed channel banks for the speed it gives at each point; unticked, the
            // typed speed overrides it.
            CheckBox {
                id: bankByChannel
                objectName: "bankByChannel"
                visible: profile.hasSpeedChannel
                text: qsTr("at the rail's speed channel")
            }
            CheckBox {
                id: bankPointOnly
                objectName: "bankPointOnly"
                text: qsTr("only the active point")
                enabled: panel.editor.selection.railPoint >= 0
            }
            ProblemLine { problem: bank.problem }
            // Banked, but held short of the speed's bank somewhere to keep the roll rate: a warning.
            Label {
                objectName: "bankNote"
                visible: text !== ""
                text: bank.note
                color: Theme.warning
                font.pixelSize: 11
                wrapMode: Text.WordWrap
                Layout.maximumWidth: 460
            }
            Button {
                objectName: "bankApply"
                text: qsTr("Bank")
                Layout.alignment: Qt.AlignRight
                onClicked: {
                    const pointOnly = bankPointOnly.checked && bankPointOnly.enabled
                    const byChannel = bankByChannel.checked && bankByChannel.visible
                    const rail = panel.editor.rail
                    if (byChannel ? rail.bankForSpeedChannel(bankMax.value, bankRollRate.value, pointOnly)
                                  : rail.bankForSpeed(bankSpeed.value, bankMax.value, bankRollRate.value, pointOnly)) {
                        if (!byChannel)
                            profile.speed = bankSpeed.value
                        // Banked; where the roll rate held it short, the popup stays to say where.
                        if (rail.bankNote === "")
                            bank.close()
                        else
                            bank.note = rail.bankNote
                    } else {
                        bank.problem = panel.editor.rail.lastError
                    }
                }
            }
        }
    }

    RidePopup {
        id: ride
        editor: panel.editor
        profile: profile
        x: panel.width - width - 8
        y: Theme.headerHeight + 6
    }

    // A new channel on the profiled rail: a name and a type; its first key sits at the first point.
    Popup {
        id: channelPopup
        objectName: "profileChannelPopup"
        x: panel.width - width - 8
        y: Theme.headerHeight + 6
        padding: 10
        property string problem: ""
        onOpened: { problem = ""; channelName.text = ""; channelType.currentIndex = 0; channelName.forceActiveFocus() }
        function add() {
            if (!panel.editor.selection.selectKey(panel.editor.profileKey))
                return
            if (panel.editor.channels.addChannel(channelName.text, channelType.currentText))
                close()
            else
                problem = panel.editor.channels.lastError
        }
        ColumnLayout {
            spacing: 6
            GridLayout {
                columns: 2
                columnSpacing: 10
                rowSpacing: 6
                FieldLabel { text: qsTr("name") }
                TextField {
                    id: channelName
                    objectName: "channelName"
                    placeholderText: qsTr("speed, width, sounds…")
                    Layout.preferredWidth: 160
                    onAccepted: channelPopup.add()
                    // The type the name implies ("speed": float, "sounds": event), never the last one used.
                    onTextEdited: channelType.currentIndex = channelType.find(panel.editor.channels.proposedType(text))
                }
                FieldLabel { text: qsTr("type") }
                ComboBox {
                    id: channelType
                    objectName: "channelTypeChoice"
                    model: panel.editor.channels.types
                    Layout.fillWidth: true
                }
            }
            Label {
                text: qsTr("\"speed\" (m/s) drives the forces, ▶ Play and the ride;\n\"width\" is drawn as a band on the plan.")
                color: Theme.textDim
                font.pixelSize: 11
            }
            ProblemLine { problem: channelPopup.problem }
            Button {
                objectName: "channelAdd"
                text: qsTr("Add channel")
                Layout.alignment: Qt.AlignRight
                onClicked: channelPopup.add()
            }
        }
    }

    GroundPopup {
        id: groundPopup
        editor: panel.editor
        x: panel.width - width - 8
        y: Theme.headerHeight + 6
    }
}
