// Snapping and placement: snap is on for new levels (to the grid), a point snaps onto the waypoint
// that lights up under the cursor, and paste lands at the cursor.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Snapping"

    function test_snapIsOnForNewLevels() {
        open("")
        verify(editor.snapEnabled)
        keyClick(Qt.Key_G)
        verify(!editor.snapEnabled)
        keyClick(Qt.Key_N, Qt.ControlModifier)
        verify(editor.snapEnabled)
        keyClick(Qt.Key_W)
        clickWorld(3.3, 6.8)
        const info = editor.objectInfo(editor.selection.keys[0])
        compare(info.x, 3)
        compare(info.y, 7)
    }

    function test_pointsSnapToTheLitWaypoint() {
        open(testData.small)
        verify(editor.snapEnabled)
        keyClick(Qt.Key_R)
        const b = at(10, 0)
        mouseMove(canvas, b.x + 4, b.y - 3) // near b: it lights up
        tryCompare(canvas, "hoveredId", "b")
        mouseClick(canvas, b.x + 4, b.y - 3)
        clickWorld(6, 4)
        clickWorld(2, 8)
        keyClick(Qt.Key_Return)
        const rail = editor.objectInfo(editor.selection.keys[0])
        compare(rail.xs[0], 10)
        compare(rail.ys[0], 0)
        compare(rail.xs[1], 6)
    }

    function test_pasteLandsAtTheCursor() {
        open(testData.small)
        editor.selection.selectKey("waypoint:c")
        keyClick(Qt.Key_C, Qt.ControlModifier)
        const s = at(-3, -4)
        mouseMove(canvas, s.x, s.y)
        tryVerify(() => canvas.cursorInside)
        keyClick(Qt.Key_V, Qt.ControlModifier)
        compare(editor.waypointCount, 4)
        const copy = editor.objectInfo(editor.selection.keys[0])
        compare(copy.x, -3)
        compare(copy.y, -4)
    }

    // With snap on, a pasted group moves by whole grid steps: copies of objects on the grid land on
    // the grid, even though the group's centre (a midpoint) is not on it.
    function test_pasteWithSnapKeepsCopiesOnTheGrid() {
        open(testData.small)
        verify(editor.snapEnabled)
        editor.snapSize = 2 // a, b, c lie on it; their centre (5, 5) does not
        editor.selection.selectKey("waypoint:a")
        editor.selection.selectKey("waypoint:b", true)
        editor.selection.selectKey("waypoint:c", true)
        keyClick(Qt.Key_C, Qt.ControlModifier)
        const s = at(-3.3, 7.6) // off the grid, as a cursor usually is
        mouseMove(canvas, s.x, s.y)
        tryVerify(() => canvas.cursorInside)
        keyClick(Qt.Key_V, Qt.ControlModifier)
        compare(editor.waypointCount, 6)
        const step = editor.snapSize
        for (const key of editor.selection.keys.filter(k => k.startsWith("waypoint:"))) {
            const copy = editor.objectInfo(key)
            verify(Math.abs(copy.x / step - Math.round(copy.x / step)) < 1e-9 &&
                   Math.abs(copy.y / step - Math.round(copy.y / step)) < 1e-9, key + " at " + copy.x + ", " + copy.y + " is on the grid")
        }
    }

    // A fine grid (0.1) gives numbers a reviewer can read: a waypoint placed at 0.3 is saved as 0.3,
    // not 0.30000000000000004 (3 x 0.1 in binary), as are a rail's points.
    function test_fineGridWritesRoundNumbers() {
        const path = scratchCopy(testData.small, "fine-grid.yaml")
        open(path)
        editor.snapEnabled = true
        editor.snapSize = 0.1
        for (let i = 0; i < 4; ++i)
            canvas.zoomAt(at(0.5, 1.0), 2) // close enough to put the cursor on 0.1 steps
        keyClick(Qt.Key_W)
        clickWorld(0.3, 0.7)
        keyClick(Qt.Key_R)
        clickWorld(0.3, 1.1)
        clickWorld(0.7, 1.3)
        keyClick(Qt.Key_Return)
        keyClick(Qt.Key_S, Qt.ControlModifier)
        tryVerify(() => !editor.files.modified)
        const text = files.read(path)
        verify(text.indexOf("position: [0.3, 0.7, 0]") >= 0, text)
        verify(text.indexOf("- [0.3, 1.1, 0]") >= 0 && text.indexOf("- [0.7, 1.3, 0]") >= 0, text)
        verify(!/\d\.\d*0000000\d/.test(text) && !/\d\.\d*9999999\d/.test(text), "no binary noise:\n" + text)
    }
}
