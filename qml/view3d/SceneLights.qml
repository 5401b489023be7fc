// The 3D view's light: from above (a DirectionalLight's default direction is -z, straight down in
// the level), a little from the south-west; a dim fill from the other side so nothing is black.
import QtQuick
import QtQuick3D

Node {
    DirectionalLight {
        eulerRotation: Qt.vector3d(35, 0, -30)
        brightness: 0.8
        ambientColor: Qt.rgba(0.2, 0.2, 0.22, 1)
    }
    DirectionalLight {
        eulerRotation: Qt.vector3d(-40, 0, 150)
        brightness: 0.3
    }
}
