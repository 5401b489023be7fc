// The rail being drawn (a square at each point, a dashed line on to the pointer) or the ruler,
// drawn over the scene: the ground it lies on never hides it.
import QtQuick
import QtQuick.Shapes
import RailForge
import RailForge.View3D

Item {
    id: draftOverlay
    objectName: "draftOverlay"
    required property ScenePlacing placer
    required property EditorController editor
    visible: draftOverlay.placer.draftLine.length > 0
    readonly property color colour: draftOverlay.placer.measuring ? "#ffd54f" : "#ffffff"
    readonly property var screenPoints: draftOverlay.placer.draftOnScreen
    Shape {
        anchors.fill: parent
        ShapePath {
            strokeColor: draftOverlay.colour
            strokeWidth: 1.5
            strokeStyle: ShapePath.DashLine
            dashPattern: [4, 3]
            fillColor: "transparent"
            PathPolyline { path: draftOverlay.screenPoints.filter(p => p !== undefined) }
        }
    }
    Repeater {
        model: draftOverlay.placer.draftPointCount
        Rectangle {
            required property int index
            readonly property var at: draftOverlay.screenPoints[index]
            visible: at !== undefined
            x: at !== undefined ? at.x - 4 : 0
            y: at !== undefined ? at.y - 4 : 0
            width: 8
            height: 8
            color: "#4fc3f7"
            border { color: draftOverlay.colour; width: 1 }
        }
    }
}
