// Keys that belong to no action: Enter finishes and Esc cancels the tool in progress (Esc with
// nothing in progress clears the selection). Every other key is an Action's (EditorActions.qml).
import QtQuick
import RailForge

Item {
    id: shortcuts
    // Shortcut items follow `enabled` of their parent: Main turns this off while a text field is edited.

    required property EditorController editor
    required property LevelView canvas

    Shortcut { sequences: ["Return", "Enter"]; enabled: shortcuts.enabled; onActivated: shortcuts.canvas.finishTool() }
    Shortcut {
        sequence: "Esc"
        enabled: shortcuts.enabled
        onActivated: {
            if (!shortcuts.canvas.cancelTool())
                shortcuts.editor.selection.clear()
        }
    }
}
