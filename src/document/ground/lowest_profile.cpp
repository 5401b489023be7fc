#include "document/ground/lowest_profile.h"

#include "core/grade_envelope.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <cmath>

namespace railforge::document {
namespace {

constexpr double kDegree = M_PI / 180.0;

// The surface at (x, y) the rail keeps clear of: the one nearest `reference` (its height less the
// clearance: the rule every placement follows), or a higher one the rail would run through there, one
// closer above it than `reach` (a deck laid over a ramp's top; a bridge high over a road is not).
std::optional<double> surfaceToClear(const core::GroundSet &ground, double x, double y, double reference, double reach)
{
    std::optional<double> chosen = ground.nearestSurface(x, y, reference);
    if (!chosen) return chosen;
    const std::vector<double> surfaces = ground.surfacesAt(x, y); // highest first
    for (auto it = surfaces.rbegin(); it != surfaces.rend(); ++it)
        if (*it > *chosen && *it <= *chosen + reach) chosen = *it;
    return chosen;
}

} // namespace

std::optional<SampledProfile> sampleProfile(const Rail &rail, const core::GroundSet &ground, const FitHeightsOptions &o,
                                            std::string *error)
{
    auto fail = [&](std::string why) {
        if (error) *error = std::move(why);
        return std::nullopt;
    };
    if (!std::isfinite(o.clearance)) return fail("the clearance must be a number");
    if (!(o.maxGradeDegrees > 0 && o.maxGradeDegrees < 89)) return fail("the grade must be between 0° and 89°");
    if (!(o.tolerance > 0 && std::isfinite(o.tolerance))) return fail("the tolerance must be more than 0");
    if (rail.points.size() < 2) return fail("the rail needs at least two points");
    if (o.keepEnds && rail.closed) return fail("a closed rail has no ends to keep");
    if (ground.empty()) return fail("the level has no ground");
    // Samples close enough that neither a rise of the ground nor a deck's edge between two of them
    // can eat the quarter tolerance the fitted rail keeps above the profile.
    const double step = std::min(0.1, o.tolerance / 4);
    SampledProfile out;
    out.path = planPathOf(rail, step / 4);
    const double L = out.path.length;
    if (!(L > 1e-6)) return fail("the rail has no length seen from above");
    LowestProfile &p = out.profile;
    p.length = L;
    p.closed = rail.closed;
    const std::size_t n = rail.closed ? std::max<std::size_t>(3, std::size_t(std::ceil(L / step)))
                                      : std::max<std::size_t>(2, std::size_t(std::ceil(L / step)) + 1);
    p.spacing = rail.closed ? L / double(n) : L / double(n - 1);
    std::vector<double> floor(n);
    bool anyGround = false;
    for (std::size_t i = 0; i < n; ++i) {
        const double s = double(i) * p.spacing;
        const core::Vec3 at = out.path.at(s);
        p.s.push_back(s);
        p.x.push_back(at.x);
        p.y.push_back(at.y);
        const auto surface = surfaceToClear(ground, at.x, at.y, at.z - o.clearance, o.clearance + o.tolerance);
        anyGround = anyGround || surface.has_value();
        p.ground.push_back(surface ? *surface : std::nan(""));
        // Where no ground is under the rail, its own height is the floor: the fit does not sink it.
        floor[i] = surface ? *surface + o.clearance : at.z;
    }
    if (!anyGround) return fail("no ground is under the rail");
    const double m = std::tan(o.maxGradeDegrees * kDegree);
    p.lowest = rail.closed ? core::gradeEnvelopeClosed(p.s, floor, m, L) : core::gradeEnvelope(p.s, floor, m);
    const double h0 = rail.points.front().z, h1 = rail.points.back().z;
    if (o.keepEnds) {
        auto tooLow = [&](const char *which, double h, double lowest) {
            return fail(std::string("the ") + which + " point (z " + formatRounded(h, 2) +
                        ") is below the lowest height the clearance and the grade allow there (z " +
                        formatRounded(lowest, 2) + "): raise it, or fit without keeping the ends");
        };
        if (p.lowest.front() > h0 + 1e-9) return tooLow("first", h0, p.lowest.front());
        if (p.lowest.back() > h1 + 1e-9) return tooLow("last", h1, p.lowest.back());
        floor.front() = std::max(floor.front(), h0);
        floor.back() = std::max(floor.back(), h1);
        p.lowest = core::gradeEnvelope(p.s, floor, m);
        if (p.lowest.front() > h0 + 1e-9 || p.lowest.back() > h1 + 1e-9)
            return fail("the ends differ in height by more than the grade allows over the rail's length");
    }
    // The target the spline follows: a little gentler than the grade where the tolerance has room for
    // it (z* of a gentler slope lies at most T/8 above z*), so the spline's own wobble between its
    // points does not tip it over the limit; long climbs at the full grade leave no room and keep it.
    double gentle = m;
    std::vector<double> under = p.lowest;
    for (double margin : {0.5, 0.2, 0.1, 0.05, 0.02, 0.01}) {
        const double slope = std::tan(std::max(o.maxGradeDegrees - margin, o.maxGradeDegrees / 2) * kDegree);
        std::vector<double> z =
            rail.closed ? core::gradeEnvelopeClosed(p.s, floor, slope, L) : core::gradeEnvelope(p.s, floor, slope);
        bool near = true;
        for (std::size_t i = 0; i < n && near; ++i) near = z[i] <= p.lowest[i] + o.tolerance / 8;
        if (near) {
            gentle = slope;
            under = std::move(z);
            break;
        }
    }
    // Raised to 0.4 of the tolerance, then smoothed so a spline can follow it and a rider feels no
    // jolt where the grade changes: three moving averages keep the slope (a mean of values that rise
    // at most m per metre rises at most m per metre) and make its curvature continuous (a spline's
    // tangents, read off its neighbours, then match it closely). The widest averaging that keeps the
    // target within [z* + 0.1 T, z* + 0.8 T] is used; the one that moves any graded line by at most
    // T/12 a pass is always within it, and the others are tried by doubling, then halving the gap.
    std::vector<double> middle(n);
    std::vector<char> endLimited(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        middle[i] = under[i] + 0.4 * o.tolerance;
        // Kept ends: the line starts at the end's own height, leaving it at no more than the grade.
        if (o.keepEnds) {
            const double line = std::min(h0 + gentle * p.s[i], h1 + gentle * (L - p.s[i]));
            endLimited[i] = line < middle[i];
            middle[i] = std::min(middle[i], line);
        }
    }
    const core::AverageEnds ends = rail.closed  ? core::AverageEnds::Wrap
                                   : o.keepEnds ? core::AverageEnds::Pin
                                                : core::AverageEnds::Hold;
    auto smoothedBy = [&](std::size_t radius) {
        std::vector<double> v = middle;
        for (int pass = 0; pass < 3; ++pass) v = core::movingAverage(v, radius, ends);
        return v;
    };
    auto fits = [&](const std::vector<double> &v) {
        for (std::size_t i = 0; i < n; ++i) {
            if (v[i] > p.lowest[i] + 0.8 * o.tolerance) return false;
            if (!endLimited[i] && v[i] < p.lowest[i] + 0.1 * o.tolerance) return false;
        }
        return true;
    };
    std::size_t radius = core::averagingRadius(gentle, p.spacing, o.tolerance / 12);
    p.target = smoothedBy(radius);
    std::size_t tooWide = 0;
    for (std::size_t r = std::max<std::size_t>(radius, 1) * 2; r < n; r *= 2) {
        std::vector<double> v = smoothedBy(r);
        if (!fits(v)) {
            tooWide = r;
            break;
        }
        radius = r;
        p.target = std::move(v);
    }
    for (int halving = 0; tooWide > radius + 1 && halving < 8; ++halving) {
        const std::size_t r = (radius + tooWide) / 2;
        std::vector<double> v = smoothedBy(r);
        if (fits(v)) {
            radius = r;
            p.target = std::move(v);
        } else {
            tooWide = r;
        }
    }
    if (o.keepEnds) {
        for (std::size_t i = 0; i < n; ++i) p.target[i] = std::max(p.target[i], p.lowest[i]);
        p.target.front() = h0;
        p.target.back() = h1;
    }
    return out;
}

std::optional<LowestProfile> lowestProfile(const Rail &rail, const core::GroundSet &ground,
                                           const FitHeightsOptions &options, std::string *error)
{
    auto sampled = sampleProfile(rail, ground, options, error);
    if (!sampled) return std::nullopt;
    return std::move(sampled->profile);
}

} // namespace railforge::document
