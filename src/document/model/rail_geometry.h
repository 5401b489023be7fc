// Rails of the document as curves of the geometry core.
#pragma once

#include "core/frames.h"
#include "core/rail_index.h"
#include "core/spline.h"
#include "document/model/level.h"

namespace railforge::document {

// The curve a rail describes (its spline through its control points).
core::Curve railCurve(const Rail &rail);

// The frames of a rail (RMF + tilt of its points) over its arc-length table.
core::FrameTable railFrames(const Rail &rail, const core::ArcLengthTable &table);

// A proximity index over all rails of a level; hit.rail is the index into level.rails.
core::RailIndex buildRailIndex(const Level &level);

// Index of the rail with this id in level.rails, or -1.
int findRail(const Level &level, const std::string &id);

} // namespace railforge::document
