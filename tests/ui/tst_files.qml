// Files as a designer handles them: unsaved changes are asked about, Revert, Export for engine,
// Import CSV, Open Recent, and autosave with recovery after a crash.
import QtQuick
import QtTest
import RailForge

TestCase {
    id: testCase
    name: "Files"
    when: windowShown

    property var win: null
    property var editor: null

    Component {
        id: mainWindow
        Main {}
    }

    function open(file) {
        win = createTemporaryObject(mainWindow, testCase, { startupFile: file })
        frames.waitForFrame(win.contentItem)
        editor = win.editor
        return win
    }

    function scratchCopy(name) {
        const path = testData.scratch + "/" + name
        verify(files.copy(testData.small, path))
        return path
    }

    function addWaypointByMouse(x, y) {
        const canvas = win.canvas
        const before = editor.waypointCount
        canvas.forceActiveFocus()
        keyClick(Qt.Key_W)
        compare(editor.tool, "waypoint")
        const s = canvas.toScreen(Qt.point(x, y))
        // A pause first: two clicks in a row within the double-click time would be one double click.
        wait(Qt.styleHints.mouseDoubleClickInterval + 20)
        mouseClick(canvas, s.x, s.y)
        compare(editor.waypointCount, before + 1)
        keyClick(Qt.Key_V)
    }

    function typeInto(field, text) {
        mouseClick(field)
        field.selectAll()
        keyClick(Qt.Key_Delete)
        for (const ch of text)
            keyClick(ch)
    }

    function cleanup() {
        // Leave no recovery copies behind for the next test.
        if (editor)
            editor.recovery.discard()
        for (const c of (editor ? editor.recovery.candidates() : []))
            editor.recovery.discardFile(c.recovery)
    }

    function test_closingWithChangesAsks_cancelKeepsTheWindow() {
        open(scratchCopy("close.yaml"))
        addWaypointByMouse(3, 7)
        verify(editor.files.modified)
        win.close()
        tryVerify(() => win.unsavedDialog.opened)
        verify(win.visible)
        mouseClick(findChild(win.unsavedDialog.footer, "cancelButton"))
        tryVerify(() => !win.unsavedDialog.visible)
        verify(win.visible)
        compare(editor.waypointCount, 4)
    }

    function test_closingWithChangesAsks_saveWritesTheFile() {
        const path = scratchCopy("close-save.yaml")
        open(path)
        addWaypointByMouse(3, 7)
        win.close()
        tryVerify(() => win.unsavedDialog.opened)
        mouseClick(findChild(win.unsavedDialog.footer, "saveButton"))
        tryVerify(() => !win.visible)
        verify(files.read(path).indexOf("w4") >= 0)
    }

    function test_newAsksAndDiscardForgetsTheChanges() {
        const path = scratchCopy("discard.yaml")
        open(path)
        addWaypointByMouse(3, 7)
        mouseClick(win.canvas, 5, 5)
        keyClick(Qt.Key_N, Qt.ControlModifier)
        tryVerify(() => win.unsavedDialog.opened)
        mouseClick(findChild(win.unsavedDialog.footer, "discardButton"))
        compare(editor.waypointCount, 0)
        compare(editor.files.filePath, "")
        verify(files.read(path).indexOf("w4") < 0)
    }

    function test_revertGoesBackToTheFile() {
        open(scratchCopy("revert.yaml"))
        addWaypointByMouse(3, 7)
        compare(editor.waypointCount, 4)
        // Revert lives in the File menu; triggering its action is what the menu item does.
        win.actions.revert.trigger()
        tryVerify(() => win.unsavedDialog.opened)
        mouseClick(findChild(win.unsavedDialog.footer, "discardButton"))
        compare(editor.waypointCount, 3)
        verify(!editor.files.modified)
    }

    function test_exportForEngineWithTheDialog() {
        open(testData.small)
        const out = testData.scratch + "/small.export.yaml"
        files.remove(out)
        mouseClick(win.canvas, 5, 5)
        keyClick(Qt.Key_E, Qt.ControlModifier)
        tryVerify(() => win.exportDialog.opened)
        typeInto(findChild(win.exportDialog.contentItem, "exportPath"), out)
        typeInto(findChild(win.exportDialog.contentItem, "exportSpacing"), "0.25")
        mouseClick(findChild(win.exportDialog.footer, "exportButton"))
        tryVerify(() => files.exists(out))
        const text = files.read(out)
        verify(text.startsWith("format: railforge-export\nversion: 2\n"))
        verify(text.indexOf("spacing: 0.25") >= 0)
        verify(text.indexOf("bezier:") >= 0)

        // The file's extension picks the format: .json writes JSON with the same content.
        const json = testData.scratch + "/small.export.json"
        files.remove(json)
        keyClick(Qt.Key_E, Qt.ControlModifier)
        tryVerify(() => win.exportDialog.opened)
        typeInto(findChild(win.exportDialog.contentItem, "exportPath"), json)
        typeInto(findChild(win.exportDialog.contentItem, "exportSpacing"), "0.25")
        mouseClick(findChild(win.exportDialog.footer, "exportButton"))
        tryVerify(() => files.exists(json))
        const data = JSON.parse(files.read(json))
        compare(data.format, "railforge-export")
        compare(data.version, 2)
        compare(data.rails[0].spacing, 0.25)
    }

    // A path the export may not take is said under the field, and Export stays off until it is mended.
    function exportPathIsRefused(path, words) {
        keyClick(Qt.Key_E, Qt.ControlModifier)
        tryVerify(() => win.exportDialog.opened)
        const field = findChild(win.exportDialog.contentItem, "exportPath")
        const problem = findChild(win.exportDialog.contentItem, "exportPathProblem")
        const button = findChild(win.exportDialog.footer, "exportButton")
        const y = button.mapToItem(null, 0, 0).y
        typeInto(field, path)
        verify(problem.text.indexOf(words) >= 0, problem.text)
        verify(!button.enabled)
        compare(button.mapToItem(null, 0, 0).y, y) // the message took no room from anything
        mouseClick(button)
        verify(win.exportDialog.opened)
        typeInto(field, testData.scratch + "/fine.export.yaml")
        compare(problem.text.trim(), "")
        verify(button.enabled)
        keyClick(Qt.Key_Escape)
        tryVerify(() => !win.exportDialog.opened)
    }

    function test_exportToAnUnknownExtensionIsRefused() {
        open(testData.small)
        const out = testData.scratch + "/small.export.txt"
        files.remove(out)
        exportPathIsRefused(out, ".json")
        verify(!files.exists(out))
    }

    // Exporting over the open level would leave a file that no longer loads as a level.
    function test_exportOntoTheLevelItselfIsRefused() {
        const level = scratchCopy("export-onto-me.yaml")
        const before = files.read(level)
        open(level)
        exportPathIsRefused(level, "the level itself")
        compare(files.read(level), before)
        exportPathIsRefused(testData.scratch, "folder")
    }

    function test_importCsvAsRailAndAsPatrol() {
        open(testData.small)
        const csv = testData.scratch + "/recorded.csv"
        verify(files.write(csv, "x,y\n0,20\n5,22\n10,20\n15,22\n"))
        keyClick(Qt.Key_I, Qt.ControlModifier)
        tryVerify(() => win.importDialog.opened)
        typeInto(findChild(win.importDialog.contentItem, "importPath"), csv)
        mouseClick(findChild(win.importDialog.footer, "importButton"))
        compare(editor.railCount, 2)
        compare(editor.objectInfo(editor.selection.keys[0]).points, 4)
        editor.undo()
        compare(editor.railCount, 1)

        keyClick(Qt.Key_I, Qt.ControlModifier)
        tryVerify(() => win.importDialog.opened)
        mouseClick(findChild(win.importDialog.contentItem, "importAsPatrol"))
        // Run the points through the first strategy on offer before they become waypoints.
        const box = findChild(win.importDialog.contentItem, "importStrategy")
        box.forceActiveFocus()
        keyClick(Qt.Key_Down)
        verify(box.currentValue !== "")
        mouseClick(findChild(win.importDialog.footer, "importButton"))
        compare(editor.patrolCount, 2)
        verify(editor.waypointCount >= 5)
        editor.undo()
        compare(editor.patrolCount, 1)
        compare(editor.waypointCount, 3)
    }

    function test_badCsvListsItsProblems() {
        open(testData.small)
        const csv = testData.scratch + "/bad.csv"
        verify(files.write(csv, "0,0\n1,abc\n"))
        keyClick(Qt.Key_I, Qt.ControlModifier)
        tryVerify(() => win.importDialog.opened)
        typeInto(findChild(win.importDialog.contentItem, "importPath"), csv)
        mouseClick(findChild(win.importDialog.footer, "importButton"))
        tryVerify(() => win.problemsDialog.opened)
        verify(editor.files.lastProblems[0].indexOf("bad.csv:2:3: ") >= 0)
        compare(editor.railCount, 1)
    }

    function test_openRecentListsOpenedFiles() {
        const path = scratchCopy("recent.yaml")
        open(path)
        compare(editor.files.recentFiles[0], path)
    }

    function test_autosaveAndRecoveryAfterACrash() {
        const path = scratchCopy("crash.yaml")
        open(path)
        editor.recovery.autosaveInterval = 50
        addWaypointByMouse(3, 7)
        addWaypointByMouse(2, 8)
        compare(editor.waypointCount, 5)
        // The timer writes the recovery copy, with the latest edit in it.
        tryVerify(() => editor.recovery.ownCopy() !== "", 3000)
        compare(editor.recovery.candidates().length, 0) // this editor runs: its copy is not offered
        tryVerify(() => files.read(editor.recovery.ownCopy()).indexOf("{id: w5,") >= 0, 3000)
        verify(files.read(editor.recovery.ownCopy()).indexOf("# railforge-recovery: " + path) === 0)
        // A crash: the window goes away without saving or asking (its copy stays).
        win.closeConfirmed = true
        win.destroy()
        wait(50)
        // Next start: the editor offers the copy; Restore brings the edits back, unsaved.
        const again = open(path)
        tryVerify(() => again.recoveryDialog.opened)
        mouseClick(findChild(again.recoveryDialog.footer, "restoreButton"))
        compare(editor.waypointCount, 5)
        verify(editor.files.modified)
        compare(editor.files.filePath, path)
        // Saving makes the copy unnecessary.
        keyClick(Qt.Key_S, Qt.ControlModifier)
        verify(!editor.files.modified)
        compare(editor.recovery.candidates().length, 0)
        compare(editor.recovery.ownCopy(), "")
    }
}
