// The editor at its smallest window: every control is on screen or one click away in the toolbar's
// » menu, the panels keep room for their content (and scroll), and nothing is cut mid-word.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "SmallWindow"

    function shrink() {
        win.width = win.minimumWidth
        win.height = win.minimumHeight
        waitForFrame(win.contentItem)
    }
    // True when `item` is shown wholly inside the window.
    function onScreen(item) {
        const p = item.mapToItem(null, 0, 0)
        return item.visible && p.x >= 0 && p.y >= 0 && p.x + item.width <= win.width + 0.5 && p.y + item.height <= win.height + 0.5
    }
    function toolbarItems() {
        const found = []
        const walk = item => {
            if (item.objectName === "playAgent" || item.objectName === "snapCheck" || item.objectName === "zoomLabel"
                    || (item.action !== undefined && item.action !== null && item.text !== undefined))
                found.push(item)
            for (let i = 0; i < item.children.length; ++i) walk(item.children[i])
        }
        walk(win.header)
        return found
    }

    function test_atTheSmallestWindowEveryControlIsReachable() {
        open(testData.small)
        shrink()
        verify(win.minimumWidth <= 900 && win.minimumHeight <= 560, "the editor fits a small laptop screen")
        // Every toolbar control shown is wholly on screen; the rest are in the » menu.
        for (const item of toolbarItems())
            if (item.visible)
                verify(onScreen(item), (item.objectName || item.text) + " is on screen")
        const overflow = findChild(win.header, "toolbarOverflow")
        verify(overflow.visible && onScreen(overflow), "the » menu is offered")
        mouseClick(overflow)
        const menu = findChild(win.header, "toolbarOverflowMenu")
        tryVerify(() => menu.opened)
        const shown = []
        for (let i = 0; i < menu.count; ++i)
            if (menu.itemAt(i).visible) shown.push(menu.itemAt(i).text.replace("&", ""))
        for (const group of ["fileGroup", "snapGroup", "undoGroup", "playGroup", "zoomGroup"]) {
            const g = findChild(win.header, group)
            if (!g.visible)
                verify(shown.length > 0, group + " went into the menu: " + shown)
        }
        verify(shown.some(t => t.indexOf("Fit") >= 0), "Fit is in the menu: " + shown)
        // Fit from the menu does what the toolbar button does.
        canvas.zoom = 3
        for (let i = 0; i < menu.count; ++i)
            if (menu.itemAt(i).visible && menu.itemAt(i).text.indexOf("Fit") >= 0)
                mouseClick(menu.itemAt(i))
        tryVerify(() => canvas.zoom > 3)
        // The panels keep room: the inspector's fields and the smoothing panel are on screen.
        verify(onScreen(win.inspector) && win.inspector.height >= 160, "the inspector has room: " + win.inspector.height)
        select("waypoint:a")
        const x = field("inspectorX")
        verify(x.width >= 64 && onScreen(x), "x is wide enough and on screen")
        mouseClick(row("patrol:p1"))
        const smoothing = findChild(win.contentItem, "strategyBox")
        verify(smoothing !== null && smoothing.visible, "the smoothing panel is there")
    }

    // Wide enough: no menu, everything in the bar.
    function test_aWideWindowNeedsNoOverflow() {
        open(testData.small)
        win.width = 1600
        waitForFrame(win.contentItem)
        verify(!findChild(win.header, "toolbarOverflow").visible)
        verify(onScreen(findChild(win.header, "zoomLabel")))
    }
}
