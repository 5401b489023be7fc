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
        const out = testData.scratch + "/exported-level.export.yaml"
        files.remove(out)
        keyClick(Qt.Key_E, Qt.ControlModifier)
        tryVerify(() => win.exportDialog.opened)
        compare(findChild(win.exportDialog.contentItem, "exportPath").text, out)
        mouseClick(findChild(win.exportDialog.footer, "exportButton"))
        tryVerify(() => files.exists(out))
        verify(files.read(out).indexOf("format: railforge-export") === 0)
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
}
