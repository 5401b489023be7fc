// Patrols that walk the level, in the editor (docs/ui.md "Patrols on the level"), on the yard level (a
// house with a door, a slab, pillars, a raised floor with stairs, a crate): View > Navigation mesh
// (Shift+N) draws the agent's walkable ground on the plan; a crate dragged with the mouse re-bakes only
// the tiles it touched; a waypoint placed by a wall lands on walkable ground, one undo step; Shift+W
// puts a waypoint in a wall on walkable ground, one undo step; the agent's sizes are edited in its
// inspector, one undo step each; a patrol is given its agent and follows its navmesh from the
// inspector; a level reopened unchanged bakes nothing; a big bake is cancelled from the status bar.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "NavMesh"

    function openYard(name) {
        const folder = testData.scratch + "/" + name
        verify(files.copy(testData.yard.replace(/yard\.yaml$/, "yard.obj"), folder + "/yard.obj"))
        verify(files.copy(testData.yard, folder + "/yard.yaml"))
        open(folder + "/yard.yaml")
        editor.navmesh.waitForBake()
        verify(editor.navmesh.polygons > 20, editor.navmesh.problem)
        return folder
    }

    function test_shownOnThePlanByShiftN() {
        openYard("shown")
        compare(editor.navmesh.agent, "guard")
        verify(!editor.navmesh.shown)
        focusCanvas()
        const walkable = at(25, 25), wall = at(30.15, 20)
        const before = canvasPixel(walkable.x, walkable.y)
        keyClick(Qt.Key_N, Qt.ShiftModifier)
        verify(editor.navmesh.shown)
        verify(findChild(win.menuBar, "navmeshItem") !== null)
        // The walkable yard is tinted; the house's wall is not.
        const after = canvasPixel(walkable.x, walkable.y)
        verify(!Qt.colorEqual(after, before), "the yard is tinted: " + before + " -> " + after)
        verify(after.b > after.r, "a blue tint: " + after)
        const inWall = canvasPixel(wall.x, wall.y)
        verify(!(inWall.b > inWall.r + 0.1 && Qt.colorEqual(inWall, after)), "the wall is not walkable: " + inWall)
        verify(editor.navmesh.walkableAt(25, 25, 0))
        verify(!editor.navmesh.walkableAt(30.15, 20, 0))
        keyClick(Qt.Key_N, Qt.ShiftModifier)
        verify(!editor.navmesh.shown)
    }

    // The crate dragged with the mouse: the navmesh follows, baking again only the tiles it touched.
    function test_aDraggedObstacleRebakesItsTiles() {
        openYard("drag")
        editor.navmesh.shown = true
        const everything = editor.navmesh.lastBaked
        verify(everything > 40, everything)
        verify(!editor.navmesh.walkableAt(50, 32, 0))
        verify(editor.navmesh.walkableAt(50, 20, 0))
        const from = at(50, 32), to = at(50, 20)
        mousePress(canvas, from.x, from.y)
        for (let i = 1; i <= 6; ++i)
            mouseMove(canvas, from.x, from.y + (to.y - from.y) * i / 6, -1, Qt.LeftButton)
        mouseRelease(canvas, to.x, to.y)
        const info = editor.objectInfo("obstacle:crate")
        verify(Math.abs(info.y - 20) < 0.6, JSON.stringify(info))
        editor.navmesh.waitForBake()
        verify(editor.navmesh.walkableAt(50, 32, 0), "where the crate was is walkable again")
        verify(!editor.navmesh.walkableAt(50, info.y, 0), "where it is now is not")
        verify(editor.navmesh.lastBaked + editor.navmesh.lastCached > 0)
        verify(editor.navmesh.lastBaked + editor.navmesh.lastCached < everything / 3,
               editor.navmesh.lastBaked + " of " + everything)
        editor.undo()
        editor.navmesh.waitForBake()
        verify(!editor.navmesh.walkableAt(50, 32, 0))
    }

    // With the navmesh shown, a waypoint placed right by the house's wall lands where the guard can
    // stand; one undo step takes it away.
    function test_aPlacedWaypointLandsOnWalkableGround() {
        openYard("place")
        editor.navmesh.shown = true
        editor.snapEnabled = false
        const count = editor.waypointCount
        focusCanvas()
        keyClick(Qt.Key_W)
        compare(editor.tool, "waypoint")
        clickWorld(29.9, 13)
        compare(editor.waypointCount, count + 1)
        const key = editor.selection.keys[0]
        const info = editor.objectInfo(key)
        verify(info.x < 29.7, "it keeps the radius from the wall: " + JSON.stringify(info))
        verify(editor.navmesh.walkableAt(info.x, info.y, info.z), JSON.stringify(info))
        verify(editor.undoText.indexOf("waypoint") >= 0 || editor.undoText.indexOf("Waypoint") >= 0, editor.undoText)
        editor.undo()
        compare(editor.waypointCount, count)
    }

    // Shift+W puts the selected waypoint stuck in a wall on the nearest walkable ground, one undo step.
    function test_putOnWalkableGround() {
        openYard("put")
        select("waypoint:in_wall")
        verify(!editor.navmesh.walkableAt(30.15, 12, 0))
        keyClick(Qt.Key_W, Qt.ShiftModifier) // the outliner has the keys: the shortcut is the window's
        compare(editor.selection.keys, ["waypoint:in_wall"])
        const info = editor.objectInfo("waypoint:in_wall")
        verify(editor.navmesh.walkableAt(info.x, info.y, info.z), JSON.stringify(info))
        verify(Math.abs(info.x - 30.15) > 0.4 && Math.abs(info.x - 30.15) < 0.8, JSON.stringify(info))
        verify(editor.undoText.indexOf("walkable") > 0, editor.undoText)
        editor.undo()
        compare(editor.objectInfo("waypoint:in_wall").x, 30.15)
    }

    // The agent's sizes in its inspector: each one undo step, re-baked; a bad one refused at the field.
    function test_agentSizesInTheInspector() {
        openYard("agent")
        select("agent:guard")
        const section = findChild(win.inspector, "agentSection")
        tryVerify(() => section.visible)
        const polygons = editor.navmesh.polygons
        typeInto(findChild(section, "agentRadius"), "1.2")
        compare(editor.objectInfo("agent:guard").radius, 1.2)
        verify(editor.undoText.indexOf("radius") > 0, editor.undoText)
        editor.navmesh.waitForBake()
        verify(editor.navmesh.polygons > 0 && editor.navmesh.polygons !== polygons)
        // A door 2 wide lets a guard of radius 1.2 through no more.
        verify(!editor.navmesh.walkableAt(30.15, 17, 0))
        typeInto(findChild(section, "agentSlope"), "95")
        compare(editor.objectInfo("agent:guard").slope, 45)
        verify(findChild(section, "agentSlope").problem !== "")
        editor.undo()
        compare(editor.objectInfo("agent:guard").radius, 0.4)
        editor.navmesh.waitForBake()
        verify(editor.navmesh.walkableAt(30.15, 17, 0), "through the door again")
    }

    // A patrol given its agent, and told to follow the navmesh, from its inspector with the mouse.
    function test_patrolWalkerInTheInspector() {
        openYard("walker")
        select("patrol:slab")
        const section = findChild(win.inspector, "agentSection")
        tryVerify(() => section.visible)
        const follow = findChild(section, "patrolFollow")
        mouseClick(follow)
        tryVerify(() => follow.popup.opened)
        mouseClick(follow.popup.contentItem.itemAtIndex(1))
        compare(editor.objectInfo("patrol:slab").follow, "navmesh")
        editor.undo()
        compare(editor.objectInfo("patrol:slab").follow, "graph")
        const agent = findChild(section, "patrolAgent")
        mouseClick(agent)
        tryVerify(() => agent.popup.opened)
        mouseClick(agent.popup.contentItem.itemAtIndex(0)) // (none)
        compare(editor.objectInfo("patrol:slab").agent, "")
    }

    // Opened again with nothing changed, the level's navmesh comes from the cache: no tile is baked.
    function test_reopenedUnchangedBakesNothing() {
        const folder = openYard("reopen")
        verify(editor.navmesh.lastBaked > 0)
        const polygons = editor.navmesh.polygons
        open(folder + "/yard.yaml")
        editor.navmesh.waitForBake()
        compare(editor.navmesh.lastBaked, 0)
        verify(editor.navmesh.lastCached > 0)
        compare(editor.navmesh.polygons, polygons)
    }

    // A big bake (the hills' terrain in cells of 2 cm: 36 million) shows its progress in the status
    // bar; Cancel there stops it within moments, the agent's navmesh is reported as not baked, and
    // the editor answers meanwhile.
    function test_cancelABigBake() {
        const folder = testData.scratch + "/cancel"
        const source = testData.hills.replace(/hills\.yaml$/, "")
        verify(files.copy(source + "hills/hills.gltf", folder + "/hills/hills.gltf"))
        verify(files.copy(source + "hills/plan.png", folder + "/hills/plan.png"))
        const level = files.read(testData.hills).replace(/patrols: \[\]\n/, "patrols: []\nagents:\n" +
            "  - {id: guard, radius: 0.4, height: 1.8, climb: 0.4, slope: 45, navmesh: {cell: 0.02}}\n")
        verify(level.indexOf("agents:") > 0)
        verify(files.write(folder + "/hills.yaml", level))
        open(folder + "/hills.yaml")
        editor.ground.waitForGround()
        const progress = findChild(win, "navmeshProgress")
        tryVerify(() => progress.visible && /Baking the navmesh of 'guard'/.test(progress.text), 20000)
        mouseClick(findChild(win, "cancelNavmeshBake"))
        tryVerify(() => !editor.navmesh.busy, 5000, "the bake stops soon after Cancel")
        verify(!progress.visible)
        compare(editor.navmesh.polygons, 0)
        verify(/cancelled/.test(editor.navmesh.problem), editor.navmesh.problem)
    }
}
