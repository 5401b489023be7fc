// Draws a level with QPainter in constant pixel sizes whatever the zoom.
#pragma once

#include "app/editor/kind_layers.h"
#include "app/pipeline/patrol_preview.h"
#include "app/plan/rail_shapes.h"
#include "app/plan/view_transform.h"
#include "document/model/level.h"
#include "document/model/object_ref.h"
#include "document/routing/patrol_route.h"

#include <QString>

#include <set>

class QPainter;

namespace railforge::app {

// What the painter needs besides the level: the camera, cached rail curves, patrol routes,
// the selection and what the cursor is over.
struct PaintState {
    // Which objects to draw: all of them, all but the selection (the cached layer), or only the
    // selection and what hangs on it (drawn live over the layer while it is being dragged).
    enum class Layer { All, Unselected, Selected };

    ViewTransform view;
    QString hoveredWaypoint;
    const RailShapes *rails = nullptr;
    const PatrolRoutes *routes = nullptr;
    const std::set<document::ObjectId> *selection = nullptr;
    const KindLayers *layers = nullptr; // hidden kinds are not drawn
    std::string activeRail = {};        // the rail whose point is active (its handles are drawn)
    int activeRailPoint = -1;           // that point, -1 when none

    Layer layer = Layer::All;

    bool shows(document::ObjectKind kind) const { return !layers || layers->visible(kind); }
    bool selected(document::ObjectKind kind, const std::string &id) const
    {
        return selection && selection->count({kind, id});
    }
    // Whether the selection holds any object of `kind` (ids sort within their kind).
    bool selects(document::ObjectKind kind) const
    {
        if (!selection) return false;
        const auto first = selection->lower_bound({kind, {}});
        return first != selection->end() && first->kind == kind;
    }
    // Whether this layer draws an object that is (or hangs on something) `isSelected`.
    bool draws(bool isSelected) const { return layer == Layer::All || (layer == Layer::Selected) == isSelected; }
};

// Background grid (minor lines, every 10th stronger), world axes and the scale bar.
void paintGrid(QPainter &painter, const ViewTransform &view);
// The scale bar in the bottom-left corner.
void paintScaleBar(QPainter &painter, const ViewTransform &view, const QString &units);
// All level objects, back to front: obstacles, edges, rails, waypoints.
void paintLevel(QPainter &painter, const document::Level &level, const PaintState &state);

} // namespace railforge::app
