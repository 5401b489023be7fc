// The outliner: its filter box, and show / hide / lock per kind (a hidden kind is neither drawn nor
// picked; a locked one is drawn but not picked).
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Outliner"

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

    // Enter and Esc give the keyboard back: the next key is a tool's shortcut, not filter text (pressing
    // v after a filter once typed into it and hid every rail).
    function test_filterLetsGoOfTheKeyboard() {
        open(testData.demo)
        const filter = findChild(win.outliner, "outlinerFilter")
        mouseClick(filter)
        for (const ch of "dock")
            keyClick(ch)
        keyClick(Qt.Key_Return)
        verify(!filter.activeFocus, "Enter lets go of the keyboard")
        keyClick(Qt.Key_W)
        compare(win.outliner.filterText, "dock", "the filter stays, without a 'w'")
        compare(editor.tool, "waypoint", "W chose the waypoint tool")
        mouseClick(filter)
        keyClick(Qt.Key_Escape)
        verify(!filter.activeFocus, "Esc lets go of the keyboard")
        compare(win.outliner.filterText, "", "and clears the filter")
        keyClick(Qt.Key_V)
        compare(editor.tool, "select")
        compare(win.outliner.filterText, "")
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
        waitForFrame(win.contentItem)
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
}
