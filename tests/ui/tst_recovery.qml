// No stale recovery copy: undo back to the saved state, a clean quit or Discard removes it, so a copy
// found at start-up always means a crash.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Recovery"

    function test_undoToTheSavedStateRemovesTheRecoveryCopy() {
        open(scratchCopy(testData.small, "recovery-undo.yaml"))
        editor.recovery.autosaveInterval = 50
        keyClick(Qt.Key_W)
        clickWorld(3, 7)
        tryVerify(() => editor.recovery.candidates().length === 1, 3000)
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        verify(!editor.files.modified)
        compare(editor.recovery.candidates().length, 0)
        wait(150) // the timer finds nothing to write
        compare(editor.recovery.candidates().length, 0)
    }

    function test_cleanQuitLeavesNoRecoveryCopy() {
        open(scratchCopy(testData.small, "recovery-quit.yaml"))
        keyClick(Qt.Key_W)
        clickWorld(3, 7)
        verify(editor.recovery.autosaveNow())
        compare(editor.recovery.candidates().length, 1)
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        keyClick(Qt.Key_Z, Qt.ControlModifier, -1) // nothing more to undo: harmless
        editor.recovery.autosaveNow()
        keyClick(Qt.Key_Q, Qt.ControlModifier)
        verify(!win.unsavedDialog.opened, "nothing unsaved: no question")
        compare(editor.recovery.candidates().length, 0)
    }

    function test_discardOnQuitRemovesTheCopy() {
        open(scratchCopy(testData.small, "recovery-discard.yaml"))
        keyClick(Qt.Key_W)
        clickWorld(3, 7)
        verify(editor.recovery.autosaveNow())
        compare(editor.recovery.candidates().length, 1)
        keyClick(Qt.Key_Q, Qt.ControlModifier)
        tryVerify(() => win.unsavedDialog.opened)
        mouseClick(findChild(win.unsavedDialog.footer, "discardButton"))
        compare(editor.recovery.candidates().length, 0)
    }
}
