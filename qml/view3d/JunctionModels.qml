// Junctions: a yellow ball where the rails meet and a line along the default way (a click turns it,
// as on the plan). The level's view draws the level's; the dragged rail's view those on that rail.
import QtQuick
import QtQuick3D
import RailForge
import RailForge.View3D

Node {
    id: junctionModels
    // The View3DPanel whose layers this follows.
    required property Item panel
    property PointInstances markers: null
    property LineGeometry ways: null
    readonly property bool shown: markers !== null && markers.count > 0 && panel.layerShown("rail")
                                  && panel.layerShown("junction")

    Model {
        objectName: "junctions"
        visible: junctionModels.shown
        source: "#Sphere"
        instancing: junctionModels.markers
        materials: DefaultMaterial { diffuseColor: "#ffffff"; specularAmount: 0 }
    }
    Model {
        objectName: "junctionWays"
        visible: junctionModels.shown
        geometry: junctionModels.ways
        materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; diffuseColor: "#ffd54f" }
    }
}
