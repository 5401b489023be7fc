// The 3D view used as a designer does: F3 opens it beside the plan; dragging orbits; a click on a
// rail selects it in the plan and the outliner too; F frames the selection; Space rides the rail
// and the scrub bar moves the rider, whom the plan and the profile show. Golden images of the demo
// level, the banked demo and a ride frame (tolerance: tests/ui3d/baselines/tolerances.json).
import QtQuick
import QtTest
import RailForge
import "../ui"

EditorTestCase {
    name: "View3D"

    // Opens a level with the 3D view shown (F3, as the designer does) and waits for its first frames.
    function open3D(file) {
        open(file)
        keyClick(Qt.Key_F3)
        tryVerify(() => win.view3d !== null && win.view3d.width > 100, 5000, "F3 shows the 3D view")
        waitForFrame(win.view3d)
        return win.view3d
    }
    function input(panel) { return findChild(panel, "view3dInput") }
    // Where a rail's point at arc length s shows in the 3D view.
    function railOnScreen(panel, key, s) {
        const p = panel.scene.railPointAt(key, s)
        const at = panel.camera.project(p.x, p.y, p.z)
        verify(at !== undefined, "the rail is in front of the camera")
        return at
    }

    function test_dragOrbitsTheCamera() {
        const panel = open3D(testData.coaster)
        const yaw = panel.camera.yaw, pitch = panel.camera.pitch
        const before = grabImage(win.contentItem)
        const area = input(panel)
        mousePress(area, 200, 200)
        for (let i = 1; i <= 10; ++i)
            mouseMove(area, 200 + 8 * i, 200 + 2 * i)
        mouseRelease(area, 280, 220)
        compare(panel.camera.yaw, yaw - 80 * 0.4 + (yaw - 80 * 0.4 < -180 ? 360 : 0))
        compare(panel.camera.pitch, pitch + 20 * 0.4)
        compare(editor.selection.count, 0, "a drag selects nothing")
        waitForFrame(panel.view)
        const after = grabImage(win.contentItem)
        verify(!after.equals(before), "the picture turned with the camera")
    }

    function test_clickSelectsTheRailInPlanAndOutliner() {
        const panel = open3D(testData.coaster)
        const at = railOnScreen(panel, "rail:coaster", 40)
        const onPlan = panel.scene.railPointAt("rail:coaster", 40)
        const plan = canvas.toScreen(Qt.point(onPlan.x, onPlan.y))
        const unselected = canvasPixel(plan.x, plan.y)
        // The renderer draws the rail where RailForge's projection puts it: the pixel there is the
        // rail's blue (the pick and the picture agree).
        waitForFrame(panel.view)
        const seen = grabImage(win.contentItem)
        const inWindow = panel.view.mapToItem(win.contentItem, at.x, at.y)
        let blue = false
        for (let dx = -1; dx <= 1 && !blue; ++dx)
            for (let dy = -1; dy <= 1 && !blue; ++dy) {
                const c = seen.pixel(Math.round(inWindow.x) + dx, Math.round(inWindow.y) + dy)
                blue = c.b > 0.6 && c.b > c.r + 0.2
            }
        verify(blue, "the rail is drawn where the pick looks for it")
        mouseClick(input(panel), at.x, at.y)
        compare(editor.selection.keys, ["rail:coaster"])
        tryVerify(() => row("rail:coaster").highlighted, 2000, "the outliner shows it selected")
        compare(editor.profileKey, "rail:coaster", "the profile shows it")
        // The plan draws the same place of the rail selected (another colour than before).
        const selected = canvasPixel(plan.x, plan.y)
        verify(!Qt.colorEqual(selected, unselected), "the plan redrew the rail as selected: " + unselected + " -> " + selected)
        // A click on empty sky clears it, as in the plan.
        mouseClick(input(panel), 5, 5)
        compare(editor.selection.count, 0)
    }

    function test_frameSelection() {
        const panel = open3D(testData.demo)
        const wholeDistance = panel.camera.distance
        // Select the zipline by clicking it in the 3D view, then F.
        const at = railOnScreen(panel, "rail:zipline", 5)
        mouseClick(input(panel), at.x, at.y)
        compare(editor.selection.keys, ["rail:zipline"])
        const planScale = canvas.scale
        keyClick(Qt.Key_F)
        const bounds = panel.scene.selectionBounds()
        verify(bounds.valid)
        fuzzyCompare(panel.camera.target.x, bounds.centre.x, 1e-3)
        fuzzyCompare(panel.camera.target.y, bounds.centre.y, 1e-3)
        fuzzyCompare(panel.camera.target.z, bounds.centre.z, 1e-3)
        verify(panel.camera.distance < wholeDistance, "closer than the whole level")
        compare(canvas.scale, planScale, "F went to the 3D view, not to the plan's Fit")
        // Home frames the level again.
        keyClick(Qt.Key_Home)
        fuzzyCompare(panel.camera.distance, wholeDistance, 1e-6)
    }

    // On a rail network the ride goes on across junctions by their default ways: from main past the
    // siding (main goes on) and the fork onto to_mine; with the fork turned, onto to_lift.
    function test_rideAcrossJunctions() {
        const panel = open3D(testData.network)
        verify(panel.ride.start("rail:main", 0))
        panel.ride.speed = 10
        panel.ride.advance(12) // 120 m: 20 m past the fork at main's end
        compare(panel.ride.key, "rail:to_mine")
        fuzzyCompare(panel.ride.s, 20, 1e-9)
        const pose = panel.ride.pose()
        fuzzyCompare(pose.position[0], 116, 1e-6)
        fuzzyCompare(pose.forward[0], 0.8, 1e-9) // looking the way it rides
        panel.ride.stop()
        const fork = win.canvas.junctionPosition("fork")
        mouseClick(win.canvas, fork.x, fork.y) // selects the fork
        mouseClick(win.canvas, fork.x, fork.y) // to_lift becomes the default
        verify(panel.ride.start("rail:main", 0))
        panel.ride.advance(12)
        compare(panel.ride.key, "rail:to_lift")
        panel.ride.stop()
    }

    // At a tangent junction (the mine's fork: the branch leaves along the trunk) the default way's
    // line follows the way's own rail, so turning the default changes the picture.
    function test_defaultWayLineFollowsTheWay() {
        const panel = open3D(testData.mine)
        const place = panel.scene.railPointAt("rail:main", 108)
        panel.camera.setOrbit(Qt.vector3d(place.x + 3, place.y - 2, place.z), 0, 89, 18)
        waitForFrame(panel.view)
        function shot() {
            waitForFrame(panel.view)
            return grabImage(panel.view)
        }
        const before = shot()
        const fork = win.canvas.junctionPosition("fork")
        mouseClick(win.canvas, fork.x, fork.y) // selects the fork
        const selected = shot()
        mouseClick(win.canvas, fork.x, fork.y) // the branch becomes the default
        tryVerify(() => editor.objectInfo("junction:fork").default === "branch", 2000,
                  JSON.stringify(editor.objectInfo("junction:fork")))
        const turned = shot()
        let differ = 0
        for (let y = 0; y < panel.view.height; y += 2)
            for (let x = 0; x < panel.view.width; x += 2)
                if (!Qt.colorEqual(selected.pixel(x, y), turned.pixel(x, y))) ++differ
        verify(differ > 20, "the default way's line moved to the branch: " + differ + " pixels differ")
        editor.undo()
    }

    // During a ride the junction the rider is about to pass is left out of the picture (its ball and
    // line would fill the view); far from it, and after the ride, it shows.
    function test_rideHidesTheJunctionAtTheEye() {
        const panel = open3D(testData.network)
        tryCompare(panel.scene.junctions, "count", 2)
        verify(panel.ride.start("rail:main", 99.5)) // the fork is at main's end, 100
        tryVerify(() => panel.scene.junctionsNearEye().indexOf("fork") >= 0, 2000)
        panel.ride.s = 30
        tryVerify(() => panel.scene.junctionsNearEye().indexOf("fork") < 0, 2000)
        panel.ride.s = 99.5
        tryVerify(() => panel.scene.junctionsNearEye().indexOf("fork") >= 0, 2000)
        panel.ride.stop()
        tryCompare(panel.scene, "plainKey", "")
        compare(panel.scene.junctionsNearEye(), [])
    }

    // Junctions show in 3D as on the plan: a yellow marker where the rails meet (drawn where the pick
    // looks for it); a click on it selects the junction (the inspector shows it), a second click turns
    // its default way, one undo step; Shift+click adds the other junction.
    function test_junctionsShowAndTurnIn3D() {
        const panel = open3D(testData.network)
        tryCompare(panel.scene.junctions, "count", 2)
        const at = railOnScreen(panel, "rail:main", 100) // the fork, at main's end
        compare(panel.scene.keyAt(panel.camera, at.x, at.y), "junction:fork")
        waitForFrame(panel.view)
        const seen = grabImage(win.contentItem)
        const inWindow = panel.view.mapToItem(win.contentItem, at.x, at.y)
        let yellow = false
        for (let dx = -2; dx <= 2 && !yellow; ++dx)
            for (let dy = -2; dy <= 2 && !yellow; ++dy) {
                const c = seen.pixel(Math.round(inWindow.x) + dx, Math.round(inWindow.y) + dy)
                yellow = c.r > 0.6 && c.g > 0.5 && c.b < 0.45
            }
        verify(yellow, "the fork's marker is drawn where the pick looks for it")
        const fork = () => editor.junctions().find(j => j.id === "fork")
        compare(fork()["default"], "to_mine")
        mouseClick(input(panel), at.x, at.y)
        compare(editor.selection.keys, ["junction:fork"], "the junction picked in 3D")
        compare(fork()["default"], "to_mine", "the first click selects")
        verify(editor.junction.active)
        mouseClick(input(panel), at.x, at.y)
        compare(fork()["default"], "to_lift")
        editor.undo()
        compare(fork()["default"], "to_mine")
        const siding = railOnScreen(panel, "rail:main", 40)
        compare(panel.scene.keyAt(panel.camera, siding.x, siding.y), "junction:siding")
        mouseClick(input(panel), siding.x, siding.y, Qt.LeftButton, Qt.ShiftModifier)
        compare(editor.selection.keys.slice().sort(), ["junction:fork", "junction:siding"])
        keyClick(Qt.Key_Delete)
        compare(editor.junctions().length, 0)
        editor.undo()
        compare(editor.junctions().length, 2)
    }

    // A junction dragged in 3D slides along its rail, the linked end following, one undo step; it is
    // selected, as on the plan, and a click on it then turns its default way.
    function test_dragAJunctionIn3D() {
        const panel = open3D(testData.network)
        tryCompare(panel.scene.junctions, "count", 2)
        const siding = () => editor.junctions().find(j => j.id === "siding")
        compare(siding().s, 40)
        panel.camera.setOrbit(Qt.vector3d(50, 5, 0), 90, 60, 50)
        waitForFrame(panel.view)
        const from = pointOnScreen(panel, 40, 0, 0)
        compare(panel.scene.keyAt(panel.camera, from.x, from.y), "junction:siding")
        dragIn3D(panel, from, pointOnScreen(panel, 60, 3, 0), false)
        fuzzyCompare(siding().s, 60, 0.3)
        fuzzyCompare(editor.objectInfo("rail:spur").xs[0], siding().s, 1e-6)
        compare(editor.objectInfo("rail:spur").ys[0], 0)
        compare(editor.selection.keys, ["junction:siding"], "the junction dragged is selected")
        editor.undo()
        compare(siding().s, 40)
        compare(editor.objectInfo("rail:spur").xs[0], 40)
        verify(!editor.canUndo, "the whole drag was one step")
        editor.selection.clear()
        mouseClick(input(panel), from.x, from.y)
        compare(editor.selection.keys, ["junction:siding"], "a press without a drag selects it")
        mouseClick(input(panel), from.x, from.y)
        compare(siding()["default"], "spur", "and the next turns it")
    }

    function test_rideAndScrub() {
        const panel = open3D(testData.banked)
        select("rail:coaster")
        const rideButton = findChild(panel, "rideButton")
        mouseClick(rideButton)
        verify(panel.ride.active, "the ride button rides the selected rail")
        verify(panel.camera.riding)
        tryVerify(() => panel.ride.s > 0, 2000, "the rider moves")
        mouseClick(rideButton) // pause
        verify(!panel.ride.playing)
        const scrub = findChild(panel, "rideScrub")
        mouseClick(scrub, scrub.width / 2, scrub.height / 2)
        fuzzyCompare(panel.ride.s / panel.ride.length, 0.5, 0.08)
        // The plan and the profile show where the rider is.
        compare(editor.cursor.key, "rail:coaster")
        fuzzyCompare(editor.cursor.s, panel.ride.s, 1e-9)
        // The camera is the rider's eye: the pose of the exported frames at s.
        const pose = panel.ride.pose()
        fuzzyCompare(panel.camera.position.x, pose.position[0], 1e-3)
        fuzzyCompare(panel.camera.position.y, pose.position[1], 1e-3)
        fuzzyCompare(panel.camera.position.z, pose.position[2], 1e-3)
        // Space in the 3D view plays, Esc gets off.
        mouseClick(findChild(panel, "rideReadout"))
        panel.forceActiveFocus()
        keyClick(Qt.Key_Escape)
        verify(!panel.ride.active)
        verify(!panel.camera.riding)
    }

    // A rail drawn in the plan shows in 3D at once, in its own ribbon; undo takes it away again.
    function test_railDrawnInThePlanShowsIn3D() {
        const panel = open3D(testData.coaster)
        const before = panel.scene.ribbonBuilds("rail:coaster")
        mouseClick(canvas, 5, canvas.height - 5) // the plan has the keys
        keyClick(Qt.Key_R)
        clickWorld(0, 60)
        clickWorld(30, 70)
        clickWorld(60, 60)
        keyClick(Qt.Key_Return)
        compare(editor.railCount, 2)
        const key = editor.selection.keys[0]
        compare(panel.scene.ribbonBuilds(key), 1)
        compare(panel.scene.ribbonBuilds("rail:coaster"), before, "the other rail was not built again")
        // What was drawn can be clicked in 3D, with the Select tool (with Draw rail a click there
        // would place a point).
        keyClick(Qt.Key_V)
        waitForFrame(panel.view)
        const at = railOnScreen(panel, key, 20)
        mouseClick(input(panel), 3, 3)
        compare(editor.selection.count, 0)
        mouseClick(input(panel), at.x, at.y)
        compare(editor.selection.keys, [key])
        editor.undo()
        compare(editor.railCount, 1)
        verify(panel.scene.railPointAt(key, 1) === Qt.vector3d(0, 0, 0) || panel.scene.railPointAt(key, 1).length() === 0)
        // A new, empty level: nothing to draw, nothing breaks.
        editor.files.newLevel()
        compare(panel.scene.railChunks.length, 0)
        mouseClick(input(panel), panel.view.width / 2, panel.view.height / 2)
        compare(editor.selection.count, 0)
    }

    // The point's screen place, where a drag of it starts and ends.
    function pointOnScreen(panel, x, y, z) {
        const at = panel.camera.project(x, y, z)
        verify(at !== undefined, "the point is in front of the camera")
        return at
    }
    // A drag with the real mouse from one screen point to another, in steps (Z held: vertically).
    function dragIn3D(panel, from, to, vertically) {
        const area = input(panel)
        mousePress(area, from.x, from.y, Qt.LeftButton)
        if (vertically)
            keyPress(Qt.Key_Z)
        for (let i = 1; i <= 8; ++i)
            mouseMove(area, from.x + (to.x - from.x) * i / 8, from.y + (to.y - from.y) * i / 8, -1, Qt.LeftButton)
        mouseRelease(area, to.x, to.y, Qt.LeftButton)
        if (vertically)
            keyRelease(Qt.Key_Z)
    }

    // With a tool of the plan alone active (Connect, E), the 3D view still selects and moves, as the
    // select tool does there.
    function test_aPlanToolLeaves3DSelecting() {
        const panel = open3D(testData.demo)
        mouseClick(findChild(win.header, "toolE"))
        compare(editor.tool, "connect")
        verify(!panel.placer.placing)
        verify(panel.placer.selecting)
        panel.camera.setOrbit(Qt.vector3d(30, 20, 0), -90, 90, 80)
        waitForFrame(panel.view)
        editor.selection.clear()
        const gate = pointOnScreen(panel, 26, 2, 0)
        mouseClick(input(panel), gate.x, gate.y)
        compare(editor.selection.keys, ["waypoint:gate"])
        dragIn3D(panel, gate, pointOnScreen(panel, 28, 5, 0), false)
        const moved = editor.objectInfo("waypoint:gate")
        compare([moved.x, moved.y], [28, 5])
        compare(editor.tool, "connect", "the plan's tool stays active")
        editor.undo()
        compare(editor.objectInfo("waypoint:gate").x, 26)
    }

    // A control point dragged in 3D: up along the vertical with Z held (x and y stay), then in the
    // horizontal plane through it (its height stays); each drag one undo step, the plan's command.
    function test_dragAControlPointIn3D() {
        const panel = open3D(testData.coaster)
        // Free moves: grid snapping off from the toolbar (the next test drags onto the grid).
        mouseClick(findChild(win.header, "snapCheck"))
        verify(!editor.snapEnabled)
        select("rail:coaster")
        const x0 = editor.rail.pointXs[1], y0 = editor.rail.pointYs[1], z0 = editor.rail.pointZs[1]
        panel.camera.setOrbit(Qt.vector3d(x0, y0, z0 + 1.5), 90, 25, 22)
        waitForFrame(panel.view)
        verify(!editor.canUndo)

        dragIn3D(panel, pointOnScreen(panel, x0, y0, z0), pointOnScreen(panel, x0, y0, z0 + 3), true)
        compare(editor.rail.pointXs[1], x0, "x stays on a vertical drag")
        compare(editor.rail.pointYs[1], y0, "y stays on a vertical drag")
        fuzzyCompare(editor.rail.pointZs[1], z0 + 3, 0.05)
        compare(editor.selection.keys, ["rail:coaster"])
        verify(editor.canUndo)
        const z1 = editor.rail.pointZs[1]
        // From higher up for the horizontal drag, so that a pixel is a few centimetres either way.
        panel.camera.setOrbit(Qt.vector3d(x0 + 2, y0, z1), 90, 60, 14)
        waitForFrame(panel.view)

        dragIn3D(panel, pointOnScreen(panel, x0, y0, z1), pointOnScreen(panel, x0 + 4, y0 - 1.5, z1), false)
        compare(editor.rail.pointZs[1], z1, "the height stays on a horizontal drag")
        fuzzyCompare(editor.rail.pointXs[1], x0 + 4, 0.05)
        fuzzyCompare(editor.rail.pointYs[1], y0 - 1.5, 0.05)

        // One undo takes back the whole horizontal drag, the next the whole vertical one.
        editor.undo()
        compare(editor.rail.pointXs[1], x0)
        compare(editor.rail.pointYs[1], y0)
        compare(editor.rail.pointZs[1], z1)
        editor.undo()
        compare(editor.rail.pointZs[1], z0)
        verify(!editor.canUndo)
    }

    // With snapping on (as a level opens) a drag in 3D lands on the grid, across and up; with ground
    // snapping on, a point dragged across the mine's bridge deck stays on the deck (the surface nearest
    // its height, plus the rail clearance) and one dragged over the valley lands on the valley floor.
    function test_dragSnapsIn3D() {
        const panel = open3D(testData.coaster)
        verify(editor.snapEnabled)
        compare(editor.snapSize, 1)
        select("rail:coaster")
        const x0 = editor.rail.pointXs[1], y0 = editor.rail.pointYs[1], z0 = editor.rail.pointZs[1]
        panel.camera.setOrbit(Qt.vector3d(x0 + 2, y0, z0), 90, 60, 14)
        waitForFrame(panel.view)
        dragIn3D(panel, pointOnScreen(panel, x0, y0, z0), pointOnScreen(panel, x0 + 3.7, y0 - 1.8, z0), false)
        compare(editor.rail.pointXs[1], Math.round(x0 + 3.7))
        compare(editor.rail.pointYs[1], Math.round(y0 - 1.8))
        compare(editor.rail.pointZs[1], z0, "the height stays on a horizontal drag")
        const x1 = editor.rail.pointXs[1], y1 = editor.rail.pointYs[1]
        panel.camera.setOrbit(Qt.vector3d(x1, y1, z0 + 1.5), 90, 25, 22)
        waitForFrame(panel.view)
        dragIn3D(panel, pointOnScreen(panel, x1, y1, z0), pointOnScreen(panel, x1, y1, z0 + 2.7), true)
        compare(editor.rail.pointZs[1], Math.round(z0 + 2.7), "whole steps of the grid up")
        compare(editor.rail.pointXs[1], x1)

        // Only edited, never saved: the level is read where it lies.
        const mine = open3D(testData.mine)
        editor.ground.waitForGround()
        mouseClick(findChild(win.header, "snapToGround"))
        verify(editor.grounding.snapToGround)
        compare(editor.grounding.railClearance, 1)
        select("rail:main")
        // Point 5 (120, 0, 13.5) on the deck, across to (125, 2): still on the deck at 12.
        mine.camera.setOrbit(Qt.vector3d(122, 1, 13.5), 90, 60, 16)
        waitForFrame(mine.view)
        dragIn3D(mine, pointOnScreen(mine, 120, 0, 13.5), pointOnScreen(mine, 125, 2, 13.5), false)
        compare(editor.rail.pointXs[4], 125)
        compare(editor.rail.pointYs[4], 2)
        fuzzyCompare(editor.rail.pointZs[4], 12 + 1, 1e-6)
        // Point 2 (40, 0, 1.5) over the valley to (30, 4): the valley floor there plus 1.
        mine.camera.setOrbit(Qt.vector3d(35, 2, 1.5), 90, 60, 16)
        waitForFrame(mine.view)
        dragIn3D(mine, pointOnScreen(mine, 40, 0, 1.5), pointOnScreen(mine, 30, 4, 1.5), false)
        compare(editor.rail.pointXs[1], 30)
        compare(editor.rail.pointYs[1], 4)
        fuzzyCompare(editor.rail.pointZs[1], editor.ground.heightAt(30, 4) + 1, 1e-6)
        // Each drag one undo step.
        editor.undo()
        compare(editor.rail.pointXs[1], 40)
        compare(editor.rail.pointZs[1], 1.5)
        editor.undo()
        compare(editor.rail.pointZs[4], 13.5)
    }

    // A waypoint dragged in 3D moves as a control point does: up with Z held, then across.
    function test_dragAWaypointIn3D() {
        const panel = open3D(testData.demo)
        const before = editor.objectInfo("waypoint:gate")
        panel.camera.setOrbit(Qt.vector3d(before.x, before.y, before.z + 1), 90, 25, 16)
        waitForFrame(panel.view)
        dragIn3D(panel, pointOnScreen(panel, before.x, before.y, before.z),
                 pointOnScreen(panel, before.x, before.y, before.z + 2), true)
        let now = editor.objectInfo("waypoint:gate")
        compare(editor.selection.keys, ["waypoint:gate"])
        compare(now.x, before.x)
        compare(now.y, before.y)
        fuzzyCompare(now.z, before.z + 2, 0.05)
        editor.undo()
        now = editor.objectInfo("waypoint:gate")
        compare(now.z, before.z)
    }

    // A double-click on a rail in 3D inserts a point there; a right-click on it deletes it again.
    function test_insertAndDeleteAPointIn3D() {
        const panel = open3D(testData.coaster)
        select("rail:coaster")
        const count = editor.rail.pointXs.length
        const s = 35 // between points 1 and 2 (at 20 and about 44 along the rail)
        const where = panel.scene.railPointAt("rail:coaster", s)
        panel.camera.setOrbit(where, 90, 30, 30)
        waitForFrame(panel.view)
        const at = railOnScreen(panel, "rail:coaster", s)
        mouseDoubleClickSequence(input(panel), at.x, at.y)
        compare(editor.rail.pointXs.length, count + 1)
        compare(editor.rail.railPoint, 2, "the new point is the active one")
        fuzzyCompare(editor.rail.pointXs[2], where.x, 0.3)
        fuzzyCompare(editor.rail.pointZs[2], where.z, 0.3)
        waitForFrame(panel.view)
        const p = pointOnScreen(panel, editor.rail.pointXs[2], editor.rail.pointYs[2], editor.rail.pointZs[2])
        mouseClick(input(panel), p.x, p.y, Qt.RightButton)
        compare(editor.rail.pointXs.length, count)
        editor.undo()
        compare(editor.rail.pointXs.length, count + 1, "the delete is one undo step")
        editor.undo()
        compare(editor.rail.pointXs.length, count, "and so is the insert")
    }

    // Draw rail (R) in 3D on the mine: each click lands on the first surface under the pointer plus
    // the rail clearance, snapped across to the grid: one on the bridge deck (z 12), one on the ravine
    // floor just beside the deck's edge (z -6, seen past the edge), one on the far plateau; Enter
    // makes the rail, one undo step. Then a waypoint (from the toolbar: W flies here) on the deck.
    function test_drawARailOnTheLevelsSurfacesIn3D() {
        const mine = open3D(testData.mine)
        editor.ground.waitForGround()
        verify(editor.snapEnabled)
        compare(editor.grounding.railClearance, 1)
        // From the +y side, looking down across the deck: the ravine floor at y 5 shows past its edge.
        mine.camera.setOrbit(Qt.vector3d(121, 2, 4), -90, 55, 60)
        waitForFrame(mine.view)
        keyClick(Qt.Key_R)
        compare(editor.tool, "rail")
        const rails = editor.railCount
        const clicks = [[104, 0, 12], [112, 5, -6], [136, 4, 12]]
        for (let i = 0; i < clicks.length; ++i) {
            const c = clicks[i]
            const at = pointOnScreen(mine, c[0], c[1], c[2])
            mouseMove(input(mine), at.x, at.y)
            const lands = mine.placer.landingAt(mine.camera, at.x, at.y)
            compare([lands.x, lands.y], [c[0], c[1]], "the pointer is over the spot")
            mouseClick(input(mine), at.x, at.y)
            compare(mine.placer.draftPointCount, i + 1)
        }
        compare(editor.railCount, rails, "nothing is made before Enter")
        // Drawn over the scene where the points are, and on to the pointer.
        const overlay = findChild(mine, "draftOverlay")
        verify(overlay.visible)
        compare(overlay.screenPoints.length, 4)
        const last = pointOnScreen(mine, 136, 4, 13) // the placed point, 1 above the plateau
        fuzzyCompare(overlay.screenPoints[2].x, last.x, 1)
        fuzzyCompare(overlay.screenPoints[2].y, last.y, 1)
        keyClick(Qt.Key_Return)
        compare(editor.railCount, rails + 1)
        compare(mine.placer.draftPointCount, 0)
        compare(editor.selection.keys.length, 1)
        verify(editor.selection.keys[0].startsWith("rail:"))
        compare(editor.rail.pointXs, [104, 112, 136])
        compare(editor.rail.pointYs, [0, 5, 4])
        // Each on its own surface: the deck (the highest there), the ravine floor, the plateau.
        const deck = editor.ground.surfacesAt(104, 0)
        compare(deck.length, 2, "the deck over the ravine floor")
        fuzzyCompare(editor.rail.pointZs[0], deck[0] + 1, 1e-3)
        fuzzyCompare(editor.rail.pointZs[1], editor.ground.heightAt(112, 5) + 1, 1e-3)
        fuzzyCompare(editor.rail.pointZs[2], editor.ground.heightAt(136, 4) + 1, 1e-3)
        fuzzyCompare(editor.rail.pointZs[1], -5, 1e-3)
        editor.undo()
        compare(editor.railCount, rails, "the rail is one undo step")

        // The cursor is a cross while a tool places; another tool drops what was being drawn.
        compare(input(mine).cursorShape, Qt.CrossCursor)
        let at = pointOnScreen(mine, 104, 0, 12)
        mouseClick(input(mine), at.x, at.y)
        compare(mine.placer.draftPointCount, 1)
        mouseClick(findChild(win.header, "toolV"))
        compare(editor.tool, "select")
        compare(mine.placer.draftPointCount, 0, "Select drops the rail being drawn")
        compare(input(mine).cursorShape, Qt.ArrowCursor)
        verify(!mine.placer.placing)
        keyClick(Qt.Key_R)
        verify(mine.placer.placing)

        // Esc drops a rail being drawn.
        at = pointOnScreen(mine, 104, 0, 12)
        mouseClick(input(mine), at.x, at.y)
        compare(mine.placer.draftPointCount, 1)
        keyClick(Qt.Key_Escape)
        compare(mine.placer.draftPointCount, 0)
        compare(editor.railCount, rails)

        // A double-click places the last point and makes the rail; a click on the first point of
        // three closes it into a loop.
        for (const c of [[104, 0, 12], [112, 5, -6]]) {
            at = pointOnScreen(mine, c[0], c[1], c[2])
            mouseClick(input(mine), at.x, at.y)
        }
        at = pointOnScreen(mine, 136, 4, 12)
        mouseDoubleClickSequence(input(mine), at.x, at.y)
        compare(editor.railCount, rails + 1)
        compare(editor.rail.pointXs, [104, 112, 136])
        verify(!editor.objectInfo(editor.selection.keys[0]).closed)
        editor.undo()
        for (const c of [[104, 0, 12], [112, 5, -6], [136, 4, 12], [104, 0, 13]]) {
            at = pointOnScreen(mine, c[0], c[1], c[2])
            mouseClick(input(mine), at.x, at.y)
        }
        compare(editor.railCount, rails + 1)
        compare(editor.rail.pointXs, [104, 112, 136])
        verify(editor.objectInfo(editor.selection.keys[0]).closed)
        editor.undo()
        compare(editor.railCount, rails)

        // A waypoint on the deck, at the waypoint clearance (0).
        mouseClick(findChild(win.header, "toolW"))
        compare(editor.tool, "waypoint")
        const waypoints = editor.waypointCount
        at = pointOnScreen(mine, 120, -1, 12)
        mouseClick(input(mine), at.x, at.y)
        compare(editor.waypointCount, waypoints + 1)
        const placed = editor.objectInfo(editor.selection.keys[0])
        compare([placed.x, placed.y], [120, -1])
        fuzzyCompare(placed.z, 12, 1e-3)
        editor.undo()
        compare(editor.waypointCount, waypoints)
    }

    // The ruler (U) in 3D between two picked points (then the probe, M): a control point on the deck and a spot on the
    // ravine floor, with the plan's read-out (distance, dz, slope, 3D length); measuring edits nothing.
    function test_rulerBetweenTwoPickedPointsIn3D() {
        const mine = open3D(testData.mine)
        editor.ground.waitForGround()
        mine.camera.setOrbit(Qt.vector3d(115, 2, 4), -90, 55, 60)
        waitForFrame(mine.view)
        keyClick(Qt.Key_U)
        compare(editor.tool, "ruler")
        const undoable = editor.canUndo
        // Point 5 of the main rail (120, 0, 13.5), then the ravine floor at (112, 8).
        let at = pointOnScreen(mine, 120, 0, 13.5)
        mouseClick(input(mine), at.x, at.y)
        at = pointOnScreen(mine, 112, 8, -6)
        mouseClick(input(mine), at.x, at.y)
        const floor = editor.ground.heightAt(112, 8)
        const across = Math.hypot(8, 8), dz = floor - 13.5
        const text = mine.placer.readout
        verify(text.startsWith("distance " + across.toFixed(2) + "  (dx -8.00, dy 8.00)"), text)
        verify(text.indexOf("dz " + dz.toFixed(2)) > 0, text)
        verify(text.indexOf("3D " + Math.hypot(across, dz).toFixed(2)) > 0, text)
        verify(text.indexOf("slope " + (Math.atan2(dz, across) * 180 / Math.PI).toFixed(1) + "°") > 0, text)
        const label = findChild(mine, "rulerReadout")
        verify(label.visible)
        compare(label.text, text)
        compare(editor.statusMessage, text)
        compare(editor.canUndo, undoable, "measuring edits nothing")
        // Turned so the line's middle shows near the view's edge, the label stays whole inside it.
        const middle = mine.placer.readoutAt
        let cut = false
        for (const shift of [-40, -30, -20, 20, 30, 40]) {
            mine.camera.setOrbit(Qt.vector3d(middle.x, middle.y + shift, middle.z), -90, 55, 60)
            waitForFrame(mine.view)
            const seen = mine.camera.project(middle.x, middle.y, middle.z)
            if (seen !== undefined && seen.x > 0 && seen.x < mine.view.width
                    && seen.x + 10 + label.width > mine.view.width) {
                cut = true
                break
            }
        }
        verify(cut, "a camera that puts the middle near the right edge")
        tryVerify(() => label.x + label.width <= mine.view.width - 4 + 0.5 && label.x >= 4, 2000,
                  "label at " + label.x + " wide " + label.width + " in " + mine.view.width)
        mine.camera.setOrbit(Qt.vector3d(115, 2, 4), -90, 55, 60)
        waitForFrame(mine.view)
        keyClick(Qt.Key_Escape)
        compare(mine.placer.readout, "")
        verify(!label.visible)

        // The probe (M): a click on the deck drops the plan's probe marker there, which measures to
        // the nearest rail.
        keyClick(Qt.Key_M)
        compare(editor.tool, "probe")
        at = pointOnScreen(mine, 110, 2, 12)
        mouseClick(input(mine), at.x, at.y)
        verify(canvas.probe.markerPlaced)
        fuzzyCompare(canvas.probe.point.x, 110, 0.5)
        compare(canvas.probe.rail, "main")
        compare(editor.canUndo, undoable, "probing edits nothing")
    }

    // Shift+drag in 3D draws a rubber band on the screen: every waypoint whose marker shows inside
    // it and every rail whose control points all show inside it join the selection (worked out here
    // from the camera's projection of each object); a Ctrl+drag elsewhere pans, a plain drag orbits.
    function test_rubberBandSelectIn3D() {
        const panel = open3D(testData.demo)
        editor.selection.clear()
        waitForFrame(panel.view)
        const area = input(panel)
        const from = Qt.point(area.width * 0.2, area.height * 0.25)
        const to = Qt.point(area.width * 0.75, area.height * 0.8)
        const inside = (x, y, z) => {
            const at = panel.camera.project(x, y, z)
            return at !== undefined && at.x >= from.x && at.x <= to.x && at.y >= from.y && at.y <= to.y
        }
        editor.selectAll()
        const all = editor.selection.keys.slice() // a copy: the property is read again on each use
        editor.selection.clear()
        let expected = []
        for (const key of all) {
            const info = editor.objectInfo(key)
            if (key.startsWith("waypoint:") && inside(info.x, info.y, info.z))
                expected.push(key)
            if (key.startsWith("rail:") && info.xs.every((x, i) => inside(x, info.ys[i], info.zs[i])))
                expected.push(key)
        }
        verify(expected.filter(k => k.startsWith("waypoint:")).length >= 2, JSON.stringify(expected))
        verify(expected.length < all.length, "the band leaves some out")
        const yaw = panel.camera.yaw
        mousePress(area, from.x, from.y, Qt.LeftButton, Qt.ShiftModifier)
        for (let i = 1; i <= 6; ++i)
            mouseMove(area, from.x + (to.x - from.x) * i / 6, from.y + (to.y - from.y) * i / 6, -1, Qt.LeftButton,
                      Qt.ShiftModifier)
        verify(findChild(panel, "rubberBand").visible, "the band shows while dragging")
        mouseRelease(area, to.x, to.y, Qt.LeftButton, Qt.ShiftModifier)
        verify(!findChild(panel, "rubberBand").visible)
        compare(panel.camera.yaw, yaw, "a band does not orbit")
        const picked = editor.selection.keys.filter(k => k.startsWith("waypoint:") || k.startsWith("rail:"))
        compare(picked.sort(), expected.sort())
        // A second band adds to the selection; a click on empty space clears it.
        const count = editor.selection.keys.length
        mousePress(area, 5, 5, Qt.LeftButton, Qt.ShiftModifier)
        mouseMove(area, 40, 40, -1, Qt.LeftButton, Qt.ShiftModifier)
        mouseRelease(area, 40, 40, Qt.LeftButton, Qt.ShiftModifier)
        compare(editor.selection.keys.length, count, "nothing up there, nothing lost")
        // Ctrl+drag on empty space pans: the target moves, the selection stays.
        const t = panel.camera.target, target = Qt.vector3d(t.x, t.y, t.z) // a copy, as above
        mousePress(area, 10, area.height - 10, Qt.LeftButton, Qt.ControlModifier)
        for (let i = 1; i <= 4; ++i)
            mouseMove(area, 10 + 15 * i, area.height - 10, -1, Qt.LeftButton, Qt.ControlModifier)
        mouseRelease(area, 70, area.height - 10, Qt.LeftButton, Qt.ControlModifier)
        verify(panel.camera.target.minus(target).length() > 0.01, "panned")
        compare(editor.selection.keys.length, count)
    }

    // The active point of a Bezier rail shows its handles in 3D: dragging the out handle of a mirrored
    // point moves it in the horizontal plane through it and the in handle mirrors it; one undo step.
    function test_dragABezierHandleIn3D() {
        const panel = open3D(testData.banked)
        verify(editor.selection.selectRailPoint("rail:coaster", 1)) // (30, 0, 2), mirrored, out (6, 0, 0)
        panel.camera.setOrbit(Qt.vector3d(33, 1, 2), 90, 55, 22)
        waitForFrame(panel.view)
        const gizmo = panel.gizmo
        verify(gizmo.shown)
        const tip = pointOnScreen(panel, 36, 0, 2)
        fuzzyCompare(gizmo.handleOut.x, tip.x, 0.5)
        fuzzyCompare(gizmo.handleOut.y, tip.y, 0.5)
        dragIn3D(panel, tip, pointOnScreen(panel, 38, 3, 2), false)
        compare(editor.rail.pointMode, "mirrored")
        fuzzyCompare(editor.rail.handleOut[0], 8, 0.05)
        fuzzyCompare(editor.rail.handleOut[1], 3, 0.05)
        compare(editor.rail.handleOut[2], 0, "a horizontal drag keeps the handle's height")
        fuzzyCompare(editor.rail.handleIn[0], -editor.rail.handleOut[0], 1e-9)
        fuzzyCompare(editor.rail.handleIn[1], -editor.rail.handleOut[1], 1e-9)
        compare(editor.rail.pointXs[1], 30, "the point stays")
        editor.undo()
        compare(editor.rail.handleOut, [6, 0, 0])
        compare(editor.rail.handleIn, [-6, 0, 0])
    }

    // The move gizmo: the z arrow of the active point dragged up moves it 3 m up along z only (whole
    // grid steps with snapping on); the x arrow then moves it along x only; each one undo step.
    function test_moveAlongOneAxisWithTheGizmo() {
        const panel = open3D(testData.coaster)
        verify(editor.selection.selectRailPoint("rail:coaster", 1))
        const x0 = editor.rail.pointXs[1], y0 = editor.rail.pointYs[1], z0 = editor.rail.pointZs[1]
        // From the front, orthographic: a pixel is the same length all along the arrows.
        panel.camera.setOrbit(Qt.vector3d(x0, y0, z0 + 2), 60, 20, 30)
        panel.camera.viewFrom("front")
        waitForFrame(panel.view)
        verify(panel.camera.orthographic)
        const gizmo = panel.gizmo
        compare(gizmo.arrows.length, 3)
        // Grab the z arrow near its tip (beyond the ring), drag it up by as much as 3 m shows there.
        const tip = gizmo.arrows[2]
        const base = pointOnScreen(panel, x0, y0, z0)
        const grab = Qt.point(base.x + (tip.x - base.x) * 0.9, base.y + (tip.y - base.y) * 0.9)
        const up = pointOnScreen(panel, x0, y0, z0 + 3)
        dragIn3D(panel, grab, Qt.point(grab.x + up.x - base.x, grab.y + up.y - base.y), false)
        compare(editor.rail.pointXs[1], x0)
        compare(editor.rail.pointYs[1], y0)
        compare(editor.rail.pointZs[1], Math.round(z0 + 3), "along z by whole steps")
        const z1 = editor.rail.pointZs[1]
        waitForFrame(panel.view)
        const xTip = gizmo.arrows[0]
        const base1 = pointOnScreen(panel, x0, y0, z1)
        const xGrab = Qt.point(base1.x + (xTip.x - base1.x) * 0.9, base1.y + (xTip.y - base1.y) * 0.9)
        const along = pointOnScreen(panel, x0 + 4, y0, z1)
        dragIn3D(panel, xGrab, Qt.point(xGrab.x + along.x - base1.x, xGrab.y + along.y - base1.y), false)
        compare(editor.rail.pointXs[1], Math.round(x0 + 4))
        compare(editor.rail.pointYs[1], y0, "y stays")
        compare(editor.rail.pointZs[1], z1, "z stays")
        editor.undo()
        compare(editor.rail.pointXs[1], x0)
        editor.undo()
        compare(editor.rail.pointZs[1], z0)

        // A waypoint selected alone has the arrows too.
        const demo = open3D(testData.demo)
        select("waypoint:gate")
        const w = editor.objectInfo("waypoint:gate")
        demo.camera.setOrbit(Qt.vector3d(w.x, w.y, w.z + 2), 60, 20, 30)
        demo.camera.viewFrom("front")
        waitForFrame(demo.view)
        verify(demo.gizmo.shown)
        compare(demo.gizmo.ring.length, 0, "no ring for a waypoint")
        const wTip = demo.gizmo.arrows[2]
        const wBase = pointOnScreen(demo, w.x, w.y, w.z)
        const wGrab = Qt.point(wBase.x + (wTip.x - wBase.x) * 0.9, wBase.y + (wTip.y - wBase.y) * 0.9)
        const wUp = pointOnScreen(demo, w.x, w.y, w.z + 2)
        dragIn3D(demo, wGrab, Qt.point(wGrab.x + wUp.x - wBase.x, wGrab.y + wUp.y - wBase.y), false)
        const moved = editor.objectInfo("waypoint:gate")
        compare([moved.x, moved.y, moved.z], [w.x, w.y, Math.round(w.z + 2)])
        editor.undo()
        compare(editor.objectInfo("waypoint:gate").z, w.z)
    }

    // The tilt ring: dragged a quarter of the way round from the dot where the point's up is, the rail
    // rolls 90 degrees about its tangent there, the tilt and bank shown while dragging; one undo step.
    function test_rollWithTheTiltRingIn3D() {
        const panel = open3D(testData.banked)
        verify(editor.selection.selectRailPoint("rail:coaster", 4)) // (0, 30, 6): tilt 0, leaving along -x
        compare(editor.rail.pointTilt, 0)
        // Behind the point looking along its tangent: the ring shows nearly round.
        panel.camera.setOrbit(Qt.vector3d(0, 30, 6), 180, 10, 25)
        waitForFrame(panel.view)
        const gizmo = panel.gizmo
        verify(gizmo.shown)
        compare(gizmo.ring.length, 49)
        const ring = gizmo.ring.map(p => Qt.point(p.x, p.y)) // a copy: the ring moves as the rail rolls
        const area = input(panel)
        fuzzyCompare(gizmo.up.x, ring[0].x, 0.5)
        fuzzyCompare(gizmo.up.y, ring[0].y, 0.5)
        mousePress(area, ring[0].x, ring[0].y, Qt.LeftButton)
        compare(gizmo.held, "tilt")
        for (let i = 1; i <= 12; ++i)
            mouseMove(area, ring[i].x, ring[i].y, -1, Qt.LeftButton)
        const readout = findChild(panel, "tiltReadout")
        verify(readout.visible)
        verify(readout.text.startsWith("tilt " + editor.rail.pointTilt.toFixed(1) + "°"), readout.text)
        verify(readout.text.indexOf("bank " + editor.rail.pointBank.toFixed(1) + "°") > 0, readout.text)
        mouseRelease(area, ring[12].x, ring[12].y, Qt.LeftButton)
        compare(gizmo.held, "")
        fuzzyCompare(Math.abs(editor.rail.pointTilt), 90, 2)
        verify(Math.abs(editor.rail.pointBank) > 60, "the bank follows")
        editor.undo()
        compare(editor.rail.pointTilt, 0)
    }

    // The status bar reads where a click in the 3D view would land before it is made: the pointer
    // over the mine's deck reads the deck's height there; off the view the read-out clears.
    function test_statusBarReadsThePointerIn3D() {
        const panel = open3D(testData.mine)
        editor.ground.waitForGround()
        panel.camera.setOrbit(Qt.vector3d(110, 0, 12), 200, 35, 40)
        waitForFrame(panel.view)
        const at = panel.camera.project(110, 0, 12)
        verify(at !== undefined)
        const area = input(panel)
        mouseMove(area, at.x - 1, at.y)
        mouseMove(area, at.x, at.y)
        const label = findChild(win.footer, "cursorLabel")
        tryVerify(() => panel.pointerLanding !== undefined)
        const landing = panel.pointerLanding
        fuzzyCompare(landing.x, 110, 0.5)
        fuzzyCompare(landing.y, 0, 0.5)
        compare(label.text, "x " + win.canvas.formatNumber(landing.x) + "  y " + win.canvas.formatNumber(landing.y)
                + "  z " + win.canvas.formatNumber(landing.z))
        verify(landing.z > 11.9 && landing.z < 12.1 + editor.grounding.railClearance, landing.z)
        mouseMove(win.footer, 5, 5)
        tryVerify(() => panel.pointerLanding === undefined)
        compare(label.text, "x –  y –")
    }

    // The tilt ring's fine drag (Shift held while dragging: a tenth as far), its 5° snap (Ctrl held),
    // and seen edge-on a 40 px drag turns the rail no more than 40 px round a ring seen face-on would.
    function test_tiltRingFineSnapAndEdgeOn() {
        const panel = open3D(testData.banked)
        verify(editor.selection.selectRailPoint("rail:coaster", 4)) // (0, 30, 6): tilt 0, leaving along -x
        panel.camera.setOrbit(Qt.vector3d(0, 30, 6), 180, 10, 25)
        waitForFrame(panel.view)
        const gizmo = panel.gizmo
        const area = input(panel)
        function dragRound(steps, key) {
            const ring = gizmo.ring.map(p => Qt.point(p.x, p.y))
            mousePress(area, ring[0].x, ring[0].y, Qt.LeftButton)
            compare(gizmo.held, "tilt")
            mouseMove(area, ring[1].x, ring[1].y, -1, Qt.LeftButton)
            if (key) keyPress(key)
            for (let i = 2; i <= steps; ++i)
                mouseMove(area, ring[i].x, ring[i].y, -1, Qt.LeftButton)
            if (key) keyRelease(key)
            mouseRelease(area, ring[steps].x, ring[steps].y, Qt.LeftButton)
        }
        // Fine: a quarter of the way round with Shift held after the first step: 7.5° + 82.5° / 10.
        dragRound(12, Qt.Key_Shift)
        fuzzyCompare(Math.abs(editor.rail.pointTilt), 7.5 + 8.25, 1)
        editor.undo()
        compare(editor.rail.pointTilt, 0)
        // Snap: five steps (37.5°) with Ctrl held land on a multiple of 5.
        dragRound(5, Qt.Key_Control)
        const snapped = Math.abs(editor.rail.pointTilt)
        verify(snapped === 35 || snapped === 40, snapped)
        editor.undo()
        compare(editor.rail.pointTilt, 0)
        // Nearly edge-on (looking 15° off across the tangent): 40 px up from the dot turns at most
        // 40 / 48 radians.
        panel.camera.setOrbit(Qt.vector3d(0, 30, 6), 105, 5, 25)
        waitForFrame(panel.view)
        tryVerify(() => gizmo.up !== undefined)
        const up = Qt.point(gizmo.up.x, gizmo.up.y)
        mousePress(area, up.x, up.y, Qt.LeftButton)
        compare(gizmo.held, "tilt")
        for (let i = 1; i <= 8; ++i)
            mouseMove(area, up.x, up.y - 5 * i, -1, Qt.LeftButton)
        mouseRelease(area, up.x, up.y - 40, Qt.LeftButton)
        verify(Math.abs(editor.rail.pointTilt) <= 40 / 48 * 180 / Math.PI + 0.5, editor.rail.pointTilt)
        editor.undo()
    }

    // Supports: every 4 m along the mine's rails a line down to the ground under the rail (the
    // profile's rule: the highest surface at or below it), red below the rail clearance, amber up to
    // twice it, grey above; they follow a point dragged down towards the deck.
    function test_supportsShowHowHighARailRuns() {
        const mine = open3D(testData.mine)
        editor.ground.waitForGround()
        const supports = mine.supports
        tryVerify(() => supports.closeCount + supports.clearCount > 0, 5000)
        const clearance = editor.grounding.railClearance
        const check = list => {
            for (const p of list) {
                const surfaces = editor.ground.surfacesAt(p.x, p.y)
                let under = surfaces[0]
                for (const z of surfaces)
                    if (z <= p.z + 1e-9) { under = z; break }
                fuzzyCompare(p.ground, under, 1e-6)
                const rise = p.z - p.ground
                compare(p.clearance, rise < clearance ? "low" : rise <= 2 * clearance ? "close" : "clear",
                        JSON.stringify(p))
            }
        }
        let main = supports.supportsOf("rail:main")
        verify(main.length >= 35, main.length) // about 150 m of rail
        check(main)
        verify(main.some(p => p.clearance === "close"), "1.5 m over the valley and the deck: close to the clearance")
        const low = supports.lowCount
        // Point 5 (120, 0, 13.5) down onto the deck (whole grid steps: 12), under the clearance.
        select("rail:main")
        mine.camera.setOrbit(Qt.vector3d(120, 0, 13), 90, 20, 20)
        waitForFrame(mine.view)
        dragIn3D(mine, pointOnScreen(mine, 120, 0, 13.5), pointOnScreen(mine, 120, 0, 12.2), true)
        compare(editor.rail.pointZs[4], 12)
        verify(supports.lowCount > low, "red supports where the rail now runs low")
        main = supports.supportsOf("rail:main")
        check(main)
        verify(main.some(p => p.clearance === "low" && Math.abs(p.x - 120) < 8))
        editor.undo()
        compare(supports.lowCount, low)
    }

    // An open rail's end dragged in 3D onto another rail: a ring shows where it would join, and let
    // go there it joins (a junction on the other rail, the end on it); the drag and the join are one
    // undo step, as on the plan.
    function test_joinARailEndByDragIn3D() {
        const panel = open3D(testData.banked)
        select("rail:zipline")
        panel.camera.setOrbit(Qt.vector3d(0, -6, 4), -90, 70, 60)
        waitForFrame(panel.view)
        compare(editor.junctions().length, 0)
        const from = pointOnScreen(panel, -10, -14, 8) // the zipline's start
        const onto = railOnScreen(panel, "rail:coaster", 12)
        const area = input(panel)
        mousePress(area, from.x, from.y, Qt.LeftButton)
        for (let i = 1; i <= 8; ++i)
            mouseMove(area, from.x + (onto.x - from.x) * i / 8, from.y + (onto.y - from.y) * i / 8, -1, Qt.LeftButton)
        const ring = findChild(panel, "joinRing")
        verify(ring.visible, "a ring where the end would join")
        mouseRelease(area, onto.x, onto.y, Qt.LeftButton)
        verify(!ring.visible)
        const joined = editor.junctions()
        compare(joined.length, 1)
        compare(joined[0].rail, "coaster")
        compare(joined[0].links, ["zipline:start"])
        fuzzyCompare(joined[0].s, 12, 1.0)
        const start = editor.objectInfo("rail:zipline")
        const at = panel.scene.railPointAt("rail:coaster", joined[0].s)
        fuzzyCompare(start.xs[0], at.x, 0.05)
        fuzzyCompare(start.ys[0], at.y, 0.05)
        fuzzyCompare(start.zs[0], at.z, 0.05)
        editor.undo()
        compare(editor.junctions().length, 0, "the drag and the join: one undo step")
        compare(editor.objectInfo("rail:zipline").xs[0], -10)
        compare(editor.objectInfo("rail:zipline").zs[0], 8)
    }

    // A colour is a change of look only (typed change events): the 3D view builds no ribbon for it,
    // while a moved point rebuilds that rail's ribbon once.
    function test_aColourRebuildsNoRibbon() {
        const panel = open3D(testData.coaster)
        select("rail:coaster")
        const before = panel.scene.ribbonBuilds("rail:coaster")
        // The properties are below the rail's points, out of the panel's view: focus goes there as
        // a Tab would take it.
        field("newPropName").forceActiveFocus()
        for (const ch of "colour")
            keyClick(ch)
        const type = field("newPropType")
        type.forceActiveFocus()
        while (type.currentIndex < type.count - 1)
            keyClick(Qt.Key_Down)
        compare(type.currentText, "color")
        field("newPropValue").forceActiveFocus()
        for (const ch of "#ff2000")
            keyClick(ch)
        keyClick(Qt.Key_Return)
        verify(field("prop_colour") !== null, "the rail has its colour")
        compare(panel.scene.ribbonBuilds("rail:coaster"), before, "no ribbon for a colour")
        editor.undo()
        compare(panel.scene.ribbonBuilds("rail:coaster"), before, "nor for its undo")
        // A point moved (its x typed in the inspector) is a change of shape: one build.
        const x = findChild(findChild(win.inspector, "railPoint_1"), "px")
        typeInto(x, String(Number(x.text) + 2))
        compare(panel.scene.ribbonBuilds("rail:coaster"), before + 1)
    }

    // Golden images of the 3D view alone, from fixed cameras.
    function test_golden_demo() {
        const panel = open3D(testData.demo)
        panel.camera.setOrbit(Qt.vector3d(30, 18, 2), -62, 38, 75)
        compare(golden.checkItem(panel.view, "view3d_demo"), "")
    }
    function test_golden_banked() {
        const panel = open3D(testData.banked)
        select("rail:coaster")
        panel.camera.setOrbit(panel.scene.centre, -50, 32, panel.scene.radius * 2.4)
        compare(golden.checkItem(panel.view, "view3d_banked"), "")
    }
    // How a rail sits on a level: supports down to the ground, the deck in its reference's colour,
    // the greyscale site plan draped over the terrain in its own greys (not red).
    function test_golden_viaduct() {
        const panel = open3D(testData.viaduct)
        editor.ground.waitForGround()
        panel.scene.waitForScenery()
        tryVerify(() => panel.supports.closeCount + panel.supports.clearCount > 0, 5000)
        const grounds = panel.scene.grounds
        compare(grounds.length, 2)
        compare(grounds[1].color, "#c07a48", "the deck in its colour")
        verify(grounds[0].texture.toString() !== "", "the site plan lies on the terrain")
        compare(grounds[1].texture.toString(), "", "not on the deck, which has a colour of its own")
        verify(panel.scene.images[0].draped)
        panel.camera.setOrbit(Qt.vector3d(105, 0, 3), -60, 35, 170)
        compare(golden.checkItem(panel.view, "view3d_viaduct"), "")
    }
    function test_golden_ride() {
        const panel = open3D(testData.banked)
        select("rail:coaster")
        verify(panel.ride.start("rail:coaster", 0))
        panel.ride.s = panel.ride.length * 0.4
        compare(golden.checkItem(panel.view, "view3d_ride_banked"), "")
    }
    // The track meshes the engine gets (File > Export meshes), shown with the Track button: the
    // trestle's running rails with their ties, the tube, and the supports on the deck and the ground,
    // as many as the export writes (177 ties; 43 and 10 supports); T hides them, the ribbons return.
    function test_golden_trackMeshes() {
        const panel = open3D(testData.trestle)
        editor.ground.waitForGround()
        panel.scene.waitForScenery()
        compare(panel.tracks.triangleCount, 0, "nothing is swept until asked")
        mouseClick(findChild(panel, "trackMeshesButton"))
        tryVerify(() => panel.tracks.triangleCount > 0, 10000)
        compare(panel.tracks.tieCount, 177)
        compare(panel.tracks.supportCount, 53)
        verify(findChild(panel, "trackMeshes").visible)
        panel.camera.setOrbit(Qt.vector3d(72, 6, 5), -62, 24, 62)
        compare(golden.checkItem(panel.view, "view3d_track_meshes"), "")
        // A style changed in the inspector shows at once: the tube becomes a catwalk.
        select("rail:cross")
        const triangles = panel.tracks.triangleCount
        verify(editor.track.setSection("ribbon"))
        tryVerify(() => panel.tracks.triangleCount !== triangles)
        // T in the 3D view hides them again.
        mouseClick(input(panel), 4, 4)
        keyClick(Qt.Key_T)
        tryVerify(() => !panel.tracksShown)
        verify(!findChild(panel, "trackMeshes").visible)
    }
}
