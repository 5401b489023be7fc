// What the canvas keeps about the rails between level changes: their exact curves as painter
// paths (world coordinates), mid-length arrows, and a proximity index for picking and probing.
// The canvas is a plan view, so picking measures in the ground plane: that index is built over the
// rails flattened to z = 0, and arc lengths come from the real 3D curves. The probe measures in 3D,
// over a second index of the real curves.
#pragma once

#include "core/arc_length.h"
#include "core/frames.h"
#include "core/rail_index.h"
#include "document/model/level.h"
#include "document/model/rail_geometry_cache.h"

#include <QPainterPath>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace railforge::app {

class RailShapes {
public:
    using Geometry = std::shared_ptr<const document::RailGeometry>;

    std::vector<QPainterPath> paths;       // one per rail, cubic segments in world (x, y)
    std::vector<core::CurveSample> middle; // position and direction at half the arc length
    std::vector<double> lengths;           // arc length of each rail (3D)
    std::vector<Geometry> geometry;        // each rail's arc-length table and frames (the document's)

    // How many rails.
    std::size_t size() const { return geometry.size(); }
    // The arc-length table of rail i's real (3D) curve.
    const core::ArcLengthTable &table(std::size_t i) const { return geometry[i]->table(); }
    // Rail i's frames when it can bank (tilted, or minimal twist: its frames bank as it climbs and
    // turns), else null: only those draw banking ticks and bank labels.
    const core::FrameTable *banking(std::size_t i) const;
    // Builds the frames of every rail that banks, shared among the cores, once per set of shapes: the
    // first paint of a big level draws every rail's ticks, and one rail's frames do not depend on another's.
    void prepareBanking() const;

    // The index over the rails flattened to z = 0 (hit.rail indexes level.rails). Built when first
    // asked for after a change: a drag that only repaints never pays for it.
    const core::RailIndex &planIndex() const;
    // The index over the real (3D) curves, for the probe's 3D distances; built when first asked for.
    const core::RailIndex &spaceIndex() const;
    // Reshapes one rail (its curve changed in place); the indexes are rebuilt lazily.
    void updateRail(std::size_t index, const document::Rail &rail, Geometry geometry);
    // Shapes of every rail of a level, their geometry from `geometryOf`: the document's
    // (LevelDocument::railGeometryOf), so the plan, the profile, the 3D view and the inspector share
    // one per rail.
    static RailShapes build(const document::Level &level, const document::RailGeometryOf &geometryOf);

private:
    mutable std::optional<core::RailIndex> m_planIndex;
    mutable std::optional<core::RailIndex> m_spaceIndex;
    mutable bool m_bankingPrepared = false;
};

} // namespace railforge::app
