// Nothing cut off: labels after Fit, long names in the panels, a menu item's text beside its shortcut.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "TextFits"

    function test_fitLeavesRoomForLabels() {
        open(testData.small)
        canvas.zoom = 200 // labels show from 12 px/m on; Fit must still leave them room
        keyClick(Qt.Key_F)
        verify(canvas.zoom >= 12, "labels are drawn at this zoom")
        for (const id of ["a", "b", "c"]) {
            metrics.text = id
            const info = editor.objectInfo("waypoint:" + id)
            const s = at(info.x, info.y)
            verify(s.x + 9 + metrics.advanceWidth <= canvas.width, id + "'s label fits")
            verify(s.y - 20 >= 0, id + "'s label fits above")
        }
    }

    function test_longNamesAreNotCutOff() {
        open(testData.demo)
        editor.selection.selectKey("patrol:guard_loop")
        waitForFrame(win.contentItem)
        compare(editor.inspector.properties.count, 3)
        tryVerify(() => findChild(win.inspector, "prop_alert_radius") !== null)
        const prop = findChild(findChild(win.inspector, "prop_alert_radius"), "propName")
        verify(!prop.truncated, "alert_radius shows whole")
        tryVerify(() => findChild(win.contentItem, "step0") !== null)
        const labels = []
        const walk = item => {
            if (item.objectName === "paramLabel") labels.push(item)
            for (let i = 0; i < item.children.length; ++i) walk(item.children[i])
        }
        walk(findChild(win.contentItem, "step0"))
        verify(labels.length > 0)
        for (const label of labels)
            verify(!label.truncated && label.lineCount <= 2, label.text + " is readable")
        // The strategy list is as wide as its longest name.
        const box = findChild(win.contentItem, "strategyBox")
        let longest = 0
        for (const st of editor.pipeline.strategies) {
            metrics.text = st.name
            longest = Math.max(longest, metrics.advanceWidth)
        }
        verify(box.popup.width >= longest + 24, "list " + box.popup.width + " px for names up to " + longest + " px")
    }

    function test_menuTextNeverRunsOverItsShortcut() {
        open(testData.demo)
        editor.selection.selectKey("waypoint:crane_deck")
        editor.inspector.setCoordinate(0, 56)
        verify(editor.undoText.length > 10)
        const menu = findChild(win.menuBar, "editMenu")
        menu.open()
        waitForFrame(win.contentItem)
        const item = findChild(menu.contentItem, "undoItem")
        const text = findChild(item, "menuText")
        const shortcut = findChild(item, "menuShortcut")
        verify(!text.truncated, text.text + " is shown whole")
        const textRight = text.mapToItem(item, text.contentWidth, 0).x
        const shortcutLeft = shortcut.mapToItem(item, 0, 0).x
        verify(textRight < shortcutLeft, "text ends at " + textRight + ", shortcut starts at " + shortcutLeft)
        menu.close()
    }

    // Every entry of every menu shows whole ("Snap to grid and waypoints", not "Snap to grid and wa…").
    function test_everyMenuEntryShowsWhole() {
        open(testData.demo)
        const bar = win.menuBar
        for (let m = 0; m < bar.count; ++m) {
            const menu = bar.menuAt(m)
            menu.open()
            waitForFrame(win.contentItem)
            for (let i = 0; i < menu.count; ++i) {
                const item = menu.itemAt(i)
                const text = item ? findChild(item, "menuText") : null
                if (text)
                    verify(!text.truncated && text.contentWidth <= text.width + 0.5, menu.title + ": " + text.text + " is cut")
            }
            menu.close()
        }
    }
}
