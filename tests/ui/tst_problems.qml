// The Problems panel: the same problems as `railforge-cli validate` on every level of the repository,
// updated as the level is edited, a click selecting the object and centring the plan on its spot.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Problems"

    // What validate printed about `path`, as the panel words it ("warning: message").
    function validateTexts(path, output) {
        const out = []
        for (const line of output.split("\n")) {
            if (!line.startsWith(path + ":")) continue
            let rest = line.substring(path.length + 1).replace(/^\d+:\d+: /, "").replace(/^ /, "")
            if (rest.startsWith("ok: ")) continue
            out.push(rest.startsWith("warning: ") ? rest : "error: " + rest)
        }
        return out.sort()
    }

    function repositoryLevels() {
        const folders = [testData.repository + "/tests/data/levels", testData.repository + "/tests/data/levels/mine",
                         testData.repository + "/resources/levels"]
        let levels = []
        for (const folder of folders)
            levels = levels.concat(Array.from(files.list(folder)).filter(f => f.endsWith(".yaml")))
        return levels
    }

    function test_sameProblemsAsValidateOnEveryLevel() {
        open(testData.small)
        const levels = repositoryLevels()
        verify(levels.length >= 15, "levels found: " + levels.length)
        let compared = 0
        for (const path of levels) {
            const cli = files.run(testData.cli, ["validate", path])
            verify(cli.code === 0 || cli.code === 3, path + ": " + cli.err)
            const opened = editor.files.openFile(path)
            if (win.problemsDialog.opened)
                win.problemsDialog.close()
            if (!opened) {
                compare(cli.code, 3, path + " does not open in the editor, so validate refuses it too")
                continue
            }
            editor.ground.waitForGround()
            editor.problems.waitForRoutes()
            editor.problems.refreshNow()
            const shown = Array.from(editor.problems.texts()).sort()
            compare(JSON.stringify(shown), JSON.stringify(validateTexts(path, cli.err + cli.out)), path)
            compare(editor.problems.errorCount > 0, cli.code === 3, path)
            ++compared
        }
        verify(compared >= 12, "levels compared: " + compared)
    }

    // Dragging a waypoint so its edge crosses the pillar: the count in the status bar and the panel
    // say so within a moment, a click on the row selects the edge and centres the plan on the spot, the
    // plan marks it, and undo takes the warnings away again.
    function test_problemsFollowEditsAndClickSelects() {
        open(scratchCopy(testData.small, "problems-small.yaml"))
        const count = findChild(win.footer, "problemCount")
        editor.problems.refreshNow()
        compare(count.text, "\u2716 0  \u26a0 0")
        const panel = findChild(win.contentItem, "problemsPanel")
        verify(!panel.visible)
        keyClick(Qt.Key_M, Qt.ControlModifier | Qt.ShiftModifier)
        tryVerify(() => panel.visible)
        compare(canvas.problemMarks.length, 0)

        const from = at(0, 0)
        const to = at(0, 10)
        mousePress(canvas, from.x, from.y)
        for (let i = 1; i <= 10; ++i)
            mouseMove(canvas, from.x + (to.x - from.x) * i / 10, from.y + (to.y - from.y) * i / 10)
        mouseRelease(canvas, to.x, to.y)
        compare(editor.objectInfo("waypoint:a").y, 10)
        tryVerify(() => editor.problems.warningCount >= 2, 2000)
        compare(count.text, "\u2716 0  \u26a0 " + editor.problems.warningCount)
        const texts = Array.from(editor.problems.texts())
        const edgeRow = texts.findIndex(t => t.indexOf("edge a <-> b crosses an obstacle") >= 0)
        verify(edgeRow >= 0, JSON.stringify(texts))
        verify(texts.some(t => t.indexOf("patrol 'p1'") >= 0), JSON.stringify(texts))
        compare(canvas.problemMarks.length, editor.problems.count)

        // Away from the spot first, so centring on it is seen.
        canvas.center = Qt.point(200, 200)
        editor.selection.clear()
        waitForFrame(panel)
        const row = findChild(panel, "problem_" + edgeRow)
        verify(row !== null)
        mouseClick(row)
        compare(Array.from(editor.selection.keys), ["edge:a>b"])
        verify(Math.hypot(canvas.center.x - 5, canvas.center.y - 5) <= 2, "centred on the pillar: " + canvas.center)
        // The mark is drawn there, amber, in the middle of the plan.
        const mark = at(editor.problems.at(edgeRow).spot.x, editor.problems.at(edgeRow).spot.y)
        const pixel = canvasPixel(mark.x, mark.y - 8)
        verify(pixel.r > 0.8 && pixel.g > 0.5 && pixel.b < 0.4, "an amber mark: " + pixel)

        focusCanvas()
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(editor.objectInfo("waypoint:a").y, 0)
        tryVerify(() => editor.problems.count === 0, 2000)
        compare(count.text, "\u2716 0  \u26a0 0")
        compare(canvas.problemMarks.length, 0)
    }

    // The loader's junction warnings reach the editor: a branch leaving its junction at a right angle
    // is listed (the count in the status bar opens the panel), and its row selects the trunk.
    function test_junctionWarningIsListed() {
        const path = testData.scratch + "/problems-junction.yaml"
        verify(files.write(path, "railforge: 1\nlevel: {name: Branch, units: m}\nrails:\n"
                               + "  - id: main\n    points: [[0, 0, 0], [20, 0, 0]]\n"
                               + "  - id: spur\n    points: [[10, 0, 0], [10, 10, 0]]\n"
                               + "junctions:\n  - {id: j1, at: {rail: main, s: 10}, links: [{rail: spur, end: start}]}\n"))
        open(path)
        const count = findChild(win.footer, "problemCount")
        tryCompare(editor.problems, "warningCount", 1, 2000)
        compare(count.text, "\u2716 0  \u26a0 1")
        mouseClick(count)
        const panel = findChild(win.contentItem, "problemsPanel")
        tryVerify(() => panel.visible)
        const shown = editor.problems.at(0)
        compare(shown.severity, "warning")
        compare(shown.subject, "junction 'j1', link 1")
        verify(shown.message.indexOf("the way onto rail 'spur' turns 90° from the way in") >= 0, shown.message)
        waitForFrame(panel)
        mouseClick(findChild(panel, "problem_0"))
        compare(Array.from(editor.selection.keys), ["rail:main"])
        verify(Math.hypot(canvas.center.x - 10, canvas.center.y) < 1e-6, "centred on the junction: " + canvas.center)
    }
}
