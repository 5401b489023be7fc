// Inspector, several objects selected: what they share, edited on all at once (one undo step).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

GridLayout {
    id: section

    required property ObjectInspector inspector

    signal refused(string reason)

    columns: 2
    columnSpacing: 12
    rowSpacing: 6

    FieldLabel { text: qsTr("selected") }
    Label { text: qsTr("%1 objects").arg(section.inspector.selectedCount); color: Theme.text }
    FieldLabel { text: qsTr("height (z)"); visible: section.inspector.canEditSharedHeight }
    TextField {
        id: heightField
        objectName: "sharedHeight"
        visible: section.inspector.canEditSharedHeight
        placeholderText: qsTr("mixed")
        selectByMouse: true
        horizontalAlignment: Text.AlignRight
        Layout.fillWidth: true
        function show() { text = section.inspector.sharedHeight }
        Component.onCompleted: show()
        Connections {
            target: section.inspector
            function onChanged() { heightField.show() }
        }
        onEditingFinished: {
            const v = Number(text.trim())
            if (text.trim() !== "" && text !== section.inspector.sharedHeight && isFinite(v)
                    && !section.inspector.setSharedHeight(v))
                section.refused(section.inspector.lastError)
            show()
        }
    }
}
