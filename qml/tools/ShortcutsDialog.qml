// Help > Keyboard shortcuts (F1): every action with its shortcut, read from the actions themselves
// so the sheet can never disagree with the menus.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Dialog {
    id: dialog

    required property EditorActions actions

    // [[shortcut, what]] of every action that has one, and the canvas gestures; only while the sheet is
    // open: every first edit renames the Undo action, and making the rows again behind a closed sheet
    // cost the first step of a drag on the big level 8 ms.
    readonly property var rows: {
        if (!dialog.visible)
            return []
        const a = actions
        const list = []
        for (const action of [a.newLevel, a.open, a.save, a.saveAs, a.exportLevel, a.importCsv, a.quit, a.undo, a.redo,
                              a.redoAlternative, a.copy, a.paste, a.duplicate, a.deleteSelection, a.selectAll, a.fit,
                              a.zoomIn, a.zoomOut, a.snap, a.snapToGround, a.nextSurface, a.navmesh, a.walkableGround,
                              a.profilePanel, a.view3D, a.shortcuts])
            list.push([String(action.shortcut), action.text.replace("&", "").replace(/ .*:.*$/, "")])
        for (const tool of a.toolList)
            list.push([tool.key, tool.name])
        list.push(["Enter / double-click", qsTr("Finish the rail, polygon or patrol in progress")])
        list.push(["Esc", qsTr("Cancel the tool in progress, else clear the selection")])
        list.push([qsTr("Wheel"), qsTr("Zoom at the cursor")])
        list.push([qsTr("Middle drag / Space+drag"), qsTr("Pan")])
        list.push([qsTr("Right-click a rail point"), qsTr("Delete it")])
        list.push([qsTr("Double-click a rail"), qsTr("Insert a point")])
        list.push([qsTr("Click a junction, click again"), qsTr("Select it, then turn its default way")])
        return list
    }

    title: qsTr("Keyboard shortcuts")
    modal: true
    width: 560
    height: 620
    standardButtons: Dialog.Close

    ListView {
        objectName: "shortcutList"
        anchors.fill: parent
        clip: true
        model: dialog.rows
        ScrollBar.vertical: ScrollBar {}
        delegate: RowLayout {
            required property var modelData
            width: ListView.view.width
            Label {
                text: parent.modelData[0]
                color: Theme.accent
                font.family: "DejaVu Sans Mono"
                Layout.preferredWidth: 200
            }
            Label {
                text: parent.modelData[1]
                color: Theme.text
                elide: Text.ElideRight
                Layout.fillWidth: true
            }
        }
    }
}
