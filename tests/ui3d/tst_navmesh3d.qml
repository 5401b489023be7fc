// The navigation mesh in the 3D view (docs/ui.md "Patrols on the level"), on the yard level: Shift+N
// shows the guard's walkable ground as a skin over the yard in 3D as on the plan; the crate dragged in
// the 3D view with the real mouse moves it, and the skin follows once its tiles are baked again.
import QtQuick
import QtTest
import RailForge
import "../ui"

EditorTestCase {
    name: "NavMesh3D"

    function open3D(file) {
        open(file)
        keyClick(Qt.Key_F3)
        tryVerify(() => win.view3d !== null && win.view3d.width > 100, 5000, "F3 shows the 3D view")
        waitForFrame(win.view3d)
        return win.view3d
    }
    function viewPixel(panel, p) {
        waitForFrame(panel.view)
        waitForFrame(panel.view)
        const at = panel.view.mapToItem(win.contentItem, p.x, p.y)
        return grabImage(win.contentItem).pixel(Math.round(at.x), Math.round(at.y))
    }

    function test_shownIn3DAndFollowsADraggedCrate() {
        const panel = open3D(testData.yard) // never saved: the test data stays as it is
        editor.navmesh.waitForBake()
        verify(editor.navmesh.polygons > 20)
        // From above the crate, looking down the yard.
        panel.camera.setOrbit(Qt.vector3d(45, 26, 0), 0, 70, 30)
        const spot = panel.camera.project(40, 24, 0)
        verify(spot !== undefined)
        const bare = viewPixel(panel, spot)
        verify(!panel.navmesh.shown)
        mouseClick(canvas, 5, 5)
        keyClick(Qt.Key_N, Qt.ShiftModifier)
        verify(editor.navmesh.shown)
        tryVerify(() => panel.navmesh.shown && panel.navmesh.triangles > 20)
        const tinted = viewPixel(panel, spot)
        verify(!Qt.colorEqual(tinted, bare) && tinted.b > bare.b, "the skin over the yard: " + bare + " -> " + tinted)
        const builds = panel.navmesh.builds
        // The crate, grabbed where the pointer meets it and dragged across the yard in 3D.
        const area = findChild(panel, "view3dInput")
        const from = panel.camera.project(50, 32, 0)
        const to = panel.camera.project(50, 20, 0)
        verify(from !== undefined && to !== undefined)
        compare(panel.scene.keyAt(panel.camera, from.x, from.y), "obstacle:crate")
        mousePress(area, from.x, from.y, Qt.LeftButton)
        for (let i = 1; i <= 8; ++i)
            mouseMove(area, from.x + (to.x - from.x) * i / 8, from.y + (to.y - from.y) * i / 8, -1, Qt.LeftButton)
        mouseRelease(area, to.x, to.y, Qt.LeftButton)
        const crate = editor.objectInfo("obstacle:crate")
        verify(crate.y < 28 && Math.abs(crate.x - 50) < 1.5, JSON.stringify(crate))
        editor.navmesh.waitForBake()
        verify(editor.navmesh.walkableAt(50, 32, 0), "where the crate was is walkable again")
        verify(!editor.navmesh.walkableAt(crate.x, crate.y, 0), "where it stands now is not")
        tryVerify(() => panel.navmesh.builds > builds && panel.navmesh.triangles > 20, 5000, "the skin was made again")
    }
}
