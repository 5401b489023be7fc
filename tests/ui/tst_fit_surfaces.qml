// Fit heights among surfaces and forces in the editor (docs/ui.md "Fit heights"), on the quarry level
// (tests/data/levels/quarry: a slab deck over a ravine): typed into Ground… with real keys and
// clicks, a rail drawn through the deck's edge climbs onto it with the clearance over every surface
// and the headroom under any, as a Bezier rail within the forces; a rail too close to the deck's edge
// to pass under it keeps the popup open with where and what grade would do.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "FitSurfaces"

    function openQuarry(name) {
        const folder = testData.scratch + "/" + name
        verify(files.copy(testData.quarry, folder + "/quarry.yaml"))
        verify(files.copy(testData.quarry.replace(/quarry\.yaml$/, "quarry.obj"), folder + "/quarry.obj"))
        open(folder + "/quarry.yaml")
        editor.ground.waitForGround()
        verify(editor.ground.hasGround)
    }

    // Types the fit's options into the open popup and clicks Fit heights.
    function fit(popup, grade, speed) {
        typeInto(findChild(win.profile, "railClearance"), "1.5")
        compare(findChild(win.profile, "fitHeadroom").text, "2.5") // the clearance + 1 until typed
        typeInto(findChild(win.profile, "fitGrade"), grade)
        typeInto(findChild(win.profile, "fitSpeed"), speed)
        // The popup is kept inside the window: its button can be clicked, its message read.
        const apply = findChild(win.profile, "fitApply")
        const bottom = apply.mapToItem(null, 0, apply.height).y // in the window
        verify(bottom <= win.height, "Fit heights inside the window: " + bottom + " of " + win.height)
        mouseClick(apply)
    }

    function openGround() {
        mouseClick(findChild(win.profile, "profileGround"))
        const popup = findChild(win.profile, "profileGroundPopup")
        tryVerify(() => popup.opened)
        return popup
    }

    function test_fitOntoTheDeck() {
        openQuarry("fit-onto")
        select("rail:onto")
        const drawn = editor.objectInfo("rail:onto")
        const popup = openGround()
        fit(popup, "20", "10")
        tryVerify(() => !popup.opened)
        const message = findChild(win, "statusMessage").text
        verify(/^Fitted heights: .*; vertical force -?\d\.\d+ to \d\.\d+ g at 10 m\/s/.test(message), message)
        const info = editor.objectInfo("rail:onto")
        compare(info.spline, "bezier")
        verify(info.points <= 3 * drawn.points, info.points)
        for (let i = 0; i < info.points; ++i) {
            const surfaces = editor.ground.surfacesAt(info.xs[i], info.ys[i]) // highest first
            const under = surfaces.filter(s => s <= info.zs[i] + 1e-9)
            const over = surfaces.filter(s => s > info.zs[i] + 1e-9)
            verify(under.length > 0 && info.zs[i] - under[0] >= 1.5 - 1e-6, i + ": " + info.zs[i] + " over " + under)
            verify(over.length === 0 || over[over.length - 1] - info.zs[i] >= 2.5 - 1e-6, i + ": under " + over)
        }
        verify(info.zs[info.points - 1] >= 7.5 - 1e-6, "it ends over the deck: " + info.zs[info.points - 1])
        // One undo step gives the drawn rail back.
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        compare(editor.objectInfo("rail:onto").spline, "catmull-rom")
        compare(editor.objectInfo("rail:onto").zs, drawn.zs)
    }

    function test_tooCloseToPassUnder() {
        openQuarry("fit-tight")
        select("rail:tight")
        const popup = openGround()
        fit(popup, "20", "10")
        tryVerify(() => popup.problem !== "")
        verify(popup.opened, "the popup stays open to say where")
        const said = findChild(win.profile, "groundProblem")
        const top = said.mapToItem(null, 0, 0).y
        verify(said.visible && top >= 0 && top + said.height <= win.height, "the message is in sight")
        verify(/cannot pass under the surface at z 5 at s 3\d(\.\d)?–40\.\d with the headroom: needs 45(\.\d)?° or a lower approach/
               .test(popup.problem), popup.problem)
        // The fit was still made, keeping the clearance: one undo step.
        compare(editor.objectInfo("rail:tight").spline, "bezier")
        // At 50° it passes under and the popup closes.
        typeInto(findChild(win.profile, "fitGrade"), "50")
        mouseClick(findChild(win.profile, "fitApply"))
        tryVerify(() => !popup.opened)
    }

    // The active point stays on its own point when the fit adds points before it.
    function test_activePointFollowsTheFit() {
        openQuarry("fit-active")
        focusCanvas()
        keyClick(Qt.Key_V)
        clickWorld(44, 4)
        compare(editor.selection.railPoint, 3)
        openGround()
        fit(findChild(win.profile, "profileGroundPopup"), "20", "10")
        const info = editor.objectInfo("rail:onto")
        verify(info.points > 6, "points were added before it: " + info.points)
        const now = editor.selection.railPoint
        compare(info.xs[now], 44)
        compare(info.ys[now], 4)
    }

    // Alt+G names the surfaces rounded as the inspector shows numbers: a point typed to x 55.123 over
    // the ravine's wall (its ground at -5.123 there) reads "-5.12", never six digits.
    function test_nextSurfaceSaysRoundedHeights() {
        openQuarry("fit-rounded")
        select("rail:under")
        const row = findChild(win.inspector, "railPoint_3")
        verify(row !== null)
        mouseClick(findChild(row, "pointNumber"))
        compare(editor.selection.railPoint, 3)
        typeInto(findChild(row, "px"), "55.123")
        compare(editor.objectInfo("rail:under").xs[3], 55.123)
        compare(editor.selection.railPoint, 3)
        keyClick(Qt.Key_G, Qt.AltModifier)
        const said = findChild(win.footer, "statusMessage").text
        verify(said.indexOf("here: 6, 5, -5.12)") > 0, said)
        verify(said.indexOf("-5.123") < 0, said)
    }
}
