// The dialogs around files: Export uses the path it shows and says where it wrote; a bad file shows
// the offending line with a caret under the column; Open preselects the current file.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "FileDialogs"

    function test_exportUsesTheShownDefaultAndSaysWhere() {
        const path = scratchCopy(testData.small, "exported-level.yaml")
        open(path)
        const out = testData.scratch + "/exported-level.export.json" // JSON: never among the *.yaml levels
        files.remove(out)
        keyClick(Qt.Key_E, Qt.ControlModifier)
        tryVerify(() => win.exportDialog.opened)
        compare(findChild(win.exportDialog.contentItem, "exportPath").text, out)
        mouseClick(findChild(win.exportDialog.footer, "exportButton"))
        tryVerify(() => files.exists(out))
        compare(JSON.parse(files.read(out)).format, "railforge-export")
        const status = findChild(win.footer, "statusMessage")
        verify(status.text.indexOf(out) >= 0, status.text)
    }

    function test_syntaxErrorShowsTheLineWithACaret() {
        const path = testData.scratch + "/syntax.yaml"
        verify(files.write(path, "railforge: 1\nlevel: {name: X, units: m}\nwaypoints:\n  - {id: a, position: [0, 0, 0]}\n - bad\n"))
        open(path, true)
        tryVerify(() => win.problemsDialog.opened)
        const source = findChild(win.problemsDialog.contentItem, "problemSource")
        const caret = findChild(win.problemsDialog.contentItem, "problemCaret")
        const text = findChild(win.problemsDialog.contentItem, "problemText")
        verify(text.text.indexOf(path + ":5:") === 0, text.text)
        compare(source.text, " - bad")
        const column = Number(text.text.split(":")[2])
        compare(caret.text, " ".repeat(column - 1) + "^")
        win.problemsDialog.close()
    }

    function test_openDialogSelectsTheCurrentFile() {
        const path = scratchCopy(testData.small, "preselected.yaml")
        open(path)
        keyClick(Qt.Key_O, Qt.ControlModifier)
        tryVerify(() => win.openDialog.visible)
        compare(String(win.openDialog.selectedFile), "file://" + path)
        win.openDialog.close()
    }

    // A new level built on a reference mesh: Save As opens beside the mesh, not in the home folder.
    function test_saveAsANewLevelBesideItsReferences() {
        const folder = testData.scratch + "/new-beside-mesh"
        verify(files.copy(testData.mine.replace(/mine\.yaml$/, "terrain.obj"), folder + "/terrain.obj"))
        open(testData.small)
        keyClick(Qt.Key_N, Qt.ControlModifier)
        tryVerify(() => editor.files.filePath === "")
        // A new level's project is the working folder's; the scratch folder is outside it.
        editor.access.allowOutsideProject = true
        const menu = findChild(win.menuBar, "levelMenu")
        menu.open()
        waitForFrame(win.contentItem)
        mouseClick(findChild(menu.contentItem, "addReferenceMeshItem"))
        tryVerify(() => win.referenceDialog.visible)
        // The file chosen in the dialog (its file list is Qt's own, not RailForge's).
        win.referenceDialog.selectedFile = "file://" + folder + "/terrain.obj"
        win.referenceDialog.close()
        win.referenceDialog.accepted()
        compare(editor.references.count, 1, editor.references.lastError())
        keyClick(Qt.Key_S, Qt.ControlModifier | Qt.ShiftModifier)
        tryVerify(() => win.saveDialog.opened)
        compare(win.saveDialog.folder, folder)
        compare(findChild(win.saveDialog.contentItem, "saveFileName").text, "untitled.yaml")
        win.saveDialog.close()
        editor.ground.waitForGround()
        editor.access.allowOutsideProject = false
    }

    // Save As proposes a new name beside the level, never an existing file; its button says Save;
    // clicking an existing file and Save asks before replacing it.
    function test_saveAsProposesANewNameAndAsksBeforeReplacing() {
        const path = scratchCopy(testData.small, "save-as-here.yaml")
        const other = scratchCopy(testData.small, "existing.yaml")
        files.remove(testData.scratch + "/untitled.yaml")
        verify(files.write(testData.scratch + "/untitled.yaml", "railforge: 1\n"))
        open(path)
        keyClick(Qt.Key_S, Qt.ControlModifier | Qt.ShiftModifier)
        tryVerify(() => win.saveDialog.opened)
        const name = findChild(win.saveDialog.contentItem, "saveFileName")
        compare(name.text, "untitled-2.yaml") // untitled.yaml is taken
        compare(win.saveDialog.folder, testData.scratch)
        const save = findChild(win.saveDialog.footer, "saveLevelButton")
        compare(save.text, "Save")
        // The designer picks existing.yaml in the list: Save asks, Replace writes.
        const list = findChild(win.saveDialog.contentItem, "saveFolderList")
        let entry = null
        tryVerify(() => {
            const items = list.contentItem.children
            for (let i = 0; i < items.length; ++i)
                if (items[i].fileName === "existing.yaml") entry = items[i]
            return entry !== null
        }, 3000)
        // Scrolled into view first: the scratch folder holds other tests' files and folders too.
        list.contentY = Math.max(list.originY, Math.min(entry.y - list.height / 2, list.originY + list.contentHeight - list.height))
        waitForFrame(list)
        mouseClick(entry)
        compare(name.text, "existing.yaml")
        mouseClick(save)
        const replace = win.saveDialog.replaceDialog
        tryVerify(() => replace.opened)
        compare(editor.files.filePath, path) // nothing written yet
        mouseClick(findChild(replace.footer, "replaceButton"))
        tryVerify(() => editor.files.filePath === other)
        verify(!win.saveDialog.opened)
        // A folder that does not exist is said at the name, and nothing is written.
        keyClick(Qt.Key_S, Qt.ControlModifier | Qt.ShiftModifier)
        tryVerify(() => win.saveDialog.opened)
        name.selectAll()
        for (const ch of "/nowhere/at/all.yaml") keyClick(ch)
        keyClick(Qt.Key_Return)
        verify(win.saveDialog.opened)
        verify(findChild(win.saveDialog.contentItem, "saveProblem").text.indexOf("does not exist") >= 0)
        keyClick(Qt.Key_Escape)
        tryVerify(() => !win.saveDialog.opened)
        compare(editor.files.filePath, other)
    }

    // An export opened as a level is named for what it is, in one line, not refused key by key.
    function test_anExportOpenedAsALevelSaysWhatItIs() {
        const path = scratchCopy(testData.small, "to-export.yaml")
        open(path)
        const out = testData.scratch + "/to-export.export.yaml"
        files.remove(out)
        verify(editor.transfer.exportTo(out, 0.5))
        verify(!editor.files.openFile(out))
        tryVerify(() => win.problemsDialog.opened)
        compare(win.problemsDialog.problems.length, 1)
        const text = findChild(win.problemsDialog.contentItem, "problemText").text
        verify(text.indexOf("engine export (version 2), not a level") >= 0, text)
        compare(editor.files.filePath, path) // the level stays open
        win.problemsDialog.close()
    }

    // A teammate committed mine.yaml and out.json as links to files outside the project (a shell rc):
    // Save As and Export name the link and where it leads before writing, Cancel writes nothing, and
    // confirming replaces the link with the file: the file it pointed to is never written.
    function test_linksLeadingOutOfTheProjectAskFirst() {
        const project = testData.scratch + "/linked-project"
        verify(files.mkpath(project + "/.git"))
        verify(files.mkpath(testData.scratch + "/elsewhere"))
        const rc = testData.scratch + "/elsewhere/rc.txt"
        verify(files.write(rc, "echo hello\n"))
        const path = scratchCopy(testData.small, "linked-project/level.yaml")
        verify(files.symlink(rc, project + "/mine.yaml"))
        verify(files.symlink(rc, project + "/out.json"))
        open(path)

        keyClick(Qt.Key_S, Qt.ControlModifier | Qt.ShiftModifier)
        tryVerify(() => win.saveDialog.opened)
        const name = findChild(win.saveDialog.contentItem, "saveFileName")
        name.selectAll()
        for (const ch of "mine.yaml") keyClick(ch)
        keyClick(Qt.Key_Return)
        const ask = win.saveDialog.linkDialog
        tryVerify(() => ask.opened)
        verify(ask.reason.indexOf("mine.yaml is a link to " + rc + ", outside the project " + project) >= 0, ask.reason)
        mouseClick(findChild(ask.footer, "keepLinkButton"))
        tryVerify(() => !ask.opened)
        compare(files.read(rc), "echo hello\n")
        compare(editor.files.filePath, path)
        keyClick(Qt.Key_Return) // Save again, and this time replace the link
        tryVerify(() => ask.opened)
        mouseClick(findChild(ask.footer, "replaceLinkButton"))
        tryVerify(() => editor.files.filePath === project + "/mine.yaml")
        compare(files.read(rc), "echo hello\n")
        verify(files.read(project + "/mine.yaml").indexOf("railforge: 1") >= 0)

        keyClick(Qt.Key_E, Qt.ControlModifier)
        tryVerify(() => win.exportDialog.opened)
        const field = findChild(win.exportDialog.contentItem, "exportPath")
        mouseClick(field)
        field.selectAll()
        for (const ch of project + "/out.json") keyClick(ch)
        mouseClick(findChild(win.exportDialog.footer, "exportButton"))
        const askExport = win.exportDialog.linkDialog
        tryVerify(() => askExport.opened)
        verify(askExport.reason.indexOf("out.json is a link to " + rc) >= 0, askExport.reason)
        mouseClick(findChild(askExport.footer, "replaceLinkButton"))
        tryVerify(() => files.read(project + "/out.json").indexOf("railforge-export") >= 0)
        compare(files.read(rc), "echo hello\n")
    }
}
