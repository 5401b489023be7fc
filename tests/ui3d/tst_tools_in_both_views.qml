// The tools the plan and the 3D view share (tools/tool_registry.h: the same tool class, made by its
// registry entry for each view: select, draw rail, add waypoint, measure, probe) do the same through
// either view's real mouse: each test runs its steps once through the plan and once through the 3D view
// with one helper (views()), and checks the same document afterwards.
import QtQuick
import QtTest
import RailForge
import "../ui"

EditorTestCase {
    name: "ToolsInBothViews"

    function open3D(file) {
        open(file)
        keyClick(Qt.Key_F3)
        tryVerify(() => win.view3d !== null && win.view3d.width > 100, 5000, "F3 shows the 3D view")
        waitForFrame(win.view3d)
        return win.view3d
    }
    function tool(key) { mouseClick(findChild(win.header, "tool" + key)) }

    // The plan and the 3D view, driven alike: where a world point shows, a click and a drag with the
    // real mouse, and what the ruler reads.
    function views(panel) {
        const area = findChild(panel, "view3dInput")
        // `halfway`, when given, runs with the mouse still down half the way along (a key press);
        // `modifiers` are held throughout.
        function drag(item, from, to, halfway, modifiers) {
            const held = modifiers === undefined ? Qt.NoModifier : modifiers
            mousePress(item, from.x, from.y, Qt.LeftButton, held)
            for (let i = 1; i <= 8; ++i) {
                mouseMove(item, from.x + (to.x - from.x) * i / 8, from.y + (to.y - from.y) * i / 8, -1, Qt.LeftButton,
                          held)
                if (i === 4 && halfway)
                    halfway()
            }
            mouseRelease(item, to.x, to.y, Qt.LeftButton, held)
        }
        function click(item, p, modifiers) {
            mouseMove(item, p.x, p.y)
            mouseClick(item, p.x, p.y, Qt.LeftButton, modifiers === undefined ? Qt.NoModifier : modifiers)
        }
        return [{
            name: "plan",
            at: (x, y, z) => canvas.toScreen(Qt.point(x, y)),
            click: (p, modifiers) => click(canvas, p, modifiers),
            drag: (from, to, halfway, modifiers) => drag(canvas, from, to, halfway, modifiers),
            readout: () => canvas.toolHint
        }, {
            name: "3D",
            at: (x, y, z) => {
                const p = panel.camera.project(x, y, z)
                verify(p !== undefined, "the point is in front of the camera")
                return p
            },
            click: (p, modifiers) => click(area, p, modifiers),
            drag: (from, to, halfway, modifiers) => drag(area, from, to, halfway, modifiers),
            readout: () => panel.placer.readout
        }]
    }

    // Three clicks, then one on the first point: a closed rail of three points, one undo step.
    function test_closeARailOnItsFirstPoint() {
        const panel = open3D(testData.banked)
        panel.camera.setOrbit(Qt.vector3d(15, 15, 0), -90, 70, 70)
        waitForFrame(panel.view)
        const rails = editor.railCount
        for (const view of views(panel)) {
            tool("R")
            for (const c of [[10, 10], [20, 10], [20, 20], [10, 10]])
                view.click(view.at(c[0], c[1], 0))
            compare(editor.railCount, rails + 1, view.name + ": the click on the first point made the rail")
            compare(editor.rail.pointXs, [10, 20, 20], view.name)
            compare(editor.rail.pointYs, [10, 10, 20], view.name)
            verify(editor.objectInfo(editor.selection.keys[0]).closed, view.name + ": closed into a loop")
            editor.undo()
            compare(editor.railCount, rails, view.name + ": one undo step")
        }
    }

    // A waypoint placed over the deck lands on it (the top surface there, at the waypoint clearance):
    // on the plan with ground snapping on (the toolbar's button), in 3D where the pointer's ray lands.
    function test_placeAWaypointOnTheGround() {
        const mine = open3D(testData.mine)
        editor.ground.waitForGround()
        if (!editor.grounding.snapToGround)
            mouseClick(findChild(win.header, "snapToGround"))
        verify(editor.grounding.snapToGround)
        mine.camera.setOrbit(Qt.vector3d(121, 2, 4), -90, 55, 60)
        waitForFrame(mine.view)
        const waypoints = editor.waypointCount
        for (const view of views(mine)) {
            tool("W")
            view.click(view.at(120, -1, 12))
            compare(editor.waypointCount, waypoints + 1, view.name)
            const placed = editor.objectInfo(editor.selection.keys[0])
            compare([placed.x, placed.y], [120, -1], view.name)
            compare(Math.abs(placed.z - 12 - editor.grounding.waypointClearance) < 1e-3, true, view.name + ": z " + placed.z)
            editor.undo()
        }
    }

    // The ruler between the zipline's first two control points: their plan distance and the drop.
    function test_rulerBetweenTwoControlPoints() {
        const panel = open3D(testData.banked)
        select("rail:zipline")
        panel.camera.setOrbit(Qt.vector3d(5, -12, 6), -90, 70, 60)
        waitForFrame(panel.view)
        for (const view of views(panel)) {
            tool("U")
            view.click(view.at(-10, -14, 8))
            view.click(view.at(20, -10, 5))
            const read = /^distance ([\d.]+) .*dz (-?[\d.]+)/.exec(view.readout())
            verify(read !== null, view.name + ": " + view.readout())
            // Each view's figures to its own decimals (the plan's follow its zoom; 3D: centimetres).
            const decimals = view.name === "plan" ? canvas.displayDecimals : 2
            compare(Number(read[1]), Number(Math.hypot(30, 4).toFixed(decimals)), view.name)
            compare(Number(read[2]), -3, view.name)
            compare(editor.canUndo, false, view.name + ": measuring edits nothing")
            tool("V") // another tool drops the measurement
        }
    }

    // The handle protocol (document/editing/point_handle.h), the same in both views: the out handle
    // of a mirrored point dragged moves as the pointer does and the in handle mirrors it, one undo
    // step; Esc with the mouse still down puts the handle, or the control point, back where it was
    // grabbed, with nothing to undo or redo, and the rest of the press does nothing.
    function test_dragAHandleEscPutsItBack() {
        const panel = open3D(testData.banked)
        // The coaster's point 1: (30, 0, 2), mirrored, its out handle (6, 0, 0).
        function aim() {
            verify(editor.selection.selectRailPoint("rail:coaster", 1))
            panel.camera.setOrbit(Qt.vector3d(33, 1, 2), 90, 55, 22)
            waitForFrame(panel.view)
        }
        for (const view of views(panel)) {
            tool("V")
            aim()
            view.drag(view.at(36, 0, 2), view.at(38, 3, 2))
            fuzzyCompare(editor.rail.handleOut[0], 8, 0.05)
            fuzzyCompare(editor.rail.handleOut[1], 3, 0.05)
            compare(editor.rail.handleOut[2], 0, view.name + ": the handle keeps its height")
            fuzzyCompare(editor.rail.handleIn[0], -editor.rail.handleOut[0], 1e-9)
            fuzzyCompare(editor.rail.handleIn[1], -editor.rail.handleOut[1], 1e-9)
            editor.undo()
            compare(editor.rail.handleOut, [6, 0, 0], view.name + ": one undo step")
            compare(editor.canUndo, false, view.name)

            aim()
            const yaw = panel.camera.yaw, pitch = panel.camera.pitch
            view.drag(view.at(36, 0, 2), view.at(38, 3, 2), () => {
                verify(editor.rail.handleOut[1] > 0.5, view.name + ": the handle follows the pointer")
                keyClick(Qt.Key_Escape)
            })
            compare(editor.rail.handleOut, [6, 0, 0], view.name + ": Esc put the handle back")
            compare(editor.rail.handleIn, [-6, 0, 0], view.name)
            compare(editor.canUndo, false, view.name + ": nothing to undo")
            compare(editor.canRedo, false, view.name + ": nothing to redo")
            compare([panel.camera.yaw, panel.camera.pitch], [yaw, pitch], view.name + ": the press did not turn the camera")
            compare(editor.selection.railPoint, 1, view.name + ": the point stays active")

            aim()
            view.drag(view.at(30, 0, 2), view.at(33, 2, 2), () => {
                verify(editor.rail.pointXs[1] > 30.5, view.name + ": the point follows the pointer")
                keyClick(Qt.Key_Escape)
            })
            compare([editor.rail.pointXs[1], editor.rail.pointYs[1]], [30, 0], view.name + ": Esc put the point back")
            compare(editor.canUndo, false, view.name)
            compare(editor.canRedo, false, view.name)
        }
    }

    // The zipline's start dragged onto the coaster joins it there, on the grid's step along it; with
    // rails locked the drag joins nothing.
    function test_joinAnEndWithSnapAndLock() {
        const panel = open3D(testData.banked)
        verify(editor.snapEnabled)
        const onto = panel.scene.railPointAt("rail:coaster", 12.3)
        // The same camera for each drag (a drag that grabs nothing in 3D turns it).
        function aim() {
            select("rail:zipline")
            panel.camera.setOrbit(Qt.vector3d(0, -6, 4), -90, 70, 60)
            waitForFrame(panel.view)
        }
        for (const view of views(panel)) {
            tool("V")
            aim()
            editor.layers.setLocked("rail", true)
            view.drag(view.at(-10, -14, 8), view.at(onto.x, onto.y, onto.z))
            compare(editor.junctions().length, 0, view.name + ": a locked rail joins nothing")
            compare(editor.objectInfo("rail:zipline").xs[0], -10, view.name)
            editor.layers.setLocked("rail", false)
            aim()
            view.drag(view.at(-10, -14, 8), view.at(onto.x, onto.y, onto.z))
            const joined = editor.junctions()
            compare(joined.length, 1, view.name)
            compare(joined[0].rail, "coaster", view.name)
            compare(joined[0].links, ["zipline:start"], view.name)
            fuzzyCompare(joined[0].s, 12, 1.0)
            compare(joined[0].s % editor.snapSize, 0, view.name + ": on the grid's step along the rail: " + joined[0].s)
            editor.undo()
            compare(editor.junctions().length, 0, view.name + ": the drag and the join, one undo step")
            compare(editor.objectInfo("rail:zipline").xs[0], -10, view.name)
        }
    }

    // The demo's yard from straight above, in 3D as on the plan: a box on the ground shows as a box.
    function fromAbove(panel) {
        panel.camera.setOrbit(Qt.vector3d(30, 20, 0), -90, 90, 80)
        waitForFrame(panel.view)
    }

    // A click selects, Shift+click adds or takes out, a click on nothing clears; a Shift+drag draws
    // a band that adds what it takes, the same in both views.
    function test_clickShiftClickAndBand() {
        const panel = open3D(testData.demo)
        let bandPicked = null
        for (const view of views(panel)) {
            tool("V")
            fromAbove(panel)
            editor.selection.clear()
            view.click(view.at(26, 2, 0))
            compare(editor.selection.keys, ["waypoint:gate"], view.name)
            view.click(view.at(14, 2, 0), Qt.ShiftModifier)
            compare(editor.selection.keys.slice().sort(), ["waypoint:gate", "waypoint:road_a"], view.name)
            view.click(view.at(26, 2, 0), Qt.ShiftModifier)
            compare(editor.selection.keys, ["waypoint:road_a"], view.name + ": Shift+click takes it out")
            view.click(view.at(32, 6.5, 0))
            compare(editor.selection.count, 0, view.name + ": a click on nothing clears the selection")

            // The band from (1, 1) to (30, 13) takes the six waypoints inside it, added to the dock.
            view.click(view.at(2, 38, 0))
            compare(editor.selection.keys, ["waypoint:dock_a"], view.name)
            view.drag(view.at(1, 1, 0), view.at(30, 13, 0), undefined, Qt.ShiftModifier)
            const waypoints = editor.selection.keys.filter(k => k.startsWith("waypoint:")).sort()
            compare(waypoints, ["waypoint:dock_a", "waypoint:gate", "waypoint:gate_west", "waypoint:lot_a",
                                "waypoint:lot_b", "waypoint:office", "waypoint:road_a"], view.name)
            const picked = editor.selection.keys.slice().sort()
            if (bandPicked === null)
                bandPicked = picked
            else
                compare(picked, bandPicked, "the band takes the same in both views")
            compare(editor.canUndo, false, view.name + ": selecting edits nothing")
        }
    }

    // A waypoint dragged moves by the pointer's travel on the grid, one undo step; Esc with the
    // mouse still down puts it back, with nothing to undo or redo.
    function test_dragAWaypointEscPutsItBack() {
        const panel = open3D(testData.demo)
        verify(editor.snapEnabled)
        for (const view of views(panel)) {
            tool("V")
            fromAbove(panel)
            view.drag(view.at(26, 2, 0), view.at(29.2, 4.1, 0))
            let gate = editor.objectInfo("waypoint:gate")
            compare([gate.x, gate.y, gate.z], [29, 4, 0], view.name)
            compare(editor.selection.keys, ["waypoint:gate"], view.name + ": what is dragged is selected")
            editor.undo()
            gate = editor.objectInfo("waypoint:gate")
            compare([gate.x, gate.y], [26, 2], view.name + ": one undo step")
            compare(editor.canUndo, false, view.name)

            view.drag(view.at(26, 2, 0), view.at(30, 6, 0), () => {
                verify(editor.objectInfo("waypoint:gate").x > 26.5, view.name + ": the waypoint follows the pointer")
                keyClick(Qt.Key_Escape)
            })
            gate = editor.objectInfo("waypoint:gate")
            compare([gate.x, gate.y], [26, 2], view.name + ": Esc put it back")
            compare(editor.canUndo, false, view.name + ": nothing to undo")
            compare(editor.canRedo, false, view.name + ": nothing to redo")
        }
    }

    // A junction dragged slides along its rail, the linked end following, and is selected; one undo
    // step; a click on it then turns its default way.
    function test_dragAJunction() {
        const panel = open3D(testData.network)
        tryCompare(panel.scene.junctions, "count", 2)
        const siding = () => editor.junctions().find(j => j.id === "siding")
        const way = siding()["default"]
        for (const view of views(panel)) {
            tool("V")
            editor.selection.clear()
            panel.camera.setOrbit(Qt.vector3d(50, 5, 0), 90, 60, 50)
            waitForFrame(panel.view)
            compare(siding().s, 40, view.name)
            view.drag(view.at(40, 0, 0), view.at(60, 3, 0))
            fuzzyCompare(siding().s, 60, 0.3)
            fuzzyCompare(editor.objectInfo("rail:spur").xs[0], siding().s, 1e-6)
            compare(editor.selection.keys, ["junction:siding"], view.name)
            editor.undo()
            compare(siding().s, 40, view.name)
            compare(editor.canUndo, false, view.name + ": the whole drag was one step")
            view.click(view.at(40, 0, 0))
            verify(siding()["default"] !== way, view.name + ": a click on the selected junction turns it")
            editor.undo()
            compare(siding()["default"], way, view.name)
        }
    }
}
