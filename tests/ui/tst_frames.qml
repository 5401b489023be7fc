// A rail's frame mode in the inspector: upright (tilt 0 is level) or minimal-twist; the bank the
// rider feels beside each point's tilt. New rails are upright.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Frames"

    function test_newRailsAreUpright() {
        open(scratchCopy(testData.small, "new-rail-frame.yaml"))
        focusCanvas()
        keyClick(Qt.Key_R)
        for (const [x, y] of [[-5, -1], [-3, -3], [-1, -1]]) {
            wait(300) // not a double click
            clickWorld(x, y)
        }
        keyClick(Qt.Key_Return)
        compare(editor.railCount, 2)
        compare(editor.selection.keys.length, 1)
        compare(editor.rail.frame, "upright")
        verify(editor.files.save())
        verify(files.read(editor.files.filePath).indexOf("frame: upright") > 0)
    }

    function test_switchTheFrameAndReadTheBank() {
        open(scratchCopy(testData.small, "frame-switch.yaml"))
        select("rail:r1")
        compare(editor.rail.frame, "minimal-twist") // r1 names no frame: as levels were before modes
        verify(editor.rail.setPointTilt !== undefined)
        editor.rail.selectPoint(1)
        verify(editor.rail.setPointTilt(12))
        waitForFrame(win.contentItem)
        const bank = findChild(win.inspector, "inspectorBank")
        verify(bank.visible && bank.text.indexOf("bank 12.0") === 0, bank.text) // a flat rail: bank = tilt
        // Switch with the mouse and the keyboard, as a designer does.
        const box = findChild(win.inspector, "inspectorFrame")
        mouseClick(box)
        tryVerify(() => box.popup.opened)
        keyClick(Qt.Key_Up)
        keyClick(Qt.Key_Return)
        tryVerify(() => editor.rail.frame === "upright")
        verify(editor.files.save())
        verify(files.read(editor.files.filePath).indexOf("frame: upright") > 0)
        editor.undo()
        compare(editor.rail.frame, "minimal-twist")
    }
}
