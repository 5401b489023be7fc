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
        tryVerify(() => editor.recovery.ownCopy() !== "", 3000)
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        verify(!editor.files.modified)
        compare(editor.recovery.ownCopy(), "")
        wait(150) // the timer finds nothing to write
        compare(editor.recovery.ownCopy(), "")
    }

    function test_cleanQuitLeavesNoRecoveryCopy() {
        open(scratchCopy(testData.small, "recovery-quit.yaml"))
        keyClick(Qt.Key_W)
        clickWorld(3, 7)
        verify(editor.recovery.autosaveNow())
        verify(editor.recovery.ownCopy() !== "")
        keyClick(Qt.Key_Z, Qt.ControlModifier)
        keyClick(Qt.Key_Z, Qt.ControlModifier, -1) // nothing more to undo: harmless
        editor.recovery.autosaveNow()
        keyClick(Qt.Key_Q, Qt.ControlModifier)
        verify(!win.unsavedDialog.opened, "nothing unsaved: no question")
        compare(editor.recovery.ownCopy(), "")
    }

    function test_discardOnQuitRemovesTheCopy() {
        open(scratchCopy(testData.small, "recovery-discard.yaml"))
        keyClick(Qt.Key_W)
        clickWorld(3, 7)
        verify(editor.recovery.autosaveNow())
        verify(editor.recovery.ownCopy() !== "")
        keyClick(Qt.Key_Q, Qt.ControlModifier)
        tryVerify(() => win.unsavedDialog.opened)
        mouseClick(findChild(win.unsavedDialog.footer, "discardButton"))
        compare(editor.recovery.ownCopy(), "")
    }

    // Autosave cannot write its copy (here the recovery folder's place is taken by a file): the
    // designer is told once, in a dialog naming the folder, and the work stays open.
    function test_anAutosaveThatFailsIsSaid() {
        open(scratchCopy(testData.small, "recovery-fails.yaml"))
        keyClick(Qt.Key_W)
        clickWorld(3, 7)
        const folder = editor.recovery.folder
        const away = folder + ".away"
        files.remove(away)
        verify(!files.exists(folder) || files.rename(folder, away))
        verify(files.write(folder, "not a folder"))
        verify(!editor.recovery.autosaveNow())
        tryVerify(() => win.problemsDialog.opened)
        verify(win.problemsDialog.title.indexOf("Autosave") >= 0, win.problemsDialog.title)
        const shown = JSON.stringify(win.problemsDialog.problems)
        verify(shown.indexOf(folder) >= 0, shown)
        keyClick(Qt.Key_Escape)
        tryVerify(() => !win.problemsDialog.opened)
        verify(!editor.recovery.autosaveNow())
        wait(50)
        verify(!win.problemsDialog.opened, "said once, not every minute")
        verify(editor.files.modified)
        compare(editor.waypointCount, 4)
        verify(files.remove(folder))
        if (files.exists(away))
            verify(files.rename(away, folder))
        verify(editor.recovery.autosaveNow())
    }
}
