// The 3D view's mouse (View3DPanel): a drag orbits, Ctrl+drag or the middle button pans, the wheel
// zooms at the cursor, Shift+drag draws a rubber band; a press on the gizmo or a point grabs it, a
// click selects or places, a double-click inserts a control point, a right-click deletes one.
import QtQuick
import RailForge
import RailForge.View3D

MouseArea {
    id: input
    objectName: "view3dInput"
    // The View3DPanel whose camera this moves and whose scene it edits.
    required property Item panel
    readonly property LevelScene3D scene: panel.scene
    readonly property ViewCamera3D camera: panel.camera
    readonly property PointGizmo gizmo: panel.gizmo
    readonly property SceneDrag sceneDrag: panel.drag
    readonly property ScenePlacing placer: panel.placer
    readonly property RideSession ride: panel.ride
    acceptedButtons: Qt.LeftButton | Qt.MiddleButton | Qt.RightButton
    hoverEnabled: true
    property point last
    property point pressedAt
    property bool dragged: false
    property bool afterDoubleClick: false // the release that ends a double-click is not a click
    // Escape took the drag back: the rest of this press (moves, the release) does nothing.
    property bool dragCancelled: false
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
        dragCancelled = false
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
            panel.pointerLanding = placer.landingAt(camera, mouse.x, mouse.y)
            return
        }
        if (dragCancelled)
            return
        if (!dragged && Math.abs(mouse.x - pressedAt.x) + Math.abs(mouse.y - pressedAt.y) < 4)
            return
        dragged = true
        if (gizmo.held !== "") {
            gizmo.moveTo(mouse.x, mouse.y, panel.dragsVertically(mouse), (mouse.modifiers & Qt.AltModifier) !== 0,
                         (mouse.modifiers & Qt.ShiftModifier) !== 0 || panel.shiftHeld,
                         (mouse.modifiers & Qt.ControlModifier) !== 0 || panel.ctrlHeld)
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
        if (dragCancelled) {
            dragCancelled = false
            return
        }
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
    onExited: { scene.clearHover(); panel.pointerLanding = undefined }
    onCanceled: { sceneDrag.end(); gizmo.end(); banding = false }
    // Escape during a drag of a point, a handle, the tilt ring or a junction: it goes back to where it
    // was grabbed, with nothing to redo, as on the plan. False when nothing is held.
    function cancelDrag() {
        if (!gizmo.cancel() && !sceneDrag.cancel())
            return false
        dragCancelled = true
        return true
    }
    readonly property bool holding: gizmo.held !== "" || sceneDrag.active
}
