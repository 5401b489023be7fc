// The rails being dragged (LevelScene3D.draggedKeys), drawn in a view of its own over the level's
// picture: while it moves only this view draws again, and the level's view keeps its picture (a
// software renderer redraws a big level slower than a hand moves a point). The rail is drawn over
// everything, as a selection outline would be, until it goes back into the level shortly after the
// drag.
import QtQuick
import QtQuick3D
import RailForge
import RailForge.View3D

View3D {
    id: draggedView
    objectName: "draggedRailView"
    required property Item panel
    readonly property LevelScene3D scene: panel.scene
    visible: scene.draggedKeys.length > 0
    smooth: false
    camera: cameras.current
    environment: SceneEnvironment {
        backgroundMode: SceneEnvironment.Transparent
        antialiasingMode: SceneEnvironment.NoAA
    }
    SceneCameras { id: cameras; source: draggedView.panel.camera }
    SceneLights {}
    RailLaneModels {
        panel: draggedView.panel
        ribbons: [draggedView.scene.draggedRibbon]
        lines: [draggedView.scene.draggedLine]
        supports: [panel.supports.draggedLow, panel.supports.draggedClose, panel.supports.draggedClear]
        controlPoints: draggedView.scene.draggedControlPoints
    }
    JunctionModels {
        panel: draggedView.panel
        markers: draggedView.scene.draggedJunctions
        ways: draggedView.scene.draggedJunctionWays
    }
}
