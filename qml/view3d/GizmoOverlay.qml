// The active point's gizmo: its Bezier handles (orange, as on the plan) and the tilt ring with a
// dot where its up is; the tilt and bank while the ring is dragged.
import QtQuick
import QtQuick.Controls
import QtQuick.Shapes
import RailForge
import RailForge.View3D

Item {
    id: gizmoOverlay
    objectName: "gizmoOverlay"
    required property PointGizmo gizmo
    required property EditorController editor
    visible: gizmo.shown
    Shape {
        anchors.fill: parent
        ShapePath {
            strokeColor: "#c0ffd54f"
            strokeWidth: gizmo.held === "tilt" ? 2.5 : 1.5
            fillColor: "transparent"
            PathPolyline { path: gizmo.ring }
        }
        ShapePath {
            strokeColor: "#ffb74d"
            strokeWidth: 1.5
            fillColor: "transparent"
            PathPolyline { path: gizmo.handleIn !== undefined ? [gizmo.handleIn, gizmo.point] : [] }
        }
        ShapePath {
            strokeColor: "#ffb74d"
            strokeWidth: 1.5
            fillColor: "transparent"
            PathPolyline { path: gizmo.handleOut !== undefined ? [gizmo.point, gizmo.handleOut] : [] }
        }
    }
    // The move gizmo: an arrow along each axis (x red, y green, z blue).
    Repeater {
        model: gizmo.arrows.length
        Shape {
            id: arrow
            required property int index
            readonly property var tip: gizmo.arrows[index]
            anchors.fill: parent
            visible: tip !== undefined && gizmo.point !== undefined
            ShapePath {
                strokeColor: ["#e05d5d", "#5dbb63", "#4f8fe0"][arrow.index]
                strokeWidth: gizmo.held === "axis" ? 3 : 2
                fillColor: "transparent"
                PathPolyline { path: arrow.visible ? [gizmo.point, arrow.tip] : [] }
            }
        }
    }
    Repeater {
        model: gizmo.arrows.length
        Rectangle {
            required property int index
            readonly property var tip: gizmo.arrows[index]
            objectName: "arrow" + "xyz"[index]
            visible: tip !== undefined
            x: visible ? tip.x - 4 : 0
            y: visible ? tip.y - 4 : 0
            width: 8
            height: 8
            rotation: 45
            color: ["#e05d5d", "#5dbb63", "#4f8fe0"][index]
        }
    }
    Repeater {
        model: [gizmo.handleIn, gizmo.handleOut, gizmo.up]
        Rectangle {
            required property var modelData
            required property int index
            visible: modelData !== undefined
            x: visible ? modelData.x - width / 2 : 0
            y: visible ? modelData.y - height / 2 : 0
            width: 10
            height: 10
            radius: 5
            color: index === 2 ? "#ffd54f" : "#ffb74d"
            border { color: "#1d1f23"; width: 1 }
        }
    }
    Label {
        objectName: "tiltReadout"
        visible: gizmo.held === "tilt" && gizmo.point !== undefined
        x: visible ? gizmo.point.x + 56 : 0
        y: visible ? gizmo.point.y - 8 : 0
        text: gizmoOverlay.editor ? qsTr("tilt %1°  bank %2°").arg(gizmoOverlay.editor.rail.pointTilt.toFixed(1))
                                                     .arg(gizmoOverlay.editor.rail.pointBank.toFixed(1)) : ""
        color: "#ffd54f"
        font.pixelSize: 12
        background: Rectangle { color: "#e6141518"; radius: 3 }
        padding: 4
    }
}
