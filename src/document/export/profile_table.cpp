#include "document/export/profile_table.h"

#include "core/polyline.h"
#include "core/rail_profile.h"
#include "document/files/csv_points.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"
#include "document/model/rail_speed.h"
#include "document/text/finite_output.h"
#include "document/text/number_format.h"
#include "document/text/quoted_text.h"

#include <algorithm>
#include <cmath>

namespace railforge::document {
namespace {
constexpr double kDegrees = 180.0 / 3.14159265358979323846;
}

ProfileTable railProfileTable(const Rail &rail, double spacing, std::optional<double> speed, double metresPerUnit)
{
    ProfileTable t;
    t.columns = {"s", "x", "y", "z", "pitch", "curvature", "tilt", "bank"};
    const auto geometry = geometryOfShape(rail);
    const core::ArcLengthTable &table = geometry->table();
    // No speed given: the rail's speed channel, where it has one (in level units a second).
    const std::optional<RailSpeed> channel = speed ? std::nullopt : RailSpeed::of(rail, table);
    if (speed) t.columns.insert(t.columns.end(), {"lateral_g", "vertical_g"});
    if (channel) t.columns.insert(t.columns.end(), {"lateral_g", "vertical_g", "speed"});
    const core::FrameTable &frames = geometry->frames();
    for (const core::ProfileRow &r : core::railProfile(table, frames, spacing)) {
        std::vector<double> row = {r.s, r.position.x, r.position.y, r.position.z, r.pitch, r.curvature, r.tilt, r.bank};
        if (speed) {
            const core::RiderForces f = core::riderForces(r, *speed, metresPerUnit);
            row.insert(row.end(), {f.lateral, f.vertical});
        } else if (channel) {
            const double v = channel->at(r.s, 0.0) * metresPerUnit;
            const core::RiderForces f = core::riderForces(r, v, metresPerUnit);
            row.insert(row.end(), {f.lateral, f.vertical, v});
        }
        t.rows.push_back(std::move(row));
    }
    return t;
}

ProfileTable pathProfileTable(const std::vector<core::Vec3> &path, double spacing)
{
    ProfileTable t;
    t.columns = {"s", "x", "y", "z", "pitch"};
    const core::ArcLengthTable table = pathTable(path);
    // Every `spacing`, and each vertex (the path's corners) where its pitch changes.
    std::vector<core::CurveSample> rows = core::sample(table, spacing);
    std::vector<core::CurveSample> corners = core::polylineRows(path, false);
    for (std::size_t i = 0; i < corners.size(); ++i)
        corners[i].s = i < table.segments.size() ? core::arcLengthAt(table, {i, 0.0}) : core::totalLength(table);
    rows.insert(rows.end(), corners.begin(), corners.end());
    std::stable_sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) { return a.s < b.s; });
    double last = -1.0;
    for (const core::CurveSample &r : rows) {
        if (r.s <= last + 1e-9 * spacing) continue;
        last = r.s;
        t.rows.push_back(
            {r.s, r.position.x, r.position.y, r.position.z, std::asin(std::clamp(r.tangent.z, -1.0, 1.0)) * kDegrees});
    }
    return t;
}

std::string profileCsv(const ProfileTable &table)
{
    std::string out;
    for (std::size_t c = 0; c < table.columns.size(); ++c) out += (c ? "," : "") + table.columns[c];
    out += '\n';
    for (const auto &row : table.rows) {
        for (std::size_t c = 0; c < row.size(); ++c) {
            if (c) out += ',';
            out += formatCsvNumber(requireFinite(row[c]));
        }
        out += '\n';
    }
    return out;
}

std::string profileJson(const ProfileTable &table, const std::string &id, const std::string &moreFields)
{
    std::string out = "{\"id\": ";
    appendQuoted(out, id, QuoteStyle::Json);
    out += ", \"columns\": [";
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        if (c) out += ", ";
        appendQuoted(out, table.columns[c], QuoteStyle::Json);
    }
    out += "], \"rows\": [";
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        out += r ? ",\n  [" : "\n  [";
        for (std::size_t c = 0; c < table.rows[r].size(); ++c) {
            if (c) out += ", ";
            out += formatNumber(requireFinite(table.rows[r][c]));
        }
        out += ']';
    }
    out += "\n]" + moreFields + "}\n";
    return out;
}

} // namespace railforge::document
