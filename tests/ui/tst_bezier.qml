// Bezier rails with the mouse: selecting a point shows its handles, dragging a handle follows the
// point's mode (mirrored, aligned, free, auto), Alt-drag breaks it free, each drag is one undo step;
// the inspector converts rails to bezier keeping their shape, warns before a change that does not,
// and edits mode, handles and tilt exactly. Every test checks the document afterwards.
import QtQuick
import QtTest
import RailForge

TestCase {
    id: testCase
    name: "Bezier"
    when: windowShown

    property var win: null
    property var editor: null
    property var canvas: null

    Component {
        id: mainWindow
        Main {}
    }

    function init() {
        win = createTemporaryObject(mainWindow, testCase, { startupFile: testData.bezier })
        verify(win !== null)
        frames.waitForFrame(win.contentItem)
        tryVerify(() => win.canvas.width > 100)
        editor = win.editor
        canvas = win.canvas
        mouseClick(canvas, 5, 5)
        editor.selection.clear()
        editor.snapEnabled = false // exact world points under the mouse
    }

    function cleanup() {
        if (editor) {
            editor.recovery.discard() // this editor's copy: it would be offered to the next window
            for (const c of editor.recovery.candidates())
                files.remove(c.recovery)
        }
        editor = null
    }

    function at(x, y) { return canvas.toScreen(Qt.point(x, y)) }
    // World point of the pixel a mouse event at (x, y) really lands on.
    function hit(x, y) {
        const s = at(x, y)
        return canvas.toWorld(Qt.point(Math.round(s.x), Math.round(s.y)))
    }
    function click(x, y) {
        const s = at(x, y)
        mouseClick(canvas, s.x, s.y)
    }
    function drag(x0, y0, x1, y1, modifiers) {
        const a = at(x0, y0), b = at(x1, y1)
        const mods = modifiers === undefined ? Qt.NoModifier : modifiers
        mousePress(canvas, a.x, a.y, Qt.LeftButton, mods)
        mouseMove(canvas, (a.x + b.x) / 2, (a.y + b.y) / 2, -1, Qt.LeftButton, mods)
        mouseMove(canvas, b.x, b.y, -1, Qt.LeftButton, mods)
        mouseRelease(canvas, b.x, b.y, Qt.LeftButton, mods)
    }
    function replaceText(field, text) {
        verify(field.mapToItem(win.contentItem, 0, field.height).y <= win.contentItem.height, "field on screen")
        mouseClick(field)
        field.selectAll()
        keyClick(Qt.Key_Delete)
        for (const ch of text)
            keyClick(ch)
        keyClick(Qt.Key_Return)
    }
    function rail(id) { return editor.objectInfo("rail:" + id) }
    function near(actual, expected, what) {
        for (let k = 0; k < 3; ++k)
            verify(Math.abs(actual[k] - expected[k]) < 1e-9,
                   what + ": " + JSON.stringify(actual) + " != " + JSON.stringify(expected))
    }
    // The handle's offset from point (10, 0) when its tip is dragged to `to`: a number a tool computes,
    // so rounded to 1e-6 before it enters the document (docs/design.md "Numbers in files").
    function offsetTo(to) { return [to.x - 10, to.y, 0].map(v => Math.round(v * 1e6) / 1e6) }
    // Selects point 2 of b1 with a real click and checks the point became active.
    function selectMiddlePoint() {
        click(10, 0)
        compare(editor.selection.keys, ["rail:b1"])
        compare(editor.selection.railPoint, 1)
    }

    function test_mirroredDragMovesTheOtherHandle() {
        selectMiddlePoint()
        const to = hit(13, 2)
        drag(13, 0, 13, 2)
        const r = rail("b1")
        compare(r.modes[1], "mirrored")
        near(r.outs[1], offsetTo(to), "out follows the mouse")
        near(r.ins[1], offsetTo(to).map(v => -v), "in is -out")
        editor.undo() // the whole drag is one step
        near(rail("b1").outs[1], [3, 0, 0], "undo restores out")
        near(rail("b1").ins[1], [-3, 0, 0], "undo restores in")
        verify(!editor.canUndo)
    }

    function test_alignedDragKeepsTheOtherOppositeWithItsLength() {
        selectMiddlePoint()
        verify(editor.rail.setPointMode("aligned"))
        verify(editor.rail.setHandle(false, 0, -5)) // in = (-5, 0, 0): its own length
        const to = hit(10, 4)
        drag(13, 0, 10, 4)
        const r = rail("b1")
        compare(r.modes[1], "aligned")
        const out = offsetTo(to)
        near(r.outs[1], out, "out follows the mouse")
        const len = Math.hypot(out[0], out[1])
        near(r.ins[1], [-5 * out[0] / len, -5 * out[1] / len, 0], "in opposite, length 5")
    }

    function test_freeDragMovesOnlyThatHandle() {
        selectMiddlePoint()
        verify(editor.rail.setPointMode("free"))
        const to = hit(12, -3)
        drag(7, 0, 12, -3) // the in handle's tip
        const r = rail("b1")
        compare(r.modes[1], "free")
        near(r.ins[1], offsetTo(to), "in follows the mouse")
        near(r.outs[1], [3, 0, 0], "out stays")
    }

    function test_autoHandleDragShapesIt() {
        selectMiddlePoint()
        verify(editor.rail.setPointMode("auto"))
        const before = rail("b1")
        const tip = [10 + before.outs[1][0], before.outs[1][1]]
        verify(Math.hypot(tip[0] - 10, tip[1]) > 1) // a visible auto handle
        const lengthIn = Math.hypot(before.ins[1][0], before.ins[1][1])
        const to = hit(tip[0], tip[1] + 2)
        drag(tip[0], tip[1], tip[0], tip[1] + 2)
        const r = rail("b1")
        compare(r.modes[1], "aligned") // pulling an auto handle makes it aligned, as in Blender
        const out = offsetTo(to)
        near(r.outs[1], out, "out follows the mouse")
        const len = Math.hypot(out[0], out[1])
        near(r.ins[1], [-lengthIn * out[0] / len, -lengthIn * out[1] / len, 0], "in keeps its auto length, opposite")
        editor.undo()
        compare(rail("b1").modes[1], "auto")
    }

    function test_altDragBreaksAMirroredHandleFree() {
        selectMiddlePoint()
        const to = hit(13, 3)
        drag(13, 0, 13, 3, Qt.AltModifier)
        const r = rail("b1")
        compare(r.modes[1], "free")
        near(r.outs[1], offsetTo(to), "out follows the mouse")
        near(r.ins[1], [-3, 0, 0], "in stays where it was")
        editor.undo()
        compare(rail("b1").modes[1], "mirrored")
    }

    function test_cornerHasNoHandleToDrag() {
        selectMiddlePoint()
        verify(editor.rail.setPointMode("corner"))
        near(rail("b1").outs[1], [0, 0, 0], "corner out")
        // Pressing where the handle was grabs the rail, not a handle: its handles stay zero.
        drag(13, 0, 13, 1)
        compare(rail("b1").modes[1], "corner")
        near(rail("b1").outs[1], [0, 0, 0], "still no out handle")
    }

    function test_handleModeFromTheInspector() {
        selectMiddlePoint()
        frames.waitForFrame(win.contentItem)
        const mode = findChild(win.contentItem, "inspectorHandleMode")
        tryVerify(() => mode.visible)
        mode.forceActiveFocus()
        keyClick(Qt.Key_Down) // mirrored -> aligned
        compare(rail("b1").modes[1], "aligned")
        const outX = findChild(win.contentItem, "handleOutx")
        tryVerify(() => outX.visible)
        replaceText(outX, "6")
        near(rail("b1").outs[1], [6, 0, 0], "typed out x")
        near(rail("b1").ins[1], [-3, 0, 0], "aligned in keeps its length")
    }

    function test_doubleClickSplitsABezierSegment() {
        // Between the mirrored point (10, 0) and the auto end (20, 0): the curve stays, the new point
        // becomes the active one with aligned handles, the mirrored point turns aligned.
        const s = at(15, 0)
        mouseDoubleClickSequence(canvas, s.x, s.y)
        const r = rail("b1")
        compare(r.points, 4)
        compare(editor.selection.railPoint, 2)
        compare(r.modes[1], "aligned")
        compare(r.modes[2], "aligned")
        verify(Math.abs(r.ys[2]) < 1e-9) // on the straight curve
        editor.undo()
        compare(rail("b1").points, 3)
        compare(rail("b1").modes[1], "mirrored")
    }

    // How far below the rail (item pixels) banking-coloured ticks reach near the world point (x, 0),
    // scanning 12 px either side; 0 when there are none.
    function tickReach(x) {
        frames.waitForFrame(win.contentItem)
        const image = grabImage(win.contentItem)
        const c = canvas.mapToItem(win.contentItem, at(x, 0))
        let reach = 0
        for (let dx = -12; dx <= 12; ++dx)
            for (let dy = 3; dy <= 24; ++dy) {
                const p = image.pixel(Math.round(c.x) + dx, Math.round(c.y) + dy)
                if (p.r > 0.6 && p.b > 0.6 && p.g < p.r - 0.1) // the banking colour, not the blue rail
                    reach = Math.max(reach, dy)
            }
        return reach
    }

    function test_bankingTicksAtConstantPixelSize() {
        compare(tickReach(10), 0) // no tilt, no ticks
        verify(editor.selection.selectRailPoint("rail:b1", 1))
        verify(editor.rail.setPointTilt(60))
        editor.selection.clear()
        // Up leans to -y (right of travel along +x): ticks below the rail on screen, 16 px x sin 60.
        const reach = tickReach(10)
        verify(reach >= 11 && reach <= 16, "tick reach " + reach)
        canvas.zoom = canvas.zoom * 2
        canvas.center = Qt.point(10, 0)
        const zoomed = tickReach(10)
        verify(Math.abs(zoomed - reach) <= 2, "same pixel length when zoomed: " + zoomed + " vs " + reach)
    }

    function test_tiltFromTheInspector() {
        selectMiddlePoint()
        frames.waitForFrame(win.contentItem)
        const tilt = findChild(win.contentItem, "inspectorTilt")
        tryVerify(() => tilt.visible)
        replaceText(tilt, "30")
        compare(rail("b1").tilts, [0, 30, 0])
        editor.undo()
        compare(rail("b1").tilts, [0, 0, 0])
    }

    function test_catmullRomConvertsToBezierKeepingTheShape() {
        const row = findChild(win.contentItem, "outliner:rail:c1")
        mouseClick(row)
        compare(editor.selection.keys, ["rail:c1"])
        frames.waitForFrame(win.contentItem)
        const spline = findChild(win.contentItem, "inspectorSpline")
        tryVerify(() => spline.visible)
        mouseClick(spline) // open the list and pick bezier
        tryVerify(() => spline.popup.opened)
        const item = spline.popup.contentItem.itemAtIndex(2)
        verify(item !== null)
        mouseClick(item)
        compare(rail("c1").spline, "bezier")
        compare(rail("c1").modes, ["auto", "auto", "auto"]) // all auto: exactly the Catmull-Rom curve
        compare(rail("c1").xs, [0, 10, 20])
        editor.undo() // one step
        compare(rail("c1").spline, "catmull-rom")
    }

    function test_linearConvertsToCorners() {
        verify(editor.selection.selectKey("rail:l1"))
        verify(editor.rail.setSpline("bezier"))
        compare(rail("l1").modes, ["corner", "corner", "corner"])
        editor.undo() // one step
        compare(rail("l1").spline, "linear")
    }

    function test_convertingBackSaysWhatChanges() {
        selectMiddlePoint()
        // To catmull-rom: the mirrored point's handles would be lost.
        verify(editor.rail.splineChangeWarning("catmull-rom").indexOf("1 point has its own handles") >= 0)
        frames.waitForFrame(win.contentItem)
        const spline = findChild(win.contentItem, "inspectorSpline")
        tryVerify(() => spline.visible)
        spline.forceActiveFocus()
        keyClick(Qt.Key_Up) // bezier -> linear: asks first
        const dialog = findChild(win.contentItem, "railSection").splineDialog
        verify(dialog !== null)
        tryVerify(() => dialog.opened)
        verify(dialog.warning.indexOf("straight lines") >= 0, dialog.warning)
        compare(rail("b1").spline, "bezier") // nothing changed yet
        mouseClick(findChild(dialog.footer, "splineChangeCancel"))
        tryVerify(() => !dialog.opened)
        compare(rail("b1").spline, "bezier")
        compare(spline.currentText, "bezier")
        // Again, and confirm this time: one undo step back to the shaped rail.
        spline.forceActiveFocus()
        keyClick(Qt.Key_Up)
        tryVerify(() => dialog.opened)
        mouseClick(findChild(dialog.footer, "splineChangeConfirm"))
        tryVerify(() => rail("b1").spline === "linear")
        compare(rail("b1").modes, ["auto", "auto", "auto"])
        editor.undo()
        compare(rail("b1").spline, "bezier")
        compare(rail("b1").modes[1], "mirrored")
    }
}
