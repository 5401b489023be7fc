#include "document/model/rails_by_id.h"

#include <algorithm>
#include <cmath>

namespace railforge::document {

RailsById::RailsById(const std::vector<Rail> &rails) : m_rails(rails)
{
    for (std::size_t i = 0; i < rails.size(); ++i) m_index.emplace(rails[i].id, i);
}

const Rail *RailsById::find(const std::string &id) const
{
    const auto it = m_index.find(id);
    return it == m_index.end() ? nullptr : &m_rails[it->second];
}

const RailGeometry &RailsById::shape(const std::string &id)
{
    // The index holds the geometry as long as the rails stay unchanged: a reference stays good.
    return *m_geometries.of(m_rails[m_index.at(id)]);
}

std::pair<core::Vec3, core::Vec3> riderHeading(const RailGeometry &geometry, double s, bool forward)
{
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
