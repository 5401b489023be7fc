// The Problems panel (View > Problems, Ctrl+Shift+M, or the count in the status bar): every error and
// warning the loader and `railforge-cli validate` would give for the level as it is now, updated as
// the level is edited. A click selects the object (a rail's point when the problem is about one) and
// centres the plan on its spot; the plan marks every spot while the panel is open.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Rectangle {
    id: panel

    required property EditorController editor
    required property LevelView canvas

    color: Theme.panel

    // "1 error", "3 errors".
    function counted(n, one, many) { return n + " " + (n === 1 ? one : many) }

    // Selects what row `row` is about and brings its spot into view.
    function show(row) {
        const p = panel.editor.problems.at(row)
        if (p.target === undefined) return
        list.currentIndex = row
        if (p.target !== "") {
            if (p.point >= 0)
                panel.editor.selection.selectRailPoint(p.target, p.point)
            else
                panel.editor.selection.selectKey(p.target, false)
        }
        if (p.spot !== undefined)
            panel.canvas.center = p.spot
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        PanelHeader {
            Layout.fillWidth: true
            text: panel.editor.problems.count === 0
                  ? qsTr("Problems: none")
                  : qsTr("Problems: %1, %2").arg(panel.counted(panel.editor.problems.errorCount, qsTr("error"), qsTr("errors")))
                                            .arg(panel.counted(panel.editor.problems.warningCount, qsTr("warning"), qsTr("warnings")))
        }

        ListView {
            id: list
            objectName: "problemList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: panel.editor.problems
            currentIndex: -1
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}

            delegate: ItemDelegate {
                id: row
                required property int index
                required property string severity
                required property string message
                required property string subject
                required property string place
                objectName: "problem_" + index
                width: ListView.view.width
                highlighted: ListView.isCurrentItem
                onClicked: panel.show(index)
                ToolTip.visible: hovered && messageLabel.truncated
                ToolTip.text: message
                ToolTip.delay: 500
                contentItem: RowLayout {
                    spacing: 8
                    Label {
                        text: row.severity === "error" ? "\u2716" : "\u26a0"
                        color: row.severity === "error" ? Theme.error : Theme.warning
                        Layout.preferredWidth: 14
                    }
                    Label {
                        text: row.subject + (row.place !== "" ? " (" + row.place + ")" : "")
                        color: Theme.textDim
                        elide: Text.ElideRight
                        Layout.preferredWidth: Math.min(implicitWidth, row.width * 0.3)
                    }
                    Label {
                        id: messageLabel
                        text: row.message
                        color: Theme.text
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                }
            }

            Label {
                anchors.centerIn: parent
                visible: list.count === 0
                text: qsTr("No problems: the level loads, and validate has nothing to say")
                color: Theme.textDim
            }
        }
    }
}
