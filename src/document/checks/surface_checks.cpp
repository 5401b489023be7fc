#include "document/checks/surface_checks.h"

#include "document/model/length_units.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <cmath>

namespace railforge::document {
namespace {

// A rail this close to a surface is on it, not through it (a rail laid on the ground).
constexpr double kOnSurface = 1e-6;

// How many surfaces are over height z at (x, y), and the lowest of them; whether one is under it.
struct Stack {
    std::size_t over = 0;
    double lowestOver = 0.0;
    bool under = false;
};

Stack stackAt(const core::GroundSet &ground, core::Vec3 p)
{
    Stack out;
    for (double surface : ground.surfacesAt(p.x, p.y)) {
        if (surface > p.z + kOnSurface) {
            ++out.over;
            out.lowestOver = surface;
        } else {
            out.under = true;
        }
    }
    return out;
}

} // namespace

SurfaceTrouble railSurfaceTrouble(const Rail &rail, const core::GroundSet &ground, double spacing, double headroom)
{
    SurfaceTrouble out;
    if (ground.empty() || rail.points.size() < 2) return out;
    const auto geometry = geometryOfShape(rail);
    const core::ArcLengthTable &table = geometry->table();
    const double length = core::totalLength(table);
    if (!(length > 0)) return out;
    std::vector<double> places;
    const double step = std::max(spacing, length / 100000.0);
    for (const core::CurveSample &sample : core::sample(table, step)) places.push_back(sample.s);
    for (std::size_t i = 0; i < table.segments.size(); ++i) places.push_back(table.breaks[table.firstBreak[i]].s);
    std::sort(places.begin(), places.end());
    core::Vec3 last{};
    Stack lastStack;
    for (std::size_t i = 0; i < places.size(); ++i) {
        const core::Vec3 p = core::sampleAt(table, places[i]).position;
        const Stack stack = stackAt(ground, p);
        if (stack.under && stack.over > 0 && stack.lowestOver - p.z < headroom) {
            if (!out.closeS || stack.lowestOver - p.z < out.room) {
                out.closeS = places[i];
                out.close = p;
                out.room = stack.lowestOver - p.z;
            }
        }
        if (i > 0 && !out.crossingS && stack.over != lastStack.over) {
            const core::Vec3 chord = p - last;
            if (const auto t = ground.firstHit(last, chord, 1.0)) {
                const core::Vec3 hit = last + chord * *t;
                const double reach = core::length(chord);
                // Not where the rail only touches a surface at one of the two samples.
                if (*t * reach > kOnSurface && (1.0 - *t) * reach > kOnSurface) {
                    out.crossingS = places[i - 1] + (places[i] - places[i - 1]) * *t;
                    out.crossing = hit;
                    out.crossingSurface = hit.z;
                }
            }
        }
        last = p;
        lastStack = stack;
    }
    return out;
}

LevelProblems surfaceProblems(const Level &level, std::size_t r, const core::GroundSet &ground)
{
    LevelProblems out;
    const Rail &rail = level.rails[r];
    const double headroom = kRiderHeadroomMetres / metresPerUnit(level.info.units).value_or(1.0);
    const SurfaceTrouble t = railSurfaceTrouble(rail, ground, kUndergroundSpacing, headroom);
    if (t.crossingS)
        out.push_back({Severity::Warning,
                       {ProblemSubject::Part::Rail, r, 0},
                       "rail " + rail.id + " passes through a surface (z " + formatRounded(t.crossingSurface, 2) +
                           ") at s = " + formatRounded(*t.crossingS, 1) +
                           " (Fit heights… takes it over or under the surface, as most of it is drawn)",
                       t.crossing});
    if (t.closeS)
        out.push_back({Severity::Warning,
                       {ProblemSubject::Part::Rail, r, 0},
                       "rail " + rail.id + " runs " + formatRounded(t.room, 2) + " under a surface at s = " +
                           formatRounded(*t.closeS, 1) + " (a rider needs " + formatRounded(headroom, 2) + ")",
                       t.close});
    return out;
}

} // namespace railforge::document
