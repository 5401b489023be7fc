// The 3D view beside the plan (View > 3D view, F3), loaded from its own module by URL: builds
// without Qt Quick 3D have none (EditorController.has3DView is false then).
//
// Made the first time it is shown, then only hidden and shown again: Qt Quick 3D 6.4.2 frees a
// destroyed View3D's render data on the GUI thread while the render thread may still draw its last
// frame (a crash on F3 pressed quickly, fixed upstream in 6.4.3).
import QtQuick
import RailForge

Loader {
    id: slot
    objectName: "view3dLoader"

    required property EditorController editor
    required property LevelView canvas
    // View > 3D view: checked while the panel is wanted on screen.
    required property bool shown
    property bool wanted: false

    active: editor.has3DView && (wanted || shown)
    visible: editor.has3DView && shown
    onVisibleChanged: if (visible) wanted = true
    source: active ? "qrc:/qt/qml/RailForge/View3D/View3DPanel.qml" : ""
    onLoaded: {
        item.editor = slot.editor
        item.scene.live = Qt.binding(() => slot.visible)
        // The probe clicked in 3D drops the plan's probe marker there.
        item.probeRequested.connect((x, y) => slot.canvas.probe.placeAt(x, y))
        // One hovered waypoint for both views.
        item.scene.planHover = Qt.binding(() => slot.canvas.hoveredId)
    }
    Connections {
        target: slot.item ? slot.item.scene : null
        function onHoveredKeyChanged() {
            const key = slot.item.scene.hoveredKey
            slot.canvas.hoveredId = key.startsWith("waypoint:") ? key.substring(9) : ""
        }
    }
}
