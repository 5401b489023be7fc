// Keyboard focus as a designer meets it: shortcuts work from the first frame, and after a field is
// committed (Enter) or abandoned (Esc) the canvas has the keys again, so a tool key is never typed
// into a field by mistake.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Focus"

    function test_renamingARailLeavesNoFocusTrap() {
        open(scratchCopy(testData.small, "rename-rail.yaml"))
        select("rail:r1")
        const id = field("inspectorId")
        typeInto(id, "coaster") // ends with Enter
        compare(editor.selection.keys, ["rail:coaster"])
        compare(editor.inspector.key, "rail:coaster")
        verify(!id.activeFocus, "Enter gives the keys back to the canvas")
        keyClick(Qt.Key_V)
        compare(editor.tool, "select")
        compare(editor.objectInfo("rail:coaster").id, "coaster")
        // Selecting it again from the outliner and pressing a tool key: a tool, not a letter in the id.
        select("rail:coaster")
        keyClick(Qt.Key_R)
        compare(editor.tool, "rail")
        compare(field("inspectorId").text, "coaster")
        compare(editor.objectInfo("rail:coaster").id, "coaster")
    }

    function test_escapeLeavesAFieldUnchangedAndGivesTheKeysBack() {
        open(testData.small)
        select("rail:r1")
        const id = field("inspectorId")
        mouseClick(id)
        verify(id.activeFocus)
        keyClick(Qt.Key_X)
        keyClick(Qt.Key_Escape)
        compare(id.text, "r1")
        verify(!id.activeFocus)
        keyClick(Qt.Key_W)
        compare(editor.tool, "waypoint")
        compare(editor.objectInfo("rail:r1").id, "r1")
    }

    // A designer opens a level and presses a key at once, before clicking anywhere.
    function test_shortcutsWorkFromStartUp() {
        open(testData.small, true) // no click first
        verify(win.activeFocusItem === canvas, "the canvas has the keys from the first frame: " + win.activeFocusItem)
        keyClick(Qt.Key_W)
        compare(editor.tool, "waypoint")
        keyClick(Qt.Key_F1)
        tryVerify(() => win.shortcutsDialog.opened)
        keyClick(Qt.Key_Escape)
        tryVerify(() => !win.shortcutsDialog.opened)
        keyClick(Qt.Key_V)
        compare(editor.tool, "select")
    }
}
