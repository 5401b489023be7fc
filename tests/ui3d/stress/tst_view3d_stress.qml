// The 3D view under the hands of an impatient designer, run many times in a row by `ctest -L stress`
// (tests/ui3d/stress/run_stress.sh): F3 pressed 30 times quickly while frames are in flight, a ride
// started and stopped 10 times, a level opened while the 3D view shows another, and the window
// closed and opened again while its references load. Qt Quick 3D renders on its own thread here
// (llvmpipe under Xvfb): scene data changed or freed outside its hand-over crashes the render thread.
import QtQuick
import QtTest
import "../../ui"

EditorTestCase {
    name: "View3DStress"

    function shown() { return win.view3d !== null && win.view3d.visible }

    function test_toggleRideAndReopen() {
        open(testData.coaster)
        // F3 quickly: each show and hide a few milliseconds apart, frames still being drawn.
        for (let i = 0; i < 30; ++i) {
            keyClick(Qt.Key_F3)
            wait(i % 3 === 0 ? 0 : 5 * (i % 7))
        }
        // 30 presses: hidden again. Once more shows it.
        verify(!shown())
        keyClick(Qt.Key_F3)
        tryVerify(() => shown() && win.view3d.width > 100, 5000)
        waitForFrame(win.view3d)
        const panel = win.view3d
        // Ridden and stopped 10 times, the last few frames of each ride still rendering.
        select("rail:coaster")
        for (let i = 0; i < 10; ++i) {
            mouseClick(findChild(panel, "rideButton"))
            verify(panel.ride.active)
            wait(20 + 10 * (i % 4))
            panel.forceActiveFocus()
            keyClick(Qt.Key_Escape)
            verify(!panel.ride.active)
            if (i % 3 === 2) { // hidden mid-ride: the ride ends with the view
                mouseClick(findChild(panel, "rideButton"))
                keyClick(Qt.Key_F3)
                verify(!panel.ride.active)
                keyClick(Qt.Key_F3)
            }
        }
        // Another level, with meshes and an image, while the 3D view shows this one.
        verify(editor.files.openFile(testData.hills))
        wait(30)
        // The window closed while those load, and a new one opened on the same level.
        win.destroy()
        wait(0)
        open(testData.hills)
        keyClick(Qt.Key_F3)
        tryVerify(() => shown(), 5000)
        win.view3d.scene.waitForScenery()
        waitForFrame(win.view3d)
        verify(win.view3d.scene.grounds.length > 0, "the new window's 3D view shows the terrain")
    }
}
