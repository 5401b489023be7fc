// Editing with the mouse and keyboard on the real main window: every tool, selection, moves,
// delete, clipboard, the inspector, undo and redo; each test checks the document afterwards.
import QtQuick
import QtTest
import RailForge

TestCase {
    id: testCase
    name: "Editing"
    when: windowShown

    property var win: null
    property var editor: null
    property var canvas: null

    Component {
        id: mainWindow
        Main {}
    }

    function init() {
        win = createTemporaryObject(mainWindow, testCase, { startupFile: testData.small })
        verify(win !== null)
        frames.waitForFrame(win.contentItem)
        tryVerify(() => win.canvas.width > 100)
        editor = win.editor
        canvas = win.canvas
        mouseClick(canvas, 5, 5) // focus the canvas (an empty spot: clears nothing of interest)
        editor.selection.clear()
        // These tests check exact world points under the mouse: off-grid on purpose.
        editor.snapEnabled = false
    }

    function at(x, y) { return canvas.toScreen(Qt.point(x, y)) }
    function click(x, y, modifiers) {
        const s = at(x, y)
        mouseClick(canvas, s.x, s.y, Qt.LeftButton, modifiers === undefined ? Qt.NoModifier : modifiers)
    }
    function drag(x0, y0, x1, y1, modifiers) {
        const a = at(x0, y0), b = at(x1, y1)
        const mods = modifiers === undefined ? Qt.NoModifier : modifiers
        mousePress(canvas, a.x, a.y, Qt.LeftButton, mods)
        mouseMove(canvas, (a.x + b.x) / 2, (a.y + b.y) / 2, -1, Qt.LeftButton, mods)
        mouseMove(canvas, b.x, b.y, -1, Qt.LeftButton, mods)
        mouseRelease(canvas, b.x, b.y, Qt.LeftButton, mods)
    }
    function hover(x, y) {
        const s = at(x, y)
        mouseMove(canvas, s.x, s.y)
    }
    function undoKey() { keyClick(Qt.Key_Z, Qt.ControlModifier) }
    function redoKey() { keyClick(Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier) }
    // World point of the pixel a click at (x, y) really hits (mouse positions are whole pixels).
    function hit(x, y) {
        const s = at(x, y)
        return canvas.toWorld(Qt.point(Math.round(s.x), Math.round(s.y)))
    }

    function test_toolKeysSwitchTools() {
        const keys = [[Qt.Key_W, "waypoint"], [Qt.Key_E, "connect"],
                      [Qt.Key_R, "rail"], [Qt.Key_O, "obstacle"],
                      [Qt.Key_P, "patrol"], [Qt.Key_M, "probe"],
                      [Qt.Key_V, "select"]]
        for (const k of keys) {
            keyClick(k[0])
            compare(editor.tool, k[1])
        }
    }

    function test_toolbarButtonSwitchesTool() {
        const button = findChild(win.header, "toolR")
        verify(button !== null)
        mouseClick(button)
        compare(editor.tool, "rail")
    }

    function test_addWaypointWithW_andUndoRedo() {
        keyClick(Qt.Key_W)
        const where = hit(3, 7)
        click(3, 7)
        compare(editor.waypointCount, 4)
        const key = editor.selection.keys[0]
        verify(key.startsWith("waypoint:"))
        const info = editor.objectInfo(key)
        fuzzyCompare(info.x, where.x, 1e-9)
        fuzzyCompare(info.y, where.y, 1e-9)
        compare(win.title, "small.yaml* — RailForge")
        undoKey()
        compare(editor.waypointCount, 3)
        compare(win.title, "small.yaml — RailForge")
        redoKey()
        compare(editor.waypointCount, 4)
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        keyClick(Qt.Key_Y, Qt.ControlModifier) // the other redo shortcut
        compare(editor.waypointCount, 4)
    }

    function test_snapPutsWaypointsOnTheGrid() {
        keyClick(Qt.Key_G)
        verify(editor.snapEnabled)
        keyClick(Qt.Key_W)
        click(3.3, 6.8)
        const info = editor.objectInfo(editor.selection.keys[0])
        compare(info.x, 3)
        compare(info.y, 7)
        keyClick(Qt.Key_G)
        verify(!editor.snapEnabled)
    }

    function test_connectWaypointsWithE() {
        keyClick(Qt.Key_E)
        drag(0, 0, 10, 10)
        compare(editor.edgeCount, 3)
        const two = editor.objectInfo("edge:a>c")
        compare(two.bidirectional, true)
        undoKey()
        compare(editor.edgeCount, 2)
        // Shift makes it one-way.
        drag(10, 10, 0, 0, Qt.ShiftModifier)
        compare(editor.objectInfo("edge:c>a").bidirectional, false)
        // Dropping on empty space connects nothing.
        drag(0, 0, 4, -1)
        compare(editor.edgeCount, 3)
    }

    function test_drawRailWithR_finishedByDoubleClick() {
        keyClick(Qt.Key_R)
        click(-5, -1)
        click(-3, -3)
        const end = at(-1, -1)
        mouseDoubleClickSequence(canvas, end.x, end.y)
        compare(editor.railCount, 2)
        const info = editor.objectInfo(editor.selection.keys[0])
        compare(info.points, 3)
        compare(info.closed, false)
        undoKey()
        compare(editor.railCount, 1)
    }

    function test_drawRailFinishedByEnter_closedByFirstPoint_cancelledByEsc() {
        keyClick(Qt.Key_R)
        click(-5, -1)
        click(-3, -3)
        keyClick(Qt.Key_Return)
        compare(editor.railCount, 2)
        compare(editor.objectInfo(editor.selection.keys[0]).points, 2)
        // Clicking the first point again closes the loop.
        click(1, 7)
        click(3, 9)
        click(4, 7)
        click(1, 7)
        compare(editor.railCount, 3)
        const loop = editor.objectInfo(editor.selection.keys[0])
        compare(loop.closed, true)
        compare(loop.points, 3)
        // Esc drops a rail in progress.
        click(7, 2)
        click(8, 3)
        keyClick(Qt.Key_Escape)
        keyClick(Qt.Key_Return)
        compare(editor.railCount, 3)
    }

    function test_drawPolygonObstacleWithO() {
        keyClick(Qt.Key_O)
        click(6.5, 1)
        click(9, 1)
        click(9, 3)
        click(6.5, 3)
        keyClick(Qt.Key_Return)
        compare(editor.obstacleCount, 3)
        const info = editor.objectInfo(editor.selection.keys[0])
        compare(info.shape, "polygon")
        compare(info.points, 4)
        undoKey()
        compare(editor.obstacleCount, 2)
    }

    function test_selfCrossingPolygonIsRefused() {
        keyClick(Qt.Key_O)
        click(6.5, 1)
        click(9, 3)
        click(9, 1)
        click(6.5, 3)
        keyClick(Qt.Key_Return)
        compare(editor.obstacleCount, 2)
    }

    function test_drawCircleObstacleWithShiftDrag() {
        keyClick(Qt.Key_O)
        drag(2, 7, 3.5, 7, Qt.ShiftModifier)
        compare(editor.obstacleCount, 3)
        const info = editor.objectInfo(editor.selection.keys[0])
        compare(info.shape, "circle")
        fuzzyCompare(info.radius, 1.5, 0.1)
    }

    function test_definePatrolWithP() {
        keyClick(Qt.Key_P)
        click(0, 0)
        click(10, 0)
        click(10, 10)
        keyClick(Qt.Key_Return)
        compare(editor.patrolCount, 2)
        const info = editor.objectInfo(editor.selection.keys[0])
        compare(info.stops, ["a", "b", "c"])
        compare(info.mode, "loop")
        undoKey()
        compare(editor.patrolCount, 1)
    }

    function test_clickShiftClickAndRubberBandSelect() {
        click(0, 0)
        compare(editor.selection.keys, ["waypoint:a"])
        click(10, 0, Qt.ShiftModifier)
        compare(editor.selection.count, 2)
        click(10, 0, Qt.ShiftModifier) // toggles off
        compare(editor.selection.keys, ["waypoint:a"])
        click(5, 5) // the pillar
        compare(editor.selection.keys, ["obstacle:pillar"])
        // A box around a and b (and nothing else).
        drag(-1, 1, 11, -1)
        compare(editor.selection.count, 2)
        verify(editor.selection.isSelectedKey("waypoint:a"))
        verify(editor.selection.isSelectedKey("waypoint:b"))
        click(3, 8) // empty: clears
        compare(editor.selection.count, 0)
    }

    function test_dragMovesTheSelectionInOneUndoStep() {
        click(0, 0)
        click(10, 0, Qt.ShiftModifier)
        const before = editor.objectInfo("waypoint:a")
        const s0 = at(0, 0), s1 = at(2, 3)
        mousePress(canvas, s0.x, s0.y)
        for (let i = 1; i <= 5; ++i)
            mouseMove(canvas, s0.x + (s1.x - s0.x) * i / 5, s0.y + (s1.y - s0.y) * i / 5, -1, Qt.LeftButton)
        mouseRelease(canvas, s1.x, s1.y)
        const a = editor.objectInfo("waypoint:a"), b = editor.objectInfo("waypoint:b")
        const moved = canvas.toWorld(Qt.point(Math.round(s1.x), Math.round(s1.y)))
        const start = canvas.toWorld(Qt.point(Math.round(s0.x), Math.round(s0.y)))
        fuzzyCompare(a.x - before.x, moved.x - start.x, 1e-9)
        fuzzyCompare(b.x - 10, moved.x - start.x, 1e-9)
        fuzzyCompare(b.y, a.y, 1e-9)
        undoKey()
        compare(editor.objectInfo("waypoint:a").x, 0)
        compare(editor.objectInfo("waypoint:b").x, 10)
        verify(!editor.canUndo)
    }

    function test_dragARailControlPoint() {
        drag(5, -6, 5, -9)
        const info = editor.objectInfo("rail:r1")
        fuzzyCompare(info.ys[1], hit(5, -9).y, 1e-9)
        compare(info.ys[0], -4)
        undoKey()
        compare(editor.objectInfo("rail:r1").ys[1], -6)
    }

    function test_doubleClickOnARailInsertsAPoint() {
        // Halfway along the first segment, on the curve.
        const probe = canvas.toScreen(Qt.point(2.5, -5.2))
        keyClick(Qt.Key_M)
        mouseMove(canvas, probe.x, probe.y)
        tryVerify(() => canvas.probe.active)
        const onCurve = canvas.toScreen(canvas.probe.point)
        keyClick(Qt.Key_V)
        mouseDoubleClickSequence(canvas, onCurve.x, onCurve.y)
        compare(editor.objectInfo("rail:r1").points, 4)
        undoKey()
        compare(editor.objectInfo("rail:r1").points, 3)
    }

    function test_deleteKeyDeletesWithItsEdgesAndUndoRestores() {
        click(10, 0)
        keyClick(Qt.Key_Delete)
        compare(editor.waypointCount, 2)
        compare(editor.edgeCount, 0)
        compare(editor.selection.count, 0)
        undoKey()
        compare(editor.waypointCount, 3)
        compare(editor.edgeCount, 2)
    }

    function test_copyPasteAndDuplicate() {
        drag(-1, 1, 11, -1) // a and b
        keyClick(Qt.Key_C, Qt.ControlModifier)
        keyClick(Qt.Key_V, Qt.ControlModifier)
        compare(editor.waypointCount, 5)
        compare(editor.edgeCount, 3) // the copied a-b edge comes along
        compare(editor.selection.count, 3)
        keyClick(Qt.Key_D, Qt.ControlModifier)
        compare(editor.waypointCount, 7)
        undoKey()
        undoKey()
        compare(editor.waypointCount, 3)
    }

    function test_selectAllSelectsEveryObject() {
        keyClick(Qt.Key_A, Qt.ControlModifier)
        compare(editor.selection.count, 3 + 2 + 1 + 1)
        keyClick(Qt.Key_Escape)
        compare(editor.selection.count, 0)
    }

    function test_inspectorEditsCoordinates() {
        click(10, 10)
        const field = findChild(win.contentItem, "inspectorX")
        tryVerify(() => field.visible)
        frames.waitForFrame(win.contentItem) // the inspector lays out its new fields first
        mouseClick(field)
        field.selectAll()
        keyClick(Qt.Key_1)
        keyClick(Qt.Key_2)
        keyClick(Qt.Key_Period)
        keyClick(Qt.Key_5)
        keyClick(Qt.Key_Return)
        compare(editor.objectInfo("waypoint:c").x, 12.5)
        compare(editor.objectInfo("waypoint:c").y, 10)
        editor.undo()
        compare(editor.objectInfo("waypoint:c").x, 10)
    }

    function test_inspectorRenamesAndKeepsReferences() {
        click(0, 0)
        const field = findChild(win.contentItem, "inspectorId")
        tryVerify(() => field.visible && field.text === "a")
        frames.waitForFrame(win.contentItem)
        mouseClick(field)
        field.selectAll()
        keyClick(Qt.Key_G)
        keyClick(Qt.Key_A)
        keyClick(Qt.Key_T)
        keyClick(Qt.Key_E)
        keyClick(Qt.Key_Return)
        verify(editor.objectInfo("waypoint:gate").kind === "waypoint")
        compare(editor.objectInfo("patrol:p1").stops[0], "gate")
        verify(editor.objectInfo("edge:gate>b").kind === "edge")
        // Enter gave the keys back to the canvas. A taken id is refused with a message at the field,
        // which keeps the typed id until it is corrected or Esc.
        verify(!field.activeFocus)
        mouseClick(field)
        field.selectAll()
        keyClick(Qt.Key_B)
        keyClick(Qt.Key_Return)
        compare(editor.objectInfo("waypoint:gate").id, "gate")
        verify(findChild(win.contentItem, "objectProblem").text.indexOf("already") >= 0)
        compare(field.text, "b")
        keyClick(Qt.Key_Escape)
        compare(field.text, "gate")
    }

    function test_inspectorChangesRailSplineAndClosed() {
        click(0, -4) // a rail control point selects the rail
        compare(editor.selection.keys, ["rail:r1"])
        const closed = findChild(win.contentItem, "inspectorClosed")
        tryVerify(() => closed.visible)
        mouseClick(closed)
        compare(editor.objectInfo("rail:r1").closed, true)
        const spline = findChild(win.contentItem, "inspectorSpline")
        spline.forceActiveFocus()
        keyClick(Qt.Key_Down)
        compare(editor.objectInfo("rail:r1").spline, "linear")
        editor.undo()
        editor.undo()
        compare(editor.objectInfo("rail:r1").closed, false)
        compare(editor.objectInfo("rail:r1").spline, "catmull-rom")
    }

    function test_inspectorChangesPatrolMode() {
        const row = findChild(win.contentItem, "outliner:patrol:p1")
        verify(row !== null)
        mouseClick(row)
        compare(editor.selection.keys, ["patrol:p1"])
        const mode = findChild(win.contentItem, "inspectorMode")
        tryVerify(() => mode.visible)
        mode.forceActiveFocus()
        keyClick(Qt.Key_Up)
        compare(editor.objectInfo("patrol:p1").mode, "pingpong")
    }

    function test_outlinerAndCanvasShareTheSelection() {
        const row = findChild(win.contentItem, "outliner:waypoint:b")
        mouseClick(row)
        compare(editor.selection.keys, ["waypoint:b"])
        tryVerify(() => row.selected)
        click(0, 0)
        tryVerify(() => !row.selected)
        verify(findChild(win.contentItem, "outliner:waypoint:a").selected)
    }

    function test_probeFollowsTheMouseAndTheMarkerStays() {
        keyClick(Qt.Key_M)
        // Straight above the rail's middle control point (5, -6): the nearest point is at or near it.
        hover(5, -2)
        tryVerify(() => canvas.probe.active)
        compare(canvas.probe.rail, "r1")
        verify(canvas.probe.distance > 3.0 && canvas.probe.distance < 4.1)
        verify(!canvas.probe.inRange)
        const label = findChild(win.footer, "probeLabel")
        verify(label.text.indexOf("probe: rail r1, d = ") === 0)
        // Close to the curve: within the default range of 2.
        hover(5, -7)
        tryVerify(() => canvas.probe.inRange)
        // Click drops the player marker; it stays probed after the rail is edited.
        click(5, -7)
        verify(canvas.probe.markerPlaced)
        const before = canvas.probe.distance
        keyClick(Qt.Key_V)
        drag(5, -6, 5, -12)
        verify(canvas.probe.active)
        verify(Math.abs(canvas.probe.distance - before) > 0.5)
    }

    function test_patrolPathIsComputed() {
        tryVerify(() => editor.patrolCount === 1)
        // The patrol p1 walks a -> b -> c: its preview path is drawn in its colour along x = 10.
        frames.waitForFrame(win.contentItem)
        const image = grabImage(win.contentItem)
        const p = canvas.mapToItem(win.contentItem, at(10, 5).x, at(10, 5).y)
        const c = image.pixel(Math.round(p.x), Math.round(p.y))
        verify(c.r > 0.5 && c.b > 0.7, "patrol colour on its path: " + c)
    }

    function typeText(text) {
        for (const ch of text)
            keyClick(ch)
    }

    function test_customPropertiesAddEditRemove() {
        click(0, 0)
        frames.waitForFrame(win.contentItem)
        const name = findChild(win.contentItem, "newPropName")
        mouseClick(name)
        typeText("wait")
        const type = findChild(win.contentItem, "newPropType")
        type.forceActiveFocus()
        keyClick(Qt.Key_Down)
        keyClick(Qt.Key_Down) // string -> int -> float
        compare(type.currentText, "float")
        const value = findChild(win.contentItem, "newPropValue")
        mouseClick(value)
        typeText("2.5")
        keyClick(Qt.Key_Return)
        let props = editor.propertiesOf("waypoint:a")
        compare(props.length, 1)
        compare(props[0].name, "wait")
        compare(props[0].type, "float")
        compare(props[0].value, "2.5")
        // A value that does not fit its type is refused with a message.
        frames.waitForFrame(win.contentItem)
        const row = findChild(win.contentItem, "prop_wait")
        const field = findChild(row, "propValue")
        mouseClick(field)
        field.selectAll()
        typeText("soon")
        keyClick(Qt.Key_Return)
        compare(editor.propertiesOf("waypoint:a")[0].value, "2.5")
        verify(findChild(win.contentItem, "propertiesProblem").text.indexOf("not a valid float") >= 0)
        compare(field.text, "soon") // kept until corrected
        field.selectAll()
        typeText("4")
        keyClick(Qt.Key_Return)
        compare(editor.propertiesOf("waypoint:a")[0].value, "4")
        frames.waitForFrame(win.contentItem)
        mouseClick(findChild(findChild(win.contentItem, "prop_wait"), "propRemove"))
        compare(editor.propertiesOf("waypoint:a").length, 0)
        editor.undo()
        compare(editor.propertiesOf("waypoint:a").length, 1)
    }

    function test_rightClickDeletesARailPoint() {
        const s = at(5, -6)
        mouseClick(canvas, s.x, s.y, Qt.RightButton)
        compare(editor.objectInfo("rail:r1").points, 2)
        // A rail keeps at least two points.
        const t = at(0, -4)
        mouseClick(canvas, t.x, t.y, Qt.RightButton)
        compare(editor.objectInfo("rail:r1").points, 2)
        undoKey()
        compare(editor.objectInfo("rail:r1").points, 3)
    }

    function test_agentPlaysARailAtConstantSpeed() {
        click(0, -4) // selects rail r1
        const play = findChild(win.header, "playAgent")
        verify(play.enabled)
        canvas.play.speed = 4
        mouseClick(play)
        verify(canvas.play.playing)
        wait(300)
        const s = canvas.play.s
        verify(s > 0.4 && s < 4, "travelled " + s + " m in ~0.3 s at 4 m/s")
        mouseClick(play)
        verify(!canvas.play.playing)
        // The agent stopped on the rail: probing where it stands finds the rail right there.
        keyClick(Qt.Key_M)
        const p = canvas.toScreen(canvas.play.position)
        mouseMove(canvas, p.x, p.y)
        tryVerify(() => canvas.probe.active)
        verify(canvas.probe.distance < 1.0 / canvas.zoom, "probe distance " + canvas.probe.distance)
    }

    // A frame asked for and drawn (EditorTestCase's settle(); this suite is a plain TestCase).
    function drawn() {
        win.update()
        verify(frames.waitForFrame(win.contentItem), "the window drew a frame")
    }

    function test_pinchZoomsAboutTheFingers() {
        const before = canvas.zoom
        const cx = canvas.width / 2, cy = canvas.height / 2
        const touch = touchEvent(canvas)
        touch.press(0, canvas, cx - 40, cy).press(1, canvas, cx + 40, cy).commit()
        drawn()
        // A frame between moves, as fingers on a screen give: Qt Quick folds the moves it gets
        // between two frames into one, and one move is not yet a pinch.
        for (let i = 1; i <= 10; ++i) {
            touch.move(0, canvas, cx - 40 - 12 * i, cy).move(1, canvas, cx + 40 + 12 * i, cy).commit()
            drawn()
        }
        touch.release(0, canvas, cx - 160, cy).release(1, canvas, cx + 160, cy).commit()
        // The fingers spread from 80 to 320 px apart: the view zooms in (the handler needs a few
        // pixels of movement before it takes over, so less than the full 4x).
        verify(canvas.zoom > before * 1.5, "zoom " + before + " -> " + canvas.zoom)
    }

    function replaceText(field, text) {
        mouseClick(field)
        field.selectAll()
        keyClick(Qt.Key_Delete)
        typeText(text)
        keyClick(Qt.Key_Return)
    }

    function test_inspectorEditsLevelNameAndUnits() {
        frames.waitForFrame(win.contentItem)
        const name = findChild(win.contentItem, "levelNameField")
        tryVerify(() => name.visible)
        replaceText(name, "Harbour")
        compare(editor.levelName, "Harbour")
        replaceText(findChild(win.contentItem, "levelUnitsField"), "ft")
        compare(editor.levelUnits, "ft")
        editor.undo()
        editor.undo()
        compare(editor.levelName, "Small")
        compare(editor.levelUnits, "m")
    }

    function test_inspectorSetsAnEdgeCost() {
        // Select the edge a-b by clicking on it, away from both waypoints.
        click(5, 0)
        compare(editor.selection.keys, ["edge:a>b"])
        frames.waitForFrame(win.contentItem)
        const cost = findChild(win.contentItem, "inspectorCost")
        tryVerify(() => cost.visible)
        replaceText(cost, "12.5")
        compare(editor.objectInfo("edge:a>b").cost, 12.5)
        replaceText(cost, "-3")
        compare(editor.objectInfo("edge:a>b").cost, 12.5)
        verify(findChild(win.contentItem, "linkProblem").text.indexOf("greater than 0") >= 0)
        verify(cost.activeFocus, "a refused value keeps the keyboard for the correction")
        cost.selectAll()
        keyClick(Qt.Key_Delete)
        keyClick(Qt.Key_Return)
        compare(editor.objectInfo("edge:a>b").cost, "")
    }

    function test_inspectorEditsRailPointHeights() {
        click(0, -4) // a control point selects the rail
        frames.waitForFrame(win.contentItem)
        const row = findChild(win.contentItem, "railPoint_1")
        tryVerify(() => row !== null && row.visible)
        replaceText(findChild(row, "pz"), "8")
        compare(editor.objectInfo("rail:r1").zs[1], 8)
        compare(editor.objectInfo("rail:r1").ys[1], -6)
        canvas.forceActiveFocus() // Ctrl+Z in a text field undoes its typing, not the document
        undoKey()
        compare(editor.objectInfo("rail:r1").zs[1], 0)
    }
}
