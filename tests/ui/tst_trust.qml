// What a designer hit in a first hour (issue "The editor a designer can trust"), one test per step
// they took, each with real mouse and key events, checking what the screen shows and what is saved.
import QtQuick
import QtTest
import RailForge

TestCase {
    id: testCase
    name: "Trust"
    when: windowShown

    property var win: null
    property var editor: null
    property var canvas: null

    Component {
        id: mainWindow
        Main {}
    }
    TextMetrics { id: metrics }

    // No test leaves a recovery copy behind: the next window would open with the recovery dialog.
    function cleanup() {
        if (editor)
            for (const c of editor.recovery.candidates())
                files.remove(c.recovery)
        editor = null
    }

    function open(file, keepDialogs) {
        win = createTemporaryObject(mainWindow, testCase, { startupFile: file })
        waitForRendering(win.contentItem)
        tryVerify(() => win.canvas.width > 100)
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
        waitForRendering(win.contentItem) // the inspector lays out the new object's fields
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
    function clickWorld(x, y) {
        const s = at(x, y)
        mouseClick(canvas, s.x, s.y)
    }
    function focusCanvas() { mouseClick(canvas, 3, canvas.height - 3) }
    // The colour the window shows at a canvas point (grabbed from the whole window, as it is seen).
    function canvasPixel(x, y) {
        waitForRendering(win.contentItem)
        const p = canvas.mapToItem(win.contentItem, x, y)
        return grabImage(win.contentItem).pixel(Math.round(p.x), Math.round(p.y))
    }

    // 1. Stale inspector fields must never write another object's number.
    function test_1_inspectorFieldsAlwaysShowTheSelectedObject() {
        open(testData.demo)
        select("waypoint:gate")
        typeInto(field("inspectorX"), "27")
        compare(editor.objectInfo("waypoint:gate").x, 27)
        select("waypoint:road_a")
        compare(field("inspectorX").text, "14")
        // Into the field and out again without typing: nothing changes.
        mouseClick(field("inspectorX"))
        keyClick(Qt.Key_Tab)
        compare(editor.objectInfo("waypoint:road_a").x, 14)
        select("waypoint:dock_a")
        compare(field("inspectorX").text, "2")
        mouseClick(field("inspectorX"))
        keyClick(Qt.Key_Tab)
        compare(editor.objectInfo("waypoint:dock_a").x, 2)
        // Undo on the canvas: gate goes back, and its field says so when selected again.
        select("waypoint:gate")
        focusCanvas()
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(editor.objectInfo("waypoint:gate").x, 26)
        select("waypoint:gate")
        compare(field("inspectorX").text, "26")
    }

    function test_1_undoUpdatesTheFieldInPlace() {
        open(testData.demo)
        select("waypoint:gate")
        typeInto(field("inspectorY"), "5")
        compare(field("inspectorY").text, "5")
        focusCanvas()
        select("waypoint:gate")
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(editor.objectInfo("waypoint:gate").y, 2)
        tryCompare(field("inspectorY"), "text", "2")
    }

    // 2. A smoothing slider's value follows the drag, as one undo step.
    function test_2_sliderDragFollowsThePointer() {
        open(testData.small)
        select("patrol:p1")
        const list = editor.pipeline.strategies
        let found = null
        for (let i = 0; i < list.length && !found; ++i) {
            editor.pipeline.addStep("patrol:p1", list[i].id)
            const params = editor.pipeline.steps("patrol:p1")[0].params
            const p = params.find(q => q.type === "double")
            if (p) found = p
            else editor.undo()
        }
        verify(found !== null, "a strategy with a real parameter")
        tryVerify(() => findChild(win.contentItem, "step0") !== null)
        waitForRendering(win.contentItem)
        const row = findChild(findChild(win.contentItem, "step0"), "param_" + found.name)
        let slider = null
        for (let i = 0; i < row.children.length; ++i)
            if (row.children[i].objectName === "control" && row.children[i].visible) slider = row.children[i]
        verify(slider !== null)
        const valueOf = () => editor.pipeline.steps("patrol:p1")[0].params.find(q => q.name === found.name).value
        const before = valueOf()
        const undoBefore = editor.undoText
        const y = slider.height / 2
        mousePress(slider, slider.width * 0.2, y)
        const atPress = valueOf()
        for (let f = 0.3; f <= 0.81; f += 0.1)
            mouseMove(slider, slider.width * f, y)
        mouseRelease(slider, slider.width * 0.8, y)
        const after = valueOf()
        verify(after > atPress, "the value followed the drag: " + atPress + " -> " + after)
        fuzzyCompare(after, slider.from + (slider.to - slider.from) * slider.position, (slider.to - slider.from) * 0.02)
        // One undo step for the whole drag.
        editor.undo()
        compare(valueOf(), before)
        compare(editor.undoText, undoBefore)
    }

    // 3. Deleting a patrol's stop says what happens to the patrol.
    function test_3_deletingAStopNamesThePatrol() {
        open(testData.demo)
        select("waypoint:lot_a")
        focusCanvas()
        select("waypoint:lot_a")
        canvas.forceActiveFocus()
        keyClick(Qt.Key_Delete)
        compare(editor.objectInfo("waypoint:lot_a").id, undefined)
        const status = findChild(win.footer, "statusMessage")
        verify(status.text.indexOf("guard_loop") >= 0, status.text)
        verify(status.text.indexOf("lost a stop") >= 0, status.text)
        verify(editor.objectInfo("patrol:guard_loop").stops.indexOf("lot_a") < 0)
    }

    function test_3_brokenPatrolIsMarked() {
        open(scratchCopy(testData.small, "broken-patrol.yaml"))
        tryVerify(() => editor.pipeline.routeError("patrol:p1") === "", 5000)
        // p1 runs a -> c over the one-way edge b -> c: without it, c cannot be reached.
        editor.selection.selectKey("edge:b>c")
        canvas.forceActiveFocus()
        keyClick(Qt.Key_Delete)
        tryVerify(() => editor.pipeline.brokenPatrols.indexOf("p1") >= 0, 5000)
        const row = findChild(win.outliner, "outliner:patrol:p1")
        const text = findChild(row, "rowText")
        tryVerify(() => text.text.indexOf("⚠") === 0)
        // The canvas draws it: red dashes between its stops, and why.
        waitForRendering(win.contentItem)
        const image = grabImage(win.contentItem)
        const a = canvas.mapToItem(win.contentItem, at(0, 0)), c = canvas.mapToItem(win.contentItem, at(10, 10))
        let red = 0
        for (let t = 0.1; t < 0.9; t += 0.01) {
            const x = Math.round(a.x + (c.x - a.x) * t), y = Math.round(a.y + (c.y - a.y) * t)
            const p = image.pixel(x, y)
            if (p.r > 0.8 && p.g < 0.5 && p.b < 0.5) ++red
        }
        verify(red > 10, "red dashes along the broken patrol: " + red)
    }

    // 4. Numbers at the zoom's precision; typed values stored exactly; snap on for new levels.
    function test_4_numbersAreRoundedButStoredExactly() {
        open(scratchCopy(testData.small, "numbers.yaml"))
        select("waypoint:a")
        editor.inspector.setCoordinate(0, 40.25454545454545)
        const x = field("inspectorX")
        verify(x.text.length <= 6, "shown rounded: " + x.text)
        compare(Number(x.text), Number((40.25454545454545).toFixed(canvas.displayDecimals)))
        // Leaving it untouched keeps the exact value.
        mouseClick(x)
        keyClick(Qt.Key_Tab)
        compare(editor.objectInfo("waypoint:a").x, 40.25454545454545)
        // Typed: stored as typed.
        typeInto(field("inspectorZ"), "6.8")
        compare(editor.objectInfo("waypoint:a").z, 6.8)
        verify(editor.files.save())
        verify(files.read(editor.files.filePath).indexOf("position: [40.25454545454545, 0, 6.8]") > 0)
    }

    function test_4_outOfRangeNumbersAreRefusedWithAReason() {
        open(testData.small)
        select("waypoint:a")
        typeInto(field("inspectorX"), "2e9") // the loader would refuse it: so does the inspector
        compare(editor.objectInfo("waypoint:a").x, 0)
        compare(field("inspectorX").text, "0")
        const error = findChild(win.inspector, "inspectorError")
        verify(error.visible && error.text.indexOf("1e9") >= 0, error.text)
    }

    function test_4_railPointFieldsAreWideEnough() {
        open(testData.small)
        select("rail:r1")
        editor.inspector.setRailPoint(1, 0, -1234.5678)
        waitForRendering(win.contentItem)
        const row = findChild(win.inspector, "railPoint_1")
        for (const name of ["px", "py", "pz"]) {
            const f = findChild(row, name)
            verify(f.width >= 64, name + " is " + f.width + " px wide")
            verify(f.contentWidth <= f.width - f.leftPadding - f.rightPadding + 1, name + " shows its whole text: " + f.text)
        }
    }

    function test_4_snapIsOnForNewLevels() {
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

    // 5. Nothing cut off: labels after Fit, long names in the panels, menu text beside its shortcut.
    function test_5_fitLeavesRoomForLabels() {
        open(testData.small)
        canvas.zoom = 200 // labels show from 12 px/m on; Fit must still leave them room
        keyClick(Qt.Key_F)
        verify(canvas.zoom >= 12, "labels are drawn at this zoom")
        for (const id of ["a", "b", "c"]) {
            metrics.text = id
            const info = editor.objectInfo("waypoint:" + id)
            const s = at(info.x, info.y)
            verify(s.x + 9 + metrics.advanceWidth <= canvas.width, id + "'s label fits")
            verify(s.y - 20 >= 0, id + "'s label fits above")
        }
    }

    function test_5_longNamesAreNotCutOff() {
        open(testData.demo)
        editor.selection.selectKey("patrol:guard_loop")
        waitForRendering(win.contentItem)
        compare(editor.inspector.properties.count, 3)
        tryVerify(() => findChild(win.inspector, "prop_alert_radius") !== null)
        const prop = findChild(findChild(win.inspector, "prop_alert_radius"), "propName")
        verify(!prop.truncated, "alert_radius shows whole")
        tryVerify(() => findChild(win.contentItem, "step0") !== null)
        const labels = []
        const walk = item => {
            if (item.objectName === "paramLabel") labels.push(item)
            for (let i = 0; i < item.children.length; ++i) walk(item.children[i])
        }
        walk(findChild(win.contentItem, "step0"))
        verify(labels.length > 0)
        for (const label of labels)
            verify(!label.truncated && label.lineCount <= 2, label.text + " is readable")
        // The strategy list is as wide as its longest name.
        const box = findChild(win.contentItem, "strategyBox")
        let longest = 0
        for (const st of editor.pipeline.strategies) {
            metrics.text = st.name
            longest = Math.max(longest, metrics.advanceWidth)
        }
        verify(box.popup.width >= longest + 24, "list " + box.popup.width + " px for names up to " + longest + " px")
    }

    function test_5_menuTextNeverRunsOverItsShortcut() {
        open(testData.demo)
        editor.selection.selectKey("waypoint:crane_deck")
        editor.inspector.setCoordinate(0, 56)
        verify(editor.undoText.length > 10)
        const menu = findChild(win.menuBar, "editMenu")
        menu.open()
        waitForRendering(win.contentItem)
        const item = findChild(menu.contentItem, "undoItem")
        const text = findChild(item, "menuText")
        const shortcut = findChild(item, "menuShortcut")
        verify(!text.truncated, text.text + " is shown whole")
        const textRight = text.mapToItem(item, text.contentWidth, 0).x
        const shortcutLeft = shortcut.mapToItem(item, 0, 0).x
        verify(textRight < shortcutLeft, "text ends at " + textRight + ", shortcut starts at " + shortcutLeft)
        menu.close()
    }

    // 6. The probe's readout sits on a background, and follows the marker after a tool switch.
    // 6. The probe's readout sits on a background, and follows the marker after a tool switch.
    // (Points stay inside the fitted view of small.yaml: x in [-6, 10], y in [-6, 10].)
    function test_6_probeReadoutHasABackground() {
        open(testData.small)
        keyClick(Qt.Key_M)
        const s = at(5, -3)
        mouseMove(canvas, s.x, s.y)
        tryVerify(() => canvas.probeActive)
        tryVerify(() => canvas.probeLabelRect.width > 20)
        const r = canvas.probeLabelRect
        // Inside the box, away from the glyphs: the readout's dark background.
        for (const p of [Qt.point(r.x + 2, r.y + 2), Qt.point(r.x + r.width - 3, r.y + r.height - 3)]) {
            const c = canvasPixel(p.x, p.y)
            verify(c.r < 0.2 && c.g < 0.2 && c.b < 0.2, "dark background at " + p + ": " + c)
        }
    }

    function test_6_markerReadoutStaysAfterToolSwitch() {
        open(testData.small)
        keyClick(Qt.Key_M)
        clickWorld(5, -3) // the marker, about 3 m above the rail's middle
        tryVerify(() => canvas.markerPlaced)
        const markerDistance = canvas.probeDistance
        const s = at(5, 4)
        mouseMove(canvas, s.x - 5, s.y) // hovering elsewhere
        mouseMove(canvas, s.x, s.y)
        verify(Math.abs(canvas.probeDistance - markerDistance) > 1)
        keyClick(Qt.Key_V)
        fuzzyCompare(canvas.probeDistance, markerDistance, 1e-9)
        const label = findChild(win.footer, "probeLabel")
        verify(label.text.indexOf(markerDistance.toFixed(canvas.displayDecimals)) >= 0, label.text)
    }

    // 7. Export uses the path it shows, and says where it wrote.
    function test_7_exportUsesTheShownDefaultAndSaysWhere() {
        const path = scratchCopy(testData.small, "exported-level.yaml")
        open(path)
        const out = testData.scratch + "/exported-level.export.yaml"
        files.remove(out)
        keyClick(Qt.Key_E, Qt.ControlModifier)
        tryVerify(() => win.exportDialog.opened)
        compare(findChild(win.exportDialog.contentItem, "exportPath").text, out)
        mouseClick(findChild(win.exportDialog.footer, "exportButton"))
        tryVerify(() => files.exists(out))
        verify(files.read(out).indexOf("format: railforge-export") === 0)
        const status = findChild(win.footer, "statusMessage")
        verify(status.text.indexOf(out) >= 0, status.text)
    }

    // 8. A bad file shows the offending line with a caret; Open works on what the dialog shows.
    function test_8_syntaxErrorShowsTheLineWithACaret() {
        const path = testData.scratch + "/syntax.yaml"
        verify(files.write(path, "railforge: 1\nlevel: {name: X, units: m}\nwaypoints:\n  - {id: a, position: [0, 0, 0]}\n - bad\n"))
        open(path, true)
        tryVerify(() => win.problemsDialog.opened)
        const source = findChild(win.problemsDialog.contentItem, "problemSource")
        const caret = findChild(win.problemsDialog.contentItem, "problemCaret")
        const text = findChild(win.problemsDialog.contentItem, "problemText")
        verify(text.text.indexOf(path + ":5:") === 0, text.text)
        compare(source.text, " - bad")
        const column = Number(text.text.split(":")[2])
        compare(caret.text, " ".repeat(column - 1) + "^")
        win.problemsDialog.close()
    }

    function test_8_openDialogSelectsTheCurrentFile() {
        const path = scratchCopy(testData.small, "preselected.yaml")
        open(path)
        keyClick(Qt.Key_O, Qt.ControlModifier)
        tryVerify(() => win.openDialog.visible)
        compare(String(win.openDialog.selectedFile), "file://" + path)
        win.openDialog.close()
    }

    // 9. Snap to a lit waypoint; paste at the cursor; a colour property draws the rail.
    function test_9_pointsSnapToTheLitWaypoint() {
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

    function test_9_pasteLandsAtTheCursor() {
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

    function test_9_colourPropertyDrawsTheRail() {
        open(testData.small)
        const s = at(5, -6)
        const pixelOnRail = () => canvasPixel(Math.round(s.x) + 6, Math.round(s.y))
        const before = pixelOnRail()
        verify(before.b > 0.8 && before.r < 0.5, "the default rail colour first: " + before)
        select("rail:r1")
        editor.inspector.setProperty("colour", "color", "#ff2000")
        editor.selection.clear()
        tryVerify(() => { const p = pixelOnRail(); return p.r > 0.9 && p.g < 0.3 && p.b < 0.3 }, 3000, "the rail is red")
    }

    // 10. No stale recovery copy: undo back to the saved state, or quit cleanly, removes it.
    function test_10_undoToTheSavedStateRemovesTheRecoveryCopy() {
        open(scratchCopy(testData.small, "recovery-undo.yaml"))
        editor.recovery.autosaveInterval = 50
        keyClick(Qt.Key_W)
        clickWorld(3, 7)
        tryVerify(() => editor.recovery.candidates().length === 1, 3000)
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        verify(!editor.files.modified)
        compare(editor.recovery.candidates().length, 0)
        wait(150) // the timer finds nothing to write
        compare(editor.recovery.candidates().length, 0)
    }

    function test_10_cleanQuitLeavesNoRecoveryCopy() {
        open(scratchCopy(testData.small, "recovery-quit.yaml"))
        keyClick(Qt.Key_W)
        clickWorld(3, 7)
        verify(editor.recovery.autosaveNow())
        compare(editor.recovery.candidates().length, 1)
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        keyClick(Qt.Key_Z, Qt.ControlModifier, -1) // nothing more to undo: harmless
        editor.recovery.autosaveNow()
        keyClick(Qt.Key_Q, Qt.ControlModifier)
        verify(!win.unsavedDialog.opened, "nothing unsaved: no question")
        compare(editor.recovery.candidates().length, 0)
    }

    function test_10_discardOnQuitRemovesTheCopy() {
        open(scratchCopy(testData.small, "recovery-discard.yaml"))
        keyClick(Qt.Key_W)
        clickWorld(3, 7)
        verify(editor.recovery.autosaveNow())
        compare(editor.recovery.candidates().length, 1)
        keyClick(Qt.Key_Q, Qt.ControlModifier)
        tryVerify(() => win.unsavedDialog.opened)
        mouseClick(findChild(win.unsavedDialog.footer, "discardButton"))
        compare(editor.recovery.candidates().length, 0)
    }
}
