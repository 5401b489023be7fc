// The profile panel under the canvas: heights along the selected rail or patrol, dragged with the
// mouse (a point, a Bezier handle, a tilt dot, a patrol's stop: one undo step each), the cursor it
// shares with the plan, the settings in its strip, and Bank for speed.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Profile"

    property var profile: null

    // The profile of `key` in `file`, without the rail's channels: these tests are about heights,
    // tilt and forces at the speed typed in the strip (tst_channels.qml works the channel lanes).
    function openProfile(file, key) {
        open(file)
        profile = win.profile.view
        select(key)
        tryCompare(profile, "key", key)
        profile.waitForData()
        for (const channel of profile.channels) {
            verify(editor.selection.selectChannelKey(key, channel, 0))
            verify(editor.channels.deleteChannel())
        }
        profile.waitForData()
        compare(profile.channels, [])
        waitForFrame(win.contentItem)
    }
    function drag(from, dy) {
        mousePress(profile, from.x, from.y)
        for (let i = 1; i <= 5; ++i)
            mouseMove(profile, from.x, from.y + dy * i / 5)
        mouseRelease(profile, from.x, from.y + dy)
    }

    function test_followsTheSelection() {
        open(testData.small)
        profile = win.profile.view
        compare(profile.key, "")
        select("rail:r1")
        compare(profile.key, "rail:r1")
        verify(profile.length > 10.5 && profile.length < 12.5, profile.length) // r1: about 11.5 m
        select("waypoint:a")
        compare(profile.key, "") // a waypoint has no profile
        select("patrol:p1")
        tryCompare(profile, "key", "patrol:p1")
    }

    function test_readsOffTheCurve() {
        openProfile(testData.coaster, "rail:coaster")
        // The highest point is the 22 m crest (the Catmull-Rom curve overshoots it a little).
        verify(profile.highest >= 22 && profile.highest < 22.5, profile.highest)
        verify(profile.lowest < 3 && profile.lowest > 1.5, profile.lowest)
        verify(Math.abs(profile.steepestPitch) > 40 && Math.abs(profile.steepestPitch) < 50, profile.steepestPitch)
        verify(profile.length > 270 && profile.length < 280, profile.length)
    }

    function test_dragAPointUpIsOneUndoStep() {
        openProfile(scratchCopy(testData.coaster, "profile-drag.yaml"), "rail:coaster")
        const before = editor.objectInfo("rail:coaster").zs
        compare(before[2], 15)
        const p = profile.pointPosition(2)
        verify(p.x > 0 && p.y > 0)
        // The mouse moves up by what 4 m are on the panel's scale.
        const dy = profile.pointPosition(3).y - p.y // 22 - 15 = 7 m up, in pixels (negative)
        drag(p, dy * 4 / 7)
        const after = editor.objectInfo("rail:coaster").zs
        compare(after[2], 19) // snapped to the 1 m grid
        for (let i = 0; i < after.length; ++i)
            if (i !== 2) compare(after[i], before[i])
        compare(editor.objectInfo("rail:coaster").xs[2], 40) // only the height moved
        compare(editor.selection.railPoint, 2) // the dragged point is the active one
        editor.undo()
        compare(editor.objectInfo("rail:coaster").zs[2], 15) // the whole drag in one step
        editor.redo()
        compare(editor.objectInfo("rail:coaster").zs[2], 19)
    }

    function test_dragWithoutSnapFollowsTheMouse() {
        openProfile(testData.coaster, "rail:coaster")
        keyClick(Qt.Key_G) // snapping off (the canvas has the keyboard)
        verify(!editor.snapEnabled)
        const p = profile.pointPosition(2)
        const dy = (profile.pointPosition(3).y - p.y) * 2.5 / 7
        drag(p, dy)
        const z = editor.objectInfo("rail:coaster").zs[2]
        verify(Math.abs(z - 17.5) < 0.2, z) // within a pixel's worth of heights
        verify(z !== 17 && z !== 18, "no grid without snapping: " + z)
    }

    function test_dragATiltDot() {
        openProfile(scratchCopy(testData.coaster, "profile-tilt.yaml"), "rail:coaster")
        compare(editor.objectInfo("rail:coaster").tilts[1], 0)
        const t = profile.tiltPosition(1)
        const zero = t.y
        const minus45 = profile.tiltPosition(5) // point 5 has tilt -45
        drag(t, (minus45.y - zero) * 20 / 45) // down by 20 degrees
        compare(editor.objectInfo("rail:coaster").tilts[1], -20)
        compare(editor.selection.railPoint, 1)
        compare(editor.rail.pointTilt, -20)
        verify(Math.abs(editor.rail.pointBank + 20) < 2, editor.rail.pointBank) // upright: bank ~ tilt
        editor.undo()
        compare(editor.objectInfo("rail:coaster").tilts[1], 0)
    }

    function test_dragABezierHandleHeight() {
        openProfile(scratchCopy(testData.banked, "profile-handle.yaml"), "rail:zipline")
        // Handles show for the active point: click point 1 in the profile first.
        const p = profile.pointPosition(1)
        mouseClick(profile, p.x, p.y)
        compare(editor.selection.railPoint, 1)
        waitForFrame(win.contentItem)
        const h = profile.handlePosition(1, true)
        verify(h.x > p.x, "the out handle sits after its point")
        const before = editor.objectInfo("rail:zipline").outs[1]
        compare(before[2], 0)
        const threeMetres = p.y - profile.pointPosition(0).y // 8 m - 5 m, in pixels
        drag(h, -threeMetres * 2 / 3)
        const after = editor.objectInfo("rail:zipline").outs[1]
        compare(after[2], 2) // the handle end 2 m higher (snapped)
        compare(after[0], before[0]) // its plan part untouched
        compare(after[1], before[1])
        compare(editor.objectInfo("rail:zipline").zs[1], 5) // the point stays
        editor.undo()
        compare(editor.objectInfo("rail:zipline").outs[1][2], 0)
    }

    function test_dragAPatrolStopMovesItsWaypoint() {
        openProfile(scratchCopy(testData.small, "profile-stop.yaml"), "patrol:p1")
        tryVerify(() => profile.pointPosition(1).x > 0, 10000, "the route is computed")
        const c = profile.pointPosition(1) // stop 1: waypoint c at z 0
        // The heights lane fits a flat path into a 2 m band (80 % of the lane): 100 px is over a metre.
        drag(c, -100)
        const z = editor.objectInfo("waypoint:c").z
        verify(z >= 1, "waypoint c went up: " + z)
        compare(editor.objectInfo("waypoint:c").x, 10)
        editor.undo()
        compare(editor.objectInfo("waypoint:c").z, 0)
    }

    function test_hoverTheProfileMarksThePlan() {
        openProfile(testData.coaster, "rail:coaster")
        const x = Math.round(profile.xOfS(100)) // the mouse moves by whole pixels
        mouseMove(profile, x, 40)
        mouseMove(profile, x + 1, 41)
        tryCompare(editor.cursor, "key", "rail:coaster")
        compare(editor.cursor.source, "profile")
        verify(Math.abs(editor.cursor.s - profile.sOfX(x + 1)) < 1e-6, editor.cursor.s + " vs " + profile.sOfX(x + 1))
        // The plan draws the marker there: a ring in the marker's green around the point at s.
        waitForFrame(win.contentItem)
        const ring = canvas.toScreen(canvas.profileCursorPoint)
        verify(ring.x > 0 && ring.y > 0, "the plan shows the cursor")
        const green = canvasPixel(ring.x + 7, ring.y)
        verify(green.g > 0.7 && green.r < 0.5, "the ring is drawn: " + green) // palette::marker, #66ff99
        mouseMove(win.outliner, 10, 10) // leave the profile: the cursor goes
        tryCompare(editor.cursor, "key", "")
    }

    function test_hoverThePlanMarksTheProfile() {
        openProfile(testData.coaster, "rail:coaster")
        // Point 2 of the coaster, (40, 0) on the plan, is at its arc length on the profile.
        const p = at(40, 0)
        mouseMove(canvas, p.x, p.y + 1)
        mouseMove(canvas, p.x, p.y)
        tryCompare(editor.cursor, "source", "plan")
        compare(editor.cursor.key, "rail:coaster")
        const s = profile.sOfX(profile.pointPosition(2).x)
        verify(Math.abs(editor.cursor.s - s) < 0.5, editor.cursor.s + " vs " + s)
        // Far from the rail, no cursor.
        const far = at(40, 20)
        mouseMove(canvas, far.x, far.y)
        tryCompare(editor.cursor, "key", "")
    }

    function test_overLimitStretchesFollowTheSpeedAndLimits() {
        openProfile(testData.coaster, "rail:coaster")
        const speed = findChild(win.profile, "profileSpeed")
        typeInto(speed, "14")
        compare(profile.speed, 14)
        // At 14 m/s the crest throws the rider up: vertical g below -1 there.
        tryVerify(() => editor.cursor.overLimit.length > 0)
        const crest = editor.cursor.overLimit.some(st => st[0] < 62 && st[1] > 58)
        verify(crest, JSON.stringify(editor.cursor.overLimit))
        typeInto(speed, "5")
        tryVerify(() => editor.cursor.overLimit.length === 0, 2000, JSON.stringify(editor.cursor.overLimit))
        typeInto(speed, "fast")
        compare(profile.speed, 5) // refused at the field
        verify(findChild(win.profile, "profileSpeed").problem !== "")
    }

    function test_exaggerationChoices() {
        openProfile(testData.coaster, "rail:coaster")
        const box = findChild(win.profile, "profileExaggeration")
        compare(profile.exaggeration, 0) // fit
        const crest = profile.pointPosition(3).y, floor = profile.pointPosition(1).y
        mouseClick(box)
        tryVerify(() => box.popup.opened)
        keyClick(Qt.Key_Home)
        keyClick(Qt.Key_Return)
        tryCompare(profile, "exaggeration", 1)
        // 1x: 19 m of height take what 19 m of length take.
        const metres = profile.pointPosition(1).y - profile.pointPosition(3).y
        const along = profile.xOfS(19) - profile.xOfS(0)
        verify(Math.abs(metres - along) < 1, metres + " vs " + along)
        verify(floor - crest > metres, "fit drew the heights larger than 1x")
    }

    function test_bankForSpeed() {
        openProfile(scratchCopy(testData.coaster, "profile-bank.yaml"), "rail:coaster")
        mouseClick(findChild(win.profile, "profileBank"))
        const popup = findChild(win.profile, "profileBankPopup")
        tryVerify(() => popup.opened)
        typeInto(findChild(win.profile, "bankSpeed"), "12")
        typeInto(findChild(win.profile, "bankMax"), "60")
        mouseClick(findChild(win.profile, "bankApply"))
        tryVerify(() => !popup.opened)
        const tilts = editor.objectInfo("rail:coaster").tilts
        verify(tilts.some(t => Math.abs(t) > 5), JSON.stringify(tilts))
        verify(tilts.every(t => Math.abs(t) <= 60 + 1e-9), JSON.stringify(tilts))
        compare(profile.speed, 12) // the forces lane shows the speed banked for
        compare(editor.undoText.indexOf("bank for 12 m/s") > 0, true)
        editor.undo()
        compare(editor.objectInfo("rail:coaster").tilts[5], -45)
    }

    // Bank… with a slow roll rate: the tilts turn less from point to point than banking for the speed
    // alone makes them, the popup stays open saying where the bank was held short, and one undo step
    // takes it back.
    function test_bankHoldsTheRollRate() {
        openProfile(scratchCopy(testData.coaster, "profile-bank-roll.yaml"), "rail:coaster")
        const before = editor.objectInfo("rail:coaster").tilts
        const steepest = tilts => Math.max(...tilts.slice(1).map((t, i) => Math.abs(t - tilts[i])))
        mouseClick(findChild(win.profile, "profileBank"))
        const popup = findChild(win.profile, "profileBankPopup")
        tryVerify(() => popup.opened)
        typeInto(findChild(win.profile, "bankSpeed"), "12")
        typeInto(findChild(win.profile, "bankMax"), "60")
        typeInto(findChild(win.profile, "bankRollRate"), "1000")
        mouseClick(findChild(win.profile, "bankApply"))
        tryVerify(() => !popup.opened)
        const free = editor.objectInfo("rail:coaster").tilts
        editor.undo()
        mouseClick(findChild(win.profile, "profileBank"))
        tryVerify(() => popup.opened)
        typeInto(findChild(win.profile, "bankSpeed"), "12")
        typeInto(findChild(win.profile, "bankMax"), "60")
        typeInto(findChild(win.profile, "bankRollRate"), "0.5")
        mouseClick(findChild(win.profile, "bankApply"))
        tryVerify(() => editor.rail.bankNote !== "")
        verify(popup.opened, "the popup stays to say where the bank was held short")
        verify(editor.rail.bankNote.indexOf("Held to 0.5°/m of roll") === 0, editor.rail.bankNote)
        const note = findChild(win.profile, "bankNote")
        verify(note.visible && note.text === editor.rail.bankNote, "the note is on screen, as a warning")
        const held = editor.objectInfo("rail:coaster").tilts
        verify(steepest(held) < steepest(free), steepest(held) + " vs " + steepest(free))
        compare(editor.undoText.indexOf("bank for 12 m/s") > 0, true)
        editor.undo()
        compare(editor.objectInfo("rail:coaster").tilts, before)
        keyClick(Qt.Key_Escape)
    }

    // Ride…: the coaster from 5 m/s stalls on the lift hill (no chain here) and the popup says where;
    // from 25 m/s it gets round. Bake speed then writes the simulated speed at every point: 25 at the
    // start, v = sqrt(25^2 - 2 g 19) on the 22 m crest (frictionless). One undo step.
    function test_rideAndBakeSpeed() {
        openProfile(scratchCopy(testData.coaster, "profile-ride.yaml"), "rail:coaster")
        mouseClick(findChild(win.profile, "profileRide"))
        const popup = findChild(win.profile, "ridePopup")
        tryVerify(() => popup.opened)
        verify(profile.physics) // opening it shows the ride
        typeInto(findChild(win.profile, "rideV0"), "5")
        compare(profile.rideV0, 5)
        verify(profile.stallText.startsWith("stalls at s "), profile.stallText)
        const outcome = findChild(win.profile, "rideOutcome")
        verify(outcome.text.indexOf("stalls at s") > 0, outcome.text)
        typeInto(findChild(win.profile, "rideV0"), "25")
        compare(profile.stallText, "")
        compare(outcome.text, "The rider reaches the end")
        mouseClick(findChild(win.profile, "rideBake"))
        const keys = editor.channels.keys("rail:coaster", "speed")
        compare(keys.length, 11)
        compare(keys[0].point, 0)
        compare(Number(keys[0].value), 25)
        const crest = Math.sqrt(25 * 25 - 2 * 9.81 * 19)
        verify(Math.abs(Number(keys[3].value) - crest) < 0.05, keys[3].value + " against " + crest)
        verify(editor.undoText.indexOf("Bake speed") >= 0, editor.undoText)
        editor.undo()
        compare(editor.channels.keys("rail:coaster", "speed").length, 0)
        // Unticked, the forces lane goes back to the typed speed and nothing is said of a stall.
        typeInto(findChild(win.profile, "rideV0"), "5")
        mouseClick(findChild(win.profile, "ridePhysics"))
        verify(!profile.physics)
        compare(profile.stallText, "")
    }

    // The header's "low" is the rail's own lowest point, as `railforge-cli profile` gives it, though
    // the profile also draws the ground under it, which lies lower (the mine's valley floor).
    function test_lowIsTheRailsNotTheGrounds() {
        const folder = testData.scratch + "/profile-low"
        verify(files.copy(testData.mine, folder + "/mine.yaml"))
        verify(files.copy(testData.mine.replace(/mine\.yaml$/, "terrain.obj"), folder + "/terrain.obj"))
        open(folder + "/mine.yaml")
        profile = win.profile.view
        editor.ground.waitForGround()
        select("rail:main")
        tryCompare(profile, "key", "rail:main")
        profile.waitForData()
        tryVerify(() => profile.showsGround)
        const cli = files.run(testData.cli, ["profile", folder + "/mine.yaml", "--rail", "main", "--spacing", "0.05"])
        compare(cli.code, 0, cli.err)
        const rows = cli.out.trim().split("\n").slice(1).map(line => Number(line.split(",")[3]))
        const low = Math.min(...rows)
        verify(Math.abs(profile.lowest - low) < 0.01, "profile low " + profile.lowest + ", the CLI's " + low)
        const under = editor.ground.heightAt(10, 0)
        verify(under !== undefined && under < low - 0.5, "the ground at the start lies lower: " + under)
    }

    // Bank… on a rail with a speed channel banks each point for the speed the channel gives there
    // (the mine's main: 4 m/s up the climb, 12 on the deck), and the branch at the deck's junction
    // takes main's tilt at its linked start: no tilt jump; one undo step for both.
    function test_bankAtTheSpeedChannelKeepsTheJunction() {
        const folder = testData.scratch + "/profile-bank-channel"
        verify(files.copy(testData.mine, folder + "/mine.yaml"))
        verify(files.copy(testData.mine.replace(/mine\.yaml$/, "terrain.obj"), folder + "/terrain.obj"))
        open(folder + "/mine.yaml")
        profile = win.profile.view
        select("rail:branch")
        tryCompare(profile, "key", "rail:branch")
        // The branch has no speed channel: the typed speed banks it.
        mouseClick(findChild(win.profile, "profileBank"))
        const popup = findChild(win.profile, "profileBankPopup")
        tryVerify(() => popup.opened)
        verify(!findChild(win.profile, "bankByChannel").visible)
        typeInto(findChild(win.profile, "bankSpeed"), "8")
        typeInto(findChild(win.profile, "bankMax"), "30")
        mouseClick(findChild(win.profile, "bankApply"))
        tryVerify(() => !popup.opened)
        const branchTilts = editor.objectInfo("rail:branch").tilts
        verify(branchTilts.some(t => Math.abs(t) > 5), JSON.stringify(branchTilts))
        compare(branchTilts[0], 0, "the linked start keeps main's tilt there (main is not banked yet: 0)")
        // Main has one: banked at it, point by point; the branch's start follows main's new tilt.
        select("rail:main")
        tryCompare(profile, "key", "rail:main")
        profile.waitForData()
        verify(profile.hasSpeedChannel)
        mouseClick(findChild(win.profile, "profileBank"))
        tryVerify(() => popup.opened)
        const byChannel = findChild(win.profile, "bankByChannel")
        verify(byChannel.visible && byChannel.checked, "a rail with a speed channel banks at it")
        verify(!findChild(win.profile, "bankSpeed").enabled)
        typeInto(findChild(win.profile, "bankMax"), "45")
        mouseClick(findChild(win.profile, "bankApply"))
        tryVerify(() => !popup.opened)
        verify(editor.undoText.indexOf("bank for its speed channel") > 0, editor.undoText)
        const mainTilts = editor.objectInfo("rail:main").tilts
        verify(mainTilts.some(t => t !== 0), JSON.stringify(mainTilts))
        const start = editor.objectInfo("rail:branch").tilts[0]
        verify(start !== 0, "the branch's linked start took main's tilt at the junction: " + start)
        editor.undo()
        compare(editor.objectInfo("rail:branch").tilts[0], 0)
        compare(editor.objectInfo("rail:main").tilts, [0, 0, 0, 0, 0, 0])
    }

    function test_hideAndShowFromTheViewMenu() {
        open(testData.coaster)
        verify(win.profile.visible)
        const before = canvas.height
        keySequence("Ctrl+Shift+P")
        tryVerify(() => !win.profile.visible)
        tryVerify(() => canvas.height > before)
        keySequence("Ctrl+Shift+P")
        tryVerify(() => win.profile.visible)
    }

    // A rail of 16,384 segments: its profile is computed on another thread (the selection returns at
    // once, the panel busy), and then shown.
    function test_longRailIsComputedOffTheUiThread() {
        const path = testData.scratch + "/long-rail.yaml"
        const points = []
        for (let i = 0; i <= 16384; ++i)
            points.push("[" + i * 0.5 + ", " + (Math.sin(i * 0.01) * 20).toFixed(3) + ", " + (Math.sin(i * 0.003) * 10).toFixed(3) + "]")
        verify(files.write(path, "railforge: 1\nlevel: {name: Long, units: m}\nwaypoints: []\nedges: []\nobstacles: []\n"
                                 + "rails:\n  - id: long\n    closed: false\n    spline: {type: catmull-rom, alpha: 0.5}\n"
                                 + "    points: [" + points.join(", ") + "]\npatrols: []\n"))
        open(path)
        profile = win.profile.view
        verify(editor.selection.selectKey("rail:long"))
        verify(profile.busy, "the profile is being computed on another thread")
        tryVerify(() => !profile.busy, 30000)
        compare(profile.key, "rail:long")
        verify(profile.length > 8192, profile.length)
        verify(profile.highest > 9 && profile.highest <= 10.01, profile.highest)
        // The inspector lists a window of the points, around the active one.
        waitForFrame(win.contentItem)
        verify(findChild(win.inspector, "railPointWindow").visible)
        verify(findChild(win.inspector, "railPoint_8000") === null)
        verify(editor.selection.selectRailPoint("rail:long", 8000))
        waitForFrame(win.contentItem)
        tryVerify(() => findChild(win.inspector, "railPoint_8000") !== null)
    }
}
