// The proximity probe (M): its readout sits on a dark background, and the player marker's readout
// stays after a switch to another tool. (Points stay inside the fitted view of small.yaml: x in
// [-6, 10], y in [-6, 10].)
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Probe"

    function test_probeReadoutHasABackground() {
        open(testData.small)
        keyClick(Qt.Key_M)
        const s = at(5, -3)
        mouseMove(canvas, s.x, s.y)
        tryVerify(() => canvas.probe.active)
        tryVerify(() => canvas.probe.labelRect.width > 20)
        const r = canvas.probe.labelRect
        // Inside the box, away from the glyphs: the readout's dark background.
        for (const p of [Qt.point(r.x + 2, r.y + 2), Qt.point(r.x + r.width - 3, r.y + r.height - 3)]) {
            const c = canvasPixel(p.x, p.y)
            verify(c.r < 0.2 && c.g < 0.2 && c.b < 0.2, "dark background at " + p + ": " + c)
        }
    }

    function test_markerReadoutStaysAfterToolSwitch() {
        open(testData.small)
        keyClick(Qt.Key_M)
        clickWorld(5, -3) // the marker, about 3 m above the rail's middle
        tryVerify(() => canvas.probe.markerPlaced)
        const markerDistance = canvas.probe.distance
        const s = at(5, 4)
        mouseMove(canvas, s.x - 5, s.y) // hovering elsewhere
        mouseMove(canvas, s.x, s.y)
        verify(Math.abs(canvas.probe.distance - markerDistance) > 1)
        keyClick(Qt.Key_V)
        fuzzyCompare(canvas.probe.distance, markerDistance, 1e-9)
        const label = findChild(win.footer, "probeLabel")
        verify(label.text.indexOf(markerDistance.toFixed(canvas.displayDecimals)) >= 0, label.text)
    }

    // The probe measures in 3D: under the zipline's free point (20, -10, 5) it is 5 m below the rail
    // when standing on the ground; typed into the status bar, a stand height of 3 and an eye height of
    // 2 bring it onto the rail.
    function test_probeMeasuresIn3D() {
        open(testData.banked)
        keyClick(Qt.Key_M)
        keyClick(Qt.Key_G)
        clickWorld(20, -10) // the marker, under the point
        tryVerify(() => canvas.probe.markerPlaced)
        verify(Math.abs(canvas.probe.distance - 5) < 0.3, canvas.probe.distance) // not 0: the plan distance
        const label = findChild(win.footer, "probeLabel")
        verify(label.text.indexOf("(3D)") > 0, label.text)
        typeInto(findChild(win.footer, "probeStandHeight"), "3")
        typeInto(findChild(win.footer, "probeEyeHeight"), "2")
        compare(canvas.probe.standHeight, 3)
        compare(canvas.probe.eyeHeight, 2)
        verify(canvas.probe.distance < 0.1, canvas.probe.distance) // the click lands within a pixel of the point
        typeInto(findChild(win.footer, "probeEyeHeight"), "-1")
        compare(canvas.probe.eyeHeight, 2) // refused at the field: an eye is above its feet
    }
}
