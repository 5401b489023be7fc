// Edits of a rail point's Bezier handles and tilt, and changes of a rail's spline type that keep
// its shape where they can (or say what changes). Pure functions on a Rail (testable without a
// document) plus the document edits built on them, each one undo step.
#pragma once

#include "document/editing/level_document.h"

#include <optional>
#include <string>

namespace railforge::document {

// Which handle of a point.
enum class HandleSide { In, Out };

// Point i's handles as the curve uses them (auto ones computed), as offsets; mode as stored.
PointHandles shownHandles(const Rail &rail, std::size_t i);

// The rail after dragging one handle of point i to `offset` (from the point), following the point's
// mode: mirrored moves the other handle to -offset; aligned keeps the other opposite with its own
// length; free moves only this one; an auto point becomes aligned (as in Blender). `breakFree` (Alt)
// makes the point free first, so only this handle moves. Corner points have no handles: unchanged.
Rail withHandleMoved(const Rail &rail, std::size_t i, HandleSide side, Vec3 offset, bool breakFree);

// The rail with point i in `mode`, keeping its current handles where the mode allows (auto and
// corner need none; mirrored keeps out and mirrors it; aligned keeps out and turns in opposite with
// its length). From corner, the new handles start as the auto ones (zero handles cannot be dragged).
Rail withHandleMode(const Rail &rail, std::size_t i, HandleMode mode);

// The rail as another spline type, keeping its shape exactly where possible: catmull-rom -> bezier
// is exact (all points auto), linear -> bezier makes every point a corner (the same straight lines);
// a change away from bezier drops the handles. Tilts are kept.
Rail withSplineKind(const Rail &rail, SplineKind kind);

// The rail as a Bezier rail of exactly the same curve whose every point has handles of its own (as
// offsets), so a tool can tilt them: aligned where the curve passes smoothly, free at a corner.
Rail withOwnHandles(const Rail &rail);

// What withSplineKind(rail, kind) changes about the curve, for the designer to confirm first; ""
// when the curve stays exactly the same or the change is the familiar catmull-rom <-> linear.
std::string splineChangeWarning(const Rail &rail, SplineKind kind);

// The rail with a new control point on segment `segment` at its parameter u in [0, 1]. On a bezier
// rail the curve stays exactly as it was (de Casteljau split): the new point gets the split's handles
// (aligned), and the segment's two end points keep their other handle and get the split part of
// this one (auto and mirrored ends become aligned, as their handles no longer follow the old rule).
// Other spline types insert the curve point (their curve changes near it, as the spline does).
// The new point's tilt is the rail's tilt there, so the banking stays where it was.
Rail withPointInserted(const Rail &rail, std::size_t segment, double u);

// Document edits (one undo step each; calls with the same non-zero mergeKey merge, as in a drag).
// False when the rail or point does not exist or nothing would change.
// moveRailHandle: "" when moved (or already there), else why not (no such rail, an offset beyond the
// coordinate range).
std::string moveRailHandle(LevelDocument &document, const std::string &rail, std::size_t point, HandleSide side,
                           Vec3 offset, bool breakFree, int mergeKey = 0);
bool setRailHandleMode(LevelDocument &document, const std::string &rail, std::size_t point, HandleMode mode);
// A point's tilt: "" when set (or already so), else why not (no such rail or point, a tilt beyond the
// limit, whyBadTilt).
std::string setRailPointTilt(LevelDocument &document, const std::string &rail, std::size_t point, double degrees,
                             int mergeKey = 0);
bool setRailSpline(LevelDocument &document, const std::string &rail, SplineKind kind);
bool insertRailPointOnCurve(LevelDocument &document, const std::string &rail, std::size_t segment, double u);

} // namespace railforge::document
