#include "document/ground/rail_drape.h"

#include "document/editing/rail_handle_editing.h"
#include "document/ground/level_ground.h"
#include "document/ground/rail_sample_limit.h"
#include "document/model/rail_channel.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"
#include "document/model/tool_numbers.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace railforge::document {
namespace {

// The largest |z - (ground + clearance)| at 32 places inside one Bezier segment.
double segmentDeviation(const core::CubicBezier &segment, const core::GroundSet &ground, double clearance)
{
    double worst = 0.0;
    constexpr int kSamples = 32;
    for (int k = 1; k < kSamples; ++k) {
        const core::Vec3 p = core::evaluate(segment, double(k) / kSamples);
        if (const auto z = ground.under(p.x, p.y, p.z)) worst = std::max(worst, std::abs(p.z - (*z + clearance)));
    }
    return worst;
}

double planLength(core::Vec3 a, core::Vec3 b) { return std::hypot(b.x - a.x, b.y - a.y); }

// The heights raised, where needed, so that no two control points differ by more than `slope` times
// the plan distance between them along the rail: z'_i = max_j (z_j - slope |D_i - D_j|), two passes.
std::vector<double> gradeEnvelope(const Rail &rail, double slope)
{
    const std::size_t n = rail.points.size();
    std::vector<double> z(n), d(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) z[i] = rail.points[i].z;
    for (std::size_t i = 1; i < n; ++i) d[i] = d[i - 1] + planLength(rail.points[i - 1], rail.points[i]);
    for (std::size_t i = 1; i < n; ++i) z[i] = std::max(z[i], z[i - 1] - slope * (d[i] - d[i - 1]));
    for (std::size_t i = n - 1; i-- > 0;) z[i] = std::max(z[i], z[i + 1] - slope * (d[i + 1] - d[i]));
    return z;
}

} // namespace

double steepestPitch(const Rail &rail, double spacing)
{
    if (rail.points.size() < 2) return 0.0;
    const auto geometry = geometryOfShape(rail);
    const core::ArcLengthTable &table = geometry->table();
    const double length = core::totalLength(table);
    if (length <= 0) return 0.0;
    const double step = std::min(spacing, length / 2000.0);
    double steepest = 0.0;
    core::Vec3 last = core::sampleAt(table, 0.0).position;
    for (double s = step; s <= length + step / 2; s += step) {
        const core::Vec3 p = core::sampleAt(table, std::min(s, length)).position;
        const double plan = planLength(last, p);
        if (plan > 1e-9 || std::abs(p.z - last.z) > 1e-9)
            steepest = std::max(steepest, std::atan2(std::abs(p.z - last.z), plan) * 180.0 / M_PI);
        last = p;
    }
    return steepest;
}

DrapeOutcome drapeRail(const Rail &rail, const core::GroundSet &ground, const DrapeOptions &options)
{
    DrapeOutcome out;
    out.points = rail.points.size();
    // The grade check samples the rail every kGradeSpacing, a dozen times over: counted first.
    if (rail.points.size() >= 2) {
        const double length = core::totalLength(geometryOfShape(rail)->table());
        const double samples = std::max(length / kGradeSpacing, 2000.0);
        if (!railSamplesWithin(samples, options.maxSamples)) {
            out.error = railSamplesRefusal(length, kGradeSpacing, samples, options.maxSamples);
            out.rail = rail;
            return out;
        }
    }
    Rail draped = drapedRail(rail, ground, options.clearance, &out.covered);
    if (options.follow) {
        const std::size_t limit = rail.points.size() + options.maxAdded;
        // A segment shorter in the plan than this is not split again: at a cliff the ground jumps
        // within any segment, and halving it for ever would only stack points at the edge.
        const double shortest = 4 * *options.follow;
        for (bool split = true; split && draped.points.size() < limit;) {
            split = false;
            const std::vector<core::CubicBezier> segments = core::toBeziers(railCurve(draped));
            // From the last segment back, so the indices of those still to split stay the same.
            for (std::size_t s = segments.size(); s-- > 0 && draped.points.size() < limit;) {
                if (planLength(segments[s].p[0], segments[s].p[3]) < shortest) continue;
                if (segmentDeviation(segments[s], ground, options.clearance) <= *options.follow) continue;
                draped = withPointInserted(draped, s, 0.5);
                split = true;
            }
            draped = drapedRail(draped, ground, options.clearance);
            out.capped = draped.points.size() >= limit;
        }
    }
    out.added = draped.points.size() - rail.points.size();
    // The grade: chords first; the curve between points may bulge past them, so the limit the
    // chords keep tightens until the sampled curve keeps the designer's.
    const double wanted = options.maxGradeDegrees;
    std::vector<double> lifted(draped.points.size(), 0.0);
    Rail limited = draped;
    double slope = std::tan(wanted * M_PI / 180.0);
    for (int round = 0; round < 12; ++round) {
        const std::vector<double> z = gradeEnvelope(draped, slope);
        for (std::size_t i = 0; i < z.size(); ++i) limited.points[i].z = z[i];
        if (steepestPitch(limited) <= wanted + 0.01) break;
        slope *= 0.9;
    }
    for (std::size_t i = 0; i < draped.points.size(); ++i) lifted[i] = limited.points[i].z - draped.points[i].z;
    // Heights, and the places of added points, as a designer could type them: no rounding noise in
    // files. The designer's own points keep their x and y exactly (places along the rail follow them).
    std::set<std::pair<double, double>> own;
    for (const core::Vec3 &p : rail.points) own.insert({p.x, p.y});
    for (std::size_t i = 0; i < limited.points.size(); ++i) {
        core::Vec3 &p = limited.points[i];
        const bool designers = own.count({p.x, p.y}) > 0;
        // An added point's tilt is interpolated: tool-made too (a designer's own stays as typed).
        if (!designers && i < limited.tilts.size()) limited.tilts[i] = toolAngle(limited.tilts[i]);
        p = designers ? core::Vec3{p.x, p.y, toolPosition(p.z)} : toolPoint(p);
    }
    out.rail = std::move(limited);
    // The stretches lifted, as s ranges of the result (neighbouring lifted points make one stretch).
    if (out.rail.points.size() >= 2) {
        const auto geometry = geometryOfShape(out.rail);
        const core::ArcLengthTable &table = geometry->table();
        const std::size_t n = out.rail.points.size();
        for (std::size_t i = 0; i < n; ++i) {
            if (lifted[i] <= 1e-6) continue;
            std::size_t j = i;
            while (j + 1 < n && lifted[j + 1] > 1e-6) ++j;
            out.lifted.emplace_back(pointArcLength(table, n, i), pointArcLength(table, n, j));
            i = j;
        }
    }
    return out;
}

std::string describeDrape(const DrapeOutcome &outcome, double maxGradeDegrees)
{
    std::string text = outcome.covered == outcome.points
                           ? "draped " + std::to_string(outcome.points) + " point" + (outcome.points == 1 ? "" : "s")
                           : "draped " + std::to_string(outcome.covered) + " of " + std::to_string(outcome.points) +
                                 " points (the others have no ground under them and keep their height)";
    if (outcome.added > 0)
        text += "; added " + std::to_string(outcome.added) + (outcome.capped ? " (the most it adds)" : "");
    if (!outcome.lifted.empty()) {
        text += "; " + std::to_string(outcome.lifted.size()) +
                (outcome.lifted.size() == 1 ? " stretch lifted" : " stretches lifted") + " to keep the " +
                formatRounded(maxGradeDegrees, 1) + "° limit:";
        for (std::size_t k = 0; k < outcome.lifted.size(); ++k) {
            const auto &[a, b] = outcome.lifted[k];
            text += (k ? ", s " : " s ") + formatRounded(a, 0) + (b - a >= 0.5 ? "–" + formatRounded(b, 0) : "");
        }
    }
    return text;
}

} // namespace railforge::document
