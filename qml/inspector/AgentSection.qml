// Inspector, who walks: the selected agent's sizes (radius, height, climb, slope and its navmesh's
// cell), or the selected patrol's agent and what its legs follow (the waypoint graph, or the agent's
// navmesh). Each edit one undo step; a size the rules refuse is refused at its field with the reason.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

GridLayout {
    id: section
    objectName: "agentSection"

    required property AgentInspector agent
    required property NavMeshModel navmesh
    required property int decimals

    columns: 2
    columnSpacing: 12
    rowSpacing: 6

    function apply(done) { return done() ? "" : section.agent.lastError }

    // The agent's sizes.
    FieldLabel { text: qsTr("radius"); visible: section.agent.active }
    NumberField {
        objectName: "agentRadius"
        visible: section.agent.active
        decimals: section.decimals
        value: section.agent.radius
        accept: v => section.apply(() => section.agent.setRadius(v))
        Layout.fillWidth: true
    }
    FieldLabel { text: qsTr("height"); visible: section.agent.active }
    NumberField {
        objectName: "agentHeight"
        visible: section.agent.active
        decimals: section.decimals
        value: section.agent.height
        accept: v => section.apply(() => section.agent.setHeight(v))
        Layout.fillWidth: true
    }
    FieldLabel { text: qsTr("climb"); visible: section.agent.active }
    NumberField {
        objectName: "agentClimb"
        visible: section.agent.active
        decimals: section.decimals
        value: section.agent.climb
        accept: v => section.apply(() => section.agent.setClimb(v))
        Layout.fillWidth: true
    }
    FieldLabel { text: qsTr("slope °"); visible: section.agent.active }
    NumberField {
        objectName: "agentSlope"
        visible: section.agent.active
        decimals: 2
        value: section.agent.slope
        accept: v => section.apply(() => section.agent.setSlope(v))
        Layout.fillWidth: true
    }
    FieldLabel { text: qsTr("navmesh cell"); visible: section.agent.active }
    EditField {
        id: cellField
        objectName: "agentCell"
        visible: section.agent.active
        placeholderText: qsTr("%1 (a third of the radius)").arg(Number(section.agent.defaultCell.toFixed(4)))
        Layout.fillWidth: true
        shownText: () => section.agent.cell
        submit: typed => typed.trim() === section.agent.cell ? "" : section.apply(() => section.agent.setCell(typed))
        Component.onCompleted: show()
        Connections {
            target: section.agent
            function onChanged() { if (!cellField.activeFocus) cellField.show() }
        }
    }
    FieldLabel { text: qsTr("navmesh"); visible: section.agent.active }
    Label {
        objectName: "agentNavmesh"
        visible: section.agent.active
        color: section.navmesh.problem !== "" ? Theme.error : Theme.textDim
        wrapMode: Text.Wrap
        Layout.fillWidth: true
        text: section.navmesh.busy ? section.navmesh.progress
              : section.navmesh.problem !== "" ? "⚠ " + section.navmesh.problem
              : qsTr("%n walkable polygon(s)", "", section.navmesh.polygons)
    }

    // The selected patrol's walker.
    FieldLabel { text: qsTr("agent"); visible: section.agent.patrolActive }
    ComboBox {
        objectName: "patrolAgent"
        visible: section.agent.patrolActive
        model: [qsTr("(none)")].concat(section.agent.agents)
        currentIndex: Math.max(0, section.agent.agents.indexOf(section.agent.patrolAgent) + 1)
        Layout.fillWidth: true
        onActivated: index => section.agent.setPatrolAgent(index === 0 ? "" : section.agent.agents[index - 1])
    }
    FieldLabel { text: qsTr("follows"); visible: section.agent.patrolActive }
    ComboBox {
        objectName: "patrolFollow"
        visible: section.agent.patrolActive
        enabled: section.agent.patrolAgent !== ""
        textRole: "text"
        valueRole: "value"
        model: [{ text: qsTr("the waypoint graph"), value: "graph" },
                { text: qsTr("the agent's navmesh"), value: "navmesh" }]
        currentIndex: section.agent.patrolFollow === "navmesh" ? 1 : 0
        Layout.fillWidth: true
        onActivated: index => section.agent.setPatrolFollow(index === 1 ? "navmesh" : "graph")
    }
}
