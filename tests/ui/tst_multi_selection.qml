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
        waitForFrame(win.contentItem)
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

    // A property several objects share is listed for them all, "mixed" where values differ, and an
    // edit of it goes on all of them.
    function test_sharedPropertiesShowAndEdit() {
        open(scratchCopy(testData.small, "shared-props.yaml"))
        const keys = ["waypoint:a", "waypoint:b", "waypoint:c"]
        mouseClick(row(keys[0]))
        for (const k of keys.slice(1))
            mouseClick(row(k), 10, 10, Qt.LeftButton, Qt.ShiftModifier)
        compare(editor.selection.count, 3)
        waitForFrame(win.contentItem)
        mouseClick(findChild(win.inspector, "newPropName"))
        for (const ch of "cover") keyClick(ch)
        mouseClick(findChild(win.inspector, "newPropValue"))
        for (const ch of "yes") keyClick(ch)
        keyClick(Qt.Key_Return)
        for (const k of keys)
            compare(editor.propertiesOf(k).find(p => p.name === "cover").value, "yes")
        waitForFrame(win.contentItem)
        const listed = findChild(win.inspector, "prop_cover")
        verify(listed !== null && listed.visible, "the shared property is listed for the selection")
        const value = findChild(listed, "propValue")
        compare(value.text, "yes")
        // b alone gets another value: with all three selected again it shows as mixed.
        editor.selection.selectKey("waypoint:b")
        verify(editor.inspector.setProperty("cover", "string", "partial"))
        mouseClick(row(keys[0]))
        for (const k of keys.slice(1))
            mouseClick(row(k), 10, 10, Qt.LeftButton, Qt.ShiftModifier)
        waitForFrame(win.contentItem)
        const again = findChild(findChild(win.inspector, "prop_cover"), "propValue")
        compare(again.text, "")
        compare(again.placeholderText, "mixed")
        // Typing a value sets it on all three (one undo step).
        mouseClick(again)
        for (const ch of "full") keyClick(ch)
        keyClick(Qt.Key_Return)
        for (const k of keys)
            compare(editor.propertiesOf(k).find(p => p.name === "cover").value, "full")
        // The wait property only b has is not listed for the three.
        compare(findChild(win.inspector, "prop_wait"), null)
    }
}
