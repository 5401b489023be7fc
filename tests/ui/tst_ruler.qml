// The distance ruler (U): drag or click twice between two points; it is in the toolbar.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Ruler"

    function test_rulerMeasuresBetweenWaypoints() {
        open(testData.small)
        keyClick(Qt.Key_U)
        compare(editor.tool, "ruler")
        const a = at(0, 0), c = at(10, 10)
        // Near, not on, the waypoints: with snapping on the ends land on them.
        mousePress(canvas, a.x + 3, a.y - 2)
        mouseMove(canvas, (a.x + c.x) / 2, (a.y + c.y) / 2, -1, Qt.LeftButton)
        mouseMove(canvas, c.x - 2, c.y + 3, -1, Qt.LeftButton)
        mouseRelease(canvas, c.x - 2, c.y + 3)
        const expected = Math.sqrt(200).toFixed(canvas.displayDecimals)
        verify(canvas.toolHint.indexOf("distance " + expected) === 0, canvas.toolHint)
        compare(editor.files.modified, false) // measuring edits nothing
        keyClick(Qt.Key_Escape)
        verify(canvas.toolHint.indexOf("distance ") !== 0, "Esc clears the measurement")
    }

    function test_clickClickRuler() {
        open(testData.small)
        keyClick(Qt.Key_U)
        clickWorld(-3, 3)
        clickWorld(1, 6)
        verify(canvas.toolHint.indexOf("distance 5") === 0, canvas.toolHint)
    }

    function test_rulerIsInTheToolbar() {
        open(testData.small)
        mouseClick(findChild(win.header, "toolU"))
        compare(editor.tool, "ruler")
    }

    // On the zipline's first two points (z 8 and 5): the drop, its slope and the 3D length beside the
    // plan distance; off the rails the ends stand on the ground (z 0).
    function test_rulerKnowsHeights() {
        open(testData.banked)
        keyClick(Qt.Key_U)
        keyClick(Qt.Key_G) // no snapping: the ends are where the mouse is
        clickWorld(-10, -14)
        clickWorld(20, -10)
        // The ends are where the clicks land: within a pixel of the world points asked for.
        const pixel = 1 / canvas.zoom
        const read = /^distance ([\d.]+) .*dz (-?[\d.]+), slope (-?[\d.]+)°, 3D ([\d.]+)/.exec(canvas.toolHint)
        verify(read !== null, canvas.toolHint)
        const plan = Number(read[1])
        verify(Math.abs(plan - Math.hypot(30, 4)) <= 2 * pixel, canvas.toolHint)
        const d = canvas.displayDecimals
        compare(read[2], (-3).toFixed(d))
        fuzzyCompare(Number(read[3]), Math.atan2(-3, plan) * 180 / Math.PI, 0.06)
        fuzzyCompare(Number(read[4]), Math.hypot(plan, 3), Math.pow(10, -d))
        keyClick(Qt.Key_Escape)
        // Two points off every rail: on the ground, no height difference.
        clickWorld(-10, 25)
        clickWorld(10, 25)
        verify(canvas.toolHint.indexOf("dz +" + (0).toFixed(d)) > 0, canvas.toolHint)
    }
}
