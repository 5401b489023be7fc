// File > Import CSV path: a recorded path (x,y or x,y,z lines) becomes a rail, or a patrol over new
// waypoints, optionally run through a strategy first (e.g. to thin out a dense recording).
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import RailForge

Dialog {
    id: dialog

    property var strategies: []
    property alias path: pathField.text

    signal importRequested(string path, bool asPatrol, string strategy)

    title: qsTr("Import CSV path")
    modal: true
    width: 560

    GridLayout {
        width: parent.width
        columns: 3
        Label { text: qsTr("File") }
        TextField {
            id: pathField
            objectName: "importPath"
            placeholderText: qsTr("path.csv")
            selectByMouse: true
            Layout.fillWidth: true
        }
        Button {
            text: qsTr("Browse…")
            onClicked: browse.open()
        }
        Label { text: qsTr("As") }
        RowLayout {
            Layout.columnSpan: 2
            RadioButton { id: asRail; objectName: "importAsRail"; text: qsTr("rail"); checked: true }
            RadioButton { id: asPatrol; objectName: "importAsPatrol"; text: qsTr("patrol") }
        }
        Label { text: qsTr("First apply") }
        ComboBox {
            id: strategyBox
            objectName: "importStrategy"
            Layout.columnSpan: 2
            Layout.fillWidth: true
            model: [{ id: "", name: qsTr("nothing") }].concat(dialog.strategies)
            textRole: "name"
            valueRole: "id"
        }
    }

    footer: DialogButtonBox {
        standardButtons: DialogButtonBox.Cancel
        Button {
            objectName: "importButton"
            text: qsTr("Import")
            enabled: pathField.text !== ""
            DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            onClicked: {
                dialog.close()
                dialog.importRequested(pathField.text, asPatrol.checked, strategyBox.currentValue)
            }
        }
        onRejected: dialog.close()
    }

    FileDialog {
        id: browse
        nameFilters: [qsTr("CSV (*.csv *.txt)"), qsTr("All files (*)")]
        onAccepted: pathField.text = selectedFile.toString().replace("file://", "")
    }
}
