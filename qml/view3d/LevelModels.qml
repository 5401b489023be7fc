// The level's models in the 3D view (View3DPanel's scene): the floor and grid, the ground meshes and
// images, edges and patrol paths, the rails (ribbons and far lines, a chunk to a model), their
// supports, the waypoints (markers near, dots far), control points, junctions and the obstacles'
// prisms. Everything it draws comes from the panel's LevelScene3D; layers hide what the designer hid.
import QtQuick
import QtQuick3D
import RailForge
import RailForge.View3D

Node {
    id: models
    // The View3DPanel whose scene, supports and ride this draws.
    required property Item panel
    readonly property LevelScene3D scene: panel.scene
    readonly property SceneSupports supports: panel.supports
    readonly property RideSession ride: panel.ride
    readonly property SceneTracks tracks: panel.tracks

    // The floor: a dark plane under the grid, so the horizon shows from a rider's eye.
    Model {
        source: "#Rectangle"
        position: Qt.vector3d(scene.centre.x, scene.centre.y, scene.floor - 0.02)
        scale: Qt.vector3d(scene.radius * 0.5, scene.radius * 0.5, 1)
        materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; diffuseColor: "#16181b" }
    }
    Model {
        objectName: "grid"
        geometry: scene.grid
        materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; diffuseColor: "#33373f" }
    }
    // Meshes and heightmaps: the ground olive, the rest (buildings traced around) grey.
    Repeater3D {
        model: scene.grounds
        delegate: Model {
            required property var modelData
            geometry: modelData.geometry
            // Its reference's colour, or the image draped over it in the image's own colours.
            materials: PrincipledMaterial {
                baseColor: modelData.texture.toString() !== "" ? "#ffffff" : modelData.color
                baseColorMap: modelData.texture.toString() !== "" ? drapeTexture : null
                roughness: 1.0
                metalness: 0.0
            }
            Texture {
                id: drapeTexture
                source: modelData.texture
                tilingModeHorizontal: Texture.ClampToEdge
                tilingModeVertical: Texture.ClampToEdge
            }
        }
    }
    Repeater3D {
        model: scene.images
        delegate: Model {
            required property var modelData
            visible: !modelData.draped // one draped over the ground is drawn there
            source: "#Rectangle"
            position: Qt.vector3d(modelData.x, modelData.y, modelData.z)
            scale: Qt.vector3d(modelData.width / 100, modelData.height / 100, 1)
            materials: DefaultMaterial {
                lighting: DefaultMaterial.NoLighting
                cullMode: Material.NoCulling
                opacity: modelData.opacity
                diffuseMap: Texture { source: modelData.url }
            }
        }
    }
    // The shown agent's walkable ground: a translucent skin over it, its edges outlined.
    Model {
        objectName: "navmeshSurface"
        visible: panel.navmesh.shown
        geometry: panel.navmesh.surface
        materials: DefaultMaterial {
            lighting: DefaultMaterial.NoLighting
            cullMode: Material.NoCulling
            diffuseColor: "#3da5ff"
            opacity: 0.35
        }
    }
    Model {
        objectName: "navmeshOutline"
        visible: panel.navmesh.shown
        geometry: panel.navmesh.outline
        materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; diffuseColor: "#5cb8ff" }
    }
    Model {
        objectName: "edges"
        visible: scene.hasEdges && panel.layerShown("edge")
        geometry: scene.edges
        materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; diffuseColor: "#8c96a8" }
    }
    Model {
        visible: scene.hasPatrolPaths && panel.layerShown("patrol")
        geometry: scene.patrolPaths
        materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; diffuseColor: "#b388ff" }
    }
    // The rails: ribbons a few dozen to a model (their colours, lit, are per vertex), lines where
    // seen too small, supports and control points; the dragged rail is drawn by DraggedRailView.
    RailLaneModels {
        panel: models.panel
        ribbons: scene.railChunks
        lines: scene.railLineChunks
        supports: [models.supports.low, models.supports.close, models.supports.clear]
        controlPoints: scene.controlPoints
    }
    // The track meshes the engine gets: each rail's section, its ties and its supports.
    Model {
        objectName: "trackMeshes"
        visible: tracks.shown && tracks.triangleCount > 0 && panel.layerShown("rail")
        geometry: tracks.meshes
        materials: DefaultMaterial {
            lighting: DefaultMaterial.NoLighting
            vertexColorsEnabled: true
            diffuseColor: "#ffffff"
            cullMode: Material.NoCulling
        }
    }
    Model {
        objectName: "waypoints"
        visible: scene.waypoints.count > 0 && panel.layerShown("waypoint")
        geometry: scene.marker
        instancing: scene.waypoints
        materials: DefaultMaterial { diffuseColor: "#ffffff"; specularAmount: 0 }
    }
    // Waypoints seen too small for their marker: dots of about the same size and colour.
    Repeater3D {
        model: scene.waypointDots
        delegate: Model {
            required property var modelData
            visible: modelData.geometry.count > 0 && panel.layerShown("waypoint")
            geometry: modelData.geometry
            materials: DefaultMaterial {
                lighting: DefaultMaterial.NoLighting
                vertexColorsEnabled: true
                diffuseColor: "#ffffff"
                pointSize: modelData.pixels
            }
        }
    }
    JunctionModels {
        panel: models.panel
        markers: scene.junctions
        ways: scene.junctionWays
    }
    Model {
        objectName: "obstacles"
        visible: scene.hasObstacles && panel.layerShown("obstacle")
        geometry: scene.obstacles
        materials: PrincipledMaterial {
            baseColor: "#e04f4f"
            opacity: 0.35
            alphaMode: PrincipledMaterial.Blend
            cullMode: Material.NoCulling
            depthDrawMode: Material.NeverDepthDraw
        }
    }
}
