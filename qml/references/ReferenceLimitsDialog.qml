// Level > Reference Limits: what a level's reference files may cost before the editor refuses them
// (the CLI's --max-image-memory, --max-triangles and --max-mesh-nodes). A small file can decode to
// gigabytes (a 16-bit heightmap) or instance one mesh millions of times (a glTF node graph); these
// bound what a level from anywhere can take. Kept for the next session; a change reads the
// references again.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import RailForge

Dialog {
    id: dialog

    required property ReferenceAccess access

    objectName: "referenceLimitsDialog"
    title: qsTr("Reference limits")
    modal: true
    width: 560
    standardButtons: Dialog.Close

    GridLayout {
        width: parent.width
        columns: 3
        columnSpacing: 8
        Label { text: qsTr("Image memory") }
        NumberField {
            objectName: "limitImageMemory"
            Layout.fillWidth: true
            integer: true
            minimum: 1
            maximum: 1e6
            value: dialog.access.maxImageMemoryMiB
            accept: v => { dialog.access.maxImageMemoryMiB = v; return "" }
        }
        Label { text: qsTr("MiB") }
        Label {
            Layout.columnSpan: 3
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            opacity: 0.75
            text: qsTr("The decoded pixels of all the level's images and heightmaps together; a file named by several references counts once. A 16384 × 16384 16-bit heightmap takes 512 MiB.")
        }
        Label { text: qsTr("Triangles") }
        NumberField {
            objectName: "limitTriangles"
            Layout.fillWidth: true
            integer: true
            minimum: 1
            maximum: 1e9
            value: dialog.access.maxTriangles
            accept: v => { dialog.access.maxTriangles = v; return "" }
        }
        Item { Layout.preferredWidth: 1 }
        Label { text: qsTr("Mesh nodes") }
        NumberField {
            objectName: "limitMeshNodes"
            Layout.fillWidth: true
            integer: true
            minimum: 1
            maximum: 1e9
            value: dialog.access.maxMeshNodes
            accept: v => { dialog.access.maxMeshNodes = v; return "" }
        }
        Item { Layout.preferredWidth: 1 }
        Label {
            Layout.columnSpan: 3
            Layout.fillWidth: true
            wrapMode: Text.WordWrap
            opacity: 0.75
            text: qsTr("Triangles of all the level's meshes, and nodes of one mesh file's scene, counted as placed: a glTF node used twice counts twice.")
        }
        Button {
            objectName: "resetLimitsButton"
            Layout.columnSpan: 3
            text: qsTr("Defaults")
            onClicked: dialog.access.resetLimits()
        }
    }
}
