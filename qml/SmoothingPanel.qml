// The Smoothing dock (docs/ui.md "Layout"): the selected patrol's pipeline. Steps can be added, removed,
// reordered and switched off; each step's controls are generated from its strategy's metadata
// (spin box, slider, check box, combo). Changes preview live on the canvas. A red badge marks a
// step that cannot run or that failed when the preview ran it (crashed, ran out of time, returned bad
// points); its tooltip says why. At the bottom: the time limit every step runs under.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Rectangle {
    id: panel

    required property EditorController editor
    // The selected patrol ("patrol:id"), or "".
    readonly property string key: editor.selection.count === 1 && editor.selection.keys[0].startsWith("patrol:")
                                  ? editor.selection.keys[0] : ""
    property var steps: []
    property string routeError: ""
    // Why the last typed value was refused, or "".
    property string editError: ""
    property int dragKey: 1
    // A slider is being dragged: its row must not be rebuilt under the pointer, so the steps are
    // read again only when it is let go (the canvas previews every move meanwhile).
    property bool dragging: false

    function refresh() {
        if (dragging)
            return
        steps = key === "" ? [] : editor.pipeline.steps(key)
        routeError = key === "" ? "" : editor.pipeline.routeError(key)
    }

    // Sets a parameter from the text typed in `field`; a refusal (not a number, out of range) puts the
    // standing value back and says why. Runs in the panel's context so that it outlives the step row
    // (rows are rebuilt when the pipeline changes).
    function setTypedValue(stepIndex, parameter, field) {
        const text = field.text.trim()
        const value = Number(text)
        if (text === "" || !isFinite(value)) {
            editError = qsTr("%1: \"%2\" is not a number").arg(parameter.label).arg(text)
        } else if (value === parameter.value) {
            editError = ""
        } else if (editor.pipeline.setStepParameter(key, stepIndex, parameter.name, value, 0)) {
            editError = ""
            return
        } else {
            editError = editor.pipeline.lastError()
        }
        field.text = Number(parameter.value).toString()
    }

    color: Theme.panel
    onKeyChanged: { editError = ""; refresh() }

    Connections {
        target: panel.editor
        function onLevelChanged() { panel.refresh() }
    }
    Connections {
        target: panel.editor.pipeline
        function onRoutesChanged() {
            panel.routeError = panel.key === "" ? "" : panel.editor.pipeline.routeError(panel.key)
            // A step's run-time failure shows on its badge. Rows are rebuilt only when something in
            // them changed, so a value being typed into a row is never lost to a preview finishing.
            if (panel.key === "" || panel.dragging)
                return
            const fresh = panel.editor.pipeline.steps(panel.key)
            if (JSON.stringify(fresh) !== JSON.stringify(panel.steps))
                panel.steps = fresh
        }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        PanelHeader {
            text: qsTr("Smoothing")
            Layout.fillWidth: true
        }

        Label {
            visible: panel.key === ""
            text: qsTr("Select a patrol to edit its smoothing pipeline.")
            color: Theme.textDim
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            Layout.margins: 10
        }

        Label {
            objectName: "editError"
            visible: panel.editError !== ""
            text: panel.editError
            color: Theme.error
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            Layout.margins: 10
        }

        Label {
            objectName: "routeError"
            visible: panel.routeError !== ""
            text: panel.routeError
            color: Theme.error
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            Layout.margins: 10
        }

        Item {
            visible: panel.key === ""
            Layout.fillHeight: true
        }

        ScrollView {
            visible: panel.key !== ""
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true

            ColumnLayout {
                width: panel.width - 16
                x: 8
                spacing: 8

                Repeater {
                    id: stepRepeater
                    objectName: "stepRepeater"
                    model: panel.steps

                    delegate: Rectangle {
                        id: stepBox
                        required property var modelData
                        required property int index
                        objectName: "step" + index
                        Layout.fillWidth: true
                        implicitHeight: stepColumn.implicitHeight + 12
                        radius: 4
                        color: Theme.panelHeader
                        border.color: modelData.error !== "" ? Theme.error : Theme.border

                        ColumnLayout {
                            id: stepColumn
                            anchors.fill: parent
                            anchors.margins: 6
                            spacing: 4

                            RowLayout {
                                Layout.fillWidth: true
                                CheckBox {
                                    objectName: "stepEnabled"
                                    checked: stepBox.modelData.enabled
                                    onToggled: panel.editor.pipeline.setStepEnabled(panel.key, stepBox.index, checked)
                                }
                                Label {
                                    objectName: "stepName"
                                    text: (stepBox.index + 1) + ". " + stepBox.modelData.name
                                    color: stepBox.modelData.enabled ? Theme.text : Theme.textDim
                                    font.bold: true
                                    wrapMode: Text.Wrap
                                    Layout.fillWidth: true
                                }
                                Rectangle {
                                    objectName: "stepBadge"
                                    visible: stepBox.modelData.error !== ""
                                    width: 16
                                    height: 16
                                    radius: 8
                                    color: Theme.error
                                    Label { anchors.centerIn: parent; text: "!"; color: "white"; font.bold: true }
                                    ToolTip.visible: badgeMouse.containsMouse
                                    ToolTip.text: stepBox.modelData.error
                                    MouseArea { id: badgeMouse; anchors.fill: parent; hoverEnabled: true }
                                }
                                ToolButton {
                                    objectName: "stepUp"
                                    text: "▲"
                                    enabled: stepBox.index > 0
                                    onClicked: panel.editor.pipeline.moveStep(panel.key, stepBox.index, stepBox.index - 1)
                                }
                                ToolButton {
                                    objectName: "stepDown"
                                    text: "▼"
                                    enabled: stepBox.index < panel.steps.length - 1
                                    onClicked: panel.editor.pipeline.moveStep(panel.key, stepBox.index, stepBox.index + 1)
                                }
                                ToolButton {
                                    objectName: "stepRemove"
                                    text: "✕"
                                    onClicked: panel.editor.pipeline.removeStep(panel.key, stepBox.index)
                                }
                            }

                            Repeater {
                                model: stepBox.modelData.params
                                delegate: RowLayout {
                                    id: param
                                    required property var modelData
                                    objectName: "param_" + modelData.name
                                    Layout.fillWidth: true
                                    spacing: 6
                                    Label {
                                        objectName: "paramLabel"
                                        text: param.modelData.label
                                        color: Theme.textDim
                                        wrapMode: Text.Wrap
                                        Layout.preferredWidth: 120
                                        Layout.maximumWidth: 120
                                        ToolTip.visible: labelHover.hovered
                                        ToolTip.text: param.modelData.label
                                        HoverHandler { id: labelHover }
                                    }
                                    SpinBox {
                                        objectName: "control"
                                        visible: param.modelData.type === "int"
                                        from: param.modelData.min === undefined ? -1000000 : param.modelData.min
                                        to: param.modelData.max === undefined ? 1000000 : param.modelData.max
                                        value: param.modelData.type === "int" ? param.modelData.value : 0
                                        editable: true
                                        Layout.fillWidth: true
                                        onValueModified: panel.editor.pipeline.setStepParameter(panel.key, stepBox.index, param.modelData.name, value, 0)
                                    }
                                    Slider {
                                        objectName: "control"
                                        visible: param.modelData.type === "double"
                                        from: param.modelData.min === undefined ? 0 : param.modelData.min
                                        to: param.modelData.max === undefined ? Math.max(10, param.modelData.value * 2) : Math.min(param.modelData.max, 100)
                                        value: param.modelData.type === "double" ? param.modelData.value : 0
                                        Layout.fillWidth: true
                                        onPressedChanged: {
                                            if (pressed) {
                                                panel.dragKey += 1
                                                panel.dragging = true
                                            } else {
                                                panel.dragging = false
                                                panel.refresh()
                                            }
                                        }
                                        onMoved: panel.editor.pipeline.setStepParameter(panel.key, stepBox.index, param.modelData.name,
                                                                               Math.round(value * 1000) / 1000, 1000 + panel.dragKey)
                                    }
                                    // The exact value, typed: the slider alone cannot hit 0.45 on a 0..100 range.
                                    TextField {
                                        objectName: "valueField"
                                        visible: param.modelData.type === "double"
                                        text: param.modelData.type === "double" ? Number(param.modelData.value).toString() : ""
                                        selectByMouse: true
                                        horizontalAlignment: Text.AlignRight
                                        Layout.preferredWidth: 56
                                        onEditingFinished: panel.setTypedValue(stepBox.index, param.modelData, this)
                                    }
                                    CheckBox {
                                        objectName: "control"
                                        visible: param.modelData.type === "bool"
                                        checked: param.modelData.type === "bool" && param.modelData.value
                                        onToggled: panel.editor.pipeline.setStepParameter(panel.key, stepBox.index, param.modelData.name, checked, 0)
                                    }
                                    ComboBox {
                                        objectName: "control"
                                        visible: param.modelData.type === "enum"
                                        model: param.modelData.choices
                                        currentIndex: param.modelData.type === "enum" ? param.modelData.choices.indexOf(param.modelData.value) : 0
                                        Layout.fillWidth: true
                                        onActivated: panel.editor.pipeline.setStepParameter(panel.key, stepBox.index, param.modelData.name, currentText, 0)
                                    }
                                }
                            }
                        }
                    }
                }

                RowLayout {
                    Layout.fillWidth: true
                    Layout.topMargin: 4
                    ComboBox {
                        id: strategyBox
                        objectName: "strategyBox"
                        model: panel.editor.pipeline.strategies
                        textRole: "name"
                        valueRole: "id"
                        Layout.fillWidth: true
                        // Long strategy names: the list is as wide as they need, the box says it on hover.
                        popup.width: Math.max(width, 320)
                        ToolTip.visible: hovered
                        ToolTip.text: currentText
                    }
                    Button {
                        objectName: "addStep"
                        text: qsTr("Add step")
                        enabled: strategyBox.count > 0
                        onClicked: panel.editor.pipeline.addStep(panel.key, strategyBox.currentValue)
                    }
                }
            }
        }

        Rectangle {
            Layout.fillWidth: true
            implicitHeight: 1
            color: Theme.border
        }
        // Strategies are third-party code: a step that takes longer than this fails as "no answer"
        // instead of holding up its patrol's preview.
        RowLayout {
            Layout.fillWidth: true
            Layout.margins: 8
            spacing: 6
            Label {
                text: qsTr("Time limit per step")
                color: Theme.textDim
                Layout.fillWidth: true
                elide: Text.ElideRight
            }
            SpinBox {
                objectName: "stepTimeout"
                from: 1
                to: 600
                editable: true
                value: panel.editor.pipeline.stepTimeoutSeconds
                onValueModified: panel.editor.pipeline.stepTimeoutSeconds = value
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Seconds a smoothing step may run before it fails (kept between sessions)")
            }
            Label { text: qsTr("s"); color: Theme.textDim }
        }
    }
}
