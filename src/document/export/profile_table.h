// A rail's or a patrol path's profile as a table (`railforge-cli profile`): columns and rows of
// numbers, written as CSV or JSON. The numbers come from core/rail_profile.h.
#pragma once

#include "core/vec3.h"
#include "document/model/level.h"

#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

struct ProfileTable {
    std::vector<std::string> columns;
    std::vector<std::vector<double>> rows;
};

// A rail every `spacing`: s,x,y,z,pitch,curvature,tilt,bank, then lateral_g,vertical_g when a
// speed (m/s) is given, or lateral_g,vertical_g,speed (m/s) at the rail's speed channel when none is
// given and it has one; `metresPerUnit` converts the level's lengths for the forces.
ProfileTable railProfileTable(const Rail &rail, double spacing, std::optional<double> speed, double metresPerUnit);

// A polyline (a patrol's path) every `spacing` and at each vertex: s,x,y,z,pitch.
ProfileTable pathProfileTable(const std::vector<core::Vec3> &path, double spacing);

// CSV with a header line, numbers in full precision.
std::string profileCsv(const ProfileTable &table);
// {"id": ..., "columns": [...], "rows": [[...], ...]}, then `moreFields` (", \"name\": value...")
// before the closing brace.
std::string profileJson(const ProfileTable &table, const std::string &id, const std::string &moreFields = {});

} // namespace railforge::document
