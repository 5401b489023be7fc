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
    // The pipeline's shape (its steps, their strategies and parameters: what the rows are built from)
    // and its live state (values, on/off, errors). Rows are rebuilt only when the shape changes; a
    // value changes in place, so no control is destroyed under the pointer or the keyboard.
    property var steps: []
    property var live: []
    property string routeError: ""
    property int dragKey: 1
    // A slider is being dragged: its row must not be rebuilt under the pointer, so the steps are
    // read again only when it is let go (the canvas previews every move meanwhile).
    property bool dragging: false

    function shapeOf(list) {
        return JSON.stringify(list.map(step => ({
            strategy: step.strategy, name: step.name,
            params: step.params.map(p => ({ name: p.name, type: p.type, label: p.label, min: p.min, max: p.max, choices: p.choices }))
        })))
    }
    function showSteps(fresh) {
        if (shapeOf(fresh) !== shapeOf(steps))
            steps = fresh
        live = fresh
    }
    function refresh() {
        if (dragging)
            return
        showSteps(key === "" ? [] : editor.pipeline.steps(key))
        routeError = key === "" ? "" : editor.pipeline.routeError(key)
    }

    // Sets a typed parameter; "" when taken, else why not (the field keeps the text and says it).
    function setTyped(stepIndex, parameter, value) {
        return editor.pipeline.setStepParameter(key, stepIndex, parameter.name, value, 0) ? "" : editor.pipeline.lastError()
    }

    color: Theme.panel
    onKeyChanged: refresh()

    Connections {
        target: panel.editor
        function onLevelChanged() { panel.refresh() }
    }
    Connections {
        target: panel.editor.pipeline
        function onRoutesChanged() {
            panel.routeError = panel.key === "" ? "" : panel.editor.pipeline.routeError(panel.key)
            // A step's run-time failure shows on its badge; the rows stay (showSteps), so a value being
            // typed into a row is never lost to a preview finishing.
            if (panel.key === "" || panel.dragging)
                return
            panel.showSteps(panel.editor.pipeline.steps(panel.key))
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

        // Why the patrol's route cannot be built: a line reserved while a patrol is selected, so its
        // coming and going (the preview runs off the UI thread) moves nothing under the pointer.
        ProblemLine {
            objectName: "routeError"
            visible: panel.key !== ""
            problem: panel.routeError
            Layout.leftMargin: 10
            Layout.rightMargin: 10
            Layout.topMargin: 6
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
                        // Why a value typed into this step was refused ("" when none).
                        property string problem: ""
                        // The step as it is now (values, on/off, error).
                        readonly property var state: panel.live[index] ?? modelData
                        objectName: "step" + index
                        Layout.fillWidth: true
                        implicitHeight: stepColumn.implicitHeight + 12
                        radius: 4
                        color: Theme.panelHeader
                        border.color: state.error !== "" ? Theme.error : Theme.border

                        ColumnLayout {
                            id: stepColumn
                            anchors.fill: parent
                            anchors.margins: 6
                            spacing: 4

                            RowLayout {
                                Layout.fillWidth: true
                                CheckBox {
                                    objectName: "stepEnabled"
                                    checked: stepBox.state.enabled
                                    onToggled: panel.editor.pipeline.setStepEnabled(panel.key, stepBox.index, checked)
                                }
                                Label {
                                    objectName: "stepName"
                                    text: (stepBox.index + 1) + ". " + stepBox.modelData.name
                                    color: stepBox.state.enabled ? Theme.text : Theme.textDim
                                    font.bold: true
                                    wrapMode: Text.Wrap
                                    Layout.fillWidth: true
                                }
                                Rectangle {
                                    objectName: "stepBadge"
                                    visible: stepBox.state.error !== ""
                                    width: 16
                                    height: 16
                                    radius: 8
                                    color: Theme.error
                                    Label { anchors.centerIn: parent; text: "!"; color: "white"; font.bold: true }
                                    ToolTip.visible: badgeMouse.containsMouse
                                    ToolTip.text: stepBox.state.error
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
                                    // The parameter's value now.
                                    readonly property var state: stepBox.state.params.find(q => q.name === modelData.name) ?? modelData
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
                                    // A whole number: typed exactly (refusals said under the step), or stepped by one.
                                    NumberField {
                                        id: intField
                                        objectName: "intField"
                                        visible: param.modelData.type === "int"
                                        integer: true
                                        minimum: param.modelData.min === undefined ? -1000000 : param.modelData.min
                                        maximum: param.modelData.max === undefined ? 1000000 : param.modelData.max
                                        value: param.modelData.type === "int" ? param.state.value : 0
                                        accept: v => panel.setTyped(stepBox.index, param.modelData, v)
                                        onProblemChanged: stepBox.problem = problem
                                    }
                                    ToolButton {
                                        objectName: "intDown"
                                        visible: param.modelData.type === "int"
                                        text: "−"
                                        enabled: intField.value > intField.minimum
                                        onClicked: panel.setTyped(stepBox.index, param.modelData, intField.value - 1)
                                    }
                                    ToolButton {
                                        objectName: "intUp"
                                        visible: param.modelData.type === "int"
                                        text: "+"
                                        enabled: intField.value < intField.maximum
                                        onClicked: panel.setTyped(stepBox.index, param.modelData, intField.value + 1)
                                    }
                                    Slider {
                                        objectName: "control"
                                        visible: param.modelData.type === "double"
                                        from: param.modelData.min === undefined ? 0 : param.modelData.min
                                        to: param.modelData.max === undefined ? Math.max(10, param.modelData.value * 2) : Math.min(param.modelData.max, 100)
                                        value: param.modelData.type === "double" ? param.state.value : 0
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
                                    NumberField {
                                        objectName: "valueField"
                                        visible: param.modelData.type === "double"
                                        decimals: 6
                                        minimum: param.modelData.min === undefined ? -1e9 : param.modelData.min
                                        maximum: param.modelData.max === undefined ? 1e9 : param.modelData.max
                                        value: param.modelData.type === "double" ? param.state.value : 0
                                        Layout.fillWidth: false
                                        Layout.preferredWidth: 64
                                        accept: v => panel.setTyped(stepBox.index, param.modelData, v)
                                        onProblemChanged: stepBox.problem = problem
                                    }
                                    CheckBox {
                                        objectName: "control"
                                        visible: param.modelData.type === "bool"
                                        checked: param.modelData.type === "bool" && param.state.value
                                        onToggled: panel.editor.pipeline.setStepParameter(panel.key, stepBox.index, param.modelData.name, checked, 0)
                                    }
                                    ComboBox {
                                        objectName: "control"
                                        visible: param.modelData.type === "enum"
                                        model: param.modelData.choices
                                        currentIndex: param.modelData.type === "enum" ? param.modelData.choices.indexOf(param.state.value) : 0
                                        Layout.fillWidth: true
                                        onActivated: panel.editor.pipeline.setStepParameter(panel.key, stepBox.index, param.modelData.name, currentText, 0)
                                    }
                                }
                            }
                            ProblemLine {
                                objectName: "stepProblem"
                                problem: stepBox.problem
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
