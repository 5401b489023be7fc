// The inspector with real clicks and keys: fields always show the selected object and follow undo;
// numbers shown at the zoom's precision are stored exactly as typed; values the loader would refuse are
// refused with a reason; rail point fields show their whole number; a colour property draws the rail.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Inspector"

    // Stale inspector fields must never write another object's number.
    function test_inspectorFieldsAlwaysShowTheSelectedObject() {
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

    function test_undoUpdatesTheFieldInPlace() {
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

    function test_numbersAreRoundedButStoredExactly() {
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

    // After Enter the pointer still rests on the field: no box repeating its text hangs over it (it
    // covered the column header). A rounded value still shows its exact one on hover.
    function test_noGhostBoxOverAFieldAfterTyping() {
        open(scratchCopy(testData.small, "ghost.yaml"))
        select("waypoint:a")
        const x = field("inspectorX")
        x.hoverEnabled = true // as on a desktop with a mouse (the offscreen platform reports no hover effects)
        typeInto(x, "27")
        compare(editor.objectInfo("waypoint:a").x, 27)
        mouseMove(x, x.width / 2 + 1, x.height / 2)
        tryVerify(() => x.hovered)
        verify(!x.activeFocus)
        wait(700) // past the tooltip's delay
        verify(!x.tipShown, "nothing over the field that says 27 again")
        editor.inspector.setCoordinate(0, 40.25454545454545)
        tryVerify(() => x.tipShown, 1000, "the exact value behind the rounded " + x.text + " " + x.value + " hovered "
                  + x.hovered + " focus " + x.activeFocus)
    }

    // Every refused value is said at its field (what is wrong, what is allowed), the field keeps the
    // typed text until corrected or Esc, the document is untouched, and nothing moves on screen.
    function test_refusedNumbersAreSaidAtTheFieldAndKept_data() {
        return [
            { tag: "out of range", typed: "2e9", words: "outside" },  // the loader would refuse it too
            { tag: "letters", typed: "abc", words: "not a number" },
            { tag: "overflow", typed: "1e999", words: "outside" },
            { tag: "comma", typed: "1,5", words: "use a dot" },
            { tag: "two dots", typed: "12.5.3", words: "not a number" },
        ]
    }
    function test_refusedNumbersAreSaidAtTheFieldAndKept(data) {
        open(testData.small)
        select("waypoint:a")
        const x = field("inspectorX")
        const y = field("inspectorY")
        const yTop = y.mapToItem(null, 0, 0).y
        typeInto(x, data.typed)
        compare(editor.objectInfo("waypoint:a").x, 0)
        compare(x.text, data.typed)
        verify(x.activeFocus, "the field keeps the keyboard for the correction")
        const line = findChild(win.inspector, "objectProblem")
        verify(line.text.indexOf(data.words) >= 0 && line.text.indexOf("1e9") >= 0, line.text)
        compare(y.mapToItem(null, 0, 0).y, yTop) // the message took space reserved for it
        // The next click lands where it was aimed: on y.
        mouseClick(y)
        verify(y.activeFocus)
        compare(x.text, data.typed) // still said, still kept
        // Esc in the field: the standing value again, the message gone, the keys back to the canvas.
        mouseClick(x)
        keyClick(Qt.Key_Escape)
        compare(x.text, "0")
        compare(line.text, "")
        keyClick(Qt.Key_W)
        compare(editor.tool, "waypoint")
    }

    function test_railPointFieldsAreWideEnough() {
        open(testData.small)
        select("rail:r1")
        editor.rail.setRailPoint(1, 0, -1234.5678)
        waitForFrame(win.contentItem)
        const row = findChild(win.inspector, "railPoint_1")
        for (const name of ["px", "py", "pz"]) {
            const f = findChild(row, name)
            verify(f.width >= 64, name + " is " + f.width + " px wide")
            verify(f.contentWidth <= f.width - f.leftPadding - f.rightPadding + 1, name + " shows its whole text: " + f.text)
        }
    }

    function test_colourPropertyDrawsTheRail() {
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

    // The rail point table's column headers stand over their columns.
    function test_railPointHeadersSitOverTheirColumns() {
        open(testData.small)
        select("rail:r1")
        waitForFrame(win.contentItem)
        const row = findChild(win.inspector, "railPoint_0")
        const header = findChild(win.inspector, "railPointHeader")
        for (const [column, title] of [["px", "x"], ["py", "y"], ["pz", "height"]]) {
            const f = findChild(row, column)
            const h = findChild(header, "header_" + title)
            const fieldCentre = f.mapToItem(null, f.width / 2, 0).x
            const headerCentre = h.mapToItem(null, h.width / 2, 0).x
            verify(Math.abs(fieldCentre - headerCentre) < 4, title + ": header at " + headerCentre + ", column at " + fieldCentre)
        }
    }

    // A typed -0 is stored as 0: saved files never hold "-0".
    function test_negativeZeroIsSavedAsZero() {
        open(scratchCopy(testData.small, "negative-zero.yaml"))
        select("waypoint:b")
        typeInto(field("inspectorZ"), "-0")
        typeInto(field("inspectorX"), "-0")
        verify(editor.files.save())
        const text = files.read(editor.files.filePath)
        verify(text.indexOf("-0") < 0, text)
        verify(text.indexOf("{id: b, position: [0, 0, 0]") >= 0, text)
    }
}
