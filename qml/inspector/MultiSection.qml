// Inspector, several objects selected: what they share, edited on all at once (one undo step).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

GridLayout {
    id: section

    required property ObjectInspector inspector

    columns: 2
    columnSpacing: 12
    rowSpacing: 6

    FieldLabel { text: qsTr("selected") }
    Label { text: qsTr("%1 objects").arg(section.inspector.selectedCount); color: Theme.text }
    FieldLabel { text: qsTr("height (z)"); visible: section.inspector.canEditSharedHeight }
    NumberField {
        id: heightField
        objectName: "sharedHeight"
        visible: section.inspector.canEditSharedHeight
        placeholderText: qsTr("mixed")
        value: section.inspector.sharedHeight === "" ? NaN : Number(section.inspector.sharedHeight)
        // Several heights may differ: the field shows the shared one, or nothing ("mixed").
        shownText: () => section.inspector.sharedHeight
        accept: v => section.inspector.setSharedHeight(v) ? "" : section.inspector.lastError
        Connections {
            target: section.inspector
            function onChanged() { if (!heightField.activeFocus) heightField.show() }
        }
    }
    ProblemLine {
        objectName: "multiProblem"
        Layout.columnSpan: 2
        problem: heightField.problem
    }
}
