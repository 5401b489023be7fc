#include "document/ground/lowest_profile.h"

#include "core/arc_length.h"
#include "core/grade_envelope.h"
#include "core/vertical_shaping.h"
#include "document/ground/rail_band.h"
#include "document/ground/rail_sample_limit.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"
#include "document/model/rail_speed.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace railforge::document {
namespace {

constexpr double kDegree = M_PI / 180.0;
constexpr double kGravity = 9.81; // m/s²

// The share of the force range the profile is shaped to: a cubic through a profile whose curvature
// steps from one value to another bends up to a third more than it near the step.
constexpr double kForceMargin = 0.7;

// The design speed in m/s: the option, else the fastest of the rail's speed channel; 0 when neither.
double designSpeedOf(const Rail &rail, const FitHeightsOptions &o)
{
    if (std::isfinite(o.speed)) return o.speed;
    const auto geometry = geometryOfShape(rail);
    const core::ArcLengthTable &table = geometry->table();
    const auto speed = RailSpeed::of(rail, table);
    if (!speed) return 0.0;
    const double length = core::totalLength(table);
    double fastest = 0.0;
    const int steps = int(std::clamp(std::ceil(length / 0.5), 1.0, 100000.0));
    for (int k = 0; k <= steps; ++k) fastest = std::max(fastest, speed->at(length * k / steps, 0.0));
    return fastest * o.metresPerUnit;
}

std::vector<double> envelope(const LowestProfile &p, const std::vector<double> &floor, double slope)
{
    return p.closed ? core::gradeEnvelopeClosed(p.s, floor, slope, p.length) : core::gradeEnvelope(p.s, floor, slope);
}

// The stretches where z* is above the ceiling, each with the least grade (bisected) that clears it.
std::vector<BlockedStretch> blockedStretches(const LowestProfile &p, const std::vector<double> &floor, double grade)
{
    std::vector<BlockedStretch> out;
    const std::size_t n = p.s.size();
    auto blockedAt = [&](const std::vector<double> &z, std::size_t i) { return z[i] > p.ceiling[i] + 1e-9; };
    for (std::size_t i = 0; i < n;) {
        if (!blockedAt(p.lowest, i)) {
            ++i;
            continue;
        }
        std::size_t end = i;
        BlockedStretch b;
        b.overhead = std::numeric_limits<double>::infinity();
        while (end < n && blockedAt(p.lowest, end)) b.overhead = std::min(b.overhead, p.overhead[end]), ++end;
        b.from = p.s[i];
        b.to = p.s[end - 1];
        auto clears = [&](double degrees) {
            const std::vector<double> z = envelope(p, floor, std::tan(degrees * kDegree));
            for (std::size_t k = i; k < end; ++k)
                if (blockedAt(z, k)) return false;
            return true;
        };
        if (clears(80)) {
            double lo = grade, hi = 80;
            for (int step = 0; step < 30; ++step) (clears(0.5 * (lo + hi)) ? hi : lo) = 0.5 * (lo + hi);
            b.neededGrade = hi;
        }
        out.push_back(b);
        i = end;
    }
    return out;
}

// Where the target's curvature turns between a line (under `threshold`), a crest and a valley: a
// knot there lets one cubic follow each piece.
std::vector<double> curvatureBreaks(const LowestProfile &p, double threshold)
{
    std::vector<double> out;
    const std::vector<double> &z = p.target;
    int last = 2; // none yet
    for (std::size_t i = 1; i + 1 < z.size(); ++i) {
        const double bend = (z[i - 1] - 2 * z[i] + z[i + 1]) / (p.spacing * p.spacing);
        const int kind = bend > threshold ? 1 : bend < -threshold ? -1 : 0;
        if (last != 2 && kind != last) out.push_back(p.s[i]);
        last = kind;
    }
    return out;
}

} // namespace

std::optional<SampledProfile> sampleProfile(const Rail &rail, const core::GroundSet &ground, const FitHeightsOptions &o,
                                            std::string *error)
{
    auto fail = [&](std::string why) {
        if (error) *error = std::move(why);
        return std::nullopt;
    };
    const double headroom = std::isnan(o.headroom) ? o.clearance + 1.0 : o.headroom;
    if (!std::isfinite(o.clearance)) return fail("the clearance must be a number");
    if (!(headroom >= 0 && std::isfinite(headroom))) return fail("the headroom must be 0 or more");
    if (!(o.maxGradeDegrees > 0 && o.maxGradeDegrees < 89)) return fail("the grade must be between 0° and 89°");
    if (!(o.tolerance > 0 && std::isfinite(o.tolerance))) return fail("the tolerance must be more than 0");
    if (!(o.speed >= 0 && std::isfinite(o.speed)) && !std::isnan(o.speed)) return fail("the speed must be 0 or more");
    if (!(o.maxG > 1)) return fail("the most vertical force must be more than 1 g (a rider at rest feels 1 g)");
    if (!(o.minG < std::cos(o.maxGradeDegrees * kDegree)))
        return fail("the least vertical force must be less than " +
                    formatRounded(std::cos(o.maxGradeDegrees * kDegree), 2) +
                    " g (what a rider feels on a straight climb at the grade), or no crest can be ridden");
    if (!(o.metresPerUnit > 0)) return fail("the level's units must be a length");
    if (rail.points.size() < 2) return fail("the rail needs at least two points");
    if (o.keepEnds && rail.closed) return fail("a closed rail has no ends to keep");
    if (ground.empty()) return fail("the level has no ground");
    // Samples close enough that neither a rise of the ground nor a deck's edge between two of them
    // can eat the quarter tolerance the fitted rail keeps above the profile.
    const double step = std::min(0.1, o.tolerance / 4);
    SampledProfile out;
    // Counted before anything is made: the path's vertices, then the profile's samples.
    const double vertices = planPathVertices(rail, step / 4);
    if (!railSamplesWithin(vertices, o.maxSamples))
        return fail(
            railSamplesRefusal(core::totalLength(geometryOfShape(rail)->table()), step / 4, vertices, o.maxSamples));
    out.path = planPathOf(rail, step / 4);
    const double L = out.path.length;
    if (!(L > 1e-6)) return fail("the rail has no length seen from above");
    if (!railSamplesWithin(L / step + 1, o.maxSamples))
        return fail(railSamplesRefusal(L, step, L / step + 1, o.maxSamples));
    LowestProfile &p = out.profile;
    p.length = L;
    p.closed = rail.closed;
    const std::size_t n = rail.closed ? std::max<std::size_t>(3, std::size_t(std::ceil(L / step)))
                                      : std::max<std::size_t>(2, std::size_t(std::ceil(L / step)) + 1);
    p.spacing = rail.closed ? L / double(n) : L / double(n - 1);
    std::vector<core::Vec3> places;
    places.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double s = double(i) * p.spacing;
        places.push_back(out.path.at(s));
        p.s.push_back(s);
        p.x.push_back(places.back().x);
        p.y.push_back(places.back().y);
    }
    const std::vector<BandPlace> band = railBand(ground, places, o.clearance, headroom);
    std::vector<double> floor(n);
    bool anyGround = false;
    for (std::size_t i = 0; i < n; ++i) {
        anyGround = anyGround || !std::isnan(band[i].ground);
        p.ground.push_back(band[i].ground);
        p.overhead.push_back(band[i].overhead);
        p.ceiling.push_back(band[i].ceiling);
        // Where no ground is under the rail, its own height is the floor: the fit does not sink it.
        floor[i] = band[i].floor;
    }
    if (!anyGround) return fail("no ground is under the rail");
    const double m = std::tan(o.maxGradeDegrees * kDegree);
    p.lowest = envelope(p, floor, m);
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
    p.blocked = blockedStretches(p, floor, o.maxGradeDegrees);
    // The target the spline follows: a little gentler than the grade where the tolerance has room for
    // it (z* of a gentler slope lies at most T/8 above z*), so the spline's own wobble between its
    // points does not tip it over the limit; long climbs at the full grade leave no room and keep it.
    double gentle = m;
    std::vector<double> under = p.lowest;
    for (double margin : {0.5, 0.2, 0.1, 0.05, 0.02, 0.01}) {
        const double slope = std::tan(std::max(o.maxGradeDegrees - margin, o.maxGradeDegrees / 2) * kDegree);
        std::vector<double> z = envelope(p, floor, slope);
        bool near = true;
        for (std::size_t i = 0; i < n && near; ++i) near = z[i] <= p.lowest[i] + o.tolerance / 8;
        if (near) {
            gentle = slope;
            under = std::move(z);
            break;
        }
    }
    // Kept ends: the line starts at the end's own height, leaving it at no more than the grade.
    std::vector<char> endLimited(n, 0);
    auto endLine = [&](std::size_t i) { return std::min(h0 + gentle * p.s[i], h1 + gentle * (L - p.s[i])); };
    p.designSpeed = designSpeedOf(rail, o);
    double breakThreshold = 0.0;
    if (p.designSpeed > 0) {
        // Shaped for the forces: z* raised into the middle of the tolerance, its crests rounded to the
        // least force and its valleys to the most (curvatures in level units).
        const double perCurvature = kGravity * o.metresPerUnit / (p.designSpeed * p.designSpeed);
        const double crest = kForceMargin * (std::cos(o.maxGradeDegrees * kDegree) - o.minG) * perCurvature;
        const double valley = kForceMargin * (o.maxG - 1.0) * perCurvature;
        std::vector<double> base(n);
        for (std::size_t i = 0; i < n; ++i) {
            base[i] = under[i] + 0.5 * o.tolerance;
            if (o.keepEnds) base[i] = std::max(std::min(base[i], endLine(i)), p.lowest[i]);
        }
        p.target = core::valleysFilled(core::crestsRounded(base, p.spacing, crest, gentle, p.closed), p.spacing, valley,
                                       p.closed);
        breakThreshold = 0.3 * std::min(crest, valley);
        // Kept ends are met by the end's own line, which gives up the forces where it cuts the shape.
        if (o.keepEnds)
            for (std::size_t i = 0; i < n; ++i) {
                const double kept = std::max(std::min(p.target[i], endLine(i)), p.lowest[i]);
                endLimited[i] = kept < p.target[i] - 1e-9;
                p.target[i] = kept;
            }
    } else {
        // Raised to 0.4 of the tolerance, then smoothed so a spline can follow it and a rider feels no
        // jolt where the grade changes: three moving averages keep the slope (a mean of values that
        // rise at most m per metre rises at most m per metre) and make its curvature continuous (a
        // spline's tangents, read off its neighbours, then match it closely). The widest averaging
        // that keeps the target within [z* + 0.1 T, z* + 0.8 T] is used; the one that moves any graded
        // line by at most T/12 a pass is always within it, and the others are tried by doubling, then
        // halving the gap.
        std::vector<double> middle(n);
        for (std::size_t i = 0; i < n; ++i) {
            middle[i] = under[i] + 0.4 * o.tolerance;
            if (o.keepEnds) {
                endLimited[i] = endLine(i) < middle[i];
                middle[i] = std::min(middle[i], endLine(i));
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
        if (o.keepEnds)
            for (std::size_t i = 0; i < n; ++i) p.target[i] = std::max(p.target[i], p.lowest[i]);
    }
    // Under a surface the target keeps a quarter tolerance below the ceiling (or the middle of a
    // narrower room); there it gives up the forces, and where the room is closed it keeps the clearance.
    // The cap reaches out at the grade on both sides (the least of cones pointing up), so the target
    // steps down to it no faster than the grade and a cubic can follow.
    std::vector<double> negatedCap(n, -std::numeric_limits<double>::infinity());
    for (std::size_t i = 0; i < n; ++i)
        if (p.target[i] > p.ceiling[i] - 0.25 * o.tolerance)
            negatedCap[i] = -std::max(0.5 * (p.lowest[i] + p.ceiling[i]), p.ceiling[i] - 0.25 * o.tolerance);
    const std::vector<double> cap = envelope(p, negatedCap, m);
    std::vector<char> pressed = endLimited;
    for (std::size_t i = 0; i < n; ++i) {
        if (!(-cap[i] < p.target[i])) continue;
        p.target[i] = std::max(under[i] + 0.25 * o.tolerance, -cap[i]);
        pressed[i] = 1;
    }
    // A cubic bends round the corner where a kept end's line or a ceiling meets the shape over a few
    // metres: the forces are not asked there.
    p.forcesKept.assign(n, 1);
    const std::size_t spread = std::size_t(std::ceil(2.0 / p.spacing));
    for (std::size_t i = 0; i < n; ++i)
        if (pressed[i])
            for (std::size_t k = i > spread ? i - spread : 0; k < std::min(n, i + spread + 1); ++k) p.forcesKept[k] = 0;
    if (o.keepEnds) {
        p.target.front() = h0;
        p.target.back() = h1;
    }
    if (breakThreshold > 0) p.breaks = curvatureBreaks(p, breakThreshold);
    p.lineBend = breakThreshold;
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
