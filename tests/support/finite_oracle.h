// The oracle of "no NaN ever leaves RailForge", shared by the property test and the loader fuzzer:
// what every output computed from a rail the loader accepted must satisfy. Core only (no Qt), so
// the libFuzzer build can use it.
#pragma once

#include "core/arc_length.h"
#include "core/frames.h"
#include "core/rail_index.h"
#include "core/spline.h"

#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace railforge::testing {

// Why `v` breaks the rule, or nothing when it is finite.
inline std::optional<std::string> notFinite(double v, const std::string &what)
{
    if (std::isfinite(v)) return std::nullopt;
    return what + " is " + std::to_string(v);
}

inline std::optional<std::string> notFinite(core::Vec3 p, const std::string &what)
{
    if (core::isFinite(p)) return std::nullopt;
    return what + " is (" + std::to_string(p.x) + ", " + std::to_string(p.y) + ", " + std::to_string(p.z) + ")";
}

// Why `t` is not a unit tangent, or nothing.
inline std::optional<std::string> notUnit(core::Vec3 t, const std::string &what)
{
    if (core::isFinite(t) && std::abs(core::length(t) - 1.0) <= 1e-9) return std::nullopt;
    return what + " has length " + std::to_string(core::length(t)) + " instead of 1";
}

// Rows of a sampling or a vertex path: finite s and positions, s never decreasing, unit tangents.
inline std::optional<std::string> rowsProblem(const std::vector<core::CurveSample> &rows, const std::string &what)
{
    if (rows.empty()) return what + " has no rows";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::string row = what + " row " + std::to_string(i);
        if (auto p = notFinite(rows[i].s, row + " s")) return p;
        if (auto p = notFinite(rows[i].position, row + " position")) return p;
        if (auto p = notUnit(rows[i].tangent, row + " tangent")) return p;
        if (i > 0 && rows[i].s < rows[i - 1].s) return row + " s goes backwards";
    }
    return std::nullopt;
}

// A spacing giving about `rows` samples of a curve `length` long, never below `minSpacing`.
inline double spacingFor(double length, double minSpacing, double rows = 64.0)
{
    return std::fmax(length / rows, minSpacing);
}

// Everything the CLI and the export compute from one rail: length, equal-spacing samples with their
// up vectors (unit, orthogonal to the tangent; `tilts` in degrees per point), Bezier knots, and
// nearest points (with tangents) for `queries`.
inline std::optional<std::string> railProblem(const core::Curve &curve, double minSpacing,
                                              const std::vector<core::Vec3> &queries,
                                              const std::vector<double> &tilts = {})
{
    const core::ArcLengthTable table = core::buildArcLengthTable(curve);
    const double length = core::totalLength(table);
    if (auto p = notFinite(length, "length")) return p;
    if (!(length > 0)) return std::string("an accepted rail has length 0");
    const std::vector<core::CurveSample> rows = core::sample(table, spacingFor(length, minSpacing));
    if (auto p = rowsProblem(rows, "samples")) return p;
    const std::vector<core::Vec3> ups = core::upVectors(core::buildFrameTable(table, tilts), rows);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (auto p = notUnit(ups[i], "sample " + std::to_string(i) + " up")) return p;
        if (!(std::abs(core::dot(ups[i], rows[i].tangent)) <= 1e-9))
            return "sample " + std::to_string(i) + " up is not orthogonal to the tangent";
    }
    for (const core::BezierKnot &k : core::toBezierKnots(curve)) {
        if (auto p = notFinite(k.position, "knot position")) return p;
        if (auto p = notFinite(k.in, "knot in-handle")) return p;
        if (auto p = notFinite(k.out, "knot out-handle")) return p;
    }
    const core::RailIndex index(curve);
    for (const core::Vec3 &q : queries) {
        const auto hit = index.nearest(q);
        if (!hit) return std::string("no nearest point on a rail");
        if (auto p = notFinite(hit->point, "nearest point")) return p;
        if (auto p = notFinite(hit->distance, "nearest distance")) return p;
        if (auto p = notFinite(hit->s, "nearest s")) return p;
        if (auto p = notFinite(hit->u, "nearest t")) return p;
        if (auto p = notUnit(hit->tangent, "nearest tangent")) return p;
    }
    return std::nullopt;
}

} // namespace railforge::testing
