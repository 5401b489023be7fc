// Inspector: typed custom properties (like Tiled's): edit a value in place, remove one, add one.
// With several objects selected, a property added here goes on all of them.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

ColumnLayout {
    id: section

    required property ObjectInspector inspector

    signal refused(string reason)
    signal accepted()

    function set(name, type, text) {
        if (section.inspector.setProperty(name, type, text)) {
            accepted()
            return true
        }
        refused(section.inspector.lastError)
        return false
    }

    spacing: 4

    Label {
        text: section.inspector.selectedCount > 1 ? qsTr("Custom properties (all %1 selected)").arg(section.inspector.selectedCount)
                                                 : qsTr("Custom properties")
        color: Theme.accent
        font.bold: true
    }
    Repeater {
        model: section.inspector.selectedCount === 1 ? section.inspector.properties : null
        delegate: RowLayout {
            id: propRow
            required property string name
            required property string type
            required property string value
            objectName: "prop_" + name
            Layout.fillWidth: true
            Label {
                objectName: "propName"
                text: propRow.name
                color: Theme.text
                elide: Text.ElideRight
                Layout.preferredWidth: 96
                ToolTip.visible: truncated && nameHover.hovered
                ToolTip.text: propRow.name
                HoverHandler { id: nameHover }
            }
            Label {
                text: propRow.type
                color: Theme.textDim
                font.pixelSize: 11
                Layout.preferredWidth: 36
            }
            TextField {
                id: valueField
                objectName: "propValue"
                selectByMouse: true
                Layout.fillWidth: true
                function show() { text = propRow.value }
                Component.onCompleted: show()
                Connections {
                    target: propRow
                    function onValueChanged() { valueField.show() }
                }
                onEditingFinished: {
                    if (text !== propRow.value)
                        section.set(propRow.name, propRow.type, text)
                    show()
                }
            }
            ToolButton {
                objectName: "propRemove"
                text: "✕"
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Remove %1").arg(propRow.name)
                onClicked: section.inspector.removeProperty(propRow.name)
            }
        }
    }
    RowLayout {
        Layout.fillWidth: true
        TextField {
            id: newName
            objectName: "newPropName"
            placeholderText: qsTr("name")
            selectByMouse: true
            Layout.preferredWidth: 96
        }
        ComboBox {
            id: newType
            objectName: "newPropType"
            model: ["string", "int", "float", "bool", "color"]
            Layout.preferredWidth: 84
        }
        TextField {
            id: newValue
            objectName: "newPropValue"
            placeholderText: qsTr("value")
            selectByMouse: true
            Layout.fillWidth: true
            onAccepted: addButton.clicked()
        }
        ToolButton {
            id: addButton
            objectName: "newPropAdd"
            text: "+"
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Add the property")
            onClicked: {
                if (section.set(newName.text, newType.currentText, newValue.text)) {
                    newName.text = ""
                    newValue.text = ""
                }
            }
        }
    }
}
