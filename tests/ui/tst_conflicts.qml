// A level a git merge left with conflicts in it (railforge-cli merge's markers): it opens as ours with
// the Conflicts panel listing each conflict and the plan drawing both versions; the designer takes
// theirs for one and ours for the other with the mouse, and Ctrl+S writes a clean level. Saving is
// refused while any is left. A file with git's own line markers (a teammate without the driver: a
// waypoint renamed differently on each side, with its edges and stops) lists each conflict once, taking
// theirs of a rename renames what names it, Save is refused while the level would not load, and undoing
// a "take theirs" brings its conflict back.
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
        waitForFrame(canvas)
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

    // small.yaml after git's own line merge: ours renamed c to hub, theirs to centre and added an
    // edge from it.
    readonly property string lineMarked: "railforge: 1\n" +
        "level: {name: Small, units: m}\n" +
        "waypoints:\n" +
        "  - {id: a, position: [0, 0, 0]}\n" +
        "  - {id: b, position: [10, 0, 0], properties: {wait: 1.5}}\n" +
        "<<<<<<< HEAD\n" +
        "  - {id: hub, position: [10, 10, 0]}\n" +
        "=======\n" +
        "  - {id: centre, position: [10, 10, 0]}\n" +
        ">>>>>>> feature\n" +
        "edges:\n" +
        "  - {from: a, to: b}\n" +
        "<<<<<<< HEAD\n" +
        "  - {from: b, to: hub, bidirectional: false}\n" +
        "=======\n" +
        "  - {from: b, to: centre, bidirectional: false}\n" +
        "  - {from: centre, to: a}\n" +
        ">>>>>>> feature\n" +
        "patrols:\n" +
        "  - id: p1\n" +
        "<<<<<<< HEAD\n" +
        "    stops: [a, hub]\n" +
        "=======\n" +
        "    stops: [a, centre]\n" +
        ">>>>>>> feature\n" +
        "    mode: loop\n" +
        "    smoothing: []\n"

    function openLineMarked(name) {
        const path = scratchCopy(testData.small, name)
        verify(files.replace(path, lineMarked))
        open(path)
        return path
    }
    function rowOf(prefix) {
        const items = editor.files.conflicts.items
        for (let i = 0; i < items.length; ++i)
            if (items[i].summary.indexOf(prefix) === 0) return i
        return -1
    }

    function test_lineMarkersListEachConflictOnce() {
        const path = openLineMarked("line-marked.yaml")
        const conflicts = editor.files.conflicts
        // The rename once (not as two waypoints), and theirs' new edge; nothing else differs.
        compare(conflicts.count, 2, JSON.stringify(conflicts.items))
        verify(rowOf("waypoint 'hub'") >= 0, JSON.stringify(conflicts.items))
        verify(rowOf("edge 'centre>a'") >= 0, JSON.stringify(conflicts.items))
        compare(conflicts.items[rowOf("waypoint 'hub'")].summary, "waypoint 'hub' (ours calls it 'hub', theirs 'centre')")
        compare(conflicts.items[rowOf("waypoint 'hub'")].line, 6)
        compare(conflicts.items[rowOf("edge 'centre>a'")].line, 13)
        // Theirs' name for the waypoint: its edge and the patrol's stop follow.
        mouseClick(panelButton("takeTheirs_" + rowOf("waypoint 'hub'")))
        compare(editor.objectInfo("waypoint:hub").id, undefined)
        compare(editor.objectInfo("waypoint:centre").x, 10)
        compare(editor.objectInfo("edge:b>centre").to, "centre")
        compare(editor.objectInfo("patrol:p1").stops, ["a", "centre"])
        mouseClick(panelButton("takeTheirs_0"))
        compare(conflicts.count, 0)
        compare(editor.objectInfo("edge:centre>a").from, "centre")
        keyClick(Qt.Key_S, Qt.ControlModifier)
        tryVerify(() => !editor.files.modified)
        verify(files.read(path).indexOf("<<<<<<<") < 0)
        editor.files.revert()
        compare(editor.files.conflicts.count, 0)
        compare(editor.objectInfo("edge:centre>a").to, "a")
    }

    function test_saveRefusedWhileTheLevelWouldNotLoad() {
        const path = openLineMarked("line-marked-refused.yaml")
        const conflicts = editor.files.conflicts
        // Theirs' edge from 'centre', then ours' name 'hub': the edge would name no waypoint.
        mouseClick(panelButton("takeTheirs_" + rowOf("edge 'centre>a'")))
        compare(conflicts.count, 1)
        // Undo brings the conflict back; redo takes theirs again.
        focusCanvas()
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(conflicts.count, 2)
        compare(editor.objectInfo("edge:centre>a").from, undefined)
        verify(editor.statusMessage.indexOf("conflict again") >= 0, editor.statusMessage)
        keyClick(Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
        compare(conflicts.count, 1)
        compare(editor.objectInfo("edge:centre>a").from, "centre")
        mouseClick(panelButton("takeOurs_0"))
        compare(conflicts.count, 0)
        keyClick(Qt.Key_S, Qt.ControlModifier)
        tryVerify(() => win.problemsDialog.opened)
        verify(files.read(path).indexOf("<<<<<<<") >= 0, "the file is left as it was")
        win.problemsDialog.close()
        tryVerify(() => !win.problemsDialog.opened)
        // Undo the edge: its conflict is back; ours for it, and the level saves and loads.
        focusCanvas()
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(conflicts.count, 1)
        mouseClick(panelButton("takeOurs_0"))
        keyClick(Qt.Key_S, Qt.ControlModifier)
        tryVerify(() => !editor.files.modified)
        const text = files.read(path)
        verify(text.indexOf("<<<<<<<") < 0 && text.indexOf("{id: hub") >= 0 && text.indexOf("centre") < 0, text)
        editor.files.revert()
        compare(editor.objectInfo("edge:b>hub").to, "hub")
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
