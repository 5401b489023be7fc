// The 3D view (docs/ui.md "3D view"): the whole level in Qt Quick 3D beside the plan. Drag to orbit,
// Ctrl+drag or the middle button to pan, Shift+drag a rubber band, the wheel zooms at the cursor,
// W A S D Q E fly, F frames the selection, Home the level, 7 1 3 look from the top, front and side
// (orthographic), 5 goes back to perspective. A click selects what the plan would select there
// (RailForge's own pick, shared selection); the ride bar rides the selected rail with the exported
// frames. The models are in LevelModels.qml, the mouse in View3DInput.qml, the overlays drawn over
// the scene in GizmoOverlay.qml and DraftOverlay.qml.
import QtQuick
import QtQuick.Controls
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

    // No fill of its own: the view paints its whole area and the ride bar its strip (a fill
    // under them would be one more full-size pass for a software renderer on every frame).
    color: "transparent"
    activeFocusOnTab: true

    LevelScene3D {
        id: scene
        controller: panel.editor
        camera: camera
        plainKey: ride.active ? ride.key : ""
        onBoundsChanged: if (!panel.userMoved) panel.frameAll()
    }
    // The probe tool's click in 3D: where it landed, for the plan's probe (Main.qml connects it).
    signal probeRequested(real x, real y)
    // The active tool's mouse in 3D: with Select a press on a control point, a waypoint, a rail or a
    // junction grabs it and the drag moves it (Ctrl or Z: vertically); with Draw rail, Add waypoint,
    // Measure distance or the probe a click lands on the surface under it.
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
        draggedKeys: scene.draggedKeys
    }
    readonly property alias supports: supports
    // The track meshes the engine gets (File > Export meshes), shown with the Track button or T.
    property bool tracksShown: false
    SceneTracks {
        id: tracks
        editor: panel.editor
        live: scene.live
        shown: panel.tracksShown
    }
    readonly property alias tracks: tracks
    // The shown agent's navigation mesh (View > Navigation mesh, Shift+N).
    SceneNavMesh {
        id: navmesh
        editor: panel.editor
        live: scene.live
    }
    readonly property alias navmesh: navmesh
    // Z held while the 3D view has the keyboard: a drag goes along the vertical.
    property bool zHeld: false
    // Where a click under the pointer would land ({x, y, z}; undefined off the view or where nothing
    // is under it): the status bar reads it, so a click's landing is seen before clicking.
    property var pointerLanding: undefined
    // Shift and Ctrl as the keyboard has them now (pressed during a drag, after the press chose it):
    // on the tilt ring Shift turns finely and Ctrl snaps to 5° steps.
    property bool shiftHeld: false
    property bool ctrlHeld: false
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
        smooth: false
        anchors { left: parent.left; right: parent.right; top: parent.top; bottom: rideBar.top }
        camera: cameras.current
        environment: SceneEnvironment {
            backgroundMode: SceneEnvironment.Color
            // A sky a little bluer than the floor.
            clearColor: "#22303d"
            antialiasingMode: SceneEnvironment.NoAA
        }
        SceneCameras { id: cameras; source: camera }
        SceneLights {}

        // The level itself: floor, grid, ground, images, edges, rails, supports, markers, prisms.
        LevelModels { panel: panel }
    }

    // The rail being dragged, drawn over the level's picture, which stays as it was while it moves.
    DraggedRailView {
        anchors.fill: view
        panel: panel
    }

    function layerShown(kind) {
        return panel.editor !== null && panel.editor.layers.revision >= 0 && panel.editor.layers.isVisible(kind)
    }

    View3DInput {
        id: input
        anchors.fill: view
        panel: panel
    }
    GizmoOverlay {
        anchors.fill: view
        gizmo: gizmo
        editor: panel.editor
    }

    // Where a dragged rail end joins another rail if let go: a ring on it (as on the plan).
    Rectangle {
        objectName: "joinRing"
        visible: placer.joinAt !== undefined
        x: visible ? placer.joinAt.x - 10 : 0
        y: visible ? placer.joinAt.y - 10 : 0
        width: 20
        height: 20
        radius: 10
        color: "transparent"
        border { color: "#ffd54f"; width: 2 }
    }

    Rectangle {
        objectName: "rubberBand"
        visible: placer.band !== undefined
        x: visible ? placer.band.x : 0
        y: visible ? placer.band.y : 0
        width: visible ? placer.band.width : 0
        height: visible ? placer.band.height : 0
        color: "#284fc3f7"
        border { color: "#4fc3f7"; width: 1 }
    }

    DraftOverlay {
        anchors.fill: view
        placer: placer
        editor: panel.editor
    }

    // The ruler's read-out beside the middle of its line (it follows the camera).
    Label {
        objectName: "rulerReadout"
        readonly property var at: placer.readout === "" ? undefined
            : camera.position !== undefined && camera.viewportWidth > 0 // follows the camera
              ? camera.project(placer.readoutAt.x, placer.readoutAt.y, placer.readoutAt.z) : undefined
        visible: at !== undefined
        // Kept whole inside the view: beside the line's middle, or against the edge it would cross.
        x: at !== undefined ? Math.max(4, Math.min(at.x + 10, view.width - width - 4)) : 0
        y: at !== undefined ? Math.max(4, Math.min(at.y + 6, view.height - height - 4)) : 0
        text: placer.readout
        // Wrapped where the view is narrower than the read-out.
        width: Math.min(implicitWidth, view.width - 8)
        wrapMode: Text.WordWrap
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
        tracksShown: panel.tracksShown
        onTracksToggled: panel.tracksShown = !panel.tracksShown
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
            || event.key === Qt.Key_Space || (event.key === Qt.Key_Escape && (ride.active || placer.draftPointCount > 0 || input.holding))
            || ((event.key === Qt.Key_Return || event.key === Qt.Key_Enter) && placer.draftPointCount > 0)
            || event.key === Qt.Key_Z || event.key === Qt.Key_T
    }
    Keys.onShortcutOverride: event => { event.accepted = panel.ownsKey(event) }
    Keys.onPressed: event => {
        if (event.key === Qt.Key_Shift) panel.shiftHeld = true
        if (event.key === Qt.Key_Control) panel.ctrlHeld = true
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
        case Qt.Key_T: panel.tracksShown = !panel.tracksShown; break
        case Qt.Key_F: panel.frameSelection(); break
        case Qt.Key_Home: panel.userMoved = false; panel.frameAll(); break
        case Qt.Key_7: camera.viewFrom("top"); break
        case Qt.Key_1: camera.viewFrom("front"); break
        case Qt.Key_3: camera.viewFrom("side"); break
        case Qt.Key_5: camera.viewFrom("perspective"); break
        case Qt.Key_Space: panel.toggleRide(); break
        case Qt.Key_Escape:
            if (ride.active) ride.stop()
            else if (!input.cancelDrag()) placer.cancel()
            break
        case Qt.Key_Return:
        case Qt.Key_Enter: placer.finish(); break
        }
    }
    Keys.onReleased: event => {
        if (event.key === Qt.Key_Shift) panel.shiftHeld = false
        if (event.key === Qt.Key_Control) panel.ctrlHeld = false
        if (event.key === Qt.Key_Z && !event.isAutoRepeat)
            panel.zHeld = false
        if (event.isAutoRepeat || flyKeys[event.key] === undefined)
            return
        const next = Object.assign({}, held)
        delete next[event.key]
        held = next
    }
    onActiveFocusChanged: if (!activeFocus) { held = ({}); zHeld = false; shiftHeld = false; ctrlHeld = false }
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
