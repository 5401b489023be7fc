// A level a git merge left with conflicts in it (railforge-cli merge's markers): it opens as ours with
// the Conflicts panel listing each conflict and the plan drawing both versions; the designer takes
// theirs for one and ours for the other with the mouse, and Ctrl+S writes a clean level. Saving is
// refused while any is left.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Conflicts"

    // small.yaml merged by railforge-cli merge: ours moved c and r1's point 1 one way, theirs another
    // (and made p1 loop, merged cleanly).
    readonly property string conflicted: "# A tiny level with known coordinates for the editor's UI tests.\n" +
        "railforge: 1\n" +
        "level: {name: Small, units: m}\n" +
        "waypoints:\n" +
        "  - {id: a, position: [0, 0, 0]}\n" +
        "  - {id: b, position: [10, 0, 0], properties: {wait: 1.5}}\n" +
        "<<<<<<< ours: waypoint 'c' (ours moves it to (12, 10, 0), theirs to (10, 14, 0))\n" +
        "  - {id: c, position: [12, 10, 0]}\n" +
        "=======\n" +
        "  - {id: c, position: [10, 14, 0]}\n" +
        ">>>>>>> theirs\n" +
        "edges:\n" +
        "  - {from: a, to: b}\n" +
        "  - {from: b, to: c, bidirectional: false}\n" +
        "obstacles:\n" +
        "  - {id: pillar, circle: {center: [5, 5], radius: 1.5}}\n" +
        "  - {id: crates, polygon: [[-6, 2], [-2, 2], [-2, 6], [-6, 6]]}\n" +
        "rails:\n" +
        "<<<<<<< ours: rail 'r1' (ours moves point 1 to (5, -8, 0), theirs to (5, -2, 0))\n" +
        "  - id: r1\n" +
        "    closed: false\n" +
        "    spline: {type: catmull-rom, alpha: 0.5}\n" +
        "    points: [[0, -4, 0], [5, -8, 0], [10, -4, 0]]\n" +
        "=======\n" +
        "  - id: r1\n" +
        "    closed: false\n" +
        "    spline: {type: catmull-rom, alpha: 0.5}\n" +
        "    points: [[0, -4, 0], [5, -2, 0], [10, -4, 0]]\n" +
        ">>>>>>> theirs\n" +
        "patrols:\n" +
        "  - id: p1\n" +
        "    stops: [a, c]\n" +
        "    mode: loop\n" +
        "    smoothing: []\n"

    function openConflicted(name) {
        const path = scratchCopy(testData.small, name)
        verify(files.replace(path, conflicted))
        open(path)
        return path
    }
    function panelButton(name) {
        const button = findChild(findChild(win, "conflictsPanel"), name)
        verify(button !== null, name)
        return button
    }

    function test_resolveOneEachWayAndSave() {
        const path = openConflicted("conflicted.yaml")
        const conflicts = editor.files.conflicts
        compare(conflicts.count, 2)
        const panel = findChild(win, "conflictsPanel")
        verify(panel.visible)
        compare(conflicts.items[0].summary, "waypoint 'c' (ours moves it to (12, 10, 0), theirs to (10, 14, 0))")
        compare(conflicts.items[1].summary, "rail 'r1' (ours moves point 1 to (5, -8, 0), theirs to (5, -2, 0))")
        // The level is ours; both versions are on the plan, in two colours.
        compare(editor.objectInfo("waypoint:c").x, 12)
        compare(editor.objectInfo("rail:r1").ys[1], -8)
        compare(conflicts.shapes.length, 4)
        waitForRendering(canvas)
        // A waypoint's two versions are rings round its two places: ours 9 px across, theirs 13.
        const o = at(12, 10), t = at(10, 14)
        const ours = canvasPixel(o.x + 9, o.y), theirs = canvasPixel(t.x + 13, t.y)
        verify(ours.g > 0.75 && ours.r < 0.65 && ours.b < 0.7, "ours' ring drawn green: " + ours)
        verify(theirs.r > 0.9 && theirs.g < 0.6 && theirs.b > 0.75, "theirs' ring drawn pink: " + theirs)

        // Saving now would lose theirs' side of both: refused, the file left as it is.
        keyClick(Qt.Key_S, Qt.ControlModifier)
        tryVerify(() => win.problemsDialog.opened)
        verify(files.read(path).indexOf("<<<<<<<") >= 0)
        win.problemsDialog.close()
        tryVerify(() => !win.problemsDialog.opened)

        // Theirs for the waypoint, ours for the rail, with the mouse.
        mouseClick(panelButton("takeTheirs_0"))
        compare(editor.objectInfo("waypoint:c").x, 10)
        compare(editor.objectInfo("waypoint:c").y, 14)
        compare(conflicts.count, 1)
        compare(conflicts.items[0].summary.indexOf("rail 'r1'"), 0)
        mouseClick(panelButton("takeOurs_0"))
        compare(conflicts.count, 0)
        compare(editor.objectInfo("rail:r1").ys[1], -8)
        tryVerify(() => !panel.visible)
        verify(editor.statusMessage.indexOf("No conflicts left") >= 0, editor.statusMessage)

        keyClick(Qt.Key_S, Qt.ControlModifier)
        tryVerify(() => !editor.files.modified)
        const text = files.read(path)
        verify(text.indexOf("<<<<<<<") < 0 && text.indexOf("=======") < 0 && text.indexOf(">>>>>>>") < 0, text)
        verify(text.indexOf("  - {id: c, position: [10, 14, 0]}\n") >= 0, text)
        verify(text.indexOf("    points: [[0, -4, 0], [5, -8, 0], [10, -4, 0]]\n") >= 0, text)
        verify(text.indexOf("# A tiny level with known coordinates") === 0, "the file's comment is kept")
        verify(text.indexOf("mode: loop") >= 0, "what merged cleanly is kept")
        // What was saved loads, with the choices made.
        editor.files.revert()
        compare(editor.files.conflicts.count, 0)
        compare(editor.objectInfo("waypoint:c").y, 14)
        compare(editor.objectInfo("rail:r1").ys[1], -8)
    }

    function test_takeTheirsIsOneUndoStep() {
        openConflicted("conflicted-undo.yaml")
        mouseClick(panelButton("takeAllTheirs"))
        compare(editor.files.conflicts.count, 0)
        compare(editor.objectInfo("waypoint:c").y, 14)
        compare(editor.objectInfo("rail:r1").ys[1], -2)
        focusCanvas()
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(editor.objectInfo("waypoint:c").x, 12)
        compare(editor.objectInfo("rail:r1").ys[1], -8)
    }
}
