// Lists every problem of a file that could not be opened or saved (FILE:LINE:COLUMN: message).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Dialog {
    id: dialog

    property string file: ""
    // [{text, source, caret}]: each problem with the offending line and a caret under its column.
    property var problems: []

    // What the list is about (the dialog's title), and the line above the list.
    property string heading: ""
    property string summary: ""

    function showProblems(fileName, list) {
        file = fileName
        heading = qsTr("Cannot open %1").arg(fileName)
        summary = qsTr("%n problem(s) found. The current level is unchanged.", "", list.length)
        problems = list
        open()
    }
    function showList(title, line, list) {
        heading = title
        summary = line
        problems = list
        open()
    }
    // One message with no place in a file (a save, an export or an added file that failed).
    function showMessage(title, line, message) {
        showList(title, line, [{ text: message, source: "", caret: "" }])
    }

    title: heading
    modal: true
    standardButtons: Dialog.Ok
    width: 720
    height: Math.min(560, 150 + problems.length * 64)

    ColumnLayout {
        anchors.fill: parent
        spacing: 8

        Label {
            objectName: "problemSummary"
            text: dialog.summary
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
            spacing: 6
            // Like a compiler: the located message, then the line it points at, a caret under the column.
            delegate: Column {
                required property var modelData
                width: ListView.view.width
                Label {
                    objectName: "problemText"
                    width: parent.width
                    text: parent.modelData.text
                    color: Theme.error
                    font.family: "DejaVu Sans Mono"
                    font.pixelSize: 12
                    wrapMode: Text.WrapAtWordBoundaryOrAnywhere // paths with no spaces still break
                }
                Label {
                    objectName: "problemSource"
                    visible: text !== ""
                    text: parent.modelData.source
                    color: Theme.text
                    font.family: "DejaVu Sans Mono"
                    font.pixelSize: 12
                    leftPadding: 12
                    textFormat: Text.PlainText
                }
                Label {
                    objectName: "problemCaret"
                    visible: text !== ""
                    text: parent.modelData.caret
                    color: Theme.accent
                    font.family: "DejaVu Sans Mono"
                    font.pixelSize: 12
                    leftPadding: 12
                    textFormat: Text.PlainText
                }
            }
        }
    }
}
