// The Conflicts panel: shown while a level opened with a merge left unresolved in it (git's
// markers, from railforge-cli merge or git's own line merge) has conflicts left. Each row is one
// object in two versions: ours (solid, green on the plan) is the level as it stands, theirs (dashed,
// pink) the other branch's. "Ours" keeps the level's, "Theirs" puts theirs' in (one undo step); a
// click on the row selects the object. Save writes a clean level once none is left
// (docs/ui.md "Conflicts").
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Rectangle {
    id: panel

    required property EditorController editor
    readonly property ConflictList conflicts: editor.files.conflicts

    color: Theme.panel

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        PanelHeader {
            Layout.fillWidth: true
            text: qsTr("Merge conflicts: %1 left").arg(panel.conflicts.count)

            RowLayout {
                anchors.right: parent.right
                anchors.rightMargin: 8
                anchors.verticalCenter: parent.verticalCenter
                spacing: 6
                Label { text: "\u2501 " + qsTr("ours"); color: Theme.conflictOurs }
                Label { text: "\u2504 " + qsTr("theirs"); color: Theme.conflictTheirs }
                Button {
                    objectName: "takeAllOurs"
                    text: qsTr("All ours")
                    flat: true
                    onClicked: panel.conflicts.takeAll(false)
                }
                Button {
                    objectName: "takeAllTheirs"
                    text: qsTr("All theirs")
                    flat: true
                    onClicked: panel.conflicts.takeAll(true)
                }
            }
        }

        ListView {
            id: list
            objectName: "conflictList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: panel.conflicts.items
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}

            delegate: ItemDelegate {
                id: row
                required property int index
                required property var modelData
                objectName: "conflict_" + index
                width: ListView.view.width
                onClicked: {
                    const kind = row.modelData.kind
                    if (kind !== "level" && kind !== "junction" && kind !== "reference")
                        panel.editor.selection.selectKey(kind + ":" + row.modelData.id, false)
                }
                ToolTip.visible: hovered && summary.truncated
                ToolTip.text: row.modelData.summary
                ToolTip.delay: 500
                contentItem: RowLayout {
                    spacing: 8
                    Label {
                        text: "\u21c4"
                        color: Theme.warning
                    }
                    Label {
                        id: summary
                        text: row.modelData.summary
                        color: Theme.text
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                    Button {
                        objectName: "takeOurs_" + row.index
                        text: qsTr("Ours")
                        palette.buttonText: Theme.conflictOurs
                        onClicked: panel.conflicts.takeOurs(row.index)
                    }
                    Button {
                        objectName: "takeTheirs_" + row.index
                        text: qsTr("Theirs")
                        palette.buttonText: Theme.conflictTheirs
                        onClicked: panel.conflicts.takeTheirs(row.index)
                    }
                }
            }
        }
    }
}
