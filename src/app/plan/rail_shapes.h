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

#include <QPainterPath>

#include <optional>
#include <vector>

namespace railforge::app {

class RailShapes {
public:
    std::vector<QPainterPath> paths;                     // one per rail, cubic segments in world (x, y)
    std::vector<core::CurveSample> middle;               // position and direction at half the arc length
    std::vector<double> lengths;                         // arc length of each rail (3D)
    std::vector<core::ArcLengthTable> tables;            // arc-length tables of the real (3D) curves
    std::vector<std::optional<core::FrameTable>> frames; // frames of the rails that have a tilt (banking ticks)

    // The index over the rails flattened to z = 0 (hit.rail indexes level.rails). Built when first
    // asked for after a change: a drag that only repaints never pays for it.
    const core::RailIndex &planIndex() const;
    // The index over the real (3D) curves, for the probe's 3D distances; built when first asked for.
    const core::RailIndex &spaceIndex() const;
    // Rebuilds one rail's shapes (its curve changed in place); the plan index is rebuilt lazily.
    void updateRail(std::size_t index, const document::Rail &rail);
    // Shapes of every rail of a level.
    static RailShapes build(const document::Level &level);

private:
    mutable std::optional<core::RailIndex> m_planIndex;
    mutable std::optional<core::RailIndex> m_spaceIndex;
};

} // namespace railforge::app
