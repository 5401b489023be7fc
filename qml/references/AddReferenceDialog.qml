// Level > Add reference image / mesh / heightmap: one file dialog, told which kind it adds. What was
// added is said in the status bar; a file that cannot be added is reported through `failed`.
import QtQuick
import QtQuick.Dialogs
import RailForge

FileDialog {
    id: dialog

    required property EditorController editor
    // The kind the next file is added as: "image", "mesh" or "heightmap".
    property string kind: "image"
    // The file could not be added (nothing was): why, for the problems dialog.
    signal failed(string title, string message)

    readonly property var kinds: ({
        image: { title: qsTr("Add a reference image"), filters: [qsTr("Images (*.png *.jpg *.jpeg)")],
                 added: qsTr("Image added: place it with ⊕ in the outliner's References") },
        mesh: { title: qsTr("Add a reference mesh"), filters: [qsTr("Meshes (*.gltf *.glb *.obj *.fbx)")],
                added: qsTr("Mesh added as ground (its transform is in the inspector)") },
        heightmap: { title: qsTr("Add a reference heightmap"), filters: [qsTr("Heightmaps (*.png *.jpg *.jpeg)")],
                     added: qsTr("Heightmap added as ground, 1 unit a pixel, black 0 to white 10 (adjust it in the inspector)") }
    })
    // What the ground does now, as the ground toggle (Shift+G) stands: the status never promises
    // snapping the toggle does not give.
    function groundNote() {
        return editor.grounding.snapToGround
                ? qsTr(": new points land on it (ground is on) and Ground… drapes rails onto it")
                : qsTr(": Ground… drapes rails onto it; turn ground on (Shift+G) for new points to land on it")
    }
    function start(kind) {
        dialog.kind = kind
        open()
    }
    title: kinds[kind].title
    nameFilters: kinds[kind].filters.concat([qsTr("All files (*)")])
    currentFolder: editor.files.folderUrl
    onAccepted: {
        if (editor.references.add(selectedFile, kind))
            editor.showStatus(kinds[kind].added + (kind === "image" ? "" : groundNote()))
        else
            failed(title, editor.references.lastError())
    }
}
