// The distance ruler (U): drag or click twice between two points; it is in the toolbar.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Ruler"

    function test_rulerMeasuresBetweenWaypoints() {
        open(testData.small)
        keyClick(Qt.Key_U)
        compare(editor.tool, EditorController.Ruler)
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
        compare(editor.tool, EditorController.Ruler)
    }
}
