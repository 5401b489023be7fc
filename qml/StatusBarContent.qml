// The status bar: cursor position in world units, what is under the cursor, saved state.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

ToolBar {
    id: status

    required property EditorController editor
    required property LevelView canvas

    implicitHeight: 26

    RowLayout {
        anchors.fill: parent
        anchors.leftMargin: 10
        anchors.rightMargin: 10
        spacing: 18

        Label {
            objectName: "cursorLabel"
            text: status.canvas.cursorInside
                  ? qsTr("x %1  y %2").arg(status.canvas.cursorWorld.x.toFixed(2)).arg(status.canvas.cursorWorld.y.toFixed(2))
                  : qsTr("x –  y –")
            color: Theme.text
            font.family: "DejaVu Sans Mono"
            Layout.preferredWidth: 190
        }
        Label {
            text: status.canvas.hoveredId !== "" ? qsTr("waypoint %1").arg(status.canvas.hoveredId) : ""
            color: Theme.textDim
        }
        Item {
            Layout.fillWidth: true
        }
        Label {
            objectName: "savedLabel"
            text: status.editor.modified ? qsTr("modified") : (status.editor.filePath === "" ? qsTr("not saved") : qsTr("saved"))
            color: status.editor.modified ? Theme.warning : Theme.textDim
        }
    }
}
