// The canvas tools describe themselves once (ToolCatalog): pressing each tool's key makes it the
// active tool, and the toolbar, the Tools menu, the F1 sheet, the status bar and the canvas cursor
// all show what its description says.
import QtQuick
import QtTest
import RailForge

EditorTestCase {
    name: "ToolRegistry"

    function test_everyToolIsRegisteredOnce() {
        const tools = ToolCatalog.tools
        const wanted = ["select", "waypoint", "connect",
                        "rail", "obstacle", "patrol",
                        "probe", "ruler"]
        compare(tools.length, wanted.length)
        for (const tool of wanted)
            compare(tools.filter(t => t.id === tool).length, 1, "tool " + tool + " once")
        const keys = tools.map(t => t.key)
        compare(new Set(keys).size, keys.length, "keys are distinct: " + keys)
        for (const t of tools) {
            verify(t.id !== "" && t.name !== "" && t.hint !== "", JSON.stringify(t))
            compare(t.key.length, 1, t.id + " has a one-key shortcut")
        }
    }

    function test_keyToolbarHintAndCursorFollowTheDescription() {
        open(testData.small)
        const status = findChild(win.contentItem, "statusMessage")
        editor.showStatus("") // "Opened …" would cover the hint for a few seconds
        for (const t of ToolCatalog.tools) {
            focusCanvas()
            keyClick(t.key.toLowerCase())
            compare(editor.tool, t.id, "key " + t.key + " picks " + t.id)
            const button = findChild(win.header, "tool" + t.key)
            verify(button !== null, "toolbar button for " + t.id)
            verify(button.checked, t.id + " is checked in the toolbar")
            compare(button.tip, t.name + " (" + t.key + ")")
            compare(canvas.toolHint, t.hint)
            tryCompare(status, "text", t.hint)
            compare(canvas.cursorShape, t.cursor, t.id + "'s cursor")
        }
        focusCanvas()
        keyClick("v")
        compare(editor.tool, "select")
        compare(canvas.cursorShape, Qt.ArrowCursor)
    }

    function test_menuAndShortcutSheetListEveryTool() {
        open(testData.small)
        const menu = findChild(win.menuBar, "toolsMenu")
        menu.open()
        waitForFrame(win.contentItem)
        const names = []
        for (let i = 0; i < menu.count; ++i)
            names.push(menu.itemAt(i).text.replace("&", ""))
        menu.close()
        compare(names, ToolCatalog.tools.map(t => t.name))
        // A click on a menu item picks its tool.
        menu.open()
        waitForFrame(win.contentItem)
        mouseClick(menu.itemAt(3))
        compare(editor.tool, ToolCatalog.tools[3].id)

        keyClick(Qt.Key_F1)
        tryVerify(() => win.shortcutsDialog.opened)
        for (const t of ToolCatalog.tools)
            verify(win.shortcutsDialog.rows.some(r => r[0] === t.key && r[1] === t.name), t.id + " in the F1 sheet")
        win.shortcutsDialog.close()
    }
}
