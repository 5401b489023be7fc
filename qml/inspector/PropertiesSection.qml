// Inspector: typed custom properties (like Tiled's): edit a value in place, remove one, add one.
// With several objects selected, the properties they all have are listed ("mixed" where their values
// differ) and an edit, a removal or a new property goes on all of them. A refused value stays in its
// field, with the reason in the line under the list.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

ColumnLayout {
    id: section
    objectName: "propertiesSection"

    required property ObjectInspector inspector
    // The new property row's last refusal ("" when none).
    property string addProblem: ""
    // A row's last refusal ("" when none).
    property string rowProblem: ""

    // Sets a property on the selected objects; "" when done, else why not.
    function set(name, type, text) {
        return section.inspector.setProperty(name, type, text) ? "" : section.inspector.lastError
    }

    spacing: 4

    Connections {
        target: section.inspector
        function onChanged() { section.addProblem = "" }
    }

    Label {
        text: section.inspector.selectedCount > 1 ? qsTr("Custom properties (all %1 selected)").arg(section.inspector.selectedCount)
                                                 : qsTr("Custom properties")
        color: Theme.accent
        font.bold: true
    }
    Repeater {
        model: section.inspector.properties
        delegate: RowLayout {
            id: propRow
            required property string name
            required property string type
            required property string value
            required property bool mixed
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
            EditField {
                id: valueField
                objectName: "propValue"
                placeholderText: propRow.mixed ? qsTr("mixed") : ""
                Layout.fillWidth: true
                shownText: () => propRow.value
                submit: typed => typed === propRow.value ? "" : section.set(propRow.name, propRow.type, typed)
                onProblemChanged: section.rowProblem = problem
                Component.onCompleted: show()
                Connections {
                    target: propRow
                    function onValueChanged() { if (!valueField.activeFocus) valueField.show() }
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
                section.addProblem = section.set(newName.text, newType.currentText, newValue.text)
                if (section.addProblem === "") {
                    newName.text = ""
                    newValue.text = ""
                }
            }
        }
    }
    ProblemLine {
        objectName: "propertiesProblem"
        problem: section.addProblem !== "" ? section.addProblem : section.rowProblem
    }
}
