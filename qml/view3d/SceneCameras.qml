// A 3D view's two cameras, both following the panel's ViewCamera3D: `current` is the one the view
// projects with. The level's view and the dragged rail's view each hold a pair, so that they draw
// from the very same eye.
import QtQuick
import QtQuick3D
import RailForge.View3D

Node {
    id: cameras
    required property ViewCamera3D source
    readonly property Camera current: source.orthographic ? orthographic : perspective

    PerspectiveCamera {
        id: perspective
        position: cameras.source.position
        rotation: cameras.source.rotation
        fieldOfView: cameras.source.fieldOfView
        clipNear: cameras.source.clipNear
        clipFar: cameras.source.clipFar
    }
    OrthographicCamera {
        id: orthographic
        position: cameras.source.position
        rotation: cameras.source.rotation
        horizontalMagnification: cameras.source.pixelsPerUnit
        verticalMagnification: cameras.source.pixelsPerUnit
        clipNear: cameras.source.clipNear
        clipFar: cameras.source.clipFar
    }
}
