// What designers reach for: the shortcut sheet (F1) and About, the Level menu, the outliner's
// filter, show / hide / lock per kind, editing several objects at once, and the distance ruler.
import QtQuick
import QtTest
import RailForge

TestCase {
    id: testCase
    name: "Features"
    when: windowShown

    property var win: null
    property var editor: null
    property var canvas: null

    Component {
        id: mainWindow
        Main {}
    }

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
    }
    function at(x, y) { return canvas.toScreen(Qt.point(x, y)) }
    function clickWorld(x, y, modifiers) {
        const s = at(x, y)
        mouseClick(canvas, s.x, s.y, Qt.LeftButton, modifiers === undefined ? Qt.NoModifier : modifiers)
    }
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

    function test_f1OpensTheShortcutSheet() {
        open(testData.small)
        keyClick(Qt.Key_F1)
        tryVerify(() => win.shortcutsDialog.opened)
        const list = findChild(win.shortcutsDialog.contentItem, "shortcutList")
        verify(list.count >= 25, "every action and gesture: " + list.count)
        const rows = win.shortcutsDialog.rows
        verify(rows.some(r => r[0] === "Ctrl+S"))
        verify(rows.some(r => r[0] === "U"), "the ruler is listed")
        win.shortcutsDialog.close()
    }

    function test_helpMenuHasAbout() {
        open(testData.small)
        const menu = findChild(win.menuBar, "helpMenu")
        menu.open()
        waitForRendering(win.contentItem)
        let about = null
        for (let i = 0; i < menu.count; ++i)
            if (menu.itemAt(i).text.indexOf("About") >= 0) about = menu.itemAt(i)
        verify(about !== null)
        mouseClick(about)
        tryVerify(() => win.aboutDialog.opened)
        win.aboutDialog.close()
    }

    function test_levelMenuSelectsAKind() {
        open(testData.small)
        const menu = findChild(win.menuBar, "levelMenu")
        menu.open()
        waitForRendering(win.contentItem)
        const item = findChild(menu.contentItem, "selectKind_obstacle")
        verify(item !== null)
        mouseClick(item)
        compare(Array.from(editor.selection.keys).sort(), ["obstacle:crates", "obstacle:pillar"])
    }

    function test_levelMenuChecksPatrolRoutes() {
        open(testData.small)
        tryVerify(() => editor.pipeline.routeError("patrol:p1") === "", 5000)
        win.actions.checkLevel.trigger()
        verify(findChild(win.footer, "statusMessage").text.indexOf("Every patrol route builds") >= 0)
        editor.selection.selectKey("edge:b>c")
        keyClick(Qt.Key_Delete)
        tryVerify(() => editor.pipeline.brokenPatrols.length === 1, 5000)
        win.actions.checkLevel.trigger()
        tryVerify(() => win.problemsDialog.opened)
        verify(findChild(win.problemsDialog.contentItem, "problemText").text.indexOf("p1: ") === 0)
        win.problemsDialog.close()
    }

    function test_outlinerFilterShowsMatchingIds() {
        open(testData.demo)
        const filter = findChild(win.outliner, "outlinerFilter")
        mouseClick(filter)
        for (const ch of "dock")
            keyClick(ch)
        compare(win.outliner.filterText, "dock")
        tryVerify(() => row("waypoint:dock_a") !== null && row("waypoint:dock_a").visible)
        const gate = row("waypoint:gate")
        verify(gate === null || !gate.visible, "gate is filtered out")
        mouseClick(row("waypoint:dock_a"))
        compare(editor.selection.keys, ["waypoint:dock_a"])
    }

    function test_hiddenKindIsNotDrawnOrPicked() {
        open(testData.small)
        const eye = sectionButton("rail", "visibility")
        verify(eye !== null)
        mouseClick(eye)
        verify(!editor.layers.isVisible("rail"))
        canvas.forceActiveFocus()
        keyClick(Qt.Key_V)
        clickWorld(5, -6) // the rail's middle control point
        compare(editor.selection.count, 0)
        waitForRendering(win.contentItem)
        const s = canvas.mapToItem(win.contentItem, at(5, -6))
        const p = grabImage(win.contentItem).pixel(Math.round(s.x) + 6, Math.round(s.y))
        verify(!(p.b > 0.8 && p.r < 0.5), "no rail drawn: " + p)
        mouseClick(eye)
        clickWorld(5, -6)
        compare(editor.selection.keys, ["rail:r1"])
    }

    function test_lockedKindIsDrawnButNotPicked() {
        open(testData.small)
        mouseClick(sectionButton("waypoint", "lock"))
        verify(editor.layers.isLocked("waypoint"))
        canvas.forceActiveFocus()
        keyClick(Qt.Key_V)
        clickWorld(10, 0)
        verify(editor.selection.keys.indexOf("waypoint:b") < 0)
        keyClick(Qt.Key_A, Qt.ControlModifier)
        verify(editor.selection.keys.every(k => !k.startsWith("waypoint:")), "select all leaves locked kinds out")
        verify(editor.selection.count > 0)
    }

    function test_editTheHeightOfSeveralObjects() {
        open(testData.small)
        mouseClick(row("waypoint:a"))
        mouseClick(row("waypoint:b"), 10, 10, Qt.LeftButton, Qt.ShiftModifier)
        mouseClick(row("rail:r1"), 10, 10, Qt.LeftButton, Qt.ShiftModifier)
        compare(editor.selection.count, 3)
        const height = findChild(win.inspector, "sharedHeight")
        verify(height.visible)
        compare(height.text, "0")
        mouseClick(height)
        height.selectAll()
        keyClick("3")
        keyClick(Qt.Key_Return)
        compare(editor.objectInfo("waypoint:a").z, 3)
        compare(editor.objectInfo("waypoint:b").z, 3)
        compare(editor.objectInfo("rail:r1").zs, [3, 3, 3])
        compare(editor.objectInfo("waypoint:c").z, 0)
        editor.undo() // one step for all of them
        compare(editor.objectInfo("waypoint:a").z, 0)
        compare(editor.objectInfo("rail:r1").zs, [0, 0, 0])
    }

    function test_addAPropertyToSeveralObjects() {
        open(testData.small)
        mouseClick(row("waypoint:a"))
        mouseClick(row("waypoint:c"), 10, 10, Qt.LeftButton, Qt.ShiftModifier)
        compare(editor.selection.count, 2)
        waitForRendering(win.contentItem)
        const name = findChild(win.inspector, "newPropName")
        const value = findChild(win.inspector, "newPropValue")
        mouseClick(name)
        for (const ch of "team") keyClick(ch)
        mouseClick(value)
        for (const ch of "red") keyClick(ch)
        mouseClick(findChild(win.inspector, "newPropAdd"))
        for (const key of ["waypoint:a", "waypoint:c"])
            verify(editor.propertiesOf(key).some(p => p.name === "team" && p.value === "red"), key)
        verify(!editor.propertiesOf("waypoint:b").some(p => p.name === "team"))
    }

    function test_rulerMeasuresBetweenWaypoints() {
        open(testData.small)
        keyClick(Qt.Key_U)
        compare(editor.tool, EditorController.Ruler)
        const a = at(0, 0), c = at(10, 10)
        // Near, not on, the waypoints: with snapping on the ends land on them.
        mousePress(canvas, a.x + 3, a.y - 2)
        mouseMove(canvas, (a.x + c.x) / 2, (a.y + c.y) / 2, -1, Qt.LeftButton)
        mouseMove(canvas, c.x - 2, c.y + 3, -1, Qt.LeftButton)
        mouseRelease(canvas, c.x - 2, c.y + 3)
        const expected = Math.sqrt(200).toFixed(canvas.displayDecimals)
        verify(canvas.toolHint.indexOf("distance " + expected) === 0, canvas.toolHint)
        compare(editor.files.modified, false) // measuring edits nothing
        keyClick(Qt.Key_Escape)
        verify(canvas.toolHint.indexOf("distance ") !== 0, "Esc clears the measurement")
    }

    function test_clickClickRuler() {
        open(testData.small)
        keyClick(Qt.Key_U)
        clickWorld(-3, 3)
        clickWorld(1, 6)
        verify(canvas.toolHint.indexOf("distance 5") === 0, canvas.toolHint)
    }

    function test_rulerIsInTheToolbar() {
        open(testData.small)
        mouseClick(findChild(win.header, "toolU"))
        compare(editor.tool, EditorController.Ruler)
    }
}
