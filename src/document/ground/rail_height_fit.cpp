#include "document/ground/rail_height_fit.h"

#include "document/editing/rail_handle_editing.h"
#include "document/ground/lowest_profile.h"
#include "document/model/rail_geometry.h"
#include "document/model/tool_numbers.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace railforge::document {
namespace {

constexpr double kDegree = M_PI / 180.0;

// A sampled value at plan distance s, linear between samples (wrapping on a loop); NaN samples give
// way to their neighbour.
double sampledAt(const LowestProfile &p, const std::vector<double> &values, double s)
{
    const std::size_t n = values.size();
    if (p.closed) s = std::fmod(std::fmod(s, p.length) + p.length, p.length);
    const double at = std::clamp(s / p.spacing, 0.0, double(p.closed ? n : n - 1));
    const std::size_t i = std::min(std::size_t(at), p.closed ? n - 1 : n - 2);
    const std::size_t j = p.closed ? (i + 1) % n : i + 1;
    const double f = at - double(i);
    if (std::isnan(values[i])) return values[j];
    if (std::isnan(values[j])) return values[i];
    return values[i] + (values[j] - values[i]) * f;
}

// The least of the two samples around s (a ceiling of +infinity where there is none).
double leastAround(const LowestProfile &p, const std::vector<double> &values, double s)
{
    const std::size_t n = values.size();
    if (p.closed) s = std::fmod(std::fmod(s, p.length) + p.length, p.length);
    const double at = std::clamp(s / p.spacing, 0.0, double(p.closed ? n : n - 1));
    const std::size_t i = std::min(std::size_t(at), p.closed ? n - 1 : n - 2);
    return std::min(values[i], values[p.closed ? (i + 1) % n : i + 1]);
}

// The vertical force a rider feels at speed v (level units a second) where the curve's derivatives
// are d1 and d2, in g: gravity's share along the rider's up (the normal in the vertical plane of the
// direction of travel) and the curvature's push along it.
double verticalG(core::Vec3 d1, core::Vec3 d2, double v, double gravity)
{
    const double speed2 = core::lengthSquared(d1);
    if (!(speed2 > 0)) return 1.0;
    const core::Vec3 t = d1 * (1.0 / std::sqrt(speed2));
    const double c = std::hypot(t.x, t.y);
    if (!(c > 1e-12)) return 0.0; // vertical: no up to feel along
    const core::Vec3 up{-t.z * t.x / c, -t.z * t.y / c, c};
    const core::Vec3 bend = (d2 - t * core::dot(d2, t)) * (1.0 / speed2);
    return c + v * v * core::dot(bend, up) / gravity;
}

// What one look over the fitted rail found: which segments stray, and the figures for the designer.
struct Check {
    std::vector<char> stray;  // per segment: outside the tolerance, too steep, too close or moved
    std::vector<double> midS; // per segment: plan distance of its middle (u = 0.5)
    double lowestClearance = std::numeric_limits<double>::infinity();
    double highestClearance = -std::numeric_limits<double>::infinity();
    double lowestHeadroom = std::numeric_limits<double>::infinity();
    double steepest = 0.0;
    double planMoved = 0.0;
    double leastG = std::numeric_limits<double>::infinity(), mostG = -std::numeric_limits<double>::infinity();
};

class Fitter {
public:
    Fitter(const Rail &rail, const core::GroundSet &ground, const FitHeightsOptions &o, SampledProfile sampled)
        : m_rail(rail), m_ground(ground), m_o(o), m_path(std::move(sampled.path)), m_p(std::move(sampled.profile)),
          m_slope(std::tan(o.maxGradeDegrees * kDegree)),
          // Within 0.009° of the grade on samples finer than any a designer reads (0.25 m): a chord
          // between two of those is never steeper than the curve between them.
          m_limit(std::tan((o.maxGradeDegrees + 0.009) * kDegree)),
          // The forces in level units: speed in units a second, gravity in units a second squared.
          m_speed(m_p.designSpeed / o.metresPerUnit), m_gravity(9.81 / o.metresPerUnit),
          m_kept(m_p.forcesKept.begin(), m_p.forcesKept.end())
    {}

    FitHeightsOutcome run()
    {
        FitHeightsOutcome out;
        // A Bezier rail of the same curve whose every handle can follow the profile's slope.
        Rail fitted = withOwnHandles(m_rail);
        std::vector<double> ps = m_path.pointS;
        std::vector<long> origin(fitted.points.size());
        std::iota(origin.begin(), origin.end(), 0L);
        for (std::size_t k = 0; k < fitted.points.size(); ++k) place(fitted, ps, k);
        Check check = look(fitted, ps);
        for (int round = 0; round < 60; ++round) {
            if (std::none_of(check.stray.begin(), check.stray.end(), [](char c) { return c != 0; })) break;
            // Only segments that stray: every point's handles follow the target's own slope, so a
            // segment beside a split one keeps its shape.
            const std::vector<char> &toSplit = check.stray;
            const std::vector<core::CubicBezier> segments = core::toBeziers(railCurve(fitted));
            bool split = false;
            // From the last segment back, so the indices of those still to split stay the same.
            for (std::size_t k = check.stray.size(); k-- > 0;) {
                if (!toSplit[k] || out.added >= m_o.maxAdded) continue;
                if (segmentEnd(ps, k) - ps[k] < 2 * m_p.spacing) continue; // too short to split again
                const double at = splitPlace(ps[k], segmentEnd(ps, k), check.midS[k]);
                fitted =
                    withPointInserted(fitted, k, parameterAt(segments[k], (at - ps[k]) / (segmentEnd(ps, k) - ps[k])));
                ps.insert(ps.begin() + std::ptrdiff_t(k + 1), at);
                origin.insert(origin.begin() + std::ptrdiff_t(k + 1), -1L);
                // A Bezier split keeps the curve exactly, so the new point is on the designer's plan path.
                core::Vec3 &q = fitted.points[k + 1];
                q.x = toolPosition(q.x);
                q.y = toolPosition(q.y);
                const std::size_t n = fitted.points.size();
                for (std::size_t j : {k, k + 1, (k + 2) % n}) place(fitted, ps, j);
                ++out.added;
                split = true;
            }
            out.capped = out.added >= m_o.maxAdded;
            if (!split) break;
            check = look(fitted, ps);
        }
        out.pointIndex.assign(m_rail.points.size(), 0);
        for (std::size_t k = 0; k < fitted.points.size(); ++k) {
            if (origin[k] < 0) continue;
            const std::size_t o = std::size_t(origin[k]);
            out.pointIndex[o] = k;
            const bool handles =
                fitted.spline == SplineKind::Bezier && !(pointHandles(fitted, k) == pointHandles(m_rail, o));
            if (std::abs(fitted.points[k].z - m_rail.points[o].z) > 1e-9 || handles) ++out.changed;
        }
        for (std::size_t k = 0; k < check.stray.size(); ++k) {
            if (!check.stray[k]) continue;
            const double a = ps[k], b = segmentEnd(ps, k);
            if (!out.unmet.empty() && std::abs(out.unmet.back().second - a) < 1e-9)
                out.unmet.back().second = b;
            else
                out.unmet.emplace_back(a, b);
        }
        out.lowestClearance = std::isfinite(check.lowestClearance) ? check.lowestClearance : 0.0;
        out.highestClearance = std::isfinite(check.highestClearance) ? check.highestClearance : 0.0;
        out.lowestHeadroom = check.lowestHeadroom;
        out.designSpeed = m_p.designSpeed;
        if (m_p.designSpeed > 0 && std::isfinite(check.leastG)) out.leastG = check.leastG, out.mostG = check.mostG;
        out.blocked = m_p.blocked;
        out.steepest = check.steepest;
        out.planMoved = check.planMoved;
        for (double g : m_p.ground)
            if (std::isnan(g)) out.uncovered += m_p.spacing;
        out.rail = std::move(fitted);
        return out;
    }

private:
    // Where to split the segment from plan distance a to b: at the break of the target's curvature
    // nearest its middle (a cubic then follows each side closely), else at its middle.
    double splitPlace(double a, double b, double middle) const
    {
        const double margin = 2 * m_p.spacing;
        double best = middle;
        for (auto it = std::lower_bound(m_p.breaks.begin(), m_p.breaks.end(), a + margin);
             it != m_p.breaks.end() && *it < b - margin; ++it)
            if (best == middle || std::abs(*it - middle) < std::abs(best - middle)) best = *it;
        return best;
    }

    // The parameter u at which a fraction of the segment's plan length is behind.
    static double parameterAt(const core::CubicBezier &segment, double fraction)
    {
        constexpr int kPieces = 256;
        std::vector<double> run(kPieces + 1, 0.0);
        core::Vec3 last = core::evaluate(segment, 0.0);
        for (int j = 1; j <= kPieces; ++j) {
            const core::Vec3 q = core::evaluate(segment, double(j) / kPieces);
            run[std::size_t(j)] = run[std::size_t(j) - 1] + std::hypot(q.x - last.x, q.y - last.y);
            last = q;
        }
        const double want = std::clamp(fraction, 0.0, 1.0) * run.back();
        const auto it = std::lower_bound(run.begin(), run.end(), want);
        if (it == run.begin()) return 0.0;
        const std::size_t j = std::size_t(it - run.begin());
        const double span = run[j] - run[j - 1];
        return (double(j - 1) + (span > 0 ? (want - run[j - 1]) / span : 0.0)) / kPieces;
    }

    // Within 5 of a stretch where the clearance and the headroom cannot both be kept.
    bool nearBlocked(double s) const
    {
        return std::any_of(m_p.blocked.begin(), m_p.blocked.end(),
                           [&](const BlockedStretch &b) { return s > b.from - 5 && s < b.to + 5; });
    }

    static PointHandles pointHandles(const Rail &rail, std::size_t k)
    {
        return k < rail.handles.size() ? rail.handles[k] : PointHandles{};
    }

    double segmentEnd(const std::vector<double> &ps, std::size_t k) const
    {
        return k + 1 < ps.size() ? ps[k + 1] : ps[0] + m_p.length;
    }

    double slopeAt(double s) const
    {
        double a = s - m_p.spacing, b = s + m_p.spacing;
        if (!m_p.closed) {
            a = std::max(a, 0.0);
            b = std::min(b, m_p.length);
        }
        double d = (sampledAt(m_p, m_p.target, b) - sampledAt(m_p, m_p.target, a)) / (b - a);
        // Where a straight stretch meets a crest or a valley the middle difference is off by a
        // little of the bend; the straight side's own slope, read just beside the point, is the one
        // the curve has there (and the one at the grade, which a cubic must not exceed).
        if (m_p.lineBend > 0) {
            const double h = m_p.spacing;
            auto at = [&](double k) { return sampledAt(m_p, m_p.target, s + k * h); };
            auto straight = [&](double dir) {
                return std::abs(at(3 * dir) - 2 * at(2 * dir) + at(dir)) < m_p.lineBend * h * h;
            };
            const bool ahead = (m_p.closed || s + 3 * h <= m_p.length) && straight(1);
            const bool behind = (m_p.closed || s - 3 * h >= 0) && straight(-1);
            if (ahead && !behind) d = (at(3) - at(1)) / (2 * h);
            if (behind && !ahead) d = (at(-1) - at(-3)) / (2 * h);
        }
        return std::clamp(d, -m_slope, m_slope);
    }

    // Point k onto the target height at its place; a Bezier point's own handles rise along it too
    // (their plan offsets, and so the plan path, stay as they are).
    void place(Rail &rail, const std::vector<double> &ps, std::size_t k) const
    {
        const bool end = !rail.closed && (k == 0 || k + 1 == rail.points.size());
        if (m_o.keepEnds && end)
            rail.points[k].z = k == 0 ? m_rail.points.front().z : m_rail.points.back().z;
        else
            rail.points[k].z = toolPosition(sampledAt(m_p, m_p.target, ps[k]));
        if (rail.spline != SplineKind::Bezier || k >= rail.handles.size()) return;
        PointHandles &h = rail.handles[k];
        const double slope = slopeAt(ps[k]);
        h.out = toolPoint({h.out.x, h.out.y, slope * std::hypot(h.out.x, h.out.y)});
        h.in = toolPoint({h.in.x, h.in.y, -slope * std::hypot(h.in.x, h.in.y)});
    }

    Check look(const Rail &rail, const std::vector<double> &ps) const
    {
        Check c;
        const std::vector<core::CubicBezier> segments = core::toBeziers(railCurve(rail));
        c.stray.assign(segments.size(), 0);
        c.midS.assign(segments.size(), 0.0);
        std::vector<core::Vec3> q;
        std::vector<double> run;
        for (std::size_t k = 0; k < segments.size(); ++k) {
            const double sa = ps[k], sb = segmentEnd(ps, k);
            const int pieces = 2 * int(std::clamp(std::ceil((sb - sa) / (2 * m_p.spacing)), 4.0, 200000.0));
            q.resize(std::size_t(pieces) + 1);
            run.assign(std::size_t(pieces) + 1, 0.0);
            for (int j = 0; j <= pieces; ++j) {
                q[std::size_t(j)] = core::evaluate(segments[k], double(j) / pieces);
                if (j > 0)
                    run[std::size_t(j)] =
                        run[std::size_t(j) - 1] + std::hypot(q[std::size_t(j)].x - q[std::size_t(j) - 1].x,
                                                             q[std::size_t(j)].y - q[std::size_t(j) - 1].y);
            }
            const double total = run.back();
            bool stray = false;
            for (int j = 0; j <= pieces; ++j) {
                const core::Vec3 &at = q[std::size_t(j)];
                const double s = sa + (sb - sa) * (total > 0 ? run[std::size_t(j)] / total : double(j) / pieces);
                if (j == pieces / 2) c.midS[k] = s;
                const double lowest = sampledAt(m_p, m_p.lowest, s);
                const double ceiling = leastAround(m_p, m_p.ceiling, s);
                if (at.z < lowest - 1e-7) stray = true;
                // Where the room under a surface is too narrow to follow (or closed: a blocked stretch,
                // fitted to the clearance), only the clearance is asked.
                if (at.z > ceiling + 1e-7 && ceiling - lowest >= 0.5 * m_o.tolerance) stray = true;
                // Pressed under a surface (or to a kept end's line) the target has corners: there only
                // the clearance, the room and the grade are asked.
                const bool pressed = leastAround(m_p, m_kept, s) <= 0;
                // Near a blocked stretch (already said) only the clearance splits segments: a cubic
                // cannot follow the corners of a profile pressed between two surfaces.
                const bool blocked = nearBlocked(s);
                if (m_p.designSpeed > 0 && !pressed && !blocked) {
                    if (std::abs(at.z - sampledAt(m_p, m_p.target, s)) > 0.45 * m_o.tolerance) stray = true;
                } else if (m_p.designSpeed <= 0 && !blocked && at.z > lowest + 0.9 * m_o.tolerance) {
                    stray = true;
                }
                if (!std::isnan(sampledAt(m_p, m_p.ground, s))) {
                    // To the surface right under the rail, never one under another.
                    if (const auto below = m_ground.highestBelow(at.x, at.y, at.z + 1e-7)) {
                        const double clearance = at.z - *below;
                        c.lowestClearance = std::min(c.lowestClearance, clearance);
                        c.highestClearance = std::max(c.highestClearance, clearance);
                        if (clearance < m_o.clearance - 1e-7) stray = true;
                    }
                }
                if (std::isfinite(ceiling)) {
                    const std::vector<double> surfaces = m_ground.surfacesAt(at.x, at.y);
                    for (auto it = surfaces.rbegin(); it != surfaces.rend(); ++it)
                        if (*it > at.z + 1e-7) {
                            c.lowestHeadroom = std::min(c.lowestHeadroom, *it - at.z);
                            break;
                        }
                }
                if (m_p.designSpeed > 0 && !pressed && !blocked) {
                    const double u = double(j) / pieces;
                    const double g = verticalG(core::derivative(segments[k], u), core::secondDerivative(segments[k], u),
                                               m_speed, m_gravity);
                    c.leastG = std::min(c.leastG, g);
                    c.mostG = std::max(c.mostG, g);
                    if (g < m_o.minG - 1e-6 || g > m_o.maxG + 1e-6) stray = true;
                }
                if (j > 0) {
                    const core::Vec3 &last = q[std::size_t(j) - 1];
                    const double plan = std::hypot(at.x - last.x, at.y - last.y), rise = std::abs(at.z - last.z);
                    if (plan > 0 || rise > 0) c.steepest = std::max(c.steepest, std::atan2(rise, plan) / kDegree);
                    if (rise > m_limit * plan + 1e-12 && !blocked) stray = true;
                }
                const double moved = m_path.distance(at.x, at.y, s);
                c.planMoved = std::max(c.planMoved, moved);
                if (moved >= 0.9 * m_o.tolerance) stray = true;
            }
            c.stray[k] = stray;
        }
        return c;
    }

    const Rail &m_rail;
    const core::GroundSet &m_ground;
    const FitHeightsOptions &m_o;
    PlanPath m_path;
    LowestProfile m_p;
    double m_slope, m_limit;
    double m_speed, m_gravity;
    std::vector<double> m_kept; // forcesKept as numbers, to read between samples
};

} // namespace

FitHeightsOutcome fitRailHeights(const Rail &rail, const core::GroundSet &ground, const FitHeightsOptions &options)
{
    std::string error;
    auto sampled = sampleProfile(rail, ground, options, &error);
    if (!sampled) {
        FitHeightsOutcome out;
        out.rail = rail;
        out.error = error;
        return out;
    }
    return Fitter(rail, ground, options, std::move(*sampled)).run();
}

std::string describeBlocked(const FitHeightsOutcome &o)
{
    std::string text;
    for (const BlockedStretch &b : o.blocked)
        text += std::string(text.empty() ? "" : "; ") + "cannot pass under the surface at z " +
                formatRounded(b.overhead, 2) + " at s " + formatRounded(b.from, 1) + "–" + formatRounded(b.to, 1) +
                " with the headroom: " +
                (std::isnan(b.neededGrade)
                     ? std::string("no grade under 80° does; lower the clearance or the headroom, or take the rail "
                                   "over it")
                     : "needs " + formatRounded(std::ceil(b.neededGrade * 10) / 10, 1) +
                           "° or a lower approach (kept the clearance there)");
    return text;
}

std::string describeFit(const FitHeightsOutcome &o)
{
    if (!o.error.empty()) return o.error;
    std::string text = o.changed == 0 && o.added == 0
                           ? "already fitted: nothing changed"
                           : "fitted heights: " + std::to_string(o.changed) + (o.changed == 1 ? " point" : " points") +
                                 " changed, " + std::to_string(o.added) + " added";
    text += "; clearance " + formatRounded(o.lowestClearance, 2) + " to " + formatRounded(o.highestClearance, 2) +
            "; steepest " + formatRounded(o.steepest, 1) + "°";
    if (std::isfinite(o.lowestHeadroom))
        text += "; headroom under a surface at least " + formatRounded(o.lowestHeadroom, 2);
    if (o.designSpeed > 0)
        text += "; vertical force " + formatRounded(o.leastG, 2) + " to " + formatRounded(o.mostG, 2) + " g at " +
                formatRounded(o.designSpeed, 1) + " m/s";
    if (!o.blocked.empty()) text += "; " + describeBlocked(o);
    if (o.uncovered > 0)
        text += "; " + formatRounded(o.uncovered, 0) + " m with no ground under it kept at least its height";
    if (!o.unmet.empty()) {
        text += std::string(o.capped ? "; stopped adding points at the most it adds" : "") +
                "; still outside the tolerance or the grade at";
        for (std::size_t k = 0; k < o.unmet.size() && k < 6; ++k)
            text +=
                (k ? ", s " : " s ") + formatRounded(o.unmet[k].first, 0) + "–" + formatRounded(o.unmet[k].second, 0);
    }
    return text;
}

} // namespace railforge::document
