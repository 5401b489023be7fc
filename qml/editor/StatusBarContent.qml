// The status bar: cursor position in world units, selection, the probe, the tool's hint, saved state.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

ToolBar {
    id: status

    required property EditorController editor
    required property LevelView canvas
    // View > Problems: the count below toggles it.
    property Action problemsAction: null
    // The 3D view when shown: with the pointer over it, where a click there would land.
    property var view3d: null
    readonly property var landing3D: view3d && view3d.pointerLanding !== undefined ? view3d.pointerLanding : undefined

    implicitHeight: 26

    RowLayout {
        anchors.fill: parent
        anchors.leftMargin: 10
        anchors.rightMargin: 10
        spacing: 18

        Label {
            objectName: "cursorLabel"
            text: status.landing3D !== undefined
                  ? qsTr("x %1  y %2  z %3").arg(status.canvas.formatNumber(status.landing3D.x))
                                            .arg(status.canvas.formatNumber(status.landing3D.y))
                                            .arg(status.canvas.formatNumber(status.landing3D.z))
                  : status.canvas.cursorInside
                  ? qsTr("x %1  y %2").arg(status.canvas.formatNumber(status.canvas.cursorWorld.x))
                                      .arg(status.canvas.formatNumber(status.canvas.cursorWorld.y))
                  : qsTr("x –  y –")
            color: Theme.text
            font.family: "DejaVu Sans Mono"
            Layout.preferredWidth: status.landing3D !== undefined ? 250 : 170
        }
        // The ground under the mouse, where the level has ground (mesh and heightmap references):
        // the top surface, then any under it ("ground 12 · -6" on a bridge over a ravine).
        Label {
            objectName: "groundLabel"
            visible: status.editor.ground.hasGround
            text: {
                if (status.canvas.groundUnderCursor === undefined)
                    return qsTr("ground –")
                const under = status.editor.ground.surfacesAt(status.canvas.cursorWorld.x, status.canvas.cursorWorld.y)
                const rest = under.slice(1).map(h => " · " + status.canvas.formatNumber(h)).join("")
                return qsTr("ground %1").arg(status.canvas.formatNumber(status.canvas.groundUnderCursor)) + rest
            }
            color: Theme.textDim
            font.family: "DejaVu Sans Mono"
        }
        Label {
            objectName: "selectionLabel"
            text: qsTr("%1 selected").arg(status.editor.selection.count)
            color: Theme.textDim
        }
        Label {
            objectName: "probeLabel"
            visible: status.canvas.probe.active
            text: qsTr("probe: rail %1, d = %2 (3D), s = %3").arg(status.canvas.probe.rail)
                  .arg(status.canvas.probe.distance.toFixed(status.canvas.displayDecimals))
                  .arg(status.canvas.probe.s.toFixed(status.canvas.displayDecimals))
            color: status.canvas.probe.inRange ? "#66ff99" : Theme.text
        }
        // Where the probe measures from: the marker's (and cursor's) height and the eye above it.
        Row {
            visible: status.editor.tool === "probe" || status.canvas.probe.markerPlaced
            spacing: 4
            CheckBox {
                objectName: "probeOnGround"
                visible: status.editor.ground.hasGround
                text: qsTr("on ground")
                checked: status.canvas.probe.onGround
                onToggled: status.canvas.probe.onGround = checked
                anchors.verticalCenter: parent.verticalCenter
                ToolTip.visible: hovered
                ToolTip.text: qsTr("The marker stands on the level's ground (where it has none: at the typed height)")
            }
            Label { text: qsTr("probe z"); color: Theme.textDim; anchors.verticalCenter: parent.verticalCenter }
            NumberField {
                objectName: "probeStandHeight"
                enabled: !(status.editor.ground.hasGround && status.canvas.probe.onGround)
                width: 56
                value: status.canvas.probe.standHeight
                decimals: 2
                accept: v => { status.canvas.probe.standHeight = v; return "" }
                ToolTip.text: problem !== "" ? problem : qsTr("The height the marker and the cursor stand at")
            }
            Label { text: qsTr("+ eye"); color: Theme.textDim; anchors.verticalCenter: parent.verticalCenter }
            NumberField {
                objectName: "probeEyeHeight"
                width: 48
                value: status.canvas.probe.eyeHeight
                decimals: 2
                minimum: 0
                maximum: 1000
                accept: v => { status.canvas.probe.eyeHeight = v; return "" }
                ToolTip.text: problem !== "" ? problem : qsTr("The eye height above it: the probe measures in 3D from there")
            }
        }
        // How many problems the level has now (the Problems panel lists them); a click shows the panel.
        ToolButton {
            objectName: "problemCount"
            implicitHeight: 22
            flat: true
            font.family: "DejaVu Sans Mono"
            text: "\u2716 " + status.editor.problems.errorCount + "  \u26a0 " + status.editor.problems.warningCount
            palette.buttonText: status.editor.problems.errorCount > 0 ? Theme.error
                              : status.editor.problems.warningCount > 0 ? Theme.warning : Theme.textDim
            onClicked: if (status.problemsAction) status.problemsAction.trigger()
            ToolTip.visible: hovered
            ToolTip.text: qsTr("%1 and %2 in this level: click for the Problems panel (Ctrl+Shift+M)")
                          .arg(qsTr("%n error(s)", "", status.editor.problems.errorCount))
                          .arg(qsTr("%n warning(s)", "", status.editor.problems.warningCount))
        }
        // What the editor just did or refused, else the active tool's hint.
        Label {
            objectName: "statusMessage"
            text: status.editor.statusMessage !== "" ? status.editor.statusMessage : status.canvas.toolHint
            color: status.editor.statusMessage !== "" ? Theme.text : Theme.textDim
            elide: Text.ElideRight
            Layout.fillWidth: true
            ToolTip.visible: truncated && messageHover.hovered
            ToolTip.text: text
            HoverHandler { id: messageHover }
        }
        // A reference file being read (off the UI thread: the editor goes on meanwhile), with Cancel.
        Row {
            visible: status.editor.ground.progress !== ""
            spacing: 6
            BusyIndicator {
                running: parent.visible
                width: 18
                height: 18
                anchors.verticalCenter: parent.verticalCenter
            }
            Label {
                objectName: "referenceProgress"
                text: status.editor.ground.progress
                color: Theme.textDim
                anchors.verticalCenter: parent.verticalCenter
            }
            Button {
                objectName: "cancelReferenceRead"
                text: qsTr("Cancel")
                flat: true
                implicitHeight: 22
                anchors.verticalCenter: parent.verticalCenter
                onClicked: status.editor.ground.cancel()
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Stop reading the level's reference files (the outliner marks what was not read)")
            }
        }
        // An agent's navigation mesh being baked (off the UI thread), with Cancel.
        Row {
            visible: status.editor.navmesh.progress !== ""
            spacing: 6
            BusyIndicator {
                running: parent.visible
                width: 18
                height: 18
                anchors.verticalCenter: parent.verticalCenter
            }
            Label {
                objectName: "navmeshProgress"
                text: status.editor.navmesh.progress
                color: Theme.textDim
                anchors.verticalCenter: parent.verticalCenter
            }
            Button {
                objectName: "cancelNavmeshBake"
                text: qsTr("Cancel")
                flat: true
                implicitHeight: 22
                anchors.verticalCenter: parent.verticalCenter
                onClicked: status.editor.navmesh.cancel()
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Stop baking the navigation mesh (the agent's patrols follow the graph until it is baked)")
            }
        }
        Label {
            objectName: "savedLabel"
            text: status.editor.files.modified ? qsTr("modified") : (status.editor.files.filePath === "" ? qsTr("not saved") : qsTr("saved"))
            color: status.editor.files.modified ? Theme.warning : Theme.textDim
        }
    }
}
