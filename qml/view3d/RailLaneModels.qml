// One lane of rails as the 3D view draws it: their ribbons, the lines of those seen too small for a
// ribbon, their supports by clearance and the control points of the selected ones. The level's view
// draws the chunks' lane; the dragged rail's view draws that rail's (DraggedRailView.qml).
import QtQuick
import QtQuick3D
import RailForge
import RailForge.View3D

Node {
    id: lane
    // The View3DPanel whose layers, ride and track meshes this follows.
    required property Item panel
    // MeshGeometry objects (ribbons, a colour per vertex) and LineGeometry objects (lines, the same).
    property var ribbons: []
    property var lines: []
    // The supports' LineGeometry objects: low, close, clear.
    property var supports: []
    property PointInstances controlPoints: null
    readonly property bool railsShown: panel.layerShown("rail")

    Repeater3D {
        model: lane.ribbons
        delegate: Model {
            required property var modelData
            // The track meshes, when shown, take the ribbons' place.
            visible: lane.railsShown && !lane.panel.tracks.shown
            geometry: modelData
            materials: DefaultMaterial {
                lighting: DefaultMaterial.NoLighting
                vertexColorsEnabled: true
                diffuseColor: "#ffffff"
                cullMode: Material.NoCulling
            }
        }
    }
    Repeater3D {
        model: lane.lines
        delegate: Model {
            required property var modelData
            visible: lane.railsShown
            geometry: modelData
            materials: DefaultMaterial {
                lighting: DefaultMaterial.NoLighting
                vertexColorsEnabled: true
                diffuseColor: "#ffffff"
            }
        }
    }
    // Supports: red where the rail runs lower than the rail clearance (or under the ground), amber
    // up to twice it, grey above (the track meshes, when shown, have supports of their own).
    Repeater3D {
        model: lane.supports.length
        delegate: Model {
            required property int index
            objectName: ["supportsLow", "supportsClose", "supportsClear"][index]
            visible: lane.railsShown && !lane.panel.ride.active && !lane.panel.tracks.shown
            geometry: lane.supports[index]
            materials: DefaultMaterial {
                lighting: DefaultMaterial.NoLighting
                diffuseColor: ["#ff6b6b", "#f5b041", "#3d4654"][index]
            }
        }
    }
    Model {
        objectName: "controlPoints"
        // Not during a ride: nothing in the rider's eye line.
        visible: lane.controlPoints !== null && lane.controlPoints.count > 0 && lane.railsShown
                 && !lane.panel.ride.active
        source: "#Cube"
        instancing: lane.controlPoints
        materials: DefaultMaterial { diffuseColor: "#ffffff"; specularAmount: 0 }
    }
}
