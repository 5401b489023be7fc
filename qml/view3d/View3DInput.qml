// The 3D view's mouse (View3DPanel): a drag orbits, Ctrl+drag or the middle button pans, the wheel
// zooms at the cursor; a press on the gizmo grabs it; the active tool (ScenePlacing) is given a press
// on what it grabs (select: a point, a rail, a junction; Shift: a rubber band) with its drag and
// release, and the clicks (select, place), double-clicks and right-clicks.
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
    property bool panning: false
    cursorShape: placer.placing ? Qt.CrossCursor : Qt.ArrowCursor

    onPressed: mouse => {
        panel.forceActiveFocus()
        last = Qt.point(mouse.x, mouse.y)
        pressedAt = last
        dragged = false
        dragCancelled = false
        // A drag begun with Ctrl away from any point pans (decided at the press).
        panning = (mouse.modifiers & Qt.ControlModifier) !== 0
        // A point grabbed here keeps the camera still while the level's bounds change under the drag.
        if (mouse.button === Qt.LeftButton && !ride.active && !placer.placing
                && ((!(mouse.modifiers & Qt.ShiftModifier) && gizmo.begin(mouse.x, mouse.y, panel.dragsVertically(mouse)))
                    || placer.press(camera, mouse.x, mouse.y, mouse.modifiers, panel.dragsVertically(mouse))))
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
        if (placer.holding) {
            placer.drag(camera, mouse.x, mouse.y, mouse.modifiers, panel.dragsVertically(mouse))
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
        if (gizmo.held !== "") {
            gizmo.end()
            return
        }
        const doubleClick = afterDoubleClick
        afterDoubleClick = false
        // The tool's press ends (over another rail, a dragged end joins it; Alt: a free join).
        if (placer.holding) {
            placer.release(camera, mouse.x, mouse.y, mouse.modifiers)
            return
        }
        if (placer.placing && !dragged && mouse.button === Qt.LeftButton && !ride.active) {
            panel.userMoved = true // an edit made here keeps the camera where the designer looks
            if (!doubleClick)
                placer.click(camera, mouse.x, mouse.y)
            return
        }
        // A click on nothing (the press was the camera's) still selects: it clears the selection.
        if (placer.selecting && !dragged && mouse.button === Qt.LeftButton)
            placer.click(camera, mouse.x, mouse.y, mouse.modifiers)
        // A right-click on a control point deletes it, as on the plan (a right drag orbits).
        if (!dragged && mouse.button === Qt.RightButton && !ride.active) {
            panel.userMoved = true // an edit made here keeps the camera where the designer looks
            placer.secondaryClick(camera, mouse.x, mouse.y)
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
            placer.doubleClick(camera, mouse.x, mouse.y)
        }
    }
    onWheel: wheel => {
        camera.zoomAt(wheel.x, wheel.y, wheel.angleDelta.y / 120)
        panel.userMoved = true
    }
    onExited: { scene.clearHover(); panel.pointerLanding = undefined }
    onCanceled: { placer.cancelDrag(); gizmo.end() }
    // Escape during a drag of a point, a handle, the tilt ring or a junction: it goes back to where it
    // was grabbed, with nothing to redo, as on the plan. False when nothing is held.
    function cancelDrag() {
        if (!gizmo.cancel() && !placer.cancelDrag())
            return false
        dragCancelled = true
        return true
    }
    readonly property bool holding: gizmo.held !== "" || placer.holding
}
