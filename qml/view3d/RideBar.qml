// The ride's controls under the 3D view: ride / play / pause, the scrub bar along s, the speed and
// the eye height. Space in the 3D view does what the ride button does; Esc gets off.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge
import RailForge.View3D

Rectangle {
    id: bar

    property RideSession ride: null
    property string rideableKey: ""
    // Whether the track meshes are shown (the Track button's state; the panel owns it).
    property bool tracksShown: false
    signal rideRequested()
    signal tracksToggled()

    implicitHeight: 34
    color: Theme.panelHeader

    RowLayout {
        anchors.fill: parent
        anchors.leftMargin: 6
        anchors.rightMargin: 6
        spacing: 6

        Button {
            objectName: "trackMeshesButton"
            text: qsTr("Track")
            checkable: true
            checked: bar.tracksShown
            focusPolicy: Qt.NoFocus
            onClicked: bar.tracksToggled()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Show the track meshes the engine gets: sections, ties, supports (T)")
        }
        Button {
            objectName: "rideButton"
            text: !bar.ride.active ? qsTr("Ride ▶") : bar.ride.playing ? "❚❚" : "▶"
            enabled: bar.ride.active || bar.rideableKey !== ""
            focusPolicy: Qt.NoFocus
            onClicked: bar.rideRequested()
            ToolTip.visible: hovered
            ToolTip.text: bar.ride.active ? qsTr("Play or pause the ride (Space)") : qsTr("Ride the selected rail (Space)")
        }
        Slider {
            id: scrub
            objectName: "rideScrub"
            Layout.fillWidth: true
            Layout.minimumWidth: 60
            enabled: bar.ride.active
            from: 0
            to: Math.max(bar.ride.length, 1e-6)
            value: bar.ride.s
            focusPolicy: Qt.NoFocus
            onMoved: bar.ride.s = value
        }
        Label {
            objectName: "rideReadout"
            visible: bar.ride.active
            text: bar.ride.s.toFixed(1)
            color: Theme.textDim
            ToolTip.visible: readoutHover.hovered
            ToolTip.text: qsTr("s %1 of %2").arg(bar.ride.s.toFixed(2)).arg(bar.ride.length.toFixed(2))
            HoverHandler { id: readoutHover }
        }
        FieldLabel { text: qsTr("m/s") }
        // The rail's speed channel, when it has one, sets the speed (read-only here).
        Label {
            objectName: "rideChannelSpeed"
            visible: bar.ride.speedFromChannel
            text: bar.ride.currentSpeed.toFixed(1)
            color: Theme.text
            ToolTip.visible: channelHover.hovered
            ToolTip.text: qsTr("From the rail's speed channel")
            HoverHandler { id: channelHover }
        }
        NumberField {
            objectName: "rideSpeed"
            visible: !bar.ride.speedFromChannel
            value: bar.ride.speed
            decimals: 2
            minimum: -1000
            maximum: 1000
            Layout.preferredWidth: 48
            accept: v => (bar.ride.speed = v, "")
        }
        FieldLabel { text: qsTr("eye") }
        NumberField {
            objectName: "rideEye"
            value: bar.ride.eyeHeight
            decimals: 2
            minimum: -100
            maximum: 100
            Layout.preferredWidth: 40
            accept: v => (bar.ride.eyeHeight = v, "")
        }
        Button {
            objectName: "rideStop"
            text: "✕"
            visible: bar.ride.active
            focusPolicy: Qt.NoFocus
            onClicked: bar.ride.stop()
            Layout.preferredWidth: 28
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Get off (Esc)")
        }
    }
}
