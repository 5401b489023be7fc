// The Level menu: select all of a kind, check patrol routes.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "LevelMenu"

    function test_levelMenuSelectsAKind() {
        open(testData.small)
        const menu = findChild(win.menuBar, "levelMenu")
        menu.open()
        waitForFrame(win.contentItem)
        const item = findChild(menu.contentItem, "selectKind_obstacle")
        verify(item !== null)
        mouseClick(item)
        compare(Array.from(editor.selection.keys).sort(), ["obstacle:crates", "obstacle:pillar"])
    }

    function test_levelMenuChecksPatrolRoutes() {
        open(testData.small)
        tryVerify(() => editor.pipeline.routeError("patrol:p1") === "", 5000)
        win.actions.checkLevel.trigger()
        verify(findChild(win.footer, "statusMessage").text.indexOf("Every patrol route builds") >= 0)
        editor.selection.selectKey("edge:b>c")
        keyClick(Qt.Key_Delete)
        tryVerify(() => editor.pipeline.brokenPatrols.length === 1, 5000)
        win.actions.checkLevel.trigger()
        tryVerify(() => win.problemsDialog.opened)
        verify(findChild(win.problemsDialog.contentItem, "problemText").text.indexOf("p1: ") === 0)
        win.problemsDialog.close()
    }

    // Dragging a waypoint so that its edge and the patrol on it cross an obstacle: the check says so,
    // names the edge and the patrol, and marks the spot on the canvas.
    function test_checkFindsWhatCrossesAnObstacle() {
        open(testData.small)
        tryVerify(() => editor.pipeline.routeError("patrol:p1") === "", 5000)
        const from = at(0, 0)
        const to = at(0, 10)
        mousePress(canvas, from.x, from.y)
        for (let i = 1; i <= 10; ++i)
            mouseMove(canvas, from.x + (to.x - from.x) * i / 10, from.y + (to.y - from.y) * i / 10)
        mouseRelease(canvas, to.x, to.y)
        compare(editor.objectInfo("waypoint:a").y, 10)
        tryVerify(() => editor.pipeline.routePoints("patrol:p1").length > 0 && editor.pipeline.routePoints("patrol:p1")[0][1] === 10, 5000)
        win.actions.checkLevel.trigger()
        tryVerify(() => win.problemsDialog.opened)
        const shown = JSON.stringify(win.problemsDialog.problems)
        verify(shown.indexOf("edge a <-> b crosses an obstacle") >= 0, shown)
        verify(shown.indexOf("patrol 'p1'") >= 0, shown)
        win.problemsDialog.close()
        verify(canvas.warningMarks.length >= 2)
        // The mark is drawn where the edge meets the pillar (amber, not the canvas's grey).
        const mark = canvas.warningMarks[0]
        verify(Math.hypot(mark.x - 5, mark.y - 5) <= 2, "at the pillar: " + mark.x + ", " + mark.y)
        const s = at(mark.x, mark.y)
        const pixel = canvasPixel(s.x, s.y - 8)
        verify(pixel.r > 0.8 && pixel.g > 0.5 && pixel.b < 0.4, "an amber mark: " + pixel)
        // Any edit takes the marks away (they describe the level as it was).
        editor.undo()
        compare(canvas.warningMarks.length, 0)
    }
}
