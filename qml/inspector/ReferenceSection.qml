// Inspector, the one selected reference (clicked in the outliner's References): its file, and its placement: an
// image's or heightmap's world rectangle, a heightmap's heights of black and white, a mesh's axes and
// transform; whether a mesh or heightmap is ground, and the colour the 3D view draws it in. Each edit one undo step; a locked reference is
// not placed (refused at its field).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

ColumnLayout {
    id: section
    objectName: "referenceSection"

    required property EditorController editor
    required property int decimals
    readonly property ReferenceList references: editor.references
    readonly property var values: references.currentValues
    readonly property int row: references.current
    readonly property string kind: values.kind !== undefined ? values.kind : ""
    property string problem: ""

    // Applies an edit; "" when taken, else why not (for the field).
    function apply(done) {
        const ok = done()
        problem = ok ? "" : section.references.lastError()
        return problem
    }

    spacing: 6

    GridLayout {
        columns: 2
        columnSpacing: 12
        rowSpacing: 6
        Layout.fillWidth: true

        FieldLabel { text: qsTr("id") }
        Label { objectName: "referenceId"; text: section.values.id !== undefined ? section.values.id : ""; Layout.fillWidth: true }
        FieldLabel { text: section.kind }
        Label { text: section.values.file !== undefined ? section.values.file : ""; elide: Text.ElideMiddle; Layout.fillWidth: true }
    }

    // x0, y0, x1, y1 of an image or heightmap.
    GridLayout {
        visible: section.kind === "image" || section.kind === "heightmap"
        columns: 3
        columnSpacing: 8
        rowSpacing: 6
        Layout.fillWidth: true
        FieldLabel { text: qsTr("from x, y") }
        NumberField {
            objectName: "referenceX0"; decimals: section.decimals
            value: section.values.rect !== undefined ? section.values.rect[0] : 0
            accept: v => section.apply(() => section.references.setRect(section.row, v, section.values.rect[1], section.values.rect[2], section.values.rect[3]))
        }
        NumberField {
            objectName: "referenceY0"; decimals: section.decimals
            value: section.values.rect !== undefined ? section.values.rect[1] : 0
            accept: v => section.apply(() => section.references.setRect(section.row, section.values.rect[0], v, section.values.rect[2], section.values.rect[3]))
        }
        FieldLabel { text: qsTr("to x, y") }
        NumberField {
            objectName: "referenceX1"; decimals: section.decimals
            value: section.values.rect !== undefined ? section.values.rect[2] : 0
            accept: v => section.apply(() => section.references.setRect(section.row, section.values.rect[0], section.values.rect[1], v, section.values.rect[3]))
        }
        NumberField {
            objectName: "referenceY1"; decimals: section.decimals
            value: section.values.rect !== undefined ? section.values.rect[3] : 0
            accept: v => section.apply(() => section.references.setRect(section.row, section.values.rect[0], section.values.rect[1], section.values.rect[2], v))
        }
    }

    GridLayout {
        visible: section.kind === "heightmap"
        columns: 3
        columnSpacing: 8
        Layout.fillWidth: true
        FieldLabel { text: qsTr("black, white z") }
        NumberField {
            objectName: "referenceZMin"; decimals: section.decimals
            value: section.values.zRange !== undefined ? section.values.zRange[0] : 0
            accept: v => section.apply(() => section.references.setZRange(section.row, v, section.values.zRange[1]))
        }
        NumberField {
            objectName: "referenceZMax"; decimals: section.decimals
            value: section.values.zRange !== undefined ? section.values.zRange[1] : 0
            accept: v => section.apply(() => section.references.setZRange(section.row, section.values.zRange[0], v))
        }
    }

    GridLayout {
        visible: section.kind === "mesh"
        columns: 4
        columnSpacing: 8
        rowSpacing: 6
        Layout.fillWidth: true
        FieldLabel { text: qsTr("up axis") }
        ComboBox {
            objectName: "referenceUp"
            model: ["y", "z"]
            currentIndex: section.values.up === "z" ? 1 : 0
            Layout.columnSpan: 3
            Layout.fillWidth: true
            onActivated: index => section.apply(() => section.references.setUp(section.row, model[index]))
        }
        FieldLabel { text: qsTr("scale, rotate °") }
        NumberField {
            objectName: "referenceScale"; decimals: 4; minimum: 1e-9
            value: section.values.scale !== undefined ? section.values.scale : 1
            accept: v => section.apply(() => section.references.setTransform(section.row, v, section.values.rotate, section.values.translate[0], section.values.translate[1], section.values.translate[2]))
        }
        NumberField {
            objectName: "referenceRotate"; decimals: 2
            value: section.values.rotate !== undefined ? section.values.rotate : 0
            accept: v => section.apply(() => section.references.setTransform(section.row, section.values.scale, v, section.values.translate[0], section.values.translate[1], section.values.translate[2]))
        }
        Item { Layout.fillWidth: true }
        FieldLabel { text: qsTr("move x, y, z") }
        Repeater {
            model: 3
            delegate: NumberField {
                required property int index
                objectName: "referenceTranslate" + index
                decimals: section.decimals
                value: section.values.translate !== undefined ? section.values.translate[index] : 0
                accept: v => {
                    const t = section.values.translate.slice()
                    t[index] = v
                    return section.apply(() => section.references.setTransform(section.row, section.values.scale, section.values.rotate, t[0], t[1], t[2]))
                }
            }
        }
    }

    CheckBox {
        objectName: "referenceGround"
        visible: section.kind === "mesh" || section.kind === "heightmap"
        text: qsTr("ground: points snap and drape onto it")
        checked: section.values.ground === true
        onToggled: section.apply(() => section.references.setGround(section.row, checked))
    }

    RowLayout {
        visible: section.kind === "mesh" || section.kind === "heightmap"
        FieldLabel { text: qsTr("3D colour") }
        EditField {
            id: colorField
            objectName: "referenceColor"
            Layout.fillWidth: true
            placeholderText: qsTr("#RRGGBB (empty: the default)")
            shownText: () => section.values.color !== undefined ? section.values.color : ""
            submit: typed => typed.trim() === shownText() ? "" : section.apply(() => section.references.setColor(section.row, typed))
            Component.onCompleted: show()
            Connections {
                target: section
                function onValuesChanged() { if (!colorField.activeFocus) colorField.show() }
            }
        }
    }

    ProblemLine { problem: section.problem }
}
