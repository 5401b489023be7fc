#include "document/model/rail_shape_cache.h"

#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"

#include <algorithm>
#include <cmath>

namespace railforge::document {

RailShapeCache::RailShapeCache(const std::vector<Rail> &rails) : m_rails(rails)
{
    // The first rail of an id wins, as everywhere a level is looked up by id.
    for (std::size_t i = 0; i < rails.size(); ++i) m_index.emplace(rails[i].id, i);
}

const Rail *RailShapeCache::find(const std::string &id) const
{
    const auto it = m_index.find(id);
    return it == m_index.end() ? nullptr : &m_rails[it->second];
}

const RailGeometry &RailShapeCache::shape(const std::string &id)
{
    const std::size_t i = m_index.at(id);
    std::shared_ptr<const RailGeometry> &kept = m_shapes[i];
    if (!kept) kept = geometryOfShape(m_rails[i]);
    return *kept;
}

std::pair<core::Vec3, core::Vec3> RailShapeCache::heading(const std::string &id, double s, bool forward)
{
    const RailGeometry &geometry = shape(id);
    const core::CurveSample at = core::sampleAt(geometry.table(), s);
    const core::Vec3 up = core::upAt(geometry.frames(), at.s, at.position, at.tangent);
    return {forward ? at.tangent : at.tangent * -1.0, up};
}

double degreesBetween(core::Vec3 a, core::Vec3 b)
{
    const double c = core::dot(a, b) / std::max(1e-300, core::length(a) * core::length(b));
    return std::acos(std::clamp(c, -1.0, 1.0)) * (180.0 / M_PI);
}

} // namespace railforge::document
