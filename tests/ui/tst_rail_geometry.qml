// One geometry per rail, owned by the document: a drag of one of a rail's points builds that rail's
// geometry once per step, though the plan draws it, the profile shows it and the inspector reads its
// point's bank; a step that does not move it builds nothing. A colour (a style) builds nothing.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "RailGeometry"

    function test_aDragStepBuildsTheRailOnce() {
        open(testData.mine) // the mine line: six points, a junction, channels
        select("rail:main")
        tryCompare(win.profile.view, "key", "rail:main")
        // Point 1: its Catmull-Rom segments end before the junction's (at s 108, between points 3
        // and 4), so the branch's linked start stays and only main changes.
        const info = editor.objectInfo("rail:main")
        const branch = editor.objectInfo("rail:branch")
        const p = at(info.xs[1], info.ys[1])
        waitForFrame(win.contentItem)
        mousePress(canvas, p.x, p.y)
        let moved = 0
        for (let i = 1; i <= 6; ++i) {
            const before = editor.railGeometryBuilds()
            const x = editor.objectInfo("rail:main").xs[1]
            mouseMove(canvas, p.x + 5 * i, p.y + 3 * i, -1, Qt.LeftButton)
            wait(60) // the profile and the problems follow an edit on a short timer
            waitForFrame(win.contentItem)
            const built = editor.railGeometryBuilds() - before
            if (editor.objectInfo("rail:main").xs[1] !== x) {
                compare(built, 1, "step " + i + ": one build for every view")
                ++moved
            } else {
                compare(built, 0, "step " + i + " moved nothing")
            }
        }
        verify(moved >= 4, moved + " steps moved the point")
        compare(editor.objectInfo("rail:branch").xs, branch.xs)
        const beforeRelease = editor.railGeometryBuilds()
        mouseRelease(canvas, p.x + 30, p.y + 18)
        waitForFrame(win.contentItem)
        compare(editor.railGeometryBuilds(), beforeRelease, "the drag's undo step has the shape already")
        // Undo gives back a shape no view has now: one build again.
        editor.undo()
        waitForFrame(win.contentItem)
        compare(editor.railGeometryBuilds(), beforeRelease + 1)
    }

    function test_aStyleChangeBuildsNothing() {
        open(scratchCopy(testData.mine, "style.yaml"))
        select("rail:main")
        tryCompare(win.profile.view, "key", "rail:main")
        waitForFrame(win.contentItem)
        const before = editor.railGeometryBuilds()
        verify(editor.inspector.setProperty("colour", "color", "#ff8800"))
        wait(60)
        waitForFrame(win.contentItem)
        compare(editor.railGeometryBuilds(), before)
    }
}
