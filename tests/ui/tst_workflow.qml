// A designer's whole session with mouse and keyboard only: from an empty document build a small
// level (waypoints, edges, a rail, an obstacle, a patrol), smooth the patrol, probe the rail, save,
// reopen, and export for the engine.
import QtQuick
import QtTest
import RailForge

TestCase {
    id: testCase
    name: "Workflow"
    when: windowShown

    Component {
        id: mainWindow
        Main {}
    }

    function test_buildSmoothProbeSaveReopenExport() {
        const win = createTemporaryObject(mainWindow, testCase, {})
        waitForRendering(win.contentItem)
        const editor = win.editor
        const canvas = win.canvas
        compare(editor.waypointCount, 0)
        canvas.zoom = 20
        canvas.center = Qt.point(10, 5)
        function click(x, y, mods) {
            const s = canvas.toScreen(Qt.point(x, y))
            mouseClick(canvas, s.x, s.y, Qt.LeftButton, mods === undefined ? Qt.NoModifier : mods)
        }
        function drag(x0, y0, x1, y1, mods) {
            const a = canvas.toScreen(Qt.point(x0, y0)), b = canvas.toScreen(Qt.point(x1, y1))
            const m = mods === undefined ? Qt.NoModifier : mods
            mousePress(canvas, a.x, a.y, Qt.LeftButton, m)
            mouseMove(canvas, (a.x + b.x) / 2, (a.y + b.y) / 2, -1, Qt.LeftButton, m)
            mouseMove(canvas, b.x, b.y, -1, Qt.LeftButton, m)
            mouseRelease(canvas, b.x, b.y, Qt.LeftButton, m)
        }
        mouseClick(canvas, 5, 5)

        // Waypoints on the grid.
        keyClick(Qt.Key_G)
        keyClick(Qt.Key_W)
        for (const p of [[0, 0], [10, 0], [20, 0], [20, 10], [10, 10], [0, 10]])
            click(p[0], p[1])
        compare(editor.waypointCount, 6)
        // Edges around the square, one of them one-way.
        keyClick(Qt.Key_E)
        drag(0, 0, 10, 0)
        drag(10, 0, 20, 0)
        drag(20, 0, 20, 10)
        drag(20, 10, 10, 10)
        drag(10, 10, 0, 10, Qt.ShiftModifier)
        drag(0, 10, 0, 0)
        compare(editor.edgeCount, 6)
        // A rail and an obstacle.
        keyClick(Qt.Key_R)
        click(0, -5)
        click(10, -8)
        click(20, -5)
        keyClick(Qt.Key_Return)
        compare(editor.railCount, 1)
        keyClick(Qt.Key_O)
        drag(10, 5, 11, 5, Qt.ShiftModifier)
        compare(editor.obstacleCount, 1)
        // A patrol around the square.
        keyClick(Qt.Key_P)
        click(0, 0)
        click(20, 0)
        click(20, 10)
        keyClick(Qt.Key_Return)
        compare(editor.patrolCount, 1)
        const patrolKey = editor.selection.keys[0]

        // Smooth it with the first strategy on offer.
        waitForRendering(win.contentItem)
        mouseClick(findChild(win.contentItem, "addStep"))
        compare(editor.pipeline(patrolKey).length, 1)
        tryVerify(() => editor.routeError(patrolKey) === "", 5000)

        // Probe the rail.
        keyClick(Qt.Key_M)
        const s = canvas.toScreen(Qt.point(10, -6))
        mouseMove(canvas, s.x, s.y)
        tryVerify(() => canvas.probeActive)
        compare(canvas.probeRail, editor.objectInfo("rail:rail1").id)
        verify(canvas.probeDistance < 2.5)

        // Save as (the file dialog is the platform's; the action it triggers is saveAs).
        const path = testData.scratch + "/built.yaml"
        verify(editor.saveAs(path))
        verify(!editor.modified)
        // Reopen: the same level comes back.
        keyClick(Qt.Key_N, Qt.ControlModifier)
        compare(editor.waypointCount, 0)
        verify(editor.openFile(path))
        compare(editor.waypointCount, 6)
        compare(editor.edgeCount, 6)
        compare(editor.railCount, 1)
        compare(editor.obstacleCount, 1)
        compare(editor.patrolCount, 1)
        compare(editor.pipeline(patrolKey).length, 1)
        compare(editor.objectInfo("edge:10>0") === undefined, false)

        // Export for the engine.
        const out = testData.scratch + "/built.export.yaml"
        files.remove(out)
        keyClick(Qt.Key_E, Qt.ControlModifier)
        tryVerify(() => win.exportDialog.opened)
        const field = findChild(win.exportDialog.contentItem, "exportPath")
        mouseClick(field)
        for (const ch of out)
            keyClick(ch)
        mouseClick(findChild(win.exportDialog.footer, "exportButton"))
        tryVerify(() => files.exists(out))
        const text = files.read(out)
        verify(text.indexOf("format: railforge-export") === 0)
        verify(text.indexOf("  - id: rail1\n") > 0)
        verify(text.indexOf("  - id: patrol1\n") > 0)
    }
}
