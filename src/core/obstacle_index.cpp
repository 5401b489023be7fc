#include "core/obstacle_index.h"

// Boost 1.74's rtree pulls in a header of its own that Boost has deprecated; silence that note.
#define BOOST_ALLOW_DEPRECATED_HEADERS
#include <boost/geometry/algorithms/expand.hpp>
#include <boost/geometry/geometries/box.hpp>
#include <boost/geometry/geometries/point.hpp>
#include <boost/geometry/index/rtree.hpp>
#include <boost/iterator/function_output_iterator.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>

namespace bg = boost::geometry;
namespace bgi = boost::geometry::index;

namespace railforge::core {

namespace {

using BoostPoint = bg::model::point<double, 2, bg::cs::cartesian>;
using Box = bg::model::box<BoostPoint>;
// An indexed box and what it stands for (an edge or circle id, or a polygon id).
using Item = std::pair<Box, std::uint32_t>;
// Bulk-loaded (packed) trees: the split algorithm only matters for later inserts, which never happen.
using Tree = bgi::rtree<Item, bgi::quadratic<16>>;

// Polygons with more edges than this answer point-in-polygon through their own edge tree.
constexpr std::size_t kBigPolygon = 32;
// Upper bound on the pieces a long query segment is cut into (see visitNear).
constexpr double kMaxPieces = 64.0;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Axis-aligned box around p and q, grown by pad on every side.
Box boxAround(Point2d p, Point2d q, double pad)
{
    return Box(BoostPoint(std::min(p.x, q.x) - pad, std::min(p.y, q.y) - pad),
               BoostPoint(std::max(p.x, q.x) + pad, std::max(p.y, q.y) + pad));
}

// Ground-plane projection of a path point.
Point2d flat(Vec3 v) { return {v.x, v.y}; }

// Squared distance from p to the closed segment ab (a point when a == b).
double pointSegmentDistanceSquared(Point2d p, Point2d a, Point2d b)
{
    const double ux = b.x - a.x, uy = b.y - a.y;
    const double wx = p.x - a.x, wy = p.y - a.y;
    const double uu = ux * ux + uy * uy;
    double t = uu > 0.0 ? (wx * ux + wy * uy) / uu : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    const double dx = wx - t * ux, dy = wy - t * uy;
    return dx * dx + dy * dy;
}

// Distance between closed segments ab and cd: 0 when they meet, else the nearest endpoint-to-segment
// distance (the minimum of two non-crossing segments is always attained at an endpoint).
double segmentSegmentDistance(Point2d a, Point2d b, Point2d c, Point2d d)
{
    if (segmentsIntersect(a, b, c, d)) return 0.0;
    const double best = std::min({pointSegmentDistanceSquared(a, c, d), pointSegmentDistanceSquared(b, c, d),
                                  pointSegmentDistanceSquared(c, a, b), pointSegmentDistanceSquared(d, a, b)});
    return std::sqrt(best);
}

// Crossing-number step: does edge pq cross the ray going from a towards +x? The half-open test on y
// counts a vertex exactly on the ray once. Points on the boundary may go either way, which is fine:
// the callers have already found such a segment at distance 0 from that edge.
bool crossesRay(Point2d p, Point2d q, Point2d a)
{
    if ((p.y > a.y) == (q.y > a.y)) return false;
    const double x = p.x + (a.y - p.y) * (q.x - p.x) / (q.y - p.y);
    return a.x < x;
}

} // namespace

struct ObstacleIndex::Impl {
    // One polygon edge.
    struct Edge {
        Point2d p, q;
    };
    // A polygon with an interior (3+ vertices): where its edges are and how to test containment.
    struct Polygon {
        std::uint32_t firstEdge = 0;    // index of its first edge in `edges`
        std::uint32_t edgeCount = 0;    // its edges are contiguous
        double maxX = 0.0;              // right end of point-in-polygon rays
        std::unique_ptr<Tree> edgeTree; // only for big polygons: its own edges, for fast rays
    };

    std::vector<Edge> edges;             // all polygon edges; item ids [0, edges.size())
    std::vector<CircleObstacle> circles; // item ids [edges.size(), edges.size() + circles.size())
    std::vector<Polygon> polygons;       // polygons that have an interior
    std::size_t polygonTotal = 0;        // polygons indexed, with or without interior
    Tree items;                          // every edge and circle by its box
    Tree polygonBoxes;                   // bounding box of every polygon with an interior
    double pieceLength = 1.0;            // about two obstacle sizes: the length long queries are cut into

    // Exact distance from segment ab to item `id` (an edge or a circle).
    double itemDistance(std::uint32_t id, Point2d a, Point2d b) const
    {
        if (id < edges.size()) return segmentSegmentDistance(a, b, edges[id].p, edges[id].q);
        const CircleObstacle &c = circles[id - edges.size()];
        return std::max(0.0, std::sqrt(pointSegmentDistanceSquared(c.center, a, b)) - c.radius);
    }

    // True when a lies inside the polygon (boundary points may go either way, see crossesRay).
    bool inside(const Polygon &polygon, Point2d a) const
    {
        bool odd = false;
        if (polygon.edgeTree) {
            const Box ray(BoostPoint(a.x, a.y), BoostPoint(polygon.maxX, a.y));
            polygon.edgeTree->query(bgi::intersects(ray), boost::make_function_output_iterator([&](const Item &item) {
                                        if (crossesRay(edges[item.second].p, edges[item.second].q, a)) odd = !odd;
                                    }));
            return odd;
        }
        const Edge *e = edges.data() + polygon.firstEdge;
        for (std::uint32_t i = 0; i < polygon.edgeCount; ++i)
            if (crossesRay(e[i].p, e[i].q, a)) odd = !odd;
        return odd;
    }

    // True when a lies inside any polygon.
    bool insideAny(Point2d a) const
    {
        bool found = false;
        polygonBoxes.query(bgi::intersects(boxAround(a, a, 0.0)),
                           boost::make_function_output_iterator([&](const Item &item) {
                               if (!found && inside(polygons[item.second], a)) found = true;
                           }));
        return found;
    }

    // Calls visit(id) for every item whose box meets ab grown by pad, until visit returns false.
    // A long diagonal segment is cut into pieces of about pieceLength, each queried with its own box:
    // the boxes then hug the segment instead of covering its whole bounding square, and a blocked
    // path is usually found in the first pieces. An item may be visited once per piece it meets.
    template <typename Visit>
    void visitNear(Point2d a, Point2d b, double pad, Visit &&visit) const
    {
        const double length = std::hypot(b.x - a.x, b.y - a.y);
        const double piece = std::max(pieceLength, pad);
        const int pieces = length > piece ? int(std::min(kMaxPieces, std::ceil(length / piece))) : 1;
        // Interpolated piece ends are rounded; this slack keeps their boxes covering the exact segment.
        const double slack =
            pieces > 1 ? 1e-12 * (1.0 + std::max({std::abs(a.x), std::abs(a.y), std::abs(b.x), std::abs(b.y)})) : 0.0;
        bool more = true;
        Point2d from = a;
        for (int i = 1; i <= pieces && more; ++i) {
            const double t = double(i) / pieces;
            const Point2d to = i == pieces ? b : Point2d{a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
            items.query(bgi::intersects(boxAround(from, to, pad + slack)),
                        boost::make_function_output_iterator([&](const Item &item) {
                            if (more) more = visit(item.second);
                        }));
            from = to;
        }
    }
};

ObstacleIndex::ObstacleIndex(std::vector<std::vector<Point2d>> polygons, std::vector<CircleObstacle> circles)
    : m_impl(std::make_unique<Impl>())
{
    Impl &d = *m_impl;
    std::vector<Item> items;
    std::vector<Item> polygonItems;
    for (const std::vector<Point2d> &polygon : polygons) {
        const std::size_t n = polygon.size();
        if (n == 0) continue;
        ++d.polygonTotal;
        const std::size_t first = d.edges.size();
        // A point or a segment has one edge; a real polygon closes back to its first vertex.
        const std::size_t edgeCount = n < 3 ? 1 : n;
        for (std::size_t i = 0; i < edgeCount; ++i) d.edges.push_back({polygon[i], polygon[(i + 1) % n]});
        if (d.edges.size() >= std::numeric_limits<std::uint32_t>::max())
            throw std::length_error("too many obstacle edges");
        if (n < 3) continue;
        Impl::Polygon info;
        info.firstEdge = std::uint32_t(first);
        info.edgeCount = std::uint32_t(edgeCount);
        Box bounds = boxAround(polygon[0], polygon[0], 0.0);
        for (const Point2d &p : polygon) bg::expand(bounds, BoostPoint(p.x, p.y));
        info.maxX = bounds.max_corner().get<0>();
        if (edgeCount > kBigPolygon) {
            std::vector<Item> own;
            own.reserve(edgeCount);
            for (std::size_t e = first; e < first + edgeCount; ++e)
                own.emplace_back(boxAround(d.edges[e].p, d.edges[e].q, 0.0), std::uint32_t(e));
            info.edgeTree = std::make_unique<Tree>(own.begin(), own.end());
        }
        polygonItems.emplace_back(bounds, std::uint32_t(d.polygons.size()));
        d.polygons.push_back(std::move(info));
    }
    d.circles = std::move(circles);
    for (CircleObstacle &c : d.circles) c.radius = c.radius > 0.0 ? c.radius : 0.0;
    if (d.edges.size() + d.circles.size() >= std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("too many obstacles");

    items.reserve(d.edges.size() + d.circles.size());
    for (std::size_t e = 0; e < d.edges.size(); ++e)
        items.emplace_back(boxAround(d.edges[e].p, d.edges[e].q, 0.0), std::uint32_t(e));
    for (std::size_t c = 0; c < d.circles.size(); ++c)
        items.emplace_back(boxAround(d.circles[c].center, d.circles[c].center, d.circles[c].radius),
                           std::uint32_t(d.edges.size() + c));

    // Piece length for long queries: twice the mean obstacle-part size, so a piece's box holds few parts.
    double extent = 0.0;
    Box world;
    if (!items.empty()) {
        world = items.front().first;
        for (const Item &item : items) {
            bg::expand(world, item.first);
            extent += std::max(item.first.max_corner().get<0>() - item.first.min_corner().get<0>(),
                               item.first.max_corner().get<1>() - item.first.min_corner().get<1>());
        }
        extent /= double(items.size());
    }
    const double worldSize = items.empty() ? 0.0
                                           : std::max(world.max_corner().get<0>() - world.min_corner().get<0>(),
                                                      world.max_corner().get<1>() - world.min_corner().get<1>());
    d.pieceLength = std::max({2.0 * extent, worldSize * 1e-4, 1e-9});

    d.items = Tree(items.begin(), items.end());
    d.polygonBoxes = Tree(polygonItems.begin(), polygonItems.end());
}

ObstacleIndex::~ObstacleIndex() = default;
ObstacleIndex::ObstacleIndex(ObstacleIndex &&) noexcept = default;
ObstacleIndex &ObstacleIndex::operator=(ObstacleIndex &&) noexcept = default;

double ObstacleIndex::distance(Vec3 a3, Vec3 b3) const
{
    if (!isFinite(a3) || !isFinite(b3)) return std::numeric_limits<double>::quiet_NaN();
    const Impl &d = *m_impl;
    if (d.items.empty()) return kInfinity;
    const Point2d a = flat(a3), b = flat(b3);
    if (d.insideAny(a)) return 0.0;
    // Growing search: every item within r of ab has a box meeting a piece's box grown by r, so once
    // the best distance found is <= r nothing unseen can beat it. Some item is always within reach
    // eventually, so the loop ends.
    for (double r = d.pieceLength;; r *= 4.0) {
        double best = kInfinity;
        d.visitNear(a, b, r, [&](std::uint32_t id) {
            best = std::min(best, d.itemDistance(id, a, b));
            return best > 0.0;
        });
        if (best <= r) return best;
    }
}

bool ObstacleIndex::isClear(Vec3 a3, Vec3 b3, double radius) const
{
    if (!isFinite(a3) || !isFinite(b3)) return false;
    const Impl &d = *m_impl;
    if (d.items.empty()) return true;
    if (!(radius > 0.0)) radius = 0.0;
    const Point2d a = flat(a3), b = flat(b3);
    bool blocked = false;
    d.visitNear(a, b, radius, [&](std::uint32_t id) {
        const double gap = d.itemDistance(id, a, b);
        blocked = gap < radius || gap == 0.0;
        return !blocked;
    });
    // Touching no edge, ab is either wholly outside every polygon or wholly inside one.
    return !blocked && !d.insideAny(a);
}

std::size_t ObstacleIndex::polygonCount() const { return m_impl->polygonTotal; }

std::size_t ObstacleIndex::circleCount() const { return m_impl->circles.size(); }

} // namespace railforge::core
