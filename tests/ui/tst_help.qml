// Help: F1 opens the shortcut sheet, and the Help menu has About.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "Help"

    function test_f1OpensTheShortcutSheet() {
        open(testData.small)
        keyClick(Qt.Key_F1)
        tryVerify(() => win.shortcutsDialog.opened)
        const list = findChild(win.shortcutsDialog.contentItem, "shortcutList")
        verify(list.count >= 25, "every action and gesture: " + list.count)
        const rows = win.shortcutsDialog.rows
        verify(rows.some(r => r[0] === "Ctrl+S"))
        verify(rows.some(r => r[0] === "U"), "the ruler is listed")
        win.shortcutsDialog.close()
    }

    function test_helpMenuHasAbout() {
        open(testData.small)
        const menu = findChild(win.menuBar, "helpMenu")
        menu.open()
        waitForFrame(win.contentItem)
        let about = null
        for (let i = 0; i < menu.count; ++i)
            if (menu.itemAt(i).text.indexOf("About") >= 0) about = menu.itemAt(i)
        verify(about !== null)
        mouseClick(about)
        tryVerify(() => win.aboutDialog.opened)
        win.aboutDialog.close()
    }
}
