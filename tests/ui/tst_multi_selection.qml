// Several objects selected: one height field and shared custom properties for all, one undo step.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "MultiSelection"

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
}
