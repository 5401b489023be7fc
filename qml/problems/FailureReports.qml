// What failed in the background of the editor, put before the designer in the problems dialog: a
// level that did not open, a save, an autosave or an export that did not happen (each says what
// was left as it was), and a level git still lists as unmerged.
import QtQuick
import RailForge

Item {
    id: reports

    required property EditorController editor
    required property ProblemsDialog dialog

    Connections {
        target: reports.editor.files
        function onOpenFailed(file, problems) {
            reports.dialog.showProblems(file, reports.editor.files.describeProblems(problems))
        }
        function onUnmergedInGit(fileName) {
            reports.dialog.showMessage(qsTr("Merge not finished"), qsTr("The merge of %1 is not finished.").arg(fileName),
                                       qsTr("git still lists %1 as unmerged, even where it shows no markers: the other branch's side may be missing. Resolve it (take each side in the Conflicts panel, or git checkout --merge %1), save, then git add it.").arg(fileName))
        }
        function onSaveFailed(message) {
            reports.dialog.showMessage(qsTr("Save failed"), qsTr("The file on disk is unchanged."), message)
        }
    }
    Connections {
        target: reports.editor.recovery
        function onAutosaveFailed(message) {
            reports.dialog.showMessage(qsTr("Autosave failed"),
                                       qsTr("No recovery copy could be written; your work is still open. Save it to keep it."),
                                       message)
        }
    }
    Connections {
        target: reports.editor.meshes
        function onFailed(message) {
            reports.dialog.showMessage(qsTr("Export failed"), qsTr("Nothing was written."), message)
        }
    }
    Connections {
        target: reports.editor.transfer
        function onFailed(message) {
            reports.dialog.showMessage(qsTr("Export failed"), qsTr("Nothing was written."), message)
        }
    }
}
