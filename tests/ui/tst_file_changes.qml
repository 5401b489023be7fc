// The open file changed on disk by someone else (a teammate's save arriving with git pull, another
// editor): a clean level reloads quietly and says so; a modified one asks, and Save never replaces
// content the designer has not seen.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "FileChanges"

    // The teammate's version: small.yaml with one more waypoint.
    function theirs(path) {
        return files.read(path).replace("  - {id: c, position: [10, 10, 0]}\n",
                                        "  - {id: c, position: [10, 10, 0]}\n  - {id: theirs, position: [20, 20, 0]}\n")
    }
    function addWaypointByMouse(x, y) {
        focusCanvas()
        keyClick(Qt.Key_W)
        wait(300) // two clicks in a row would be a double click
        clickWorld(x, y)
        keyClick(Qt.Key_V)
    }

    function test_aCleanLevelReloadsQuietlyWhenReplacedOnDisk() {
        const path = scratchCopy(testData.small, "pulled-clean.yaml")
        open(path)
        compare(editor.waypointCount, 3)
        verify(files.replace(path, theirs(path)))
        tryVerify(() => editor.waypointCount === 4, 3000)
        verify(editor.objectInfo("waypoint:theirs") !== undefined)
        verify(editor.statusMessage.indexOf("Reloaded") >= 0, editor.statusMessage)
        verify(!editor.files.modified)
        verify(!win.fileChangedDialog.opened)
        // Watched again after the rename: a second change is seen too.
        verify(files.replace(path, files.read(path).replace("id: theirs", "id: theirs2")))
        tryVerify(() => editor.objectInfo("waypoint:theirs2") !== undefined, 3000)
    }

    function test_aModifiedLevelAsksAndReloadDropsMine() {
        const path = scratchCopy(testData.small, "pulled-reload.yaml")
        open(path)
        addWaypointByMouse(3, 7)
        compare(editor.waypointCount, 4)
        verify(files.replace(path, theirs(path)))
        tryVerify(() => win.fileChangedDialog.opened, 3000)
        compare(editor.waypointCount, 4) // nothing changed behind the designer's back
        mouseClick(findChild(win.fileChangedDialog.footer, "reloadButton"))
        tryVerify(() => !win.fileChangedDialog.opened)
        compare(editor.waypointCount, 4)
        verify(editor.objectInfo("waypoint:theirs") !== undefined)
        verify(!editor.files.modified)
    }

    function test_keepMineThenSaveReplacesTheirs() {
        const path = scratchCopy(testData.small, "pulled-keep.yaml")
        open(path)
        addWaypointByMouse(3, 7)
        verify(files.replace(path, theirs(path)))
        tryVerify(() => win.fileChangedDialog.opened, 3000)
        mouseClick(findChild(win.fileChangedDialog.footer, "keepMineButton"))
        tryVerify(() => !win.fileChangedDialog.opened)
        compare(editor.waypointCount, 4)
        keyClick(Qt.Key_S, Qt.ControlModifier)
        verify(!win.fileChangedDialog.opened)
        tryVerify(() => !editor.files.modified)
        const text = files.read(path)
        verify(text.indexOf("id: theirs") < 0, "my version replaced theirs")
        verify(text.indexOf("position: [3, 7, 0]") >= 0, text)
        // Asked once per change: the same content on disk does not ask again.
        editor.files.checkDisk()
        verify(!win.fileChangedDialog.opened)
    }

    // Save before the watch noticed (or with the watch asleep): Save itself looks and asks.
    function test_saveNeverOverwritesWhatItHasNotSeen() {
        const path = scratchCopy(testData.small, "pulled-save.yaml")
        open(path)
        addWaypointByMouse(3, 7)
        const mine = editor.waypointCount
        verify(files.replace(path, theirs(path)))
        const onDisk = files.read(path)
        keyClick(Qt.Key_S, Qt.ControlModifier) // at once: the watch waits for the change to settle
        tryVerify(() => win.fileChangedDialog.opened, 3000)
        verify(win.fileChangedDialog.saving)
        compare(files.read(path), onDisk)
        verify(editor.files.modified)
        // Save mine as a new file keeps both.
        const mineAs = testData.scratch + "/mine.yaml"
        files.remove(mineAs)
        mouseClick(findChild(win.fileChangedDialog.footer, "saveMineAsButton"))
        tryVerify(() => win.saveDialog.visible)
        keyClick(Qt.Key_Escape)
        tryVerify(() => !win.saveDialog.visible)
        verify(editor.files.saveAs(mineAs))
        compare(files.read(path), onDisk)
        compare(editor.files.filePath, mineAs)
        compare(editor.waypointCount, mine)
    }

    function test_overwriteTheirsWhenSaving() {
        const path = scratchCopy(testData.small, "pulled-overwrite.yaml")
        open(path)
        addWaypointByMouse(3, 7)
        verify(files.replace(path, theirs(path)))
        keyClick(Qt.Key_S, Qt.ControlModifier)
        tryVerify(() => win.fileChangedDialog.opened, 3000)
        mouseClick(findChild(win.fileChangedDialog.footer, "keepMineButton"))
        tryVerify(() => !editor.files.modified)
        verify(files.read(path).indexOf("id: theirs") < 0)
        verify(files.read(path).indexOf("position: [3, 7, 0]") >= 0)
    }

    // A rail drawn in the editor is saved one control point a line; dragging one of its points then
    // changes that one line of the file (#38: files a reviewer can read).
    function test_drawnRailIsSavedOnePointALine() {
        const path = scratchCopy(testData.small, "one-point-a-line.yaml")
        open(path)
        editor.snapEnabled = true
        keyClick(Qt.Key_R)
        clickWorld(-5, -1)
        clickWorld(-3, -3)
        clickWorld(-1, -1)
        keyClick(Qt.Key_Return)
        const key = editor.selection.keys[0]
        compare(editor.objectInfo(key).points, 3)
        keyClick(Qt.Key_S, Qt.ControlModifier)
        tryVerify(() => !editor.files.modified)
        const first = files.read(path).split("\n")
        for (const p of ["[-5, -1, 0]", "[-3, -3, 0]", "[-1, -1, 0]"])
            verify(first.indexOf("      - " + p) >= 0, p + " on its own line:\n" + first.join("\n"))
        keyClick(Qt.Key_V)
        const a = at(-3, -3), b = at(-3, -4)
        mousePress(canvas, a.x, a.y)
        mouseMove(canvas, a.x, (a.y + b.y) / 2, -1, Qt.LeftButton)
        mouseMove(canvas, b.x, b.y, -1, Qt.LeftButton)
        mouseRelease(canvas, b.x, b.y)
        keyClick(Qt.Key_S, Qt.ControlModifier)
        tryVerify(() => !editor.files.modified)
        const second = files.read(path).split("\n")
        compare(second.length, first.length)
        compare(second.filter((line, i) => line !== first[i]), ["      - [-3, -4, 0]"])
    }
}
