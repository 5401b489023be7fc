// The Inspector dock (docs/ui.md "Layout"): the level when nothing is selected, the selected object's exact,
// editable fields when one is, and what several selected objects share. Each section reads the
// typed ObjectInspector; each edit is one undo step, and a refusal is said at its field, in a line
// reserved under the fields (ProblemLine), so nothing moves.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Rectangle {
    id: panel

    required property EditorController editor
    // Digits numbers are shown with (the canvas's zoom decides).
    property int decimals: 3
    readonly property ObjectInspector inspector: editor.inspector

    color: Theme.panel

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        PanelHeader {
            text: panel.editor.references.current >= 0 ? qsTr("Inspector — reference")
                  : panel.inspector.key === "" ? qsTr("Inspector") : qsTr("Inspector — %1").arg(panel.inspector.kind)
            Layout.fillWidth: true
        }

        ScrollView {
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            contentWidth: availableWidth

            ColumnLayout {
                width: parent.width
                spacing: 8

                ReferenceSection {
                    visible: panel.editor.references.current >= 0
                    editor: panel.editor
                    decimals: panel.decimals
                    Layout.fillWidth: true
                    Layout.margins: 10
                }
                LevelSection {
                    visible: panel.editor.selection.count === 0 && panel.editor.references.current < 0
                    editor: panel.editor
                    Layout.fillWidth: true
                    Layout.margins: 10
                }
                MultiSection {
                    visible: panel.editor.selection.count > 1
                    inspector: panel.inspector
                    Layout.fillWidth: true
                    Layout.margins: 10
                }
                ObjectSection {
                    // A reference's own section names it.
                    visible: panel.inspector.key !== "" && panel.inspector.kind !== "reference"
                    inspector: panel.inspector
                    decimals: panel.decimals
                    Layout.fillWidth: true
                    Layout.leftMargin: 10
                    Layout.rightMargin: 10
                    Layout.topMargin: 10
                }
                ChannelKeySection {
                    visible: panel.editor.channels.active
                    channels: panel.editor.channels
                    decimals: panel.decimals
                    Layout.fillWidth: true
                    Layout.leftMargin: 10
                    Layout.rightMargin: 10
                }
                RailSection {
                    visible: panel.editor.rail.key !== ""
                    inspector: panel.editor.rail
                    track: panel.editor.track
                    decimals: panel.decimals
                    Layout.fillWidth: true
                    Layout.leftMargin: 10
                    Layout.rightMargin: 10
                }
                JunctionSection {
                    visible: panel.editor.junction.active
                    junction: panel.editor.junction
                    decimals: panel.decimals
                    Layout.fillWidth: true
                    Layout.leftMargin: 10
                    Layout.rightMargin: 10
                }
                LinkSection {
                    visible: panel.inspector.kind === "patrol" || panel.inspector.kind === "edge"
                    inspector: panel.inspector
                    routeError: panel.inspector.kind === "patrol" && panel.editor.pipeline.brokenPatrols.indexOf(panel.inspector.objectId) >= 0
                                ? panel.editor.pipeline.routeError(panel.inspector.key) : ""
                    Layout.fillWidth: true
                    Layout.leftMargin: 10
                    Layout.rightMargin: 10
                }
                AgentSection {
                    visible: panel.editor.agent.active || panel.editor.agent.patrolActive
                    agent: panel.editor.agent
                    navmesh: panel.editor.navmesh
                    decimals: panel.decimals
                    Layout.fillWidth: true
                    Layout.leftMargin: 10
                    Layout.rightMargin: 10
                }
                PropertiesSection {
                    // References have no custom properties (they are never exported).
                    visible: panel.inspector.hasProperties
                             && (panel.inspector.key !== "" || panel.editor.selection.count > 1)
                    inspector: panel.inspector
                    Layout.fillWidth: true
                    Layout.leftMargin: 10
                    Layout.rightMargin: 10
                }
            }
        }
    }
}
