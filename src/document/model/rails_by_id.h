// A level's rails by id, for the checks and the reader that follow junctions from rail to rail. A
// rail's geometry comes from the document's kind of index (RailGeometryCache, which takes it from
// the shape store), asked the first time a check needs that rail: a check over a whole level pays
// only for the rails it looks at, and nothing for a shape already measured.
#pragma once

#include "core/vec3.h"
#include "document/model/level.h"
#include "document/model/rail_geometry_cache.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace railforge::document {

class RailsById {
public:
    // `rails` must outlive the index and stay unchanged while it is used.
    explicit RailsById(const std::vector<Rail> &rails);

    // The rail with this id (the first of that id, as everywhere a level is looked up by id), or null.
    const Rail *find(const std::string &id) const;
    // The geometry of a known rail.
    const RailGeometry &shape(const std::string &id);
    // The arc length of a known rail.
    double length(const std::string &id) { return shape(id).length(); }

private:
    const std::vector<Rail> &m_rails;
    std::map<std::string, std::size_t> m_index;
    RailGeometryCache m_geometries;
};

// The rider's direction of travel at s on `geometry` (riding forward or backward) and the rider's up there.
std::pair<core::Vec3, core::Vec3> riderHeading(const RailGeometry &geometry, double s, bool forward);
// The angle between two directions, in degrees.
double degreesBetween(core::Vec3 a, core::Vec3 b);

} // namespace railforge::document
