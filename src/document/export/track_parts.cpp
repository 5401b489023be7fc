#include "document/export/track_parts.h"

#include "document/text/number_format.h"

#include <algorithm>
#include <cmath>

namespace railforge::document {
namespace {

// The lowest y of the section (where ties hang from and supports start).
double lowestY(const core::TrackSection &section)
{
    double low = 0.0;
    bool any = false;
    for (const core::SectionOutline &o : section.outlines)
        for (const auto &p : o.points) low = any ? std::min(low, p[1]) : p[1], any = true;
    return low;
}

// The places `every` apart from half a spacing on, within the rail.
std::vector<double> spacedPlaces(double every, double length, std::size_t most)
{
    std::vector<double> out;
    if (!(every > 0)) return out;
    for (double s = every / 2; s < length && out.size() < most; s += every) out.push_back(s);
    return out;
}

// How far apart two places of a rail are along it (round the seam of a closed one).
double alongDistance(double a, double b, double length, bool closed)
{
    const double d = std::abs(a - b);
    return closed ? std::min(d, length - d) : d;
}

} // namespace

TrackObstacle trackObstacle(std::size_t rail, std::string id, const core::ArcLengthTable &table, double reach,
                            std::size_t maxSamples)
{
    TrackObstacle o;
    o.rail = rail;
    o.id = std::move(id);
    o.reach = reach;
    const double length = core::totalLength(table);
    if (!(length > 0)) return o;
    o.step = std::max(reach / 8, length / double(std::max<std::size_t>(maxSamples, 2) - 1));
    o.samples = core::sample(table, o.step, maxSamples + 1);
    if (!o.samples.empty()) o.low = o.high = o.samples.front().position;
    for (const core::CurveSample &c : o.samples) {
        o.low = {std::min(o.low.x, c.position.x), std::min(o.low.y, c.position.y), std::min(o.low.z, c.position.z)};
        o.high = {std::max(o.high.x, c.position.x), std::max(o.high.y, c.position.y), std::max(o.high.z, c.position.z)};
    }
    return o;
}

RailTrackParts placeTrackParts(std::size_t railIndex, const Rail &rail, const core::ArcLengthTable &table,
                               const core::FrameTable &frames, const TrackStyle &style,
                               const core::TrackSection &section, double metresPerUnit, const core::GroundSet *ground,
                               const std::vector<TrackObstacle> &obstacles, std::size_t maxParts)
{
    RailTrackParts parts;
    const double length = core::totalLength(table);
    if (!(length > 0)) return parts;
    const double low = lowestY(section);
    for (double s : spacedPlaces(style.ties.every, length, maxParts)) {
        const core::SectionFrame f = core::sectionFrameAt(table, frames, s);
        parts.ties.push_back({s, f.place(0.0, low), f.origin, f.right, f.up, f.forward});
    }

    std::vector<double> places = spacedPlaces(style.supports.every, length, maxParts);
    for (double s : style.supports.at) {
        if (s <= length)
            places.push_back(s);
        else
            parts.notes.push_back("no support at s " + formatNumber(s) + ": the rail is " + formatNumber(length) +
                                  " long");
    }
    std::sort(places.begin(), places.end());
    places.erase(std::unique(places.begin(), places.end()), places.end());
    if (places.size() > maxParts) places.resize(maxParts);
    if (!places.empty() && !ground) {
        parts.notes.push_back("no supports: the level has no ground to stand them on");
        return parts;
    }
    const double halfWidth = supportSize(style, metresPerUnit) / 2;
    const double skip = supportSkip(style, metresPerUnit);
    const double ownReach = core::sectionReach(section);
    for (double s : places) {
        const core::SectionFrame f = core::sectionFrameAt(table, frames, s);
        double top = f.origin.z;
        for (const core::SectionOutline &o : section.outlines)
            for (const auto &p : o.points) top = std::min(top, f.place(p[0], p[1]).z);
        const double x = f.origin.x, y = f.origin.y;
        const auto surface = ground->highestBelow(x, y, top);
        const std::string where = "support at s " + formatNumber(s);
        if (!surface) {
            parts.notes.push_back(where + " left out: no surface under it");
            continue;
        }
        if (top - *surface < skip) continue; // close enough to stand on its own: by design, no note
        // A track whose tube (its curve widened by its reach) meets the column between the surface and
        // the top stands in its way.
        const TrackObstacle *blocker = nullptr;
        for (const TrackObstacle &o : obstacles) {
            // Every point of the curve is within half a step of a sample: the margins keep the test
            // on the safe side of the curve between samples.
            const double margin = o.step / 2, clear = o.reach + halfWidth + margin;
            if (x < o.low.x - clear || x > o.high.x + clear || y < o.low.y - clear || y > o.high.y + clear ||
                o.high.z + o.reach + margin <= *surface || o.low.z - o.reach - margin >= top)
                continue; // nowhere near the column
            for (const core::CurveSample &c : o.samples) {
                if (o.rail == railIndex &&
                    alongDistance(c.s, s, length, rail.closed) <= ownReach + 2 * halfWidth - o.step)
                    continue; // its own track where it stands
                if (c.position.z + o.reach + margin <= *surface || c.position.z - o.reach - margin >= top) continue;
                if (std::hypot(c.position.x - x, c.position.y - y) < clear) {
                    blocker = &o;
                    break;
                }
            }
            if (blocker) break;
        }
        if (blocker) {
            parts.notes.push_back(
                where + " left out: " +
                (blocker->rail == railIndex ? std::string("its own track") : "rail '" + blocker->id + "'") +
                " passes under it");
            continue;
        }
        parts.supports.push_back({s, core::Vec3{x, y, *surface}, top});
    }
    return parts;
}

} // namespace railforge::document
