// The grips of a rail's control point that every view draws and drags, and one drag of a grip: the
// handle protocol of docs/architecture.md "Handles". The plan, the 3D gizmo, the profile and the 3D
// point drag all list a point's grips here and move them through a HandleDrag, so what a drag does
// (which edit, one undo step, Escape putting it back) is written once; a view only turns its pointer
// into a world place or a tilt (Godot's set_handle / commit_handle, with the restore done for it).
#pragma once

#include "document/editing/level_document.h"
#include "document/editing/rail_handle_editing.h"

#include <string>
#include <vector>

namespace railforge::document {

// Which grip of a control point.
enum class Grip {
    Point,     // the control point itself
    BezierIn,  // the tip of its incoming Bezier handle
    BezierOut, // the tip of its outgoing Bezier handle
    Tilt,      // its tilt about the rail (the 3D ring, the profile's tilt lane)
};

// One grip of control point `point` of rail `rail`.
struct PointHandle {
    std::string rail;
    std::size_t point = 0;
    Grip grip = Grip::Point;
};

// A Bezier handle a view shows for a rail's active point (docs/ui.md "Visual language").
struct ShownHandle {
    HandleSide side;        // which handle of the point
    core::Vec3 tip;         // point + offset (world)
    bool automatic = false; // an auto handle (drawn hollow)
};

// The Bezier handles of point `point` of `rail` a view draws and lets the designer grab: none unless
// the rail is Bezier, none for a corner, none that no segment uses (an open rail's first "in" and
// last "out").
std::vector<ShownHandle> shownHandleTips(const Rail &rail, std::size_t point);
// The grip of a Bezier handle's side.
Grip gripOf(HandleSide side);

// Takes back every step since the undo stack stood at `index` and leaves none of them to redo (a
// drag cancelled, or taken back to be replaced by another edit). False when there was none.
bool takeBackSince(LevelDocument &document, int index);

// One drag of a grip, from the grab to the release. Each step is an edit of the document merged under
// the drag's key, so the whole drag is one undo step and letting go needs nothing more; cancel()
// puts the level back as it was at the grab and leaves nothing to redo.
class HandleDrag {
public:
    // Grabs `handle` in the level as it is now; `mergeKey` is the drag's own (EditorController::nextMergeKey).
    HandleDrag(LevelDocument &document, PointHandle handle, int mergeKey);

    // What is held.
    const PointHandle &handle() const { return m_handle; }
    // Puts the point, or a Bezier handle's tip, at `world` (a handle follows its point's mode;
    // `breakFree`, Alt, frees it first). "" when done or already there, else why not.
    std::string moveTo(core::Vec3 world, bool breakFree = false);
    // Turns the point's tilt to `degrees`. "" when done or already there, else why not (the limit).
    std::string tiltTo(double degrees);
    // Takes the drag back: the level as at the grab, no step left to redo. False when nothing moved.
    bool cancel();

private:
    LevelDocument *m_document;
    PointHandle m_handle;
    int m_mergeKey = 0;
    int m_undoIndex = 0; // the undo stack's index at the grab
};

} // namespace railforge::document
