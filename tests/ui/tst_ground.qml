// The level's ground in the editor (resources/levels/hills.yaml: a terrain mesh and a site plan):
// the ground under the mouse, snapping new points onto it, draping a rail (and undo), the ground in
// the profile.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Ground"

    // A private copy of the Hills level with its references beside it.
    function openHills(name) {
        const folder = testData.scratch + "/" + name
        const source = testData.hills.replace(/hills\.yaml$/, "")
        verify(files.copy(source + "hills/hills.gltf", folder + "/hills/hills.gltf"))
        verify(files.copy(source + "hills/plan.png", folder + "/hills/plan.png"))
        verify(files.copy(testData.hills, folder + "/hills.yaml"))
        open(folder + "/hills.yaml")
        editor.ground.waitForGround()
        verify(editor.ground.hasGround)
        compare(editor.ground.warnings, [])
    }

    function test_groundUnderTheMouse() {
        openHills("ground-mouse")
        const p = at(40, 80)
        mouseMove(canvas, p.x - 1, p.y)
        mouseMove(canvas, p.x, p.y)
        const label = findChild(win.footer, "groundLabel")
        verify(label.visible)
        const z = editor.ground.heightAt(canvas.cursorWorld.x, canvas.cursorWorld.y)
        verify(z > 19 && z < 21, z) // the big hill's top (railforge-cli ground says 19.98 at 40, 80)
        compare(label.text, "ground " + canvas.formatNumber(z))
        verify(editor.ground.heightAt(500, 500) === undefined) // off the terrain
    }

    function test_snapNewPointsToTheGround() {
        openHills("ground-snap")
        mouseClick(findChild(win.header, "snapToGround"))
        verify(editor.grounding.snapToGround)
        focusCanvas()
        keyClick(Qt.Key_W)
        clickWorld(80, 100) // away from the rails
        const w = editor.selection.keys[0].replace("waypoint:", "")
        const info = editor.objectInfo("waypoint:" + w)
        compare(info.x, 80)
        fuzzyCompare(info.z, editor.ground.heightAt(80, 100), 1e-9) // waypoint clearance 0
        // Dragged down the hill, it stays on the ground.
        keyClick(Qt.Key_V)
        const from = at(80, 100), to = at(100, 70)
        mousePress(canvas, from.x, from.y)
        for (let i = 1; i <= 6; ++i)
            mouseMove(canvas, from.x + (to.x - from.x) * i / 6, from.y + (to.y - from.y) * i / 6, -1, Qt.LeftButton)
        mouseRelease(canvas, to.x, to.y)
        const dragged = editor.objectInfo("waypoint:" + w)
        compare(dragged.x, 100)
        compare(dragged.y, 70)
        fuzzyCompare(dragged.z, editor.ground.heightAt(100, 70), 1e-9)
        // A rail: its points 1 level unit above the ground (the rail clearance).
        keyClick(Qt.Key_R)
        for (const [x, y] of [[20, 20], [30, 30]]) {
            wait(300) // not a double click
            clickWorld(x, y)
        }
        keyClick(Qt.Key_Return)
        const rail = editor.selection.keys[0]
        const zs = editor.objectInfo(rail).zs
        fuzzyCompare(zs[0], editor.ground.heightAt(20, 20) + 1, 1e-9)
        fuzzyCompare(zs[1], editor.ground.heightAt(30, 30) + 1, 1e-9)
        // Off again (Shift+G): a new waypoint at height 0.
        keyClick(Qt.Key_G, Qt.ShiftModifier)
        verify(!editor.grounding.snapToGround)
        keyClick(Qt.Key_W)
        clickWorld(60, 60)
        compare(editor.objectInfo(editor.selection.keys[0]).z, 0)
    }

    // The one surface rule (docs/ui.md "The level's ground") over the mine's bridge: deck at 12 over a
    // ravine floor at -6, deck between y -4 and 4. A new rail's first point lands on the top surface,
    // each next one on the surface nearest the point before: from the deck onto the deck, from the
    // ravine floor under the deck onto the floor. A dragged point keeps to the surface nearest its
    // own height, a pasted one near its copied height, and Alt+G moves a point to the next surface.
    function test_snapFollowsTheNearestSurface() {
        const folder = testData.scratch + "/ground-surfaces"
        verify(files.copy(testData.mine, folder + "/mine.yaml"))
        verify(files.copy(testData.mine.replace(/mine\.yaml$/, "terrain.obj"), folder + "/terrain.obj"))
        open(folder + "/mine.yaml")
        editor.ground.waitForGround()
        compare(editor.ground.heightAt(100, -3), 12)
        compare(editor.ground.surfacesAt(100, -3), [12, -6])
        // The status bar lists both under the mouse.
        const over = at(104, 2)
        mouseMove(canvas, over.x - 1, over.y)
        mouseMove(canvas, over.x, over.y)
        const label = findChild(win.footer, "groundLabel")
        verify(label.text.startsWith("ground 12") && label.text.indexOf(" · -6") > 0, label.text)
        mouseClick(findChild(win.header, "snapToGround"))
        verify(editor.grounding.snapToGround)
        const clearance = editor.grounding.railClearance
        function drawRail(points) {
            keyClick(Qt.Key_V) // a click on the canvas to focus it must not be a rail point
            focusCanvas()
            keyClick(Qt.Key_R)
            for (const [x, y] of points) {
                wait(300) // not a double click
                clickWorld(x, y)
            }
            keyClick(Qt.Key_Return)
            return editor.selection.keys[0]
        }
        // On the deck, off it onto the ravine floor, back under the deck: the floor.
        const low = drawRail([[98, -3], [98, -20], [114, -3]])
        compare(editor.objectInfo(low).zs, [12 + clearance, -6 + clearance, -6 + clearance])
        // Starting on the deck and staying over it: the deck all along.
        const high = drawRail([[112, -3], [106, -3], [100, -3]])
        compare(editor.objectInfo(high).zs, [12 + clearance, 12 + clearance, 12 + clearance])
        // Copied and pasted off the deck (Ctrl+C, Ctrl+V at the mouse 20 south), it lands on the floor;
        // pasted back onto the deck, near its copied height, on the deck.
        editor.selection.selectKey(high)
        keyClick(Qt.Key_C, Qt.ControlModifier)
        const south = at(106, -23)
        mouseMove(canvas, south.x - 1, south.y)
        mouseMove(canvas, south.x, south.y)
        keyClick(Qt.Key_V, Qt.ControlModifier)
        const pasted = editor.selection.keys[0]
        verify(pasted !== high)
        compare(editor.objectInfo(pasted).ys, [-23, -23, -23])
        compare(editor.objectInfo(pasted).zs, [-6 + clearance, -6 + clearance, -6 + clearance])
        editor.undo()
        const onDeck = at(106, -1)
        mouseMove(canvas, onDeck.x - 1, onDeck.y)
        mouseMove(canvas, onDeck.x, onDeck.y)
        keyClick(Qt.Key_V, Qt.ControlModifier)
        compare(editor.objectInfo(editor.selection.keys[0]).zs, [12 + clearance, 12 + clearance, 12 + clearance])
        editor.undo()
        // Its middle point dragged along the deck stays on it; dragged off the edge it goes down to
        // the floor, and back under the deck it stays on the floor (nearest its own height).
        keyClick(Qt.Key_V)
        function dragPoint(from, to) {
            const a = at(from[0], from[1]), b = at(to[0], to[1])
            mousePress(canvas, a.x, a.y)
            for (let i = 1; i <= 6; ++i)
                mouseMove(canvas, a.x + (b.x - a.x) * i / 6, a.y + (b.y - a.y) * i / 6, -1, Qt.LeftButton)
            mouseRelease(canvas, b.x, b.y)
        }
        editor.selection.selectKey(high)
        dragPoint([106, -3], [104, -2])
        compare(editor.objectInfo(high).zs[1], 12 + clearance)
        dragPoint([104, -2], [104, -20])
        compare(editor.objectInfo(high).zs[1], -6 + clearance)
        dragPoint([104, -20], [104, 1])
        compare(editor.objectInfo(high).zs[1], -6 + clearance)
        compare(editor.objectInfo(high).xs[1], 104)
        // Alt+G: the dragged (active) point onto the next surface there, after the floor the deck
        // again, said in the status bar; one undo step.
        compare(editor.selection.railPoint, 1)
        keyClick(Qt.Key_G, Qt.AltModifier)
        compare(editor.objectInfo(high).zs[1], 12 + clearance)
        const said = findChild(win.footer, "statusMessage")
        verify(said.text.indexOf("on the surface at 12 (1 of ") >= 0, said.text)
        editor.undo()
        compare(editor.objectInfo(high).zs[1], -6 + clearance)
    }

    function test_drapeARailAndUndo() {
        openHills("ground-drape")
        select("rail:zipline")
        const profile = win.profile.view
        tryCompare(profile, "key", "rail:zipline")
        verify(profile.showsGround, "the profile draws the ground under the rail")
        mouseClick(findChild(win.profile, "profileGround"))
        const popup = findChild(win.profile, "profileGroundPopup")
        tryVerify(() => popup.opened)
        typeInto(findChild(win.profile, "railClearance"), "2")
        mouseClick(findChild(win.profile, "drapeFollow")) // only the two points
        mouseClick(findChild(win.profile, "drapeApply"))
        tryVerify(() => !popup.opened)
        const info = editor.objectInfo("rail:zipline")
        compare(info.points, 2)
        fuzzyCompare(info.zs[0], editor.ground.heightAt(40, 80) + 2, 1e-9)
        fuzzyCompare(info.zs[1], editor.ground.heightAt(96, 36) + 2, 1e-9)
        verify(editor.undoText.indexOf("Drape zipline") === 0, editor.undoText)
        editor.undo()
        compare(editor.objectInfo("rail:zipline").zs, [24, 15])
        // Following the ground adds points between them.
        mouseClick(findChild(win.profile, "profileGround"))
        tryVerify(() => popup.opened)
        const follow = findChild(win.profile, "drapeFollow")
        mouseClick(follow)
        verify(follow.checked)
        mouseClick(findChild(win.profile, "drapeApply"))
        tryVerify(() => !popup.opened)
        verify(editor.objectInfo("rail:zipline").points > 2)
    }

    // The Drape button takes the first click, as a hand gives it (press, a moment, release): right
    // after the popup opens, and straight from a field still being typed in, whose number counts.
    function test_drapeTakesTheFirstClick() {
        openHills("ground-first-click")
        select("rail:zipline")
        tryCompare(win.profile.view, "key", "rail:zipline")
        const popup = findChild(win.profile, "profileGroundPopup")
        const apply = findChild(win.profile, "drapeApply")
        const press = item => {
            mousePress(item, item.width / 2, item.height / 2)
            wait(80)
            mouseRelease(item, item.width / 2, item.height / 2)
        }
        press(findChild(win.profile, "profileGround"))
        tryVerify(() => popup.opened)
        mouseClick(findChild(win.profile, "drapeFollow")) // only the two points
        press(apply)
        tryVerify(() => !popup.opened, 1000, "the first click drapes and closes")
        verify(editor.undoText.indexOf("Drape zipline") === 0, editor.undoText)
        fuzzyCompare(editor.objectInfo("rail:zipline").zs[0], editor.ground.heightAt(40, 80) + 1, 1e-9)
        editor.undo()
        // Typed, not entered: the click on Drape commits the field and drapes with it.
        press(findChild(win.profile, "profileGround"))
        tryVerify(() => popup.opened)
        const clearance = findChild(win.profile, "railClearance")
        mouseClick(clearance)
        clearance.selectAll()
        keyClick(Qt.Key_Delete)
        keyClick("3")
        press(apply)
        tryVerify(() => !popup.opened, 1000, "the first click drapes and closes")
        compare(editor.grounding.railClearance, 3)
        fuzzyCompare(editor.objectInfo("rail:zipline").zs[0], editor.ground.heightAt(40, 80) + 3, 1e-9)
    }

    // Drape following the ground beside the mine's bridge deck, over the ravine's sheer walls: the rail
    // is lifted where it would be steeper than 35 degrees, and the status bar says where (case 5 of
    // "every edit keeps the level whole"); one undo step.
    function test_drapeKeepsTheGradeAtACliff() {
        const folder = testData.scratch + "/ground-cliff"
        verify(files.copy(testData.mine.replace(/mine\.yaml$/, "terrain.obj"), folder + "/terrain.obj"))
        verify(files.write(folder + "/cliff.yaml", "railforge: 1\nlevel: {name: Cliff, units: m}\nreferences:\n" +
                           "  - {id: terrain, mesh: terrain.obj, up: z}\nrails:\n  - id: edge\n" +
                           "    points: [[70, 10, 10], [100, 10, 10], [120, 10, 10], [150, 10, 10]]\n"))
        open(folder + "/cliff.yaml")
        editor.ground.waitForGround()
        verify(editor.ground.hasGround)
        select("rail:edge")
        mouseClick(findChild(win.profile, "profileGround"))
        const popup = findChild(win.profile, "profileGroundPopup")
        tryVerify(() => popup.opened)
        typeInto(findChild(win.profile, "railClearance"), "1.5")
        verify(findChild(win.profile, "drapeFollow").checked, "following the ground is the default")
        mouseClick(findChild(win.profile, "drapeApply"))
        tryVerify(() => !popup.opened)
        const message = findChild(win, "statusMessage").text
        verify(/stretch lifted to keep the 35° limit: s \d+/.test(message), message)
        const info = editor.objectInfo("rail:edge")
        verify(info.points > 4 && info.points <= 204, info.points)
        // Over the ravine floor (z -6) the rail stays high: lifted, not dived.
        verify(Math.min(...info.zs) > -4.5 + 1, info.zs)
        editor.undo()
        compare(editor.objectInfo("rail:edge").zs, [10, 10, 10, 10])
    }

    // Ground… → Fit heights on the mine's line from the valley onto the bridge deck: the lowest heights
    // 1 above the ground at no more than 6°, with real clicks and typing; the status bar says what
    // changed; one undo step, and the saved file after undo is the original byte for byte.
    function test_fitHeightsOverTheDeck() {
        const folder = testData.scratch + "/ground-fit"
        verify(files.copy(testData.mine, folder + "/mine.yaml"))
        verify(files.copy(testData.mine.replace(/mine\.yaml$/, "terrain.obj"), folder + "/terrain.obj"))
        const original = files.read(folder + "/mine.yaml")
        open(folder + "/mine.yaml")
        editor.ground.waitForGround()
        select("rail:main")
        const before = editor.objectInfo("rail:main")
        mouseClick(findChild(win.profile, "profileGround"))
        const popup = findChild(win.profile, "profileGroundPopup")
        tryVerify(() => popup.opened)
        typeInto(findChild(win.profile, "railClearance"), "1")
        typeInto(findChild(win.profile, "fitGrade"), "6")
        typeInto(findChild(win.profile, "fitTolerance"), "0.25")
        mouseClick(findChild(win.profile, "fitApply"))
        tryVerify(() => !popup.opened)
        const message = findChild(win, "statusMessage").text
        verify(/^Fitted heights: \d+ points changed, \d+ added; clearance 1\.\d\d to \d+\.\d\d; steepest [56](\.\d)?°/.test(message), message)
        const info = editor.objectInfo("rail:main")
        verify(info.points > before.points, "points added where the spline bends to the deck")
        for (let i = 0; i < info.points; ++i) {
            const ground = editor.ground.heightAt(info.xs[i], info.ys[i])
            verify(info.zs[i] >= ground + 1 - 1e-6, i + ": " + info.zs[i] + " over " + ground)
            verify(info.zs[i] <= ground + 1 + 12, i + ": not lifted for nothing " + info.zs[i])
            if (i > 0) {
                const run = Math.hypot(info.xs[i] - info.xs[i - 1], info.ys[i] - info.ys[i - 1])
                const pitch = Math.atan2(Math.abs(info.zs[i] - info.zs[i - 1]), run) * 180 / Math.PI
                verify(pitch <= 6.01, i + ": " + pitch)
            }
        }
        // Over the deck (at 12) the rail runs 1 above it, within the tolerance.
        const onDeck = info.xs.findIndex(x => x >= 120)
        verify(info.zs[onDeck] >= 13 && info.zs[onDeck] <= 13.25, info.zs[onDeck])
        keyClick(Qt.Key_S, Qt.ControlModifier)
        tryVerify(() => !editor.files.modified)
        verify(files.read(folder + "/mine.yaml") !== original)
        focusCanvas()
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(editor.objectInfo("rail:main").zs, before.zs)
        keyClick(Qt.Key_S, Qt.ControlModifier)
        tryVerify(() => !editor.files.modified)
        compare(files.read(folder + "/mine.yaml"), original)
    }

    function test_noGroundNoDrape() {
        open(testData.small)
        verify(!editor.ground.hasGround)
        verify(!findChild(win.header, "snapToGround").visible)
        select("rail:r1")
        verify(!findChild(win.profile, "profileGround").visible)
        verify(!editor.grounding.drapeSelectedRails(0, 0))
        verify(editor.grounding.lastError().indexOf("no ground") >= 0)
    }

    // The probe's marker stands on the ground where the level has one: under the zipline's low end
    // (96, 36, 15) it measures from the ground there, not from z 0.
    function test_probeStandsOnTheGround() {
        openHills("ground-probe")
        focusCanvas()
        keyClick(Qt.Key_M)
        keyClick(Qt.Key_G) // no grid snapping: the marker lands where clicked
        clickWorld(96, 36)
        tryVerify(() => canvas.probe.markerPlaced)
        // The ground where the click landed (within a pixel of (96, 36) on a gentle slope).
        verify(Math.abs(canvas.probe.z - editor.ground.heightAt(96, 36)) < 0.05, canvas.probe.z)
        verify(canvas.probe.z > 5, "on the ground, not at 0: " + canvas.probe.z)
        verify(canvas.probe.distance <= 15 - canvas.probe.z + 0.1, canvas.probe.distance + " " + canvas.probe.z)
        verify(canvas.probe.distance > 15 - canvas.probe.z - 1, canvas.probe.distance)
        // Off the ground: the typed height (0) again.
        mouseClick(findChild(win.footer, "probeOnGround"))
        verify(!canvas.probe.onGround)
        compare(canvas.probe.z, 0)
    }

    // View > Contour lines on the ground: the relief drawn again without them.
    function test_contoursOffAndOn() {
        openHills("ground-contours")
        canvas.waitForReferences()
        verify(canvas.contours)
        const before = grabImage(canvas)
        const menu = findChild(win.menuBar, "viewMenu")
        menu.open()
        waitForFrame(win.contentItem)
        mouseClick(findChild(menu.contentItem, "contoursItem"))
        verify(!canvas.contours)
        canvas.waitForReferences()
        waitForFrame(win.contentItem)
        const after = grabImage(canvas)
        verify(!before.equals(after), "the relief changed without its contour lines")
        menu.open()
        waitForFrame(win.contentItem)
        mouseClick(findChild(menu.contentItem, "contoursItem"))
        verify(canvas.contours)
    }
}
