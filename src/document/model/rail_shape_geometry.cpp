#include "document/model/rail_shape_geometry.h"

#include "document/model/rail_points.h"

#include <bit>
#include <list>
#include <mutex>
#include <unordered_map>

namespace railforge::document {
namespace {

void mix(std::size_t &h, std::size_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); }
void mix(std::size_t &h, double v) { mix(h, std::size_t(std::bit_cast<std::uint64_t>(v == 0.0 ? 0.0 : v))); }

// A hash of what sameShape compares except the handles (equal shapes hash equal; handles only
// separate shapes that a compare tells apart anyway).
std::size_t shapeHash(const Rail &rail)
{
    std::size_t h = rail.points.size();
    mix(h, std::size_t(rail.closed));
    mix(h, std::size_t(rail.spline));
    mix(h, std::size_t(rail.frame));
    mix(h, rail.alpha);
    for (std::size_t i = 0; i < rail.points.size(); ++i) {
        mix(h, rail.points[i].x);
        mix(h, rail.points[i].y);
        mix(h, rail.points[i].z);
        mix(h, pointTilt(rail, i));
    }
    return h;
}

// About the bytes a geometry holds: its table, and as much again for its frames (built later, on
// the first ask, about as long as the table).
std::size_t approximateBytes(const RailGeometry &g)
{
    const core::ArcLengthTable &t = g.table();
    const std::size_t table = t.segments.capacity() * sizeof(core::CubicBezier) +
                              t.breaks.capacity() * sizeof(core::ArcBreak) +
                              t.firstBreak.capacity() * sizeof(std::uint32_t);
    return 2 * table + sizeof(RailGeometry) + g.rail().points.capacity() * sizeof(core::Vec3);
}

// The store: geometries by hash, most recently asked first in `order`.
struct Store {
    std::mutex mutex;
    std::list<std::shared_ptr<const RailGeometry>> order;
    std::unordered_multimap<std::size_t, std::list<std::shared_ptr<const RailGeometry>>::iterator> byHash;
    std::size_t builds = 0;
    std::size_t bytes = 0;
};

Store &store()
{
    static Store s;
    return s;
}

} // namespace

std::shared_ptr<const RailGeometry> geometryOfShape(const Rail &rail)
{
    const std::size_t h = shapeHash(rail);
    Store &s = store();
    {
        std::lock_guard lock(s.mutex);
        const auto [first, last] = s.byHash.equal_range(h);
        for (auto it = first; it != last; ++it)
            if (sameShape((*it->second)->rail(), rail)) {
                s.order.splice(s.order.begin(), s.order, it->second); // now the most recent
                return *it->second;
            }
    }
    // Built outside the lock: two threads asking for one new shape at once may both build it (the
    // second keeps the first's), which costs time once and never a wrong answer.
    auto built = std::make_shared<const RailGeometry>(rail);
    std::lock_guard lock(s.mutex);
    ++s.builds;
    const auto [first, last] = s.byHash.equal_range(h);
    for (auto it = first; it != last; ++it)
        if (sameShape((*it->second)->rail(), rail)) return *it->second;
    s.order.push_front(built);
    s.byHash.emplace(h, s.order.begin());
    s.bytes += approximateBytes(*built);
    // The newest is kept whatever its size; the oldest go while either bound is passed.
    while (s.order.size() > 1 && (s.order.size() > kShapeGeometryKept || s.bytes > kShapeGeometryBytes)) {
        const auto oldest = std::prev(s.order.end());
        const std::size_t oldHash = shapeHash((*oldest)->rail());
        const auto [a, b] = s.byHash.equal_range(oldHash);
        for (auto it = a; it != b; ++it)
            if (it->second == oldest) {
                s.byHash.erase(it);
                break;
            }
        s.bytes -= approximateBytes(**oldest);
        s.order.erase(oldest);
    }
    return built;
}

core::ArcLengthTable pathTable(const std::vector<core::Vec3> &path)
{
    core::Curve curve;
    curve.points = path;
    curve.spec.type = core::SplineType::Linear;
    return core::buildArcLengthTable(curve);
}

std::size_t shapeGeometryBuilds()
{
    std::lock_guard lock(store().mutex);
    return store().builds;
}

std::size_t shapeGeometryBytes()
{
    std::lock_guard lock(store().mutex);
    return store().bytes;
}

} // namespace railforge::document
