// The Inspector dock: the level when nothing is selected, else the selected object's exact,
// editable values (id, coordinates, rail spline, patrol mode, edge direction). Each change is one
// undo step.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Rectangle {
    id: panel

    required property EditorController editor

    // The one selected object ("kind:id"), or "" when none or several are selected.
    readonly property string key: editor.selection.count === 1 ? editor.selection.keys[0] : ""
    // Its facts, refreshed whenever the level or the selection changes.
    property var info: ({})

    property var props: []

    // Sets a property and reports a refusal under the fields; runs in the panel's context so that it
    // outlives the property row that called it (rows are rebuilt when the level changes).
    function editProperty(name, type, text) {
        const ok = editor.setProperty(key, name, type, text)
        errorLabel.text = ok ? "" : editor.lastEditError()
        return ok
    }

    function refresh() {
        info = key === "" ? {} : editor.objectInfo(key)
        props = key === "" ? [] : editor.properties(key)
    }

    color: Theme.panel
    onKeyChanged: refresh()

    Connections {
        target: panel.editor
        function onLevelChanged() { panel.refresh() }
    }

    component FieldLabel: Label {
        color: Theme.textDim
    }

    component NumberField: TextField {
        property real value: 0
        signal committed(real value)
        text: Number(value).toString()
        selectByMouse: true
        validator: DoubleValidator { notation: DoubleValidator.StandardNotation }
        Layout.fillWidth: true
        onEditingFinished: {
            const v = parseFloat(text)
            if (!isNaN(v) && v !== value)
                committed(v)
            else
                text = Number(value).toString()
        }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        PanelHeader {
            text: panel.key === "" ? qsTr("Inspector") : qsTr("Inspector — %1").arg(panel.info.kind || "")
            Layout.fillWidth: true
        }

        // The level, when nothing (or several things) is selected.
        GridLayout {
            visible: panel.key === ""
            Layout.fillWidth: true
            Layout.margins: 10
            columns: 2
            columnSpacing: 12
            rowSpacing: 6

            FieldLabel { text: qsTr("Level") }
            TextField {
                id: levelNameField
                objectName: "levelNameField"
                text: panel.editor.levelName
                selectByMouse: true
                Layout.fillWidth: true
                onEditingFinished: if (text !== panel.editor.levelName) panel.editor.setLevelInfo(text, panel.editor.levelUnits)
            }
            FieldLabel { text: qsTr("Units") }
            TextField {
                objectName: "levelUnitsField"
                text: panel.editor.levelUnits
                selectByMouse: true
                Layout.fillWidth: true
                onEditingFinished: {
                    if (text !== panel.editor.levelUnits && !panel.editor.setLevelInfo(panel.editor.levelName, text))
                        text = panel.editor.levelUnits
                }
            }
            FieldLabel { text: qsTr("File") }
            Label {
                text: panel.editor.fileName
                color: Theme.text
                elide: Text.ElideMiddle
                Layout.fillWidth: true
            }
            FieldLabel { text: qsTr("Selected") }
            Label { text: panel.editor.selection.count; color: Theme.text }
            FieldLabel { text: qsTr("Waypoints") }
            Label { text: panel.editor.waypointCount; color: Theme.text }
            FieldLabel { text: qsTr("Edges") }
            Label { text: panel.editor.edgeCount; color: Theme.text }
            FieldLabel { text: qsTr("Rails") }
            Label { text: panel.editor.railCount; color: Theme.text }
            FieldLabel { text: qsTr("Obstacles") }
            Label { text: panel.editor.obstacleCount; color: Theme.text }
            FieldLabel { text: qsTr("Patrols") }
            Label { text: panel.editor.patrolCount; color: Theme.text }
        }

        // The selected object.
        GridLayout {
            visible: panel.key !== ""
            Layout.fillWidth: true
            Layout.margins: 10
            columns: 2
            columnSpacing: 12
            rowSpacing: 6

            FieldLabel { text: qsTr("id") }
            TextField {
                id: idField
                objectName: "inspectorId"
                text: panel.info.id || ""
                enabled: panel.info.kind !== "edge"
                selectByMouse: true
                Layout.fillWidth: true
                onEditingFinished: {
                    if (text !== panel.info.id && !panel.editor.rename(panel.key, text)) {
                        errorLabel.text = panel.editor.lastEditError()
                        text = panel.info.id
                    } else {
                        errorLabel.text = ""
                    }
                }
            }

            FieldLabel { text: "x"; visible: xField.visible }
            NumberField {
                id: xField
                objectName: "inspectorX"
                visible: panel.info.kind === "waypoint" || (panel.info.kind === "obstacle" && panel.info.shape === "circle")
                value: panel.info.x || 0
                onCommitted: v => panel.editor.setPosition(panel.key, v, panel.info.y, panel.info.z || 0)
            }
            FieldLabel { text: "y"; visible: yField.visible }
            NumberField {
                id: yField
                objectName: "inspectorY"
                visible: xField.visible
                value: panel.info.y || 0
                onCommitted: v => panel.editor.setPosition(panel.key, panel.info.x, v, panel.info.z || 0)
            }
            FieldLabel { text: "z"; visible: zField.visible }
            NumberField {
                id: zField
                objectName: "inspectorZ"
                visible: panel.info.kind === "waypoint"
                value: panel.info.z || 0
                onCommitted: v => panel.editor.setPosition(panel.key, panel.info.x, panel.info.y, v)
            }

            FieldLabel { text: qsTr("spline"); visible: panel.info.kind === "rail" }
            ComboBox {
                objectName: "inspectorSpline"
                visible: panel.info.kind === "rail"
                model: ["catmull-rom", "linear"]
                currentIndex: Math.max(0, model.indexOf(panel.info.spline || "catmull-rom"))
                Layout.fillWidth: true
                onActivated: panel.editor.setRailShape(panel.key, panel.info.closed, currentText, panel.info.alpha)
            }
            FieldLabel { text: qsTr("alpha"); visible: alphaBox.visible }
            ComboBox {
                id: alphaBox
                objectName: "inspectorAlpha"
                visible: panel.info.kind === "rail" && panel.info.spline === "catmull-rom"
                textRole: "label"
                valueRole: "alpha"
                model: [
                    { label: qsTr("0 — uniform"), alpha: 0 },
                    { label: qsTr("0.5 — centripetal"), alpha: 0.5 },
                    { label: qsTr("1 — chordal"), alpha: 1 }
                ]
                currentIndex: panel.info.alpha === 0 ? 0 : (panel.info.alpha === 1 ? 2 : 1)
                Layout.fillWidth: true
                onActivated: panel.editor.setRailShape(panel.key, panel.info.closed, panel.info.spline, currentValue)
            }
            FieldLabel { text: qsTr("closed"); visible: panel.info.kind === "rail" }
            CheckBox {
                objectName: "inspectorClosed"
                visible: panel.info.kind === "rail"
                checked: panel.info.closed || false
                enabled: (panel.info.points || 0) >= 3
                onToggled: panel.editor.setRailShape(panel.key, checked, panel.info.spline, panel.info.alpha)
            }
            FieldLabel { text: qsTr("points"); visible: panel.info.kind === "rail" }
            Label { visible: panel.info.kind === "rail"; text: panel.info.points || 0; color: Theme.text }
        }

        // A rail's control points, exact and editable (x, y and the height z).
        ColumnLayout {
            visible: panel.info.kind === "rail"
            Layout.fillWidth: true
            Layout.leftMargin: 10
            Layout.rightMargin: 10
            spacing: 2
            Repeater {
                model: panel.info.kind === "rail" ? panel.info.points : 0
                delegate: RowLayout {
                    id: pointRow
                    required property int index
                    objectName: "railPoint_" + index
                    Layout.fillWidth: true
                    Label { text: pointRow.index + 1; color: Theme.textDim; Layout.preferredWidth: 18 }
                    NumberField {
                        objectName: "px"
                        value: panel.info.xs[pointRow.index]
                        onCommitted: v => panel.editor.setRailPoint(panel.key, pointRow.index, v, panel.info.ys[pointRow.index], panel.info.zs[pointRow.index])
                    }
                    NumberField {
                        objectName: "py"
                        value: panel.info.ys[pointRow.index]
                        onCommitted: v => panel.editor.setRailPoint(panel.key, pointRow.index, panel.info.xs[pointRow.index], v, panel.info.zs[pointRow.index])
                    }
                    NumberField {
                        objectName: "pz"
                        value: panel.info.zs[pointRow.index]
                        onCommitted: v => panel.editor.setRailPoint(panel.key, pointRow.index, panel.info.xs[pointRow.index], panel.info.ys[pointRow.index], v)
                    }
                }
            }
        }

        GridLayout {
            visible: panel.key !== ""
            Layout.fillWidth: true
            Layout.leftMargin: 10
            Layout.rightMargin: 10
            Layout.bottomMargin: 10
            columns: 2
            columnSpacing: 12
            rowSpacing: 6

            FieldLabel { text: qsTr("mode"); visible: panel.info.kind === "patrol" }
            ComboBox {
                objectName: "inspectorMode"
                visible: panel.info.kind === "patrol"
                model: ["loop", "pingpong", "once"]
                currentIndex: Math.max(0, model.indexOf(panel.info.mode || "loop"))
                Layout.fillWidth: true
                onActivated: panel.editor.setPatrolMode(panel.key, currentText)
            }
            FieldLabel { text: qsTr("stops"); visible: panel.info.kind === "patrol" }
            Label {
                visible: panel.info.kind === "patrol"
                text: (panel.info.stops || []).join(" → ")
                color: Theme.text
                wrapMode: Text.Wrap
                Layout.fillWidth: true
            }

            FieldLabel { text: qsTr("cost"); visible: panel.info.kind === "edge" }
            TextField {
                objectName: "inspectorCost"
                visible: panel.info.kind === "edge"
                text: panel.info.cost === undefined ? "" : String(panel.info.cost)
                placeholderText: qsTr("length")
                selectByMouse: true
                Layout.fillWidth: true
                onEditingFinished: {
                    const was = panel.info.cost === undefined ? "" : String(panel.info.cost)
                    if (text !== was && !panel.editor.setEdgeCost(panel.key, text)) {
                        errorLabel.text = panel.editor.lastEditError()
                        text = was
                    }
                }
            }
            FieldLabel { text: qsTr("two-way"); visible: panel.info.kind === "edge" }
            CheckBox {
                objectName: "inspectorTwoWay"
                visible: panel.info.kind === "edge"
                checked: panel.info.bidirectional || false
                onToggled: {
                    if (!panel.editor.setEdgeDirection(panel.key, checked)) {
                        errorLabel.text = panel.editor.lastEditError()
                        checked = panel.info.bidirectional
                    }
                }
            }
        }

        // Custom properties (typed, like Tiled's): edit the value in place, remove, or add one.
        ColumnLayout {
            visible: panel.key !== ""
            Layout.fillWidth: true
            Layout.leftMargin: 10
            Layout.rightMargin: 10
            spacing: 4

            Label {
                text: qsTr("Custom properties")
                color: Theme.accent
                font.bold: true
            }
            Repeater {
                model: panel.props
                delegate: RowLayout {
                    id: propRow
                    required property var modelData
                    objectName: "prop_" + modelData.name
                    Layout.fillWidth: true
                    Label {
                        text: propRow.modelData.name
                        color: Theme.text
                        elide: Text.ElideRight
                        Layout.preferredWidth: 70
                    }
                    Label {
                        text: propRow.modelData.type
                        color: Theme.textDim
                        font.pixelSize: 11
                        Layout.preferredWidth: 36
                    }
                    TextField {
                        objectName: "propValue"
                        text: propRow.modelData.value
                        selectByMouse: true
                        Layout.fillWidth: true
                        onEditingFinished: {
                            // A successful edit rebuilds this row: touch nothing of it afterwards.
                            if (text !== propRow.modelData.value
                                    && !panel.editProperty(propRow.modelData.name, propRow.modelData.type, text))
                                text = propRow.modelData.value
                        }
                    }
                    ToolButton {
                        objectName: "propRemove"
                        text: "✕"
                        onClicked: panel.editor.removeProperty(panel.key, propRow.modelData.name)
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
                    Layout.preferredWidth: 70
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
                    onClicked: {
                        if (panel.editor.setProperty(panel.key, newName.text, newType.currentText, newValue.text)) {
                            newName.text = ""
                            newValue.text = ""
                            errorLabel.text = ""
                        } else {
                            errorLabel.text = panel.editor.lastEditError()
                        }
                    }
                }
            }
        }

        Label {
            id: errorLabel
            objectName: "inspectorError"
            visible: text !== ""
            color: Theme.error
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            Layout.margins: 10
        }

        Item {
            Layout.fillHeight: true
        }
    }
}
