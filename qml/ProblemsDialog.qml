// Lists every problem of a file that could not be opened or saved (FILE:LINE:COLUMN: message).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

Dialog {
    id: dialog

    property string file: ""
    property var problems: []

    function showProblems(fileName, list) {
        file = fileName
        problems = list
        open()
    }

    title: qsTr("Cannot open %1").arg(file)
    modal: true
    standardButtons: Dialog.Ok
    width: 720
    height: Math.min(480, 140 + problems.length * 22)

    ColumnLayout {
        anchors.fill: parent
        spacing: 8

        Label {
            text: qsTr("%n problem(s) found. The current level is unchanged.", "", dialog.problems.length)
            color: Theme.text
        }
        ListView {
            id: problemList
            objectName: "problemList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: dialog.problems
            ScrollBar.vertical: ScrollBar {}
            delegate: Label {
                required property string modelData
                width: ListView.view.width
                text: modelData
                color: Theme.error
                font.family: "DejaVu Sans Mono"
                font.pixelSize: 12
                wrapMode: Text.WrapAnywhere
            }
        }
    }
}
