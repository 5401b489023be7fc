// The main window as a designer uses it: open, look, pan, zoom, fit, new, save as, a bad file.
import QtQuick
import QtTest
import RailForge

TestCase {
    id: testCase
    name: "MainWindow"
    when: windowShown

    property var win: null

    Component {
        id: mainWindow
        Main {}
    }

    function init() {
        win = createTemporaryObject(mainWindow, testCase, { startupFile: testData.small })
        verify(win !== null, "main window created")
        tryVerify(() => win.active || win.visible)
        frames.waitForFrame(win.contentItem)
        tryVerify(() => win.canvas.width > 100 && win.canvas.height > 100)
    }

    // Pixel of a world point in grabContent()'s image.
    function screenOf(x, y) {
        const p = win.canvas.toScreen(Qt.point(x, y))
        return win.canvas.mapToItem(win.contentItem, p.x, p.y)
    }

    // The window's content as rendered. grabImage() crops the window at the item's x/y relative to
    // its parent, so only an item whose parent sits at the window origin (the content item) maps right.
    function grabContent() {
        frames.waitForFrame(win.contentItem)
        return grabImage(win.contentItem)
    }

    function isWaypointColour(c) { return c.r > 0.9 && c.g > 0.65 && c.g < 0.9 && c.b < 0.5 }
    function isObstacleColour(c) { return c.r > c.g + 0.08 && c.r > c.b + 0.08 }
    function isBackground(c) { return c.r < 0.2 && c.g < 0.2 && c.b < 0.2 }

    function test_opensTheLevelAndShowsEveryObject() {
        compare(win.editor.waypointCount, 3)
        compare(win.editor.edgeCount, 2)
        compare(win.editor.obstacleCount, 2)
        compare(win.editor.railCount, 1)
        compare(win.editor.patrolCount, 1)
        compare(win.title, "small.yaml — RailForge")
        const image = grabContent()
        for (const p of [[0, 0], [10, 0], [10, 10]]) {
            const s = screenOf(p[0], p[1])
            const px = image.pixel(Math.round(s.x), Math.round(s.y))
            verify(isWaypointColour(px), "waypoint drawn at " + p + ": " + px + " at " + s)
        }
        const pillar = screenOf(5, 5)
        verify(isObstacleColour(image.pixel(Math.round(pillar.x), Math.round(pillar.y))), "circle obstacle filled")
        const crates = screenOf(-4, 4)
        verify(isObstacleColour(image.pixel(Math.round(crates.x), Math.round(crates.y))), "polygon obstacle filled")
        const railMid = screenOf(5, -6)
        const railPixel = image.pixel(Math.round(railMid.x), Math.round(railMid.y))
        verify(railPixel.b > 0.8 && railPixel.r > 0.7, "rail control point drawn")
        const empty = screenOf(-4.5, -2.5)
        verify(isBackground(image.pixel(Math.round(empty.x), Math.round(empty.y))), "empty space is background")
    }

    function test_outlinerListsEveryObject() {
        const list = findChild(win.contentItem, "outlinerList")
        verify(list !== null)
        compare(list.count, 3 + 2 + 2 + 1 + 1)
    }

    function test_wheelZoomsAtTheCursor() {
        const canvas = win.canvas
        const before = canvas.zoom
        const anchor = canvas.toWorld(Qt.point(200, 150))
        mouseWheel(canvas, 200, 150, 0, 120)
        fuzzyCompare(canvas.zoom, before * 1.2, 1e-9)
        const after = canvas.toWorld(Qt.point(200, 150))
        fuzzyCompare(after.x, anchor.x, 1e-9)
        fuzzyCompare(after.y, anchor.y, 1e-9)
        mouseWheel(canvas, 200, 150, 0, -240)
        fuzzyCompare(canvas.zoom, before / 1.2, 1e-9)
    }

    // The splitter over the profile is a target a hand can grab: pressed 5 px above the profile (a
    // 2 px line there would be missed and the plan pressed instead), dragged up, the profile grows by
    // the drag.
    function test_profileSplitterCanBeGrabbed() {
        const profile = win.profile
        tryVerify(() => profile.visible && profile.height > 100)
        const top = profile.mapToItem(win.contentItem, 0, 0)
        const before = profile.height
        const x = top.x + profile.width / 2
        mousePress(win.contentItem, x, top.y - 5)
        for (let i = 1; i <= 6; ++i) mouseMove(win.contentItem, x, top.y - 5 - 10 * i, -1, Qt.LeftButton)
        mouseRelease(win.contentItem, x, top.y - 65)
        tryVerify(() => Math.abs(profile.height - (before + 60)) <= 2, 2000,
                  "the profile grew by the drag: " + before + " -> " + profile.height)
    }

    function test_middleDragPans() {
        const canvas = win.canvas
        const grabbed = canvas.toWorld(Qt.point(300, 200))
        mousePress(canvas, 300, 200, Qt.MiddleButton)
        verify(canvas.panning)
        mouseMove(canvas, 340, 230, -1, Qt.MiddleButton)
        mouseMove(canvas, 380, 260, -1, Qt.MiddleButton)
        mouseRelease(canvas, 380, 260, Qt.MiddleButton)
        verify(!canvas.panning)
        // The world point that was grabbed follows the mouse.
        const now = canvas.toScreen(grabbed)
        fuzzyCompare(now.x, 380, 1e-6)
        fuzzyCompare(now.y, 260, 1e-6)
    }

    function test_spaceDragPans() {
        const canvas = win.canvas
        mouseClick(canvas, 10, 10)
        verify(canvas.activeFocus)
        const grabbed = canvas.toWorld(Qt.point(250, 250))
        keyPress(Qt.Key_Space)
        mousePress(canvas, 250, 250, Qt.LeftButton)
        mouseMove(canvas, 200, 300, -1, Qt.LeftButton)
        mouseRelease(canvas, 200, 300, Qt.LeftButton)
        keyRelease(Qt.Key_Space)
        const now = canvas.toScreen(grabbed)
        fuzzyCompare(now.x, 200, 1e-6)
        fuzzyCompare(now.y, 300, 1e-6)
        // Without Space a left drag does not pan.
        const center = canvas.center
        mousePress(canvas, 250, 250, Qt.LeftButton)
        mouseMove(canvas, 100, 100, -1, Qt.LeftButton)
        mouseRelease(canvas, 100, 100, Qt.LeftButton)
        compare(canvas.center, center)
    }

    function test_fitKeyFramesTheLevel() {
        const canvas = win.canvas
        const fitted = canvas.zoom
        mouseWheel(canvas, 100, 100, 0, 600)
        verify(canvas.zoom > fitted * 2)
        mouseClick(canvas, 10, 10)
        keyClick(Qt.Key_F)
        fuzzyCompare(canvas.zoom, fitted, 1e-9)
        // Every waypoint is inside the canvas again.
        for (const p of [[0, 0], [10, 0], [10, 10], [-6, 6]]) {
            const s = canvas.toScreen(Qt.point(p[0], p[1]))
            verify(s.x > 0 && s.x < canvas.width && s.y > 0 && s.y < canvas.height, "visible: " + p)
        }
    }

    function test_statusBarShowsTheCursorInWorldUnits() {
        const canvas = win.canvas
        const s = canvas.toScreen(Qt.point(10, 10))
        // Mouse positions are whole pixels: expect the world point of the pixel actually hit.
        const hit = canvas.toWorld(Qt.point(Math.round(s.x), Math.round(s.y)))
        mouseMove(canvas, Math.round(s.x), Math.round(s.y))
        const label = findChild(win.footer, "cursorLabel")
        // Rounded to what the zoom can show (one pixel apart), not 17 digits.
        tryCompare(label, "text", "x " + canvas.formatNumber(hit.x) + "  y " + canvas.formatNumber(hit.y))
        verify(label.text.length <= "x 10.00  y 10.00".length)
        verify(Math.abs(hit.x - 10) < 0.1 && Math.abs(hit.y - 10) < 0.1)
        compare(canvas.hoveredId, "c")
    }

    function test_newLevelWithCtrlN() {
        mouseClick(win.canvas, 10, 10)
        keyClick(Qt.Key_N, Qt.ControlModifier)
        compare(win.editor.waypointCount, 0)
        compare(win.editor.files.filePath, "")
        compare(win.title, "untitled.yaml — RailForge")
    }

    function test_saveAsWritesAFileThatReopensTheSame() {
        const path = testData.scratch + "/copy.yaml"
        verify(win.editor.files.saveAs(path))
        compare(win.title, "copy.yaml — RailForge")
        verify(win.editor.files.openFile(testData.demo))
        compare(win.editor.waypointCount, 30)
        verify(win.editor.files.openFile(path))
        compare(win.editor.waypointCount, 3)
        compare(win.editor.railCount, 1)
    }

    function test_badFileListsProblemsAndKeepsTheLevel() {
        const dialog = win.problemsDialog
        verify(!dialog.visible)
        verify(!win.editor.files.openFile(testData.broken))
        tryVerify(() => dialog.opened)
        compare(win.editor.waypointCount, 3)
        compare(win.title, "small.yaml — RailForge")
        const list = findChild(dialog.contentItem, "problemList")
        verify(list.count >= 3)
        for (const line of win.editor.files.lastProblems)
            verify(/broken\.yaml:\d+:\d+: /.test(line), line)
        verify(win.editor.files.lastProblems.some(l => l.indexOf("broken.yaml:5:27: ") >= 0))
        keyClick(Qt.Key_Escape)
        tryVerify(() => !dialog.visible)
    }
}
