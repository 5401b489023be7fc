// The canvas tools (docs/ui.md "Tools and shortcuts"): each turns mouse and keys into document edits.
#pragma once

#include "app/editor/kind_layers.h"
#include "app/plan/canvas_hit_test.h"
#include "app/plan/rail_shapes.h"
#include "app/plan/view_transform.h"
#include "app/selection/selection.h"
#include "app/tools/tool_drag.h"
#include "document/editing/level_document.h"

#include <QPointF>
#include <QRectF>
#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QPainter;

namespace railforge::app {

// What a tool may use of the view it works in: the plan (LevelView) or the 3D view (ScenePlacing).
// A tool written against this alone works in both; the registry says which do (ToolDescription).
class ToolHost {
public:
    virtual ~ToolHost() = default;
    virtual document::LevelDocument &document() = 0;
    const document::Level &level() { return document().level(); }
    virtual Selection &selection() = 0;
    // Where a world point shows in the view (item pixels); nothing when it does not (behind the
    // 3D view's camera).
    virtual std::optional<QPointF> toScreen(core::Vec3 world) const = 0;
    // What a click at `screen` would pick, passing over the kinds `layers` hides or locks (none when
    // null), with the view's own picking rules. With `selection` given, the handles of its active
    // point come first where the view draws them (the plan; the 3D view's are its gizmo's).
    virtual std::optional<CanvasHit> pickAt(QPointF screen, const KindLayers *layers,
                                            const Selection *selection) const = 0;
    // The junction whose mark shows under `screen`, when junctions can be picked (shown and unlocked
    // with their rails).
    virtual std::optional<std::string> junctionAt(QPointF screen) const = 0;
    // Grabs the point at `at` for the drag that `press` begins; null when the view cannot drag it
    // from there (the 3D plane through it seen edge-on).
    virtual std::unique_ptr<PointFollow> grabPoint(core::Vec3 at, const ToolEvent &press) = 0;
    // What finds the rails near the pointer for a dragged end, made as the drag begins.
    virtual std::unique_ptr<JoinFinder> joinFinder() = 0;
    // How many decimals a measured length shows with in this view (the plan's follow its zoom).
    virtual int readoutDecimals() const = 0;
    // The world point snapped to the grid when snapping is on (also for offsets of a drag).
    virtual QPointF snap(QPointF world) const = 0;
    // A point a tool places: with snapping on, the lit (hovered) waypoint's position when the cursor
    // is on one, else the grid.
    virtual QPointF snapPoint(QPointF world) const = 0;
    // The height a placed or dragged point of `kind` gets at a plan point of the pointer's event: on
    // the plan, while snapping to ground is on and there is ground there, the surface nearest to
    // `current` (the highest when the point is `fresh`: a new point with nothing to be near) plus
    // clearance, else `current`; in 3D, the surface the pointer's ray lands on (nearest to that
    // landing where the point was snapped across) plus clearance.
    virtual double placedHeight(QPointF world, document::ObjectKind kind, double current, bool fresh = false) const = 0;
    // Where a new waypoint placed at `p` lands: on the nearest walkable point of the navigation mesh
    // shown in the views (within a few of its agent's radii), else at `p` (both views alike).
    virtual core::Vec3 walkableLanding(core::Vec3 p) const = 0;
    // The height of the ground under the pointer's plan point `world`, for what measures from it
    // (the ruler): the plan's level ground is z = 0; in 3D, where the pointer's ray lands.
    virtual double groundHeight(QPointF world) const = 0;
    // The height a dragged point of `kind` gets at plan point `world`, in either view: while
    // snapping to ground is on and there is ground there, the surface nearest to `current` plus
    // clearance, else `current` (a drag moves a point across; the pointer is not where it lands).
    virtual double draggedHeight(QPointF world, document::ObjectKind kind, double current) const = 0;
    // The height obstacles stand on in this view (a band takes one by its outline there): the
    // plan's ground, z = 0; in 3D the bottom of the level, where their walls begin.
    virtual double obstacleFloor() const = 0;
    // Which kinds are shown and pickable.
    virtual const KindLayers *layers() const = 0;
    // The tool's hint (status bar) changed, e.g. a measured distance.
    virtual void hintChanged() = 0;
    // A fresh key so that one drag becomes one undo step.
    virtual int nextMergeKey() = 0;
    // Repaint the view (the tool's work in progress changed).
    virtual void requestUpdate() = 0;
    // Probe the rails at a world point: under the cursor, or (placeMarker) moving the player marker there.
    virtual void probeAt(QPointF world, bool placeMarker) = 0;
    // Says something in the status bar (why an edit was refused).
    virtual void showStatus(const QString &message) = 0;
};

// What a tool that works on the plan alone may use besides: the plan's transform and the rails'
// plan shapes (its picking index, its painter paths).
class PlanToolHost : public ToolHost {
public:
    virtual const ViewTransform &view() const = 0;
    virtual const RailShapes &rails() = 0;
};

class CanvasTool {
public:
    explicit CanvasTool(ToolHost &host) : m_host(host) {}
    virtual ~CanvasTool() = default;
    CanvasTool(const CanvasTool &) = delete;
    CanvasTool &operator=(const CanvasTool &) = delete;

    virtual void press(const ToolEvent &) {}
    // Right button: deletes the rail control point under the cursor (as in Godot's Path2D).
    virtual void secondaryPress(const ToolEvent &event);
    virtual void drag(const ToolEvent &) {}
    virtual void hover(const ToolEvent &) {}
    virtual void release(const ToolEvent &) {}
    virtual void doubleClick(const ToolEvent &) {}
    // Enter: finish what is in progress (a rail, a polygon, a patrol). True when it used the key.
    virtual bool finish() { return false; }
    // Esc: drop what is in progress. True when something was dropped.
    virtual bool cancel() { return false; }
    // Draws the tool's work in progress, in item pixels.
    virtual void paintOverlay(QPainter &) const {}
    // A one-line hint for the status bar about what is under way; "" for the description's idle hint.
    virtual QString hint() const { return {}; }
    // The work in progress as a view other than the plan draws it (the 3D view: over its scene):
    // the points placed so far, then the one following the pointer, and what a measurement reads.
    struct Draft {
        std::vector<core::Vec3> line;
        std::size_t placed = 0; // how many of `line` are placed points
        QString readout;        // "" when nothing is measured
        bool measuring = false; // a measurement (drawn in the ruler's colour), not something being placed
        std::optional<core::Vec3> ring = std::nullopt; // a place marked with a ring: where a dragged rail end joins
        std::optional<QRectF> band = std::nullopt;     // a rubber band being drawn (item pixels)
    };
    virtual Draft draft() const { return {}; }

protected:
    ToolHost &host() const { return m_host; }

private:
    ToolHost &m_host;
};

// A tool of the plan alone (select, connect, obstacle, patrol): it reads the plan's transform and
// rail shapes. The registry makes these for the plan only.
class PlanTool : public CanvasTool {
public:
    explicit PlanTool(PlanToolHost &host) : CanvasTool(host), m_plan(host) {}

protected:
    PlanToolHost &plan() const { return m_plan; }

private:
    PlanToolHost &m_plan;
};

} // namespace railforge::app
