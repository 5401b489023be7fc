// The world axes as the 3D view's camera sees them (x red, y green, z blue, z up), in a corner.
// Clicking an axis looks along it: X from the side, Y from the front, Z from the top (orthographic);
// the middle goes back to perspective.
import QtQuick
import QtQuick.Controls
import RailForge.View3D

Item {
    id: gizmo

    property ViewCamera3D camera: null
    readonly property real reach: 26

    width: 72
    height: 72

    readonly property var axes: camera ? [
        { name: "X", colour: "#e25b5b", at: camera.axisX, view: "side" },
        { name: "Y", colour: "#6fcf6f", at: camera.axisY, view: "front" },
        { name: "Z", colour: "#5b9be2", at: camera.axisZ, view: "top" }
    ] : []

    Rectangle {
        anchors.fill: parent
        radius: width / 2
        color: "#14151899"
    }
    Canvas {
        id: lines
        anchors.fill: parent
        onPaint: {
            const ctx = getContext("2d")
            ctx.reset()
            ctx.lineWidth = 2
            for (const a of gizmo.axes) {
                ctx.strokeStyle = a.colour
                ctx.beginPath()
                ctx.moveTo(width / 2, height / 2)
                ctx.lineTo(width / 2 + a.at.x * gizmo.reach, height / 2 + a.at.y * gizmo.reach)
                ctx.stroke()
            }
        }
        Connections {
            target: gizmo.camera
            function onChanged() { lines.requestPaint() }
        }
    }
    Repeater {
        model: gizmo.axes
        delegate: Rectangle {
            required property var modelData
            objectName: "axis" + modelData.name
            width: 16
            height: 16
            radius: 8
            color: modelData.colour
            x: gizmo.width / 2 + modelData.at.x * gizmo.reach - width / 2
            y: gizmo.height / 2 + modelData.at.y * gizmo.reach - height / 2
            Text {
                anchors.centerIn: parent
                text: parent.modelData.name
                font.pixelSize: 10
                font.bold: true
                color: "#101114"
            }
            MouseArea {
                anchors.fill: parent
                onClicked: gizmo.camera.viewFrom(parent.modelData.view)
            }
        }
    }
    MouseArea {
        anchors.centerIn: parent
        width: 14
        height: 14
        onClicked: gizmo.camera.viewFrom("perspective")
    }
}
