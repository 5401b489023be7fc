// The 3D view (docs/ui.md "3D view"): the whole level in Qt Quick 3D beside the plan. Drag to orbit,
// Ctrl+drag or the middle button to pan, Shift+drag a rubber band, the wheel zooms at the cursor,
// W A S D Q E fly, F frames the selection, Home the level, 7 1 3 look from the top, front and side
// (orthographic), 5 goes back to perspective. A click selects what the plan would select there (RailForge's own pick, shared
// selection); the ride bar rides the selected rail with the exported frames.
import QtQuick
import QtQuick.Controls
import QtQuick.Shapes
import QtQuick3D
import RailForge
import RailForge.View3D

Rectangle {
    id: panel

    property EditorController editor: null
    readonly property alias scene: scene
    readonly property alias camera: camera
    readonly property alias ride: ride
    readonly property alias view: view
    // The designer moved the camera: a level that grows no longer reframes it.
    property bool userMoved: false

    color: "#1d1f23"
    activeFocusOnTab: true

    LevelScene3D {
        id: scene
        controller: panel.editor
        camera: camera
        plainKey: ride.active ? ride.key : ""
        onBoundsChanged: if (!panel.userMoved) panel.frameAll()
    }
    // A press on a control point or a waypoint grabs it; the drag moves it (Ctrl or Z: vertically).
    SceneDrag {
        id: sceneDrag
        objectName: "sceneDrag"
        scene: scene
    }
    readonly property alias drag: sceneDrag
    // The probe tool's click in 3D: where it landed, for the plan's probe (Main.qml connects it).
    signal probeRequested(real x, real y)
    // With Draw rail, Add waypoint, Measure distance or the probe active, a click lands on the
    // surface under it.
    ScenePlacing {
        id: placer
        objectName: "scenePlacing"
        scene: scene
        camera: camera
        onProbeRequested: (x, y) => panel.probeRequested(x, y)
    }
    readonly property alias placer: placer
    // The active point's Bezier handles and tilt ring, dragged before anything else under them.
    PointGizmo {
        id: gizmo
        objectName: "pointGizmo"
        editor: panel.editor
        camera: camera
        enabled: !ride.active && !placer.placing
    }
    readonly property alias gizmo: gizmo
    // Supports from the rails down to the ground, coloured by clearance (none without ground).
    SceneSupports {
        id: supports
        editor: panel.editor
        live: scene.live
    }
    readonly property alias supports: supports
    // Z held while the 3D view has the keyboard: a drag goes along the vertical.
    property bool zHeld: false
    function dragsVertically(mouse) { return (mouse.modifiers & Qt.ControlModifier) !== 0 || zHeld }
    ViewCamera3D {
        id: camera
        viewportWidth: view.width
        viewportHeight: view.height
        sceneRadius: scene.radius
        // Until the designer moves it, the camera keeps the whole level in view as the panel resizes.
        onViewportChanged: if (!panel.userMoved) panel.frameAll()
    }
    RideSession {
        id: ride
        scene: scene
        camera: camera
    }
    Connections {
        target: panel.editor ? panel.editor.files : null
        function onFilePathChanged() { panel.userMoved = false; panel.frameAll() }
    }
    Component.onCompleted: frameAll()
    // Hidden (F3), the panel is kept for the next time: a ride ends with it.
    onVisibleChanged: if (!visible && ride.active) ride.stop()

    function frameAll() {
        camera.frame(scene.centre, scene.radius)
    }
    function frameSelection() {
        const bounds = scene.selectionBounds()
        if (bounds.valid)
            camera.frame(bounds.centre, bounds.radius)
        else
            frameAll()
        userMoved = true
    }
    // What the ride takes: the profiled rail or patrol (the selected one, or the rail of the active point).
    readonly property string rideableKey: panel.editor ? panel.editor.profileKey : ""
    function toggleRide() {
        if (ride.active)
            ride.playing = !ride.playing
        else if (rideableKey !== "" && ride.start(rideableKey, 0))
            ride.playing = true
        else
            panel.editor.showStatus(qsTr("Select a rail or a patrol with a path to ride it"))
    }

    View3D {
        id: view
        objectName: "view3d"
        anchors { left: parent.left; right: parent.right; top: parent.top; bottom: rideBar.top }
        camera: camera.orthographic ? orthographicCamera : perspectiveCamera
        environment: SceneEnvironment {
            backgroundMode: SceneEnvironment.Color
            // A sky a little bluer than the floor.
            clearColor: "#22303d"
            antialiasingMode: SceneEnvironment.NoAA
        }

        PerspectiveCamera {
            id: perspectiveCamera
            position: camera.position
            rotation: camera.rotation
            fieldOfView: camera.fieldOfView
            clipNear: camera.clipNear
            clipFar: camera.clipFar
        }
        OrthographicCamera {
            id: orthographicCamera
            position: camera.position
            rotation: camera.rotation
            horizontalMagnification: camera.pixelsPerUnit
            verticalMagnification: camera.pixelsPerUnit
            clipNear: camera.clipNear
            clipFar: camera.clipFar
        }
        // Light from above (its default direction is -z, straight down in the level), a little from
        // the south-west; a dim fill from the other side so nothing is black.
        DirectionalLight {
            eulerRotation: Qt.vector3d(35, 0, -30)
            brightness: 0.8
            ambientColor: Qt.rgba(0.2, 0.2, 0.22, 1)
        }
        DirectionalLight {
            eulerRotation: Qt.vector3d(-40, 0, 150)
            brightness: 0.3
        }

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
        // The rails' ribbons, a few dozen of them to a model (their colours, lit, are per vertex).
        Repeater3D {
            model: scene.railChunks
            delegate: Model {
                required property var modelData
                visible: panel.layerShown("rail")
                geometry: modelData
                materials: DefaultMaterial {
                    lighting: DefaultMaterial.NoLighting
                    vertexColorsEnabled: true
                    diffuseColor: "#ffffff"
                    cullMode: Material.NoCulling
                }
            }
        }
        // The rails seen too small for a ribbon, as lines in the same colours.
        Repeater3D {
            model: scene.railLineChunks
            delegate: Model {
                required property var modelData
                visible: panel.layerShown("rail")
                geometry: modelData
                materials: DefaultMaterial {
                    lighting: DefaultMaterial.NoLighting
                    vertexColorsEnabled: true
                    diffuseColor: "#ffffff"
                }
            }
        }
        // Supports: red where the rail runs lower than the rail clearance (or under the ground), amber
        // up to twice it, grey above.
        Model {
            objectName: "supportsLow"
            visible: supports.lowCount > 0 && panel.layerShown("rail") && !ride.active
            geometry: supports.low
            materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; diffuseColor: "#ff6b6b" }
        }
        Model {
            objectName: "supportsClose"
            visible: supports.closeCount > 0 && panel.layerShown("rail") && !ride.active
            geometry: supports.close
            materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; diffuseColor: "#f5b041" }
        }
        Model {
            objectName: "supportsClear"
            visible: supports.clearCount > 0 && panel.layerShown("rail") && !ride.active
            geometry: supports.clear
            materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; diffuseColor: "#3d4654" }
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
        Model {
            objectName: "controlPoints"
            // Not during a ride: nothing in the rider's eye line.
            visible: scene.controlPoints.count > 0 && panel.layerShown("rail") && !ride.active
            source: "#Cube"
            instancing: scene.controlPoints
            materials: DefaultMaterial { diffuseColor: "#ffffff"; specularAmount: 0 }
        }
        // Junctions: a yellow ball where the rails meet and a line along the default way (a click
        // turns it, as on the plan).
        Model {
            objectName: "junctions"
            visible: scene.junctions.count > 0 && panel.layerShown("rail") && panel.layerShown("junction")
            source: "#Sphere"
            instancing: scene.junctions
            materials: DefaultMaterial { diffuseColor: "#ffffff"; specularAmount: 0 }
        }
        Model {
            objectName: "junctionWays"
            visible: scene.junctions.count > 0 && panel.layerShown("rail") && panel.layerShown("junction")
            geometry: scene.junctionWays
            materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting; diffuseColor: "#ffd54f" }
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

    function layerShown(kind) {
        return panel.editor !== null && panel.editor.layers.revision >= 0 && panel.editor.layers.isVisible(kind)
    }

    MouseArea {
        id: input
        objectName: "view3dInput"
        anchors.fill: view
        acceptedButtons: Qt.LeftButton | Qt.MiddleButton | Qt.RightButton
        hoverEnabled: true
        property point last
        property point pressedAt
        property bool dragged: false
        property bool afterDoubleClick: false // the release that ends a double-click is not a click
        // Shift+drag draws a rubber band: what it takes is added to the selection.
        property bool banding: false
        property bool panning: false
        property point bandFrom
        property point bandTo
        cursorShape: placer.placing ? Qt.CrossCursor : Qt.ArrowCursor

        onPressed: mouse => {
            panel.forceActiveFocus()
            last = Qt.point(mouse.x, mouse.y)
            pressedAt = last
            dragged = false
            banding = mouse.button === Qt.LeftButton && (mouse.modifiers & Qt.ShiftModifier) !== 0
                      && !placer.placing && !ride.active
            bandFrom = bandTo = last
            // A drag begun with Ctrl away from any point pans (decided at the press, as the band is).
            panning = (mouse.modifiers & Qt.ControlModifier) !== 0
            // A point grabbed here keeps the camera still while the level's bounds change under the drag.
            if (mouse.button === Qt.LeftButton && !(mouse.modifiers & Qt.ShiftModifier) && !ride.active
                    && !placer.placing && (gizmo.begin(mouse.x, mouse.y, panel.dragsVertically(mouse))
                                           || sceneDrag.begin(camera, mouse.x, mouse.y, panel.dragsVertically(mouse))))
                panel.userMoved = true
        }
        onPositionChanged: mouse => {
            if (!pressed) {
                scene.hoverAt(camera, mouse.x, mouse.y)
                placer.hover(camera, mouse.x, mouse.y)
                return
            }
            if (!dragged && Math.abs(mouse.x - pressedAt.x) + Math.abs(mouse.y - pressedAt.y) < 4)
                return
            dragged = true
            if (gizmo.held !== "") {
                gizmo.moveTo(mouse.x, mouse.y, panel.dragsVertically(mouse), (mouse.modifiers & Qt.AltModifier) !== 0)
                return
            }
            if (sceneDrag.active) {
                sceneDrag.moveTo(camera, mouse.x, mouse.y, panel.dragsVertically(mouse))
                return
            }
            if (banding) {
                bandTo = Qt.point(mouse.x, mouse.y)
                return
            }
            const dx = mouse.x - last.x, dy = mouse.y - last.y
            last = Qt.point(mouse.x, mouse.y)
            if ((mouse.buttons & Qt.MiddleButton) || panning)
                camera.pan(dx, dy)
            else
                camera.orbit(dx, dy)
            panel.userMoved = true
        }
        onReleased: mouse => {
            // A press without a drag selected the point it grabbed, as a click does; a junction
            // pressed without a drag gets the click (it selects it, or turns the selected one's default way).
            if (gizmo.held !== "") {
                gizmo.end()
                return
            }
            const held = sceneDrag.active && !sceneDrag.key.startsWith("junction:")
            sceneDrag.end((mouse.modifiers & Qt.AltModifier) !== 0) // over another rail, an end joins it
            const doubleClick = afterDoubleClick
            afterDoubleClick = false
            const band = banding
            banding = false
            if (band && dragged) {
                scene.selectInBand(camera, bandFrom.x, bandFrom.y, mouse.x, mouse.y, true)
                return
            }
            if (placer.placing && !dragged && mouse.button === Qt.LeftButton && !ride.active) {
                panel.userMoved = true // an edit made here keeps the camera where the designer looks
                if (!doubleClick)
                    placer.click(camera, mouse.x, mouse.y)
                return
            }
            if (!held && !dragged && mouse.button === Qt.LeftButton)
                scene.clickAt(camera, mouse.x, mouse.y, (mouse.modifiers & Qt.ShiftModifier) !== 0)
            // A right-click on a control point deletes it, as on the plan (a right drag orbits).
            if (!dragged && mouse.button === Qt.RightButton && !ride.active) {
                panel.userMoved = true // an edit made here keeps the camera where the designer looks
                sceneDrag.removeAt(camera, mouse.x, mouse.y)
            }
        }
        // A double-click on a rail inserts a control point there, as on the plan.
        onDoubleClicked: mouse => {
            if (mouse.button !== Qt.LeftButton || ride.active)
                return
            panel.userMoved = true // an edit made here keeps the camera where the designer looks
            if (placer.placing) {
                afterDoubleClick = true
                placer.finish() // the first click of the two placed the last point
            } else {
                sceneDrag.insertAt(camera, mouse.x, mouse.y)
            }
        }
        onWheel: wheel => {
            camera.zoomAt(wheel.x, wheel.y, wheel.angleDelta.y / 120)
            panel.userMoved = true
        }
        onExited: scene.clearHover()
        onCanceled: { sceneDrag.end(); gizmo.end(); banding = false }
    }

    // The active point's gizmo: its Bezier handles (orange, as on the plan) and the tilt ring with a
    // dot where its up is; the tilt and bank while the ring is dragged.
    Item {
        id: gizmoOverlay
        objectName: "gizmoOverlay"
        anchors.fill: view
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
            text: panel.editor ? qsTr("tilt %1°  bank %2°").arg(panel.editor.rail.pointTilt.toFixed(1))
                                                         .arg(panel.editor.rail.pointBank.toFixed(1)) : ""
            color: "#ffd54f"
            font.pixelSize: 12
            background: Rectangle { color: "#e6141518"; radius: 3 }
            padding: 4
        }
    }

    // Where a dragged rail end joins another rail if let go: a ring on it (as on the plan).
    Rectangle {
        objectName: "joinRing"
        visible: sceneDrag.joinAt !== undefined
        x: visible ? sceneDrag.joinAt.x - 10 : 0
        y: visible ? sceneDrag.joinAt.y - 10 : 0
        width: 20
        height: 20
        radius: 10
        color: "transparent"
        border { color: "#ffd54f"; width: 2 }
    }

    Rectangle {
        objectName: "rubberBand"
        visible: input.banding && input.dragged
        x: Math.min(input.bandFrom.x, input.bandTo.x)
        y: Math.min(input.bandFrom.y, input.bandTo.y)
        width: Math.abs(input.bandTo.x - input.bandFrom.x)
        height: Math.abs(input.bandTo.y - input.bandFrom.y)
        color: "#284fc3f7"
        border { color: "#4fc3f7"; width: 1 }
    }

    // The rail being drawn (a square at each point, a dashed line on to the pointer) or the ruler,
    // drawn over the scene: the ground it lies on never hides it.
    Item {
        id: draftOverlay
        objectName: "draftOverlay"
        anchors.fill: view
        visible: placer.draftLine.length > 0
        readonly property color colour: panel.editor && panel.editor.tool === EditorController.Ruler ? "#ffd54f" : "#ffffff"
        readonly property var screenPoints: placer.draftOnScreen
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
            model: placer.draftPointCount
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

    // The ruler's read-out beside the middle of its line (it follows the camera).
    Label {
        objectName: "rulerReadout"
        readonly property var at: placer.readout === "" ? undefined
            : camera.position !== undefined && camera.viewportWidth > 0 // follows the camera
              ? camera.project(placer.readoutAt.x, placer.readoutAt.y, placer.readoutAt.z) : undefined
        visible: at !== undefined
        x: at !== undefined ? at.x + 10 : 0
        y: at !== undefined ? at.y + 6 : 0
        text: placer.readout
        color: "#ffd54f"
        font.pixelSize: 12
        background: Rectangle { color: "#e6141518"; radius: 3 }
        padding: 4
    }

    AxisGizmo {
        anchors { right: parent.right; top: parent.top; margins: 8 }
        camera: camera
    }

    Label {
        anchors { left: parent.left; top: parent.top; margins: 8 }
        text: ride.active ? qsTr("Riding %1").arg(ride.key.substring(ride.key.indexOf(":") + 1))
                          : camera.orthographic ? qsTr("Orthographic") : qsTr("Perspective")
        color: Theme.textDim
        font.pixelSize: 11
    }

    RideBar {
        id: rideBar
        anchors { left: parent.left; right: parent.right; bottom: parent.bottom }
        ride: ride
        rideableKey: panel.rideableKey
        onRideRequested: panel.toggleRide()
    }

    // Keys of the 3D view while it has the keyboard (they win over the plan's one-key shortcuts).
    readonly property var flyKeys: ({ [Qt.Key_W]: [1, 0, 0], [Qt.Key_S]: [-1, 0, 0], [Qt.Key_D]: [0, 1, 0],
                                      [Qt.Key_A]: [0, -1, 0], [Qt.Key_E]: [0, 0, 1], [Qt.Key_Q]: [0, 0, -1] })
    property var held: ({})
    function ownsKey(event) {
        if (event.modifiers & (Qt.ControlModifier | Qt.AltModifier | Qt.MetaModifier))
            return false
        return flyKeys[event.key] !== undefined || event.key === Qt.Key_F || event.key === Qt.Key_Home
            || event.key === Qt.Key_1 || event.key === Qt.Key_3 || event.key === Qt.Key_5 || event.key === Qt.Key_7
            || event.key === Qt.Key_Space || (event.key === Qt.Key_Escape && (ride.active || placer.draftPointCount > 0))
            || ((event.key === Qt.Key_Return || event.key === Qt.Key_Enter) && placer.draftPointCount > 0)
            || event.key === Qt.Key_Z
    }
    Keys.onShortcutOverride: event => { event.accepted = panel.ownsKey(event) }
    Keys.onPressed: event => {
        if (event.key === Qt.Key_Z && !(event.modifiers & Qt.ControlModifier)) {
            panel.zHeld = true
            event.accepted = true
            return
        }
        if (!panel.ownsKey(event))
            return
        event.accepted = true
        if (flyKeys[event.key] !== undefined) {
            const next = Object.assign({}, held)
            next[event.key] = true
            held = next
            flyClock.restart()
            return
        }
        switch (event.key) {
        case Qt.Key_F: panel.frameSelection(); break
        case Qt.Key_Home: panel.userMoved = false; panel.frameAll(); break
        case Qt.Key_7: camera.viewFrom("top"); break
        case Qt.Key_1: camera.viewFrom("front"); break
        case Qt.Key_3: camera.viewFrom("side"); break
        case Qt.Key_5: camera.viewFrom("perspective"); break
        case Qt.Key_Space: panel.toggleRide(); break
        case Qt.Key_Escape: if (ride.active) ride.stop(); else placer.cancel(); break
        case Qt.Key_Return:
        case Qt.Key_Enter: placer.finish(); break
        }
    }
    Keys.onReleased: event => {
        if (event.key === Qt.Key_Z && !event.isAutoRepeat)
            panel.zHeld = false
        if (event.isAutoRepeat || flyKeys[event.key] === undefined)
            return
        const next = Object.assign({}, held)
        delete next[event.key]
        held = next
    }
    onActiveFocusChanged: if (!activeFocus) { held = ({}); zHeld = false }
    Timer {
        id: flyClock
        interval: 16
        repeat: true
        running: Object.keys(panel.held).length > 0
        onTriggered: {
            let f = 0, r = 0, u = 0
            for (const key in panel.held) {
                const d = panel.flyKeys[key]
                f += d[0]; r += d[1]; u += d[2]
            }
            const step = Math.max(0.5, scene.radius * 0.6) * interval / 1000
            camera.fly(f * step, r * step, u * step)
            panel.userMoved = true
        }
    }
}
