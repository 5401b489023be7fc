// Inspector, a rail's track: what the engine is shown of it (railforge-cli export-mesh, File > Export
// meshes): its section and size, a tie every so far, and supports every so far down to the ground,
// none where the track is closer to the ground than the skip height. Lengths in level units; 0 ties
// or supports means none. Folded to one line until opened (its header says the style), so the active
// point's fields below stay in sight.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

GridLayout {
    id: section
    objectName: "trackSection"

    required property TrackInspector inspector
    required property int decimals

    function outcome(ok) { return ok ? "" : section.inspector.lastError }
    // What the combo box's refusal said ("" when none).
    property string sectionProblem: ""
    // Whether the fields are shown (the header opens and folds them).
    property bool expanded: false
    // The style in a few words, for the folded header.
    readonly property string summary: {
        const i = section.inspector
        // Three decimals at least: a gauge of 1.435 is not one of 1.4.
        let text = i.section + " " + Number(i.size).toFixed(Math.max(3, section.decimals)).replace(/\.?0+$/, "")
        text += i.tiesEvery > 0 ? qsTr(", ties") : ""
        text += i.supportsEvery > 0 ? qsTr(", supports") : ""
        return text
    }

    columns: 2
    columnSpacing: 12
    rowSpacing: 6

    ToolButton {
        objectName: "trackHeader"
        text: (section.expanded ? "▾ " : "▸ ") + qsTr("Track") + (section.expanded ? "" : "  —  " + section.summary)
        font.bold: true
        flat: true
        leftPadding: 0
        Layout.columnSpan: 2
        Layout.topMargin: 6
        ToolTip.visible: hovered
        ToolTip.text: qsTr("what the engine is shown of the rail (File > Export meshes): click to edit")
        onClicked: section.expanded = !section.expanded
    }
    FieldLabel { text: qsTr("section"); visible: section.expanded }
    ComboBox {
        visible: section.expanded
        objectName: "trackSectionBox"
        // A custom outline is typed in the level: shown, and replaced only by picking a built-in.
        model: section.inspector.section === "custom" ? ["rails", "tube", "ribbon", "cable", "custom"]
                                                      : ["rails", "tube", "ribbon", "cable"]
        currentIndex: Math.max(0, model.indexOf(section.inspector.section))
        Layout.fillWidth: true
        ToolTip.visible: hovered
        ToolTip.text: qsTr("the cross-section swept along the rail: two running rails, a tube, a flat catwalk or a cable")
        onActivated: {
            if (currentText !== "custom")
                section.sectionProblem = section.outcome(section.inspector.setSection(currentText))
            currentIndex = Qt.binding(() => Math.max(0, model.indexOf(section.inspector.section)))
        }
    }
    FieldLabel { text: qsTr("size"); visible: section.expanded }
    NumberField {
        visible: section.expanded
        objectName: "trackSize"
        value: section.inspector.size
        decimals: section.decimals
        minimum: 1e-6
        enabled: section.inspector.section !== "custom"
        Layout.fillWidth: true
        ToolTip.visible: hovered
        ToolTip.text: section.inspector.sizeIsDefault ? qsTr("the gauge, the diameter or the width (the default)")
                                                      : qsTr("the gauge, the diameter or the width")
        accept: v => section.outcome(section.inspector.setSize(v))
    }
    FieldLabel { text: qsTr("ties every"); visible: section.expanded }
    NumberField {
        visible: section.expanded
        objectName: "trackTiesEvery"
        value: section.inspector.tiesEvery
        decimals: section.decimals
        minimum: 0
        Layout.fillWidth: true
        ToolTip.visible: hovered
        ToolTip.text: qsTr("0: no ties")
        accept: v => section.outcome(section.inspector.setTiesEvery(v))
    }
    FieldLabel { text: qsTr("supports every"); visible: section.expanded }
    NumberField {
        visible: section.expanded
        objectName: "trackSupportsEvery"
        value: section.inspector.supportsEvery
        decimals: section.decimals
        minimum: 0
        Layout.fillWidth: true
        ToolTip.visible: hovered
        ToolTip.text: qsTr("columns down to the ground under the track; 0: none")
        accept: v => section.outcome(section.inspector.setSupportsEvery(v))
    }
    FieldLabel { text: qsTr("no support under"); visible: section.expanded }
    NumberField {
        visible: section.expanded
        objectName: "trackSupportSkip"
        value: section.inspector.supportSkip
        decimals: section.decimals
        minimum: 0
        Layout.fillWidth: true
        ToolTip.visible: hovered
        ToolTip.text: qsTr("no support where the track is closer than this to the ground")
        accept: v => section.outcome(section.inspector.setSupportSkip(v))
    }
    FieldLabel { text: qsTr("style"); visible: section.expanded }
    RowLayout {
        visible: section.expanded
        Layout.fillWidth: true
        Label {
            objectName: "trackOrigin"
            text: section.inspector.ownStyle ? qsTr("its own") : qsTr("the level's")
            ToolTip.visible: originArea.containsMouse
            ToolTip.text: section.inspector.ownStyle
                          ? qsTr("this rail has a style of its own")
                          : qsTr("this rail takes the level's default style: editing a field gives it its own")
            MouseArea { id: originArea; anchors.fill: parent; hoverEnabled: true }
        }
        Item { Layout.fillWidth: true }
        Button {
            objectName: "trackMakeLevelDefault"
            text: qsTr("For all")
            enabled: section.inspector.ownStyle
            ToolTip.visible: hovered
            ToolTip.text: qsTr("make this style the level's default: every rail without its own takes it")
            onClicked: section.sectionProblem = section.outcome(section.inspector.makeLevelDefault())
        }
        Button {
            objectName: "trackUseLevelDefault"
            text: qsTr("Use the level's")
            enabled: section.inspector.ownStyle
            ToolTip.visible: hovered
            ToolTip.text: qsTr("drop this rail's own style and take the level's default")
            onClicked: section.sectionProblem = section.outcome(section.inspector.useLevelDefault())
        }
    }
    ProblemLine {
        objectName: "trackProblem"
        problem: section.sectionProblem
        Layout.columnSpan: 2
    }
}
