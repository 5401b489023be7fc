// Junctions in the editor, worked with the mouse and keys as a designer does: a rail's end dragged
// onto another rail joins it there, leaving along it (or as drawn, with Alt; one undo step takes back
// the drag and the junction), a click on
// a junction selects it and a second click turns its default way, a drag slides it along its rail
// with the linked end, a right click deletes it, deleting a rail takes its links out and says so,
// the outliner lists junctions, and ▶ Play rides through them by their default ways. Junctions are
// objects like the rest: Shift+click and the rubber band select several, Delete, copy and paste,
// the outliner's eye hides them, and the inspector chooses the default way.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Junctions"

    function junction(id) {
        for (const j of editor.junctions())
            if (j.id === id)
                return j
        return null
    }
    function dragScreen(from, to, button) {
        mousePress(canvas, from.x, from.y, button === undefined ? Qt.LeftButton : button)
        for (let i = 1; i <= 8; ++i)
            mouseMove(canvas, from.x + (to.x - from.x) * i / 8, from.y + (to.y - from.y) * i / 8)
        mouseRelease(canvas, to.x, to.y)
    }

    function test_dragAnEndOntoARailJoinsThem() {
        open(scratchCopy(testData.junctionDraft, "junction-join.yaml"))
        compare(editor.junctions().length, 0)
        // The branch's start, dragged near the main line 50 m along it (a little off: it snaps).
        dragScreen(at(60, 20), at(50, 0.4))
        const made = editor.junctions()
        compare(made.length, 1)
        compare(made[0].rail, "main")
        compare(made[0].end, "") // mid-rail
        compare(made[0].s, 50) // on the 1 m grid while snapping is on
        compare(made[0].links, ["branch:start"])
        const start = editor.objectInfo("rail:branch")
        verify(Math.abs(start.xs[0] - made[0].s) < 1e-9 && Math.abs(start.ys[0]) < 1e-9,
               "branch starts at " + start.xs[0] + ", " + start.ys[0] + "; junction s " + made[0].s)
        verify(canvas.junctionPosition(made[0].id).x > 0) // drawn on the plan
        // The branch leaves along the main line: a second point on main's direction, a third of the
        // way to the next (a linear rail runs straight to it), so it no longer kinks there.
        compare(start.xs.length, 3)
        const angle = Math.atan2(start.ys[1] - start.ys[0], start.xs[1] - start.xs[0]) * 180 / Math.PI
        verify(Math.abs(angle) < 1, "the branch leaves at " + angle + " degrees to main")
        compare([start.xs[2], start.ys[2]], [100, 50])
        // One step takes back the join and the drag.
        editor.undo()
        compare(editor.junctions().length, 0)
        compare(editor.objectInfo("rail:branch").xs, [60, 100])
        compare(editor.objectInfo("rail:branch").ys, [20, 50])
    }

    // With Alt held as the end is dropped, the join is free: the branch keeps its own direction.
    function test_altDropJoinsFree() {
        open(scratchCopy(testData.junctionDraft, "junction-free.yaml"))
        const from = at(60, 20), to = at(50, 0.4)
        mousePress(canvas, from.x, from.y)
        for (let i = 1; i <= 8; ++i)
            mouseMove(canvas, from.x + (to.x - from.x) * i / 8, from.y + (to.y - from.y) * i / 8)
        mouseRelease(canvas, to.x, to.y, Qt.LeftButton, Qt.AltModifier)
        compare(editor.junctions().length, 1)
        const branch = editor.objectInfo("rail:branch")
        compare(branch.xs, [50, 100])
        compare(branch.ys, [0, 50])
    }

    function test_aClickSelectsThenTurnsTheDefault() {
        open(scratchCopy(testData.network, "junction-toggle.yaml"))
        compare(junction("fork").default, "to_mine")
        const p = canvas.junctionPosition("fork")
        mouseClick(canvas, p.x, p.y)
        compare(editor.selection.keys, ["junction:fork"])
        compare(junction("fork").default, "to_mine", "the first click selects")
        mouseClick(canvas, p.x, p.y)
        compare(junction("fork").default, "to_lift")
        mouseClick(canvas, p.x, p.y)
        compare(junction("fork").default, "to_mine")
        editor.undo()
        compare(junction("fork").default, "to_lift")
        verify(editor.undoText.indexOf("fork") >= 0, editor.undoText)
    }

    function test_dragAJunctionAlongItsRail() {
        open(scratchCopy(testData.network, "junction-move.yaml"))
        compare(junction("siding").s, 40)
        dragScreen(canvas.junctionPosition("siding"), at(70, 3))
        const moved = junction("siding").s
        verify(Math.abs(moved - 70) < 0.5, moved)
        // The spur's start went with it.
        verify(Math.abs(editor.objectInfo("rail:spur").xs[0] - moved) < 1e-9)
        compare(editor.objectInfo("rail:spur").xs[1], 80) // the rest of the spur stays
        editor.undo() // the whole drag in one step
        compare(junction("siding").s, 40)
        compare(editor.objectInfo("rail:spur").xs[0], 40)
    }

    function test_movingTheTrunksEndMovesTheLinkedEnds() {
        open(scratchCopy(testData.network, "junction-end.yaml"))
        // Drag the fork (at main's end): main's end and both branches' starts move together.
        dragScreen(canvas.junctionPosition("fork"), at(104, 6))
        const main = editor.objectInfo("rail:main")
        verify(Math.abs(main.xs[1] - 104) < 0.3 && Math.abs(main.ys[1] - 6) < 0.3, main.xs[1] + ", " + main.ys[1])
        for (const r of ["to_mine", "to_lift"]) {
            compare(editor.objectInfo("rail:" + r).xs[0], main.xs[1])
            compare(editor.objectInfo("rail:" + r).ys[0], main.ys[1])
        }
        editor.undo()
        compare(editor.objectInfo("rail:main").xs[1], 100)
        compare(editor.objectInfo("rail:to_lift").xs[0], 100)
    }

    function test_rightClickDeletesAJunction() {
        open(scratchCopy(testData.network, "junction-delete.yaml"))
        const p = canvas.junctionPosition("fork")
        mouseClick(canvas, p.x, p.y, Qt.RightButton)
        compare(editor.junctions().length, 1)
        compare(editor.railCount, 4) // its rails stay
        editor.undo()
        compare(editor.junctions().length, 2)
    }

    function test_deletingARailTakesItsLinksAndSaysSo() {
        open(scratchCopy(testData.network, "junction-rail.yaml"))
        clickWorld(140, -30) // on to_lift: selects it, and the canvas has the keys
        compare(editor.selection.keys, ["rail:to_lift"])
        keyClick(Qt.Key_Delete)
        compare(editor.railCount, 3)
        compare(junction("fork").links, ["to_mine:start"])
        verify(editor.statusMessage.indexOf("fork") >= 0, editor.statusMessage)
        clickWorld(60, 15) // on the spur
        compare(editor.selection.keys, ["rail:spur"])
        keyClick(Qt.Key_Delete)
        compare(junction("siding"), null) // no link left: the junction went too
        editor.undo()
        compare(junction("siding").links, ["spur:start"])
    }

    // Right-clicking the point that starts the segment a junction sits on deletes the segment, and the
    // junction with it: the status bar says which junction went; one undo brings both back.
    function test_deletingAPointTakesItsSegmentsJunctionAndSaysSo() {
        const path = testData.scratch + "/junction-point.yaml"
        verify(files.write(path, "railforge: 1\nlevel: {name: Point, units: m}\nrails:\n"
                               + "  - id: main\n    spline: {type: linear}\n    points: [[0, 0, 0], [50, 0, 0], [100, 0, 0]]\n"
                               + "  - id: spur\n    spline: {type: linear}\n    points: [[20, 0, 0], [40, 20, 0]]\n"
                               + "junctions:\n  - {id: siding, at: {rail: main, s: 20}, links: [{rail: spur, end: start}]}\n"))
        open(path)
        clickWorld(75, 0) // select main: its points show
        compare(editor.selection.keys, ["rail:main"])
        const p = at(0, 0)
        mouseClick(canvas, p.x, p.y, Qt.RightButton)
        compare(editor.objectInfo("rail:main").points, 2)
        compare(junction("siding"), null)
        verify(editor.statusMessage.indexOf("junction 'siding' went with it") >= 0, editor.statusMessage)
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(editor.objectInfo("rail:main").points, 3)
        compare(junction("siding").links, ["spur:start"])
    }

    // ▶ Play crossing a junction takes the profile onto the rail the agent is on, its cursor where the
    // agent is; when it stops, the profile is the selected rail's again.
    function test_profileFollowsPlayAcrossAJunction() {
        open(testData.network)
        select("rail:main")
        const profile = win.profile.view
        tryCompare(profile, "key", "rail:main")
        mouseClick(findChild(win.header, "playAgent"))
        tryVerify(() => canvas.play.playing)
        canvas.play.holdAt(120) // past the fork at 100: 20 m along the default branch
        compare(canvas.play.rail, "to_mine")
        tryCompare(profile, "key", "rail:to_mine")
        compare(editor.cursor.key, "rail:to_mine")
        verify(Math.abs(editor.cursor.s - 20) < 1e-6, editor.cursor.s)
        canvas.play.holdAt(40) // back on main, before the fork
        tryCompare(profile, "key", "rail:main")
        verify(Math.abs(editor.cursor.s - 40) < 1e-6, editor.cursor.s)
        mouseClick(findChild(win.header, "playAgent"))
        tryVerify(() => !canvas.play.playing)
        compare(editor.cursor.key, "")
        compare(profile.key, "rail:main")
    }

    function test_theOutlinerListsJunctions() {
        open(testData.network)
        const r = row("junction:fork")
        verify(r !== null)
        verify(r.ways.indexOf("to_mine ✓") >= 0, r.ways)
        verify(!findChild(r, "rowWays").truncated, "the default way reads whole: " + r.ways)
        mouseClick(r)
        compare(editor.selection.keys, ["junction:fork"]) // the junction itself
        // The inspector shows where it is and its ways; a way clicked there becomes the default.
        const section = findChild(win.inspector, "junctionSection")
        tryVerify(() => section.visible)
        waitForFrame(win.contentItem) // the inspector lays out the junction's fields
        compare(findChild(section, "junctionAt").text, "main, at its end")
        const lift = findChild(section, "junctionWay:to_lift")
        verify(!lift.checked)
        mouseClick(lift)
        compare(junction("fork").default, "to_lift")
        verify(lift.checked)
        verify(findChild(section, "junctionWay:to_mine").checked === false)
        editor.undo()
        compare(junction("fork").default, "to_mine")
    }

    // Shift+click takes a second junction; Delete removes both (their rails stay), one undo step.
    function test_selectSeveralJunctionsAndDeleteThem() {
        open(scratchCopy(testData.network, "junction-objects.yaml"))
        const fork = canvas.junctionPosition("fork"), siding = canvas.junctionPosition("siding")
        mouseClick(canvas, fork.x, fork.y)
        mouseClick(canvas, siding.x, siding.y, Qt.LeftButton, Qt.ShiftModifier)
        compare(editor.selection.keys.slice().sort(), ["junction:fork", "junction:siding"])
        compare(junction("fork").default, "to_mine", "Shift+click turns nothing")
        keyClick(Qt.Key_Delete)
        compare(editor.junctions().length, 0)
        compare(editor.railCount, 4)
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(editor.junctions().length, 2)
    }

    // A rubber band around the fork takes the junction (and the rails wholly inside it).
    function test_rubberBandTakesJunctions() {
        open(scratchCopy(testData.network, "junction-band.yaml"))
        const from = at(85, 20), to = at(115, -20)
        mousePress(canvas, from.x, from.y)
        for (let i = 1; i <= 6; ++i)
            mouseMove(canvas, from.x + (to.x - from.x) * i / 6, from.y + (to.y - from.y) * i / 6)
        mouseRelease(canvas, to.x, to.y)
        compare(editor.selection.keys, ["junction:fork"])
    }

    // Copying a junction copies its rails with it; the paste joins the new rails, not the old ones.
    function test_copyAndPasteAJunction() {
        open(scratchCopy(testData.network, "junction-copy.yaml"))
        const fork = canvas.junctionPosition("fork")
        mouseClick(canvas, fork.x, fork.y)
        keyClick(Qt.Key_C, Qt.ControlModifier)
        keyClick(Qt.Key_V, Qt.ControlModifier)
        compare(editor.junctions().length, 3)
        compare(editor.railCount, 7) // main, to_mine and to_lift again
        const pasted = editor.junctions()[2]
        verify(pasted.id !== "fork" && pasted.rail !== "main", pasted.id + " on " + pasted.rail)
        verify(editor.selection.keys.indexOf("junction:" + pasted.id) >= 0, "the paste is selected")
        compare(pasted.links.length, 2)
        editor.undo()
        compare(editor.junctions().length, 2)
        compare(editor.railCount, 4)
    }

    // The outliner's eye hides the junctions: not drawn, and a click where one was picks the rail.
    function test_hideJunctions() {
        open(scratchCopy(testData.network, "junction-hide.yaml"))
        const p = canvas.junctionPosition("siding")
        const eye = sectionButton("junction", "visibility")
        verify(eye !== null)
        mouseClick(eye)
        verify(!editor.layers.isVisible("junction"))
        mouseClick(canvas, p.x, p.y)
        compare(editor.selection.count, 1)
        verify(editor.selection.keys[0].startsWith("rail:"), editor.selection.keys[0])
        mouseClick(eye)
        mouseClick(canvas, 3, canvas.height - 3) // nothing
        mouseClick(canvas, p.x, p.y)
        compare(editor.selection.keys, ["junction:siding"])
    }

    function test_playRidesThroughJunctions() {
        open(testData.network)
        select("rail:main")
        verify(canvas.play.start("rail:main"))
        canvas.play.holdAt(120) // past the fork at 100: 20 m along the default branch
        compare(canvas.play.rail, "to_mine")
        const p = canvas.play.position
        verify(Math.abs(p.x - 116) < 1e-6 && Math.abs(p.y - 12) < 1e-6, p.x + ", " + p.y)
        canvas.play.stop()
        // With the other branch as the default, the ride takes it (a click selects, the next turns).
        mouseClick(canvas, canvas.junctionPosition("fork").x, canvas.junctionPosition("fork").y)
        mouseClick(canvas, canvas.junctionPosition("fork").x, canvas.junctionPosition("fork").y)
        verify(canvas.play.start("rail:main"))
        canvas.play.holdAt(120)
        compare(canvas.play.rail, "to_lift")
        canvas.play.stop()
    }
}
