// File > Export for engine: where to write and the sample spacing.
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts

Dialog {
    id: dialog

    property alias path: pathField.text
    property alias spacingText: spacingField.text

    signal exportRequested(string path, real spacing)

    title: qsTr("Export for engine")
    modal: true
    width: 560
    standardButtons: Dialog.Cancel

    GridLayout {
        width: parent.width
        columns: 3
        Label { text: qsTr("File") }
        TextField {
            id: pathField
            objectName: "exportPath"
            placeholderText: qsTr("level.export.yaml")
            selectByMouse: true
            Layout.fillWidth: true
        }
        Button {
            text: qsTr("Browse…")
            onClicked: browse.open()
        }
        Label { text: qsTr("Sample spacing") }
        TextField {
            id: spacingField
            objectName: "exportSpacing"
            text: "0.5"
            validator: DoubleValidator { bottom: 0.0001; notation: DoubleValidator.StandardNotation }
            selectByMouse: true
            Layout.fillWidth: true
        }
        Label { text: qsTr("m") }
    }

    footer: DialogButtonBox {
        standardButtons: DialogButtonBox.Cancel
        Button {
            objectName: "exportButton"
            text: qsTr("Export")
            enabled: pathField.text !== "" && spacingField.acceptableInput
            DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            onClicked: {
                dialog.close()
                dialog.exportRequested(pathField.text, parseFloat(spacingField.text))
            }
        }
        onRejected: dialog.close()
    }

    FileDialog {
        id: browse
        fileMode: FileDialog.SaveFile
        nameFilters: [qsTr("YAML (*.yaml *.yml)")]
        onAccepted: pathField.text = selectedFile.toString().replace("file://", "")
    }
}
