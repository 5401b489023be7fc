// The base of the editor's Qt Quick Tests: a fresh main window per test on a level, and the steps a
// designer takes with real mouse and key events (select in the outliner, type into a field and press
// Enter, click at a world point). Not a test itself (only tst_*.qml files are run).
import QtQuick
import QtTest
import RailForge

TestCase {
    id: testCase
    when: windowShown

    property var win: null
    property var editor: null
    property var canvas: null
    // Measures text as the editor draws it (labels that must fit).
    readonly property alias metrics: textMetrics

    Component {
        id: mainWindow
        Main {}
    }
    TextMetrics { id: textMetrics }
    // No test leaves a recovery copy behind: the next window would open with the recovery dialog.
    function cleanup() {
        if (editor) {
            editor.recovery.discard() // this editor's copy: it would be offered to the next window
            for (const c of editor.recovery.candidates())
                files.remove(c.recovery)
        }
        editor = null
    }

    // Waits for the next frame of `item`'s window (up to `timeout` ms). Not Qt Quick Test's
    // waitForRendering: that one races with the threaded render loop (tests/ui/frames/frame_waiter.h).
    function waitForFrame(item, timeout) {
        return frames.waitForFrame(item, timeout === undefined ? 5000 : timeout)
    }
    // Waits until the window has drawn what the last events changed, as the designer sees it before
    // the next click: Qt Quick lays out items (a section's newly shown fields) and delivers the
    // touch moves it held back only when it makes a frame. The test events come faster than frames,
    // above all on a loaded machine, so a click right after a change may land where a field was
    // before the layout moved it (tst_references failed so). A frame is asked for, so this never
    // waits on a window with nothing to redraw.
    function settle() {
        win.update()
        verify(waitForFrame(win.contentItem), "the window drew a frame")
    }
    function open(file, keepDialogs) {
        win = createTemporaryObject(mainWindow, testCase, { startupFile: file })
        waitForFrame(win.contentItem)
        tryVerify(() => win.canvas.width > 100)
        // Keys go to the focus window: wait until the window asked for it (Main.qml) has it, which
        // on an X server comes a round trip after its first frame, later still under load.
        tryVerify(() => win.active, 5000, "the new window has the keyboard")
        editor = win.editor
        canvas = win.canvas
        if (!keepDialogs)
            mouseClick(canvas, 5, 5) // the canvas has the keyboard (an empty corner: selects nothing)
        return win
    }
    // A private copy of a test level in the scratch folder (tests that save never touch the original).
    function scratchCopy(source, name) {
        const path = testData.scratch + "/" + name
        verify(files.copy(source, path))
        return path
    }
    function select(key) {
        const row = findChild(win.outliner, "outliner:" + key)
        verify(row !== null, key + " is in the outliner")
        mouseClick(row)
        compare(editor.selection.keys, [key])
        waitForFrame(win.contentItem) // the inspector lays out the new object's fields
    }
    function field(name) { return findChild(win.inspector, name) }
    function typeInto(item, text) {
        mouseClick(item)
        verify(item.activeFocus, item.objectName + " has the keyboard")
        item.selectAll()
        keyClick(Qt.Key_Delete)
        for (const ch of text)
            keyClick(ch)
        keyClick(Qt.Key_Return)
    }
    function at(x, y) { return canvas.toScreen(Qt.point(x, y)) }
    function clickWorld(x, y, modifiers) {
        const s = at(x, y)
        mouseClick(canvas, s.x, s.y, Qt.LeftButton, modifiers === undefined ? Qt.NoModifier : modifiers)
    }
    function focusCanvas() { mouseClick(canvas, 3, canvas.height - 3) }
    // The colour the window shows at a canvas point (grabbed from the whole window, as it is seen).
    function canvasPixel(x, y) {
        waitForFrame(win.contentItem)
        const p = canvas.mapToItem(win.contentItem, x, y)
        return grabImage(win.contentItem).pixel(Math.round(p.x), Math.round(p.y))
    }
    // The outliner row of an object ("waypoint:a"), and a button of a kind's section header.
    function row(key) { return findChild(win.outliner, "outliner:" + key) }
    function sectionButton(kind, name) {
        const list = findChild(win.outliner, "outlinerList")
        const walk = item => {
            if (item.objectName === "section_" + kind) return findChild(item, name)
            for (let i = 0; i < item.children.length; ++i) {
                const found = walk(item.children[i])
                if (found) return found
            }
            return null
        }
        return walk(list)
    }
}
