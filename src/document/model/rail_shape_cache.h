// A level's rails by id for the checks that follow junctions from rail to rail, each rail's geometry
// read from the shape store (rail_shape_geometry.h) the first time a check asks for that rail, so a
// check over a whole level pays only for the rails it looks at, and nothing for a shape already read.
#pragma once

#include "core/arc_length.h"
#include "core/frames.h"
#include "document/model/level.h"
#include "document/model/rail_geometry_cache.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace railforge::document {

class RailShapeCache {
public:
    // `rails` must outlive the cache and stay unchanged while it is used.
    explicit RailShapeCache(const std::vector<Rail> &rails);

    // The rail with this id, or null.
    const Rail *find(const std::string &id) const;
    // The geometry of a known rail.
    const RailGeometry &shape(const std::string &id);
    // The arc length of a known rail.
    double length(const std::string &id) { return shape(id).length(); }
    // The rider's direction of travel at s (riding forward or backward) and the rider's up there.
    std::pair<core::Vec3, core::Vec3> heading(const std::string &id, double s, bool forward);

private:
    const std::vector<Rail> &m_rails;
    std::map<std::string, std::size_t> m_index;
    std::map<std::size_t, std::shared_ptr<const RailGeometry>> m_shapes;
};

// The angle between two directions, in degrees.
double degreesBetween(core::Vec3 a, core::Vec3 b);

} // namespace railforge::document
