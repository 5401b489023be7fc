// Patrols as the designer edits their graph: deleting a stop names the patrol that lost it, and a
// patrol whose route cannot be built is marked in the outliner and drawn as red dashes on the canvas.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Patrols"

    function test_deletingAStopNamesThePatrol() {
        open(testData.demo)
        select("waypoint:lot_a")
        focusCanvas()
        select("waypoint:lot_a")
        canvas.forceActiveFocus()
        keyClick(Qt.Key_Delete)
        compare(editor.objectInfo("waypoint:lot_a").id, undefined)
        const status = findChild(win.footer, "statusMessage")
        verify(status.text.indexOf("guard_loop") >= 0, status.text)
        verify(status.text.indexOf("lost a stop") >= 0, status.text)
        verify(editor.objectInfo("patrol:guard_loop").stops.indexOf("lot_a") < 0)
    }

    function test_brokenPatrolIsMarked() {
        open(scratchCopy(testData.small, "broken-patrol.yaml"))
        tryVerify(() => editor.pipeline.routeError("patrol:p1") === "", 5000)
        // p1 runs a -> c over the one-way edge b -> c: without it, c cannot be reached.
        editor.selection.selectKey("edge:b>c")
        canvas.forceActiveFocus()
        keyClick(Qt.Key_Delete)
        tryVerify(() => editor.pipeline.brokenPatrols.indexOf("p1") >= 0, 5000)
        const row = findChild(win.outliner, "outliner:patrol:p1")
        const text = findChild(row, "rowText")
        tryVerify(() => text.text.indexOf("⚠") === 0)
        // The canvas draws it: red dashes between its stops, and why.
        waitForFrame(win.contentItem)
        const image = grabImage(win.contentItem)
        const a = canvas.mapToItem(win.contentItem, at(0, 0)), c = canvas.mapToItem(win.contentItem, at(10, 10))
        let red = 0
        for (let t = 0.1; t < 0.9; t += 0.01) {
            const x = Math.round(a.x + (c.x - a.x) * t), y = Math.round(a.y + (c.y - a.y) * t)
            const p = image.pixel(x, y)
            if (p.r > 0.8 && p.g < 0.5 && p.b < 0.5) ++red
        }
        verify(red > 10, "red dashes along the broken patrol: " + red)
    }
}
