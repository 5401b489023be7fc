// Golden images of the editor's key states (ctest ui.golden; `make ui-baselines` rewrites them):
// each test brings the real main window into one state with real clicks and keys, then `shoot`
// compares what the designer would see with tests/ui/baselines/STATE.png. The window is 1280x800,
// rendered offscreen by the software scene graph with the project's own font (main.cpp).
import QtQuick
import QtTest
import RailForge

TestCase {
    id: testCase
    name: "Golden"
    when: windowShown

    property var win: null
    property var editor: null
    property var canvas: null

    Component {
        id: mainWindow
        Main {}
    }

    function cleanup() {
        editor = null
    }

    function open(file) {
        win = createTemporaryObject(mainWindow, testCase, { startupFile: file, width: 1280, height: 800 })
        verify(win !== null)
        waitForRendering(win.contentItem)
        tryVerify(() => win.canvas.width > 100)
        compare(win.width, 1280)
        compare(win.height, 800)
        editor = win.editor
        canvas = win.canvas
        mouseClick(canvas, 5, 5) // the canvas has the keyboard (an empty corner: selects nothing)
        editor.selection.clear()
        editor.snapEnabled = false // exact world points under the mouse
    }
    function at(x, y) { return canvas.toScreen(Qt.point(x, y)) }
    function click(x, y) {
        const s = at(x, y)
        mouseClick(canvas, s.x, s.y)
    }
    function hover(x, y) {
        const s = at(x, y)
        mouseMove(canvas, s.x, s.y)
    }
    // Every patrol's route has been computed (or has failed): the smoothing runs out of process.
    function waitForRoutes(patrols) {
        for (const id of patrols)
            tryVerify(() => editor.pipeline.routePoints("patrol:" + id).length > 0
                            || editor.pipeline.routeError("patrol:" + id) !== "", 10000, id + " routed")
    }
    // Compares the window with the state's baseline. The status message (which a timer clears after
    // 8 s) is cleared first, and unless `keepMouse`, the mouse rests on the canvas's empty corner
    // (no hover highlight, no tooltip).
    function shoot(state, keepMouse) {
        editor.showStatus("")
        if (!keepMouse)
            mouseMove(canvas, 5, 5)
        waitForRendering(win.contentItem)
        const failure = golden.check(win, state)
        verify(failure === "", failure)
    }
    // Selects `key` with a click on its outliner row when the row is in view (rows of a long
    // outliner scrolled out of view cannot be clicked: then the selection is set directly).
    function selectInOutliner(key) {
        const row = findChild(win.outliner, "outliner:" + key)
        const list = findChild(win.outliner, "outlinerList")
        const y = row === null ? -1 : row.mapToItem(list, 0, row.height / 2).y
        if (row !== null && row.visible && y > 0 && y < list.height)
            mouseClick(row)
        else
            verify(editor.selection.selectKey(key), key)
        compare(editor.selection.keys, [key])
        waitForRendering(win.contentItem)
    }

    // The smallest window (Main.qml's minimum size), a patrol selected: the toolbar's right end in the »
    // menu, the inspector and the smoothing panel sharing the height.
    function test_small_window() {
        win = createTemporaryObject(mainWindow, testCase, { startupFile: testData.demo, width: 900, height: 560 })
        verify(win !== null)
        waitForRendering(win.contentItem)
        compare(win.minimumWidth, 900)
        compare(win.minimumHeight, 560)
        editor = win.editor
        canvas = win.canvas
        mouseClick(canvas, 5, 5)
        selectInOutliner("patrol:guard_loop")
        waitForRoutes(["guard_loop"])
        shoot("small_window")
    }

    function test_demo_fitted() {
        open(testData.demo)
        waitForRoutes(["guard_loop", "dock_watch"])
        shoot("demo_fitted")
    }

    function test_empty_document() {
        open("")
        shoot("empty_document")
    }

    function test_selected_kinds_data() {
        return [
            { tag: "waypoint", key: "waypoint:gate" },
            { tag: "edge", key: "edge:road_a>gate" },
            { tag: "rail", key: "rail:zipline" },
            { tag: "obstacle", key: "obstacle:container_l" },
            { tag: "patrol", key: "patrol:guard_loop" },
        ]
    }
    function test_selected_kinds(row) {
        open(testData.demo)
        selectInOutliner(row.key)
        tryVerify(() => findChild(win.inspector, "inspectorX") !== null || row.tag !== "waypoint")
        waitForRoutes(["guard_loop", "dock_watch"])
        shoot("selected_" + row.tag)
    }

    function test_rail_being_drawn() {
        open(testData.small)
        keyClick(Qt.Key_R)
        click(-5, -1)
        click(-3, -3)
        hover(-1, -1) // the rubber band to where the next point would go
        waitForRoutes(["p1"])
        shoot("rail_being_drawn", true)
    }

    function test_bezier_handles() {
        open(testData.banked)
        // The free point of the zipline: both handles, its tilt's banking ticks, the inspector.
        click(20, -10)
        compare(editor.selection.keys, ["rail:zipline"])
        compare(editor.selection.railPoint, 1)
        shoot("bezier_handles")
    }

    function test_smoothing_controls() {
        // One image per installed strategy: its step with the controls its parameters generate.
        open(testData.small)
        const strategies = editor.pipeline.strategies
        verify(strategies.length >= 1, "strategy plugins are installed")
        const failures = []
        for (let i = 0; i < strategies.length; ++i) {
            selectInOutliner("patrol:p1")
            const box = findChild(win.contentItem, "strategyBox")
            box.forceActiveFocus()
            while (box.currentIndex < i) keyClick(Qt.Key_Down)
            while (box.currentIndex > i) keyClick(Qt.Key_Up)
            mouseClick(findChild(win.contentItem, "addStep"))
            tryVerify(() => editor.pipeline.steps("patrol:p1").length === 1)
            tryVerify(() => findChild(win.contentItem, "step0") !== null)
            waitForRoutes(["p1"])
            editor.showStatus("")
            mouseMove(canvas, 5, 5)
            waitForRendering(win.contentItem)
            const failure = golden.check(win, "smoothing_" + strategies[i].id)
            if (failure !== "")
                failures.push(failure)
            editor.undo()
            tryVerify(() => editor.pipeline.steps("patrol:p1").length === 0)
        }
        verify(failures.length === 0, failures.join("\n"))
    }

    function test_probe_in_range() {
        open(testData.small)
        keyClick(Qt.Key_M)
        hover(5, -7) // 1 m from rail r1, within the default range of 2
        tryVerify(() => canvas.probe.active && canvas.probe.inRange)
        waitForRoutes(["p1"])
        shoot("probe_in_range", true)
    }

    function test_probe_out_of_range() {
        open(testData.small)
        keyClick(Qt.Key_M)
        hover(5, -2) // about 3.6 m above rail r1
        tryVerify(() => canvas.probe.active && !canvas.probe.inRange)
        waitForRoutes(["p1"])
        shoot("probe_out_of_range", true)
    }

    function test_agent_mid_path() {
        open(testData.small)
        click(0, -4) // rail r1
        compare(editor.selection.keys, ["rail:r1"])
        mouseClick(findChild(win.header, "playAgent"))
        verify(canvas.play.playing)
        canvas.play.holdAt(5.5) // about half of r1's 11.5 m, frozen there
        wait(100)
        compare(canvas.play.s, 5.5) // the clock stands still
        verify(canvas.play.playing)
        waitForRoutes(["p1"])
        shoot("agent_mid_path")
        canvas.play.stop()
    }

    function test_step_red_badge() {
        open(testData.pipeline) // p1's only step names a strategy no plugin provides
        selectInOutliner("patrol:p1")
        tryVerify(() => findChild(win.contentItem, "step0") !== null)
        tryVerify(() => findChild(findChild(win.contentItem, "step0"), "stepBadge").visible)
        tryVerify(() => findChild(win.contentItem, "routeError").visible, 5000)
        shoot("step_red_badge")
    }

    function test_file_problems_dialog() {
        open(testData.small)
        verify(!editor.files.openFile(testData.broken))
        tryVerify(() => win.problemsDialog.opened)
        waitForRoutes(["p1"])
        shoot("file_problems_dialog")
        win.problemsDialog.close()
    }

    // The coaster selected, the profile at 14 m/s: heights coloured by pitch (the lift and drop red,
    // the airtime hill amber), the tilt lane with the banked turns, the forces lane with the crest
    // over the vertical limit (shaded there and on the plan), bank labels beside the points.
    // Data along a rail on the plan: the cart track's width channel as a band (2 m, widening to 7 m
    // at the loading bay), its sound events as labelled diamonds.
    function test_channels_plan() {
        open(testData.channels)
        shoot("channels_plan")
    }

    // A rail network on the plan: the mine line's fork at its end (to the mine by default) and the
    // siding along it (the main line going on by default), each a ring with its default way's tick.
    function test_junctions_plan() {
        open(testData.network)
        shoot("junctions_plan")
    }

    // The coaster's profile: its speed channel (up to about 20 m/s) drives the forces lane, with its
    // stretches over the limits; the speed and sound channels in lanes of their own.
    function test_profile_coaster() {
        open(testData.coaster)
        selectInOutliner("rail:coaster")
        const profile = win.profile.view
        tryCompare(profile, "key", "rail:coaster")
        verify(profile.hasSpeedChannel)
        compare(profile.channels, ["speed", "sounds"])
        tryVerify(() => editor.cursor.overLimit.length > 0)
        shoot("profile_coaster")
    }

    // Channel lanes of the cart track: the width's curve between its keys, the key at the loading
    // bay active (ringed, and in the inspector), the sound events as labelled diamonds.
    function test_channel_lanes() {
        open(testData.channels)
        selectInOutliner("rail:cart")
        const profile = win.profile.view
        tryCompare(profile, "key", "rail:cart")
        profile.waitForData()
        const key = profile.channelKeyPosition("width", 2)
        mouseClick(profile, key.x, key.y)
        compare(editor.selection.channel, "width")
        shoot("channel_lanes")
    }

    // The cursor the plan and the profile share: the mouse on the profile at s = 100 m, the ring and
    // its readout on the plan.
    function test_profile_cursor() {
        open(testData.coaster)
        selectInOutliner("rail:coaster")
        const profile = win.profile.view
        tryCompare(profile, "key", "rail:coaster")
        const x = Math.round(profile.xOfS(100))
        const y = Math.round(profile.height * 0.25)
        mouseMove(profile, x - 1, y)
        mouseMove(profile, x, y)
        tryCompare(editor.cursor, "source", "profile")
        shoot("profile_cursor", true)
    }

    // The Hills level: the terrain mesh as a shaded relief with contours, the site plan image over it
    // at 70 %, the mine cart selected with the ground under it in the profile.
    function test_hills_ground() {
        open(testData.hills)
        editor.ground.waitForGround()
        canvas.waitForReferences()
        selectInOutliner("rail:mine_cart")
        tryCompare(win.profile.view, "key", "rail:mine_cart")
        verify(win.profile.view.showsGround)
        canvas.waitForReferences()
        shoot("hills_ground")
    }

    // The terrain mesh alone as a relief (the site plan hidden with its ◉ in the outliner), and the
    // image alone over the grid (the terrain hidden): the two underlays apart.
    function test_mesh_relief_and_image_underlay() {
        open(testData.hills)
        editor.ground.waitForGround()
        const plan = findChild(win.outliner, "reference:site_plan")
        mouseClick(findChild(plan, "referenceShown"))
        canvas.waitForReferences()
        shoot("mesh_relief")
        mouseClick(findChild(plan, "referenceShown"))
        mouseClick(findChild(findChild(win.outliner, "reference:terrain"), "referenceShown"))
        canvas.waitForReferences()
        shoot("image_underlay")
    }
}
