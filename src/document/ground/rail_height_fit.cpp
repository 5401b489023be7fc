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

// What one look over the fitted rail found: which segments stray, and the figures for the designer.
struct Check {
    std::vector<char> stray;  // per segment: outside the tolerance, too steep, too close or moved
    std::vector<double> midS; // per segment: plan distance of its middle (u = 0.5)
    double lowestClearance = std::numeric_limits<double>::infinity();
    double highestClearance = -std::numeric_limits<double>::infinity();
    double steepest = 0.0;
    double planMoved = 0.0;
};

class Fitter {
public:
    Fitter(const Rail &rail, const core::GroundSet &ground, const FitHeightsOptions &o, SampledProfile sampled)
        : m_rail(rail), m_ground(ground), m_o(o), m_path(std::move(sampled.path)), m_p(std::move(sampled.profile)),
          m_slope(std::tan(o.maxGradeDegrees * kDegree)),
          // Within 0.009° of the grade on samples finer than any a designer reads (0.25 m): a chord
          // between two of those is never steeper than the curve between them.
          m_limit(std::tan((o.maxGradeDegrees + 0.009) * kDegree))
    {}

    FitHeightsOutcome run()
    {
        FitHeightsOutcome out;
        Rail fitted = m_rail;
        std::vector<double> ps = m_path.pointS;
        std::vector<long> origin(fitted.points.size());
        std::iota(origin.begin(), origin.end(), 0L);
        for (std::size_t k = 0; k < fitted.points.size(); ++k) place(fitted, ps, k);
        Check check = look(fitted, ps);
        for (int round = 0; round < 60; ++round) {
            if (std::none_of(check.stray.begin(), check.stray.end(), [](char c) { return c != 0; })) break;
            // A segment next to a much shorter one is split too: a spline's tangent at a point is
            // read off both neighbours, and a long segment beside a short one bends it off the target.
            std::vector<char> toSplit(check.stray);
            for (bool graded = false; !graded;) {
                graded = true;
                const std::size_t count = toSplit.size();
                for (std::size_t k = 0; k < count; ++k) {
                    const double length = (segmentEnd(ps, k) - ps[k]) / (toSplit[k] ? 2.0 : 1.0);
                    for (std::size_t j : {k + count - 1, k + 1}) {
                        if (!fitted.closed && (j == k + count - 1 ? k == 0 : k + 1 == count)) continue;
                        j %= count;
                        if (toSplit[j]) continue;
                        if (segmentEnd(ps, j) - ps[j] > 3 * length && segmentEnd(ps, j) - ps[j] >= 2 * m_p.spacing) {
                            toSplit[j] = 1;
                            graded = false;
                        }
                    }
                }
            }
            bool split = false;
            // From the last segment back, so the indices of those still to split stay the same.
            for (std::size_t k = check.stray.size(); k-- > 0;) {
                if (!toSplit[k] || out.added >= m_o.maxAdded) continue;
                if (segmentEnd(ps, k) - ps[k] < 2 * m_p.spacing) continue; // too short to split again
                fitted = withPointInserted(fitted, k, 0.5);
                ps.insert(ps.begin() + std::ptrdiff_t(k + 1), check.midS[k]);
                origin.insert(origin.begin() + std::ptrdiff_t(k + 1), -1L);
                core::Vec3 &q = fitted.points[k + 1];
                // A Bezier split keeps the curve exactly; other splines pass near it, so the new point
                // goes back onto the designer's plan path.
                if (fitted.spline != SplineKind::Bezier) {
                    const core::Vec3 onPath = m_path.at(check.midS[k]);
                    q.x = onPath.x;
                    q.y = onPath.y;
                }
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
        for (std::size_t k = 0; k < fitted.points.size(); ++k) {
            if (origin[k] < 0) continue;
            const std::size_t o = std::size_t(origin[k]);
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
        out.steepest = check.steepest;
        out.planMoved = check.planMoved;
        for (double g : m_p.ground)
            if (std::isnan(g)) out.uncovered += m_p.spacing;
        out.rail = std::move(fitted);
        return out;
    }

private:
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
        const double d = (sampledAt(m_p, m_p.target, b) - sampledAt(m_p, m_p.target, a)) / (b - a);
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
        if (h.mode == HandleMode::Auto || h.mode == HandleMode::Corner) return;
        const double slope = slopeAt(ps[k]);
        h.out.z = toolPosition(slope * std::hypot(h.out.x, h.out.y));
        h.in.z = toolPosition(-slope * std::hypot(h.in.x, h.in.y));
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
                if (at.z < lowest - 1e-7 || at.z > lowest + 0.9 * m_o.tolerance) stray = true;
                const double below = sampledAt(m_p, m_p.ground, s);
                if (!std::isnan(below)) {
                    if (const auto surface = m_ground.nearestSurface(at.x, at.y, below)) {
                        const double clearance = at.z - *surface;
                        c.lowestClearance = std::min(c.lowestClearance, clearance);
                        c.highestClearance = std::max(c.highestClearance, clearance);
                        if (clearance < m_o.clearance - 1e-7) stray = true;
                    }
                }
                if (j > 0) {
                    const core::Vec3 &last = q[std::size_t(j) - 1];
                    const double plan = std::hypot(at.x - last.x, at.y - last.y), rise = std::abs(at.z - last.z);
                    if (plan > 0 || rise > 0) c.steepest = std::max(c.steepest, std::atan2(rise, plan) / kDegree);
                    if (rise > m_limit * plan + 1e-12) stray = true;
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

std::string describeFit(const FitHeightsOutcome &o)
{
    if (!o.error.empty()) return o.error;
    std::string text = o.changed == 0 && o.added == 0
                           ? "already fitted: nothing changed"
                           : "fitted heights: " + std::to_string(o.changed) + (o.changed == 1 ? " point" : " points") +
                                 " changed, " + std::to_string(o.added) + " added";
    text += "; clearance " + formatRounded(o.lowestClearance, 2) + " to " + formatRounded(o.highestClearance, 2) +
            "; steepest " + formatRounded(o.steepest, 1) + "°";
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
