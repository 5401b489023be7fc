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

    // A visible button of the open dialog (dialogs live in the window's overlay), by its text.
    function overlayButton(root, texts) {
        function search(item) {
            if (item.visible === false)
                return null
            if (item.text !== undefined && texts.indexOf(item.text) >= 0 && item.clicked !== undefined)
                return item
            for (let i = 0; i < item.children.length; ++i) {
                const hit = search(item.children[i])
                if (hit)
                    return hit
            }
            return null
        }
        for (let i = 0; i < root.children.length; ++i)
            if (String(root.children[i]).startsWith("QQuickOverlay"))
                return search(root.children[i])
        return null
    }

    function test_buildSmoothProbeSaveReopenExport() {
        const win = createTemporaryObject(mainWindow, testCase, {})
        frames.waitForFrame(win.contentItem)
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
        frames.waitForFrame(win.contentItem)
        mouseClick(findChild(win.contentItem, "addStep"))
        compare(editor.pipeline.steps(patrolKey).length, 1)
        tryVerify(() => editor.pipeline.routeError(patrolKey) === "", 5000)

        // Probe the rail.
        keyClick(Qt.Key_M)
        const s = canvas.toScreen(Qt.point(10, -6))
        mouseMove(canvas, s.x, s.y)
        tryVerify(() => canvas.probe.active)
        compare(canvas.probe.rail, editor.objectInfo("rail:rail1").id)
        verify(canvas.probe.distance < 2.5)

        // Save As through the save dialog: it proposes untitled.yaml; type the name, press Enter.
        // (The dialog starts in the scratch folder, as if the designer had browsed there.)
        const path = testData.scratch + "/built.yaml"
        files.remove(path)
        const viewBefore = canvas.toScreen(Qt.point(0, 0))
        keyClick(Qt.Key_S, Qt.ControlModifier | Qt.ShiftModifier)
        tryVerify(() => win.saveDialog.opened)
        const nameField = findChild(win.saveDialog.contentItem, "saveFileName")
        verify(nameField.text.startsWith("untitled"), "a new name is proposed: " + nameField.text)
        compare(findChild(win.saveDialog.footer, "saveLevelButton").text, "Save")
        win.saveDialog.folder = testData.scratch
        verify(nameField.activeFocus, "the name can be typed at once")
        nameField.selectAll()
        for (const ch of "built")
            keyClick(ch)
        keyClick(Qt.Key_Return) // Enter saves (.yaml added)
        tryVerify(() => editor.files.filePath === path, 3000)
        verify(!win.saveDialog.opened)
        const viewAfter = canvas.toScreen(Qt.point(0, 0))
        compare(viewAfter.x, viewBefore.x) // the view stays where the designer had it
        compare(viewAfter.y, viewBefore.y)
        verify(!editor.files.modified)
        verify(files.exists(path))
        // Reopen through the open dialog: double-click the file.
        let root = win.contentItem
        while (root.parent)
            root = root.parent
        keyClick(Qt.Key_N, Qt.ControlModifier)
        compare(editor.waypointCount, 0)
        win.openDialog.currentFolder = "file://" + testData.scratch
        keyClick(Qt.Key_O, Qt.ControlModifier)
        tryVerify(() => win.openDialog.visible)
        let entry = null
        tryVerify(() => {
            for (let i = 0; i < 50 && entry === null; ++i) {
                const d = findChild(root, "fileDialogDelegate" + i)
                if (d && d.file && d.file.toString().endsWith("/built.yaml"))
                    entry = d
            }
            return entry !== null
        }, 3000)
        mouseDoubleClickSequence(entry)
        tryVerify(() => editor.files.filePath === path, 3000)
        compare(editor.waypointCount, 6)
        compare(editor.edgeCount, 6)
        compare(editor.railCount, 1)
        compare(editor.obstacleCount, 1)
        compare(editor.patrolCount, 1)
        compare(editor.pipeline.steps(patrolKey).length, 1)
        compare(editor.objectInfo("edge:10>0") === undefined, false)

        // Export for the engine.
        const out = testData.scratch + "/built.export.yaml"
        files.remove(out)
        keyClick(Qt.Key_E, Qt.ControlModifier)
        tryVerify(() => win.exportDialog.opened)
        const field = findChild(win.exportDialog.contentItem, "exportPath")
        mouseClick(field)
        keyClick(Qt.Key_A, Qt.ControlModifier) // replace the default path the dialog offers
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
