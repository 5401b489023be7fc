#include "document/export/track_joins.h"

#include "document/model/junction_network.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace railforge::document {
namespace {

using Point = std::array<double, 2>;

// Crossing-number test; a point exactly on an edge may go either way, which is why callers test
// points moved off the outline.
bool inPolygon(const Point &p, const std::vector<Point> &poly)
{
    bool in = false;
    for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
        const Point &a = poly[i], &b = poly[j];
        if ((a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0]) in = !in;
    }
    return in;
}

// Points just inside an outline: its middle and each corner moved `tolerance` towards it.
std::vector<Point> innerPoints(const std::vector<Point> &poly, double tolerance)
{
    Point middle{0, 0};
    for (const Point &p : poly)
        middle = {middle[0] + p[0] / double(poly.size()), middle[1] + p[1] / double(poly.size())};
    std::vector<Point> out{middle};
    for (const Point &p : poly) {
        const double dx = middle[0] - p[0], dy = middle[1] - p[1], d = std::hypot(dx, dy);
        if (d > tolerance) out.push_back({p[0] + dx / d * tolerance, p[1] + dy / d * tolerance});
    }
    return out;
}

bool outlinesOverlap(const std::vector<Point> &a, const std::vector<Point> &b, double tolerance)
{
    if (a.size() < 3 || b.size() < 3) return false;
    for (const Point &p : innerPoints(a, tolerance))
        if (inPolygon(p, b)) return true;
    for (const Point &p : innerPoints(b, tolerance))
        if (inPolygon(p, a)) return true;
    return false;
}

} // namespace

bool ringOverlapsTrack(const SweptRail &rail, double s, const std::vector<core::Vec3> &ring, double tolerance)
{
    if (!rail.table || ring.size() < 3) return false;
    const double length = core::totalLength(*rail.table);
    core::Vec3 centre{};
    for (const core::Vec3 &p : ring) centre += p / double(ring.size());
    // The track's place nearest the ring: steps along the tangent from `s` (the ring is close to it).
    core::SectionFrame f = core::sectionFrameAt(*rail.table, *rail.frames, s);
    for (int k = 0; k < 12; ++k) {
        const double step = core::dot(centre - f.origin, f.forward);
        const double next = std::clamp(s + step, 0.0, length);
        if (std::abs(next - s) < 1e-9 * (1 + length)) break;
        s = next;
        f = core::sectionFrameAt(*rail.table, *rail.frames, s);
    }
    // Beyond the track's end by more than the ring's own size: not over it.
    double size = 0;
    for (const core::Vec3 &p : ring) size = std::max(size, core::length(p - centre));
    if (std::abs(core::dot(centre - f.origin, f.forward)) > size + tolerance) return false;
    std::vector<Point> mine;
    for (const core::Vec3 &p : ring) mine.push_back({core::dot(p - f.origin, f.right), core::dot(p - f.origin, f.up)});
    for (const core::SectionOutline &o : rail.section->outlines)
        if (o.closed && outlinesOverlap(mine, o.points, tolerance)) return true;
    return false;
}

std::vector<core::SweepEnds> junctionEnds(const Level &level, const std::vector<SweptRail> &rails, double tolerance,
                                          std::vector<std::vector<std::size_t>> *against)
{
    std::vector<core::SweepEnds> ends(level.rails.size());
    if (against) against->assign(level.rails.size(), {});
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < level.rails.size() && i < rails.size(); ++i)
        if (rails[i].table) index.emplace(level.rails[i].id, i);
    auto at = [&](const std::string &id) -> std::optional<std::size_t> {
        const auto found = index.find(id);
        return found == index.end() ? std::nullopt : std::optional(found->second);
    };
    auto setEnd = [&](std::size_t rail, RailEnd end, core::SweepJoin join) {
        (end == RailEnd::Start ? ends[rail].start : ends[rail].end) = std::move(join);
    };
    auto leaving = [&](std::size_t rail, std::size_t target, double s) {
        if (against) (*against)[rail].push_back(target);
        const SweptRail shape = rails[target];
        return core::SweepJoin{[shape, s, tolerance](const std::vector<core::Vec3> &ring) {
            return ringOverlapsTrack(shape, s, ring, tolerance);
        }};
    };
    for (const Junction &j : level.junctions) {
        const auto trunk = at(j.rail);
        if (!trunk) continue;
        const double trunkS = junctionS(j, core::totalLength(*rails[*trunk].table));
        if (!j.end) {
            for (const JunctionLink &link : j.links)
                if (const auto rail = at(link.rail); rail && *rail != *trunk)
                    setEnd(*rail, link.end, leaving(*rail, *trunk, trunkS));
            continue;
        }
        setEnd(*trunk, *j.end, {});
        std::optional<std::size_t> first;
        double firstS = 0;
        for (const JunctionLink &link : j.links) {
            const auto rail = at(link.rail);
            if (!rail || *rail == *trunk) continue;
            if (!first) {
                first = rail;
                firstS = railEndS(link.end, core::totalLength(*rails[*rail].table));
                setEnd(*rail, link.end, {});
            } else {
                setEnd(*rail, link.end, leaving(*rail, *first, firstS));
            }
        }
    }
    return ends;
}

} // namespace railforge::document
