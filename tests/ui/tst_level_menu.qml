// The Level menu: select all of a kind, check patrol routes.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "LevelMenu"

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
}
