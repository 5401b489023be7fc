// The Outliner dock: every object of the level, grouped by kind, with a filter box. Click selects
// (Shift adds); the canvas selection shows here too. Each kind's header shows / hides and locks
// that kind on the canvas. Patrols whose route cannot be built are marked, with the reason.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Rectangle {
    id: panel

    required property EditorController editor
    readonly property alias count: list.count
    // An image's ⊕ in the References section.
    signal calibrateRequested(int row)
    // The filter box let go of the keyboard (Enter or Esc): whoever holds the canvas takes it.
    signal filteringDone()
    function doneFiltering() { filterField.focus = false; filteringDone() }
    readonly property alias filterText: filterField.text

    // "Waypoints" -> "waypoint": the kind name KindLayers takes.
    function kindOfSection(section) { return section.toLowerCase().replace(/s$/, "") }

    color: Theme.panel

    OutlinerModel {
        id: outliner
        document: panel.editor.document
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        PanelHeader {
            text: qsTr("Outliner")
            Layout.fillWidth: true
        }

        ReferencesSection {
            objectName: "referencesSection"
            editor: panel.editor
            Layout.fillWidth: true
            Layout.bottomMargin: visible ? 4 : 0
            onCalibrateRequested: row => panel.calibrateRequested(row)
        }

        TextField {
            id: filterField
            objectName: "outlinerFilter"
            placeholderText: qsTr("Filter by id…")
            selectByMouse: true
            // Enter keeps the filter, Esc clears it; both give the keyboard back, so the next key is a
            // tool's shortcut again, not more filter text.
            onAccepted: panel.doneFiltering()
            Keys.onEscapePressed: { text = ""; panel.doneFiltering() }
            Layout.fillWidth: true
            Layout.margins: 6
        }

        ListView {
            id: list
            objectName: "outlinerList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: outliner
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}
            section.property: "kind"
            section.delegate: Rectangle {
                id: header
                required property string section
                readonly property string kind: panel.kindOfSection(section)
                objectName: "section_" + kind
                width: ListView.view.width
                height: 26
                color: Theme.window
                RowLayout {
                    anchors.fill: parent
                    anchors.leftMargin: 10
                    anchors.rightMargin: 4
                    spacing: 2
                    Label {
                        text: header.section
                        color: Theme.accent
                        font.bold: true
                        Layout.fillWidth: true
                    }
                    ToolButton {
                        objectName: "visibility"
                        readonly property bool shown: panel.editor.layers.revision >= 0 && panel.editor.layers.isVisible(header.kind)
                        text: shown ? "◉" : "○"
                        implicitWidth: 26
                        implicitHeight: 22
                        ToolTip.visible: hovered
                        ToolTip.text: shown ? qsTr("Hide %1 on the canvas").arg(header.section.toLowerCase())
                                            : qsTr("Show %1 on the canvas").arg(header.section.toLowerCase())
                        onClicked: panel.editor.layers.setVisible(header.kind, !shown)
                    }
                    ToolButton {
                        objectName: "lock"
                        readonly property bool locked: panel.editor.layers.revision >= 0 && panel.editor.layers.isLocked(header.kind)
                        text: locked ? "▣" : "□"
                        implicitWidth: 26
                        implicitHeight: 22
                        opacity: locked ? 1 : 0.45
                        ToolTip.visible: hovered
                        ToolTip.text: locked ? qsTr("Unlock %1").arg(header.section.toLowerCase())
                                             : qsTr("Lock %1: drawn, but cannot be selected or moved").arg(header.section.toLowerCase())
                        onClicked: panel.editor.layers.setLocked(header.kind, !locked)
                    }
                }
            }
            delegate: ItemDelegate {
                id: row
                required property string objectId
                required property string detail
                required property string key
                required property string target
                required property string ways
                readonly property bool selected: panel.editor.selection.keys.indexOf(key) >= 0
                readonly property bool matches: filterField.text === ""
                                                || objectId.toLowerCase().indexOf(filterField.text.toLowerCase()) >= 0
                readonly property bool broken: key.startsWith("patrol:") && panel.editor.pipeline.brokenPatrols.indexOf(objectId) >= 0
                objectName: "outliner:" + key
                width: ListView.view.width
                // A junction's ways get a line of their own, so the ticked default is never cut off.
                height: matches ? (ways !== "" ? 24 + waysLabel.implicitHeight : 24) : 0
                visible: matches
                highlighted: selected
                TapHandler {
                    acceptedModifiers: Qt.NoModifier
                    onTapped: panel.editor.selection.selectKey(row.target, false)
                }
                ToolTip.visible: hovered && (broken || idLabel.truncated || waysLabel.truncated)
                ToolTip.text: broken ? qsTr("Broken: %1").arg(panel.editor.pipeline.routeError(key))
                                     : (ways !== "" ? objectId + "  " + detail + "  " + ways : objectId)
                TapHandler {
                    acceptedModifiers: Qt.ShiftModifier
                    onTapped: panel.editor.selection.selectKey(row.target, true)
                }
                contentItem: ColumnLayout {
                    spacing: 0
                    RowLayout {
                        spacing: 8
                        Label {
                            id: idLabel
                            objectName: "rowText"
                            text: (row.broken ? "⚠ " : "") + row.objectId
                            color: row.broken ? Theme.error : (row.selected ? "#ffffff" : Theme.text)
                            elide: Text.ElideRight
                            Layout.fillWidth: true
                            Layout.leftMargin: 8
                        }
                        Label {
                            objectName: "rowDetail"
                            text: row.broken ? qsTr("broken") : row.detail
                            color: row.broken ? Theme.error : Theme.textDim
                            font.pixelSize: 11
                            // A long detail gives way to the id.
                            elide: Text.ElideRight
                            Layout.maximumWidth: row.width * 0.62
                        }
                    }
                    Label {
                        id: waysLabel
                        objectName: "rowWays"
                        visible: row.ways !== ""
                        text: row.ways
                        color: row.selected ? "#ffffff" : Theme.textDim
                        font.pixelSize: 11
                        // Many ways wrap onto a second line before anything is cut.
                        wrapMode: Text.Wrap
                        maximumLineCount: 2
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                        Layout.leftMargin: 20
                    }
                }
            }
        }
    }
}
