#include "document/model/rail_geometry_cache.h"

#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"
#include "document/model/rail_shape_geometry.h"

#include <numbers>
#include <unordered_set>

namespace railforge::document {

RailGeometry::RailGeometry(const Rail &rail) : m_rail(rail)
{
    // Only the shape is kept: channels and properties can be large and never shape the curve.
    m_rail.channels.clear();
    m_rail.properties = {};
    m_table = core::buildArcLengthTable(railCurve(m_rail));
    m_length = core::totalLength(m_table);
}

KnotFrame RailGeometry::knotFrame(std::size_t index) const
{
    const core::FrameTable &table = frames();
    KnotFrame out;
    out.s = index < table.knotS.size() ? table.knotS[index] : table.length;
    const core::CurveSample at = core::sampleAt(m_table, out.s);
    out.position = at.position;
    out.tangent = at.tangent;
    out.up = core::upAt(table, out.s, at.position, at.tangent);
    out.tiltDegrees = index < table.knotTilt.size() ? table.knotTilt[index] * 180.0 / std::numbers::pi : 0.0;
    return out;
}

const core::FrameTable &RailGeometry::frames() const
{
    std::call_once(m_framesOnce, [this] { m_frames = railFrames(m_rail, m_table); });
    return *m_frames;
}

std::shared_ptr<const RailGeometry> RailGeometryCache::of(const Rail &rail)
{
    std::shared_ptr<const RailGeometry> &kept = m_byId[rail.id];
    if (!kept || !sameShape(kept->rail(), rail)) {
        // From the shape store: a shape a check, the export or an undo already measured is not
        // measured again, and the views and the checks share one geometry per shape.
        kept = geometryOfShape(rail);
        ++m_builds;
    }
    return kept;
}

void RailGeometryCache::keepOnly(const Level &level)
{
    std::unordered_set<std::string> ids;
    for (const Rail &rail : level.rails) ids.insert(rail.id);
    std::erase_if(m_byId, [&](const auto &entry) { return !ids.contains(entry.first); });
}

} // namespace railforge::document
