// The editor with strategies that crash and hang (tests/sdk/hostile, on RAILFORGE_PLUGIN_PATH; run
// by the ui.hostile_strategies test, not by the main UI suite in tests/ui): each failure is its own step's red
// badge with the reason, the designer edits and saves meanwhile, a failing step keeps the patrol's
// last good path, the time limit is a setting, and closing does not wait for a hung strategy.
import QtQuick
import QtTest
import RailForge

TestCase {
    id: testCase
    name: "HostileStrategies"
    when: windowShown

    property var win: null
    property var editor: null

    Component {
        id: mainWindow
        Main {}
    }

    function cleanup() {
        if (editor) {
            editor.pipeline.stepTimeoutSeconds = 10 // the setting outlives the window: leave the default
            editor.recovery.discard() // this editor's copy: it would be offered to the next window
            for (const c of editor.recovery.candidates())
                files.remove(c.recovery)
        }
        editor = null
    }

    function open(file) {
        win = createTemporaryObject(mainWindow, testCase, { startupFile: file })
        frames.waitForFrame(win.contentItem)
        tryVerify(() => win.canvas.width > 100)
        editor = win.editor
        return win
    }
    function select(key) {
        const row = findChild(win.outliner, "outliner:" + key)
        verify(row !== null, key + " is in the outliner")
        mouseClick(row)
        compare(editor.selection.keys, [key])
        frames.waitForFrame(win.contentItem)
    }
    function typeInto(item, text) {
        mouseClick(item)
        verify(item.activeFocus, item.objectName + " has the keyboard")
        item.selectAll()
        keyClick(Qt.Key_Delete)
        for (const ch of text)
            keyClick(ch)
        keyClick(Qt.Key_Return)
    }
    function stepItem(i) { return findChild(win.contentItem, "step" + i) }
    function setTimeLimit(seconds) {
        const box = findChild(win.contentItem, "stepTimeout")
        verify(box !== null, "the smoothing panel has the time limit")
        typeInto(box.contentItem, String(seconds))
        compare(editor.pipeline.stepTimeoutSeconds, seconds)
    }

    function test_1_timeLimitIsASettingKeptBetweenSessions() {
        open("")
        setTimeLimit(3)
        win.destroy()
        wait(50)
        open("")
        compare(editor.pipeline.stepTimeoutSeconds, 3, "a new window starts with the limit set last time")
        compare(findChild(win.contentItem, "stepTimeout").value, 3)
    }

    function test_2_failuresAreTheirStepsOnly_editingAndSavingGoOn() {
        // A window first, to set a short limit, then the level in a new one (which reads the setting).
        open("")
        setTimeLimit(3)
        win.destroy()
        wait(50)
        const path = testData.scratch + "/hostile.yaml"
        verify(files.copy(testData.hostile, path))
        open(path)
        const started = Date.now()

        // While bad-loop has not answered: edit a waypoint and save.
        select("waypoint:b")
        typeInto(findChild(win.inspector, "inspectorX"), "11")
        keyClick(Qt.Key_S, Qt.ControlModifier)
        tryVerify(() => !editor.files.modified)
        verify(files.read(path).indexOf("[11, 0, 0]") >= 0, "the edit is saved:\n" + files.read(path))
        if (Date.now() - started < 2500)
            compare(editor.pipeline.routeError("patrol:looping"), "", "the hung strategy had not answered yet")

        tryVerify(() => editor.pipeline.brokenPatrols.indexOf("looping") >= 0, 20000)
        tryVerify(() => editor.pipeline.brokenPatrols.indexOf("crashing") >= 0, 20000)
        verify(editor.pipeline.routeError("patrol:crashing").indexOf("smoothing step 2: bad-segv: crashed (signal 11") >= 0,
               editor.pipeline.routeError("patrol:crashing"))
        verify(editor.pipeline.routeError("patrol:looping").indexOf("bad-loop: no answer after 3 s") >= 0,
               editor.pipeline.routeError("patrol:looping"))
        compare(editor.pipeline.routeError("patrol:good"), "", "the other patrol is smoothed")
        verify(editor.pipeline.routePoints("patrol:good").length > 3)

        // The failing step wears the badge, with the reason; the step before it does not.
        select("patrol:crashing")
        tryVerify(() => stepItem(1) !== null && findChild(stepItem(1), "stepBadge").visible)
        verify(!findChild(stepItem(0), "stepBadge").visible)
        verify(stepItem(1).modelData.error.indexOf("crashed (signal 11") >= 0)
        verify(findChild(win.contentItem, "routeError").visible)

        // Switch the crashing step off: the patrol is smoothed. On again: it fails, and the last good
        // path stays on screen.
        mouseClick(findChild(stepItem(1), "stepEnabled"))
        tryVerify(() => editor.pipeline.routeError("patrol:crashing") === "", 10000)
        const good = editor.pipeline.routePoints("patrol:crashing")
        verify(good.length > 3)
        tryVerify(() => stepItem(1) !== null)
        mouseClick(findChild(stepItem(1), "stepEnabled"))
        tryVerify(() => editor.pipeline.routeError("patrol:crashing") !== "", 10000)
        compare(editor.pipeline.routePoints("patrol:crashing"), good, "the last good path is kept")

        // Editing goes on after the failures: undo and redo reach the document.
        compare(editor.canUndo, true)
    }

    function test_3_closingDoesNotWaitForAHungStrategy() {
        open("")
        setTimeLimit(30)
        win.destroy()
        wait(50)
        open(testData.hostile)
        // bad-loop is now running with 30 s to go; closing the window must end it, not wait for it.
        wait(300)
        compare(editor.pipeline.routeError("patrol:looping"), "")
        editor.pipeline.stepTimeoutSeconds = 10 // restore the setting before the window goes
        editor = null
        const started = Date.now()
        win.destroy()
        wait(50)
        verify(Date.now() - started < 2000, "the window closed in " + (Date.now() - started) + " ms")
    }
}
