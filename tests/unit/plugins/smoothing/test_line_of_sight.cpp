// Line-of-sight strategy: with the ObstacleIndex context and with a brute-force context (every
// obstacle checked exactly, no index) it keeps the same points as a transcription of docs/design.md's
// steps; the output is a subsequence of the input whose every segment is clear unless it is an
// original blocked step; seed 004's example; degenerate input; closed loops; the plugin.
#include "core/obstacle_index.h"

#include "line_of_sight.h"
#include "line_of_sight_plugin.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>

using railforge::core::CircleObstacle;
using railforge::core::ObstacleIndex;
using railforge::core::Point2d;
using railforge::core::Vec3;
namespace lineofsight = railforge::lineofsight;

namespace {

// ---- Brute-force clearance: every obstacle, exact geometry, no index. ----

// Twice the signed area of abc.
double cross2(Point2d a, Point2d b, Point2d c) { return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x); }

// Distance from p to the closed segment ab.
double pointToSegment(Point2d p, Point2d a, Point2d b)
{
    const double lx = b.x - a.x, ly = b.y - a.y, len2 = lx * lx + ly * ly;
    double t = len2 == 0.0 ? 0.0 : ((p.x - a.x) * lx + (p.y - a.y) * ly) / len2;
    t = std::max(0.0, std::min(1.0, t));
    return std::hypot(p.x - (a.x + t * lx), p.y - (a.y + t * ly));
}

// Distance between closed segments ab and cd (0 when they meet).
double segmentToSegment(Point2d a, Point2d b, Point2d c, Point2d d)
{
    const double d1 = cross2(c, d, a), d2 = cross2(c, d, b), d3 = cross2(a, b, c), d4 = cross2(a, b, d);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return 0.0;
    return std::min(
        {pointToSegment(a, c, d), pointToSegment(b, c, d), pointToSegment(c, a, b), pointToSegment(d, a, b)});
}

// Even-odd point-in-polygon.
bool inside(const std::vector<Point2d> &poly, Point2d p)
{
    bool in = false;
    for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++)
        if ((poly[i].y > p.y) != (poly[j].y > p.y) &&
            p.x < poly[j].x + (p.y - poly[j].y) * (poly[i].x - poly[j].x) / (poly[i].y - poly[j].y))
            in = !in;
    return in;
}

// The level's obstacles, as plain lists.
struct Obstacles {
    std::vector<std::vector<Point2d>> polygons;
    std::vector<CircleObstacle> circles;
};

// Clearance by checking every obstacle.
class BruteForceContext : public railforge::SmoothingContext {
public:
    explicit BruteForceContext(const Obstacles &o) : m_o(o) {}
    bool isClear(const Vec3 &a3, const Vec3 &b3, double radius) const override
    {
        const Point2d a{a3.x, a3.y}, b{b3.x, b3.y};
        double d = INFINITY;
        for (const auto &poly : m_o.polygons) {
            if (inside(poly, a)) d = 0.0;
            for (std::size_t i = 0; i < poly.size(); ++i)
                d = std::min(d, segmentToSegment(a, b, poly[i], poly[(i + 1) % poly.size()]));
        }
        for (const auto &c : m_o.circles) d = std::min(d, std::max(0.0, pointToSegment(c.center, a, b) - c.radius));
        return d >= radius && d > 0.0;
    }

private:
    const Obstacles &m_o;
};

// Clearance from the R-tree index.
class IndexContext : public railforge::SmoothingContext {
public:
    explicit IndexContext(const Obstacles &o) : m_index(o.polygons, o.circles) {}
    bool isClear(const Vec3 &a, const Vec3 &b, double radius) const override { return m_index.isClear(a, b, radius); }

private:
    ObstacleIndex m_index;
};

// A context that counts its queries and answers from another.
class CountingContext : public railforge::SmoothingContext {
public:
    explicit CountingContext(const railforge::SmoothingContext &inner) : m_inner(inner) {}
    bool isClear(const Vec3 &a, const Vec3 &b, double radius) const override
    {
        ++queries;
        return m_inner.isClear(a, b, radius);
    }
    mutable int queries = 0;

private:
    const railforge::SmoothingContext &m_inner;
};

// ---- The reference: docs/design.md's steps, spelled out on indices. ----
std::vector<std::size_t> reference(const std::vector<Vec3> &p, bool closed, double radius,
                                   const railforge::SmoothingContext &context)
{
    const std::size_t n = p.size();
    std::vector<std::size_t> kept;
    if (n < 3) {
        for (std::size_t i = 0; i < n; ++i) kept.push_back(i);
        return kept;
    }
    // The path walked: P0..P(n-1), and P0 once more when closed.
    std::vector<Vec3> walk = p;
    if (closed) walk.push_back(p[0]);
    kept.push_back(0);
    std::size_t anchor = 0;
    while (anchor + 1 < walk.size()) {
        std::size_t j = anchor + 1;
        while (j + 1 < walk.size() && context.isClear(walk[anchor], walk[j + 1], radius)) ++j;
        kept.push_back(j);
        anchor = j;
    }
    if (closed) kept.pop_back();
    return kept;
}

// ---- Inputs. ----

// Random obstacles (star polygons and circles) in [0, 100]^2.
Obstacles randomObstacles(std::mt19937_64 &rng, int count)
{
    std::uniform_real_distribution<double> at(0.0, 100.0), size(1.0, 6.0), jitter(0.3, 0.7);
    Obstacles o;
    for (int i = 0; i < count; ++i) {
        const Point2d c{at(rng), at(rng)};
        const double s = size(rng);
        if (rng() % 2) {
            o.circles.push_back({c, 0.5 * s});
            continue;
        }
        std::vector<Point2d> poly;
        const int n = 3 + int(rng() % 6);
        for (int k = 0; k < n; ++k) {
            const double angle = (k + jitter(rng)) * 2 * std::numbers::pi / n, r = s * jitter(rng);
            poly.push_back({c.x + r * std::cos(angle), c.y + r * std::sin(angle)});
        }
        o.polygons.push_back(poly);
    }
    return o;
}

// A random walk with sharp turns (continuous), or on a unit grid (axis-aligned, exact touching).
std::vector<Vec3> randomWalk(std::mt19937_64 &rng, bool grid, std::size_t n)
{
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<Vec3> p;
    Vec3 at{50, 50, 0};
    double heading = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        p.push_back(at);
        if (grid) {
            const int dir = int(rng() % 4);
            at += Vec3{dir == 0 ? 1.0 : dir == 1 ? -1.0 : 0.0, dir == 2 ? 1.0 : dir == 3 ? -1.0 : 0.0, 0.0};
        } else {
            heading += (unit(rng) - 0.5) * 3.0;
            at += Vec3{std::cos(heading), std::sin(heading), unit(rng) - 0.5} * (0.5 + 2.0 * unit(rng));
        }
        at.x = std::clamp(at.x, 0.0, 100.0);
        at.y = std::clamp(at.y, 0.0, 100.0);
    }
    return p;
}

} // namespace

class TestLineOfSight : public QObject {
    Q_OBJECT
private slots:
    void agreesEverywhere_data()
    {
        QTest::addColumn<double>("radius");
        QTest::addColumn<bool>("closed");
        QTest::addColumn<bool>("grid");
        for (double radius : {0.0, 0.25, 0.5, 2.0})
            for (bool closed : {false, true})
                for (bool grid : {false, true})
                    QTest::addRow("radius %g %s %s", radius, closed ? "closed" : "open", grid ? "grid" : "walk")
                        << radius << closed << grid;
    }
    // Index context, brute-force context and the reference keep the same points; the output is a
    // subsequence of the input with the ends kept, and each output segment is clear unless it is an
    // original blocked step; O(n) queries.
    void agreesEverywhere()
    {
        QFETCH(double, radius);
        QFETCH(bool, closed);
        QFETCH(bool, grid);
        std::mt19937_64 rng(std::hash<std::string>{}(QTest::currentDataTag()));
        for (int trial = 0; trial < 12; ++trial) {
            const Obstacles obstacles = randomObstacles(rng, 20 + trial * 10);
            const BruteForceContext brute(obstacles);
            const IndexContext index(obstacles);
            const std::vector<Vec3> path = randomWalk(rng, grid, 3 + std::size_t(trial) * 25);
            const std::size_t n = path.size();

            CountingContext counting(index);
            const auto viaIndex = lineofsight::keptIndices(
                path, closed, [&](const Vec3 &a, const Vec3 &b) { return counting.isClear(a, b, radius); });
            const auto viaBrute = lineofsight::keptIndices(
                path, closed, [&](const Vec3 &a, const Vec3 &b) { return brute.isClear(a, b, radius); });
            QCOMPARE(viaIndex, viaBrute);
            QCOMPARE(viaIndex, reference(path, closed, radius, brute));
            QVERIFY(counting.queries <= 2 * int(n) + 2);

            QCOMPARE(viaIndex.front(), std::size_t(0));
            if (!closed) QCOMPARE(viaIndex.back(), n - 1);
            QVERIFY(std::is_sorted(viaIndex.begin(), viaIndex.end()));
            QVERIFY(std::adjacent_find(viaIndex.begin(), viaIndex.end()) == viaIndex.end());
            std::vector<std::size_t> loop = viaIndex;
            if (closed) loop.push_back(n); // the closing segment back to P0
            for (std::size_t k = 0; k + 1 < loop.size(); ++k) {
                const Vec3 &a = path[loop[k]], &b = path[loop[k + 1] % n];
                QVERIFY(loop[k + 1] == loop[k] + 1 || brute.isClear(a, b, radius));
            }
            const std::vector<Vec3> points = lineofsight::smooth(
                path, closed, [&](const Vec3 &a, const Vec3 &b) { return index.isClear(a, b, radius); });
            QCOMPARE(points.size(), viaIndex.size());
            for (std::size_t k = 0; k < points.size(); ++k) QCOMPARE(points[k], path[viaIndex[k]]);
        }
    }

    // Seed 004's picture: from S, points 1..3 are visible and 4 is not, so 1 and 2 go and 3 stays.
    void seedExample()
    {
        const Obstacles rock{{}, {{{1.2, 1.8}, 0.5}}};
        const IndexContext context(rock);
        const std::vector<Vec3> path{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {3, 3, 0}};
        const auto kept = lineofsight::keptIndices(
            path, false, [&](const Vec3 &a, const Vec3 &b) { return context.isClear(a, b, 0.1); });
        QCOMPARE(kept, (std::vector<std::size_t>{0, 3, 4}));
    }

    // A path that walks through a wall keeps its blocked original steps instead of dropping points.
    void blockedStepsAreKept()
    {
        const Obstacles wall{{{{4, -10}, {6, -10}, {6, 10}, {4, 10}}}, {}};
        const IndexContext context(wall);
        const std::vector<Vec3> path{{0, 0, 0}, {2, 0, 0}, {5, 0, 0}, {8, 0, 0}, {10, 0, 0}};
        const auto kept = lineofsight::keptIndices(
            path, false, [&](const Vec3 &a, const Vec3 &b) { return context.isClear(a, b, 0.5); });
        QCOMPARE(kept, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
        const auto free = lineofsight::keptIndices(path, false, [](const Vec3 &, const Vec3 &) { return true; });
        QCOMPARE(free, (std::vector<std::size_t>{0, 4}));
    }

    void degenerate_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<bool>("closed");
        QTest::addColumn<bool>("allEqual");
        for (int count : {0, 1, 2, 3, 5})
            for (bool closed : {false, true})
                for (bool allEqual : {false, true})
                    QTest::addRow("%d points %s%s", count, closed ? "closed" : "open", allEqual ? " equal" : "")
                        << count << closed << allEqual;
    }
    // Short input comes back unchanged; equal points never confuse the scan.
    void degenerate()
    {
        QFETCH(int, count);
        QFETCH(bool, closed);
        QFETCH(bool, allEqual);
        std::vector<Vec3> path;
        for (int i = 0; i < count; ++i) path.push_back(allEqual ? Vec3{1, 1, 1} : Vec3{double(i), double(i * i), 0});
        for (bool clear : {false, true}) {
            const auto kept = lineofsight::keptIndices(path, closed, [&](const Vec3 &, const Vec3 &) { return clear; });
            if (count < 3) {
                QCOMPARE(kept.size(), std::size_t(count));
                continue;
            }
            QCOMPARE(kept.front(), std::size_t(0));
            if (!clear) QCOMPARE(kept.size(), std::size_t(count)); // everything blocked: all kept
            if (clear && !closed) QCOMPARE(kept, (std::vector<std::size_t>{0, std::size_t(count - 1)}));
            if (clear && closed) QCOMPARE(kept, (std::vector<std::size_t>{0})); // a free loop shrinks to P0
        }
    }

    // A loop around a pillar stays a loop around it: every segment, the closing one too, is clear.
    void closedLoopAroundPillar()
    {
        const Obstacles pillar{{}, {{{0, 0}, 3.0}}};
        const IndexContext context(pillar);
        std::vector<Vec3> ring;
        for (int i = 0; i < 24; ++i) {
            const double angle = i * 2 * std::numbers::pi / 24;
            ring.push_back({6 * std::cos(angle), 6 * std::sin(angle), 0});
        }
        const auto clear = [&](const Vec3 &a, const Vec3 &b) { return context.isClear(a, b, 0.5); };
        const std::vector<Vec3> out = lineofsight::smooth(ring, true, clear);
        QVERIFY(out.size() >= 3 && out.size() < ring.size());
        for (std::size_t k = 0; k < out.size(); ++k) QVERIFY(clear(out[k], out[(k + 1) % out.size()]));
    }

    // The plugin: context and radius are used, bad input becomes a message, a throwing context too.
    void plugin()
    {
        const lineofsight::LineOfSightPlugin plugin;
        const Obstacles wall{{{{4, -10}, {6, -10}, {6, 10}, {4, 10}}}, {}};
        const IndexContext context(wall);
        // Over the top of the wall: (2,11) -> (8,11) passes 1 above it, fine at radius 0.5, not at 1.5.
        const std::vector<Vec3> path{{0, 0, 0}, {1, 6, 0}, {2, 11, 0}, {5, 12, 0}, {8, 11, 0}, {9, 6, 0}, {10, 0, 0}};
        const railforge::ParameterValues small({{"radius", 0.5}}), large({{"radius", 1.5}});
        railforge::SmoothingResult r = plugin.smooth(path, false, small, context);
        QVERIFY(r.ok());
        QCOMPARE(r.points, (std::vector<Vec3>{path[0], path[2], path[4], path[6]}));
        r = plugin.smooth(path, false, large, context);
        QVERIFY(r.ok());
        QCOMPARE(r.points, (std::vector<Vec3>{path[0], path[2], path[3], path[4], path[6]}));

        std::vector<Vec3> bad = path;
        bad[1].x = std::nan("");
        r = plugin.smooth(bad, false, small, context);
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error).contains("point 2 is not a finite number"), r.error.c_str());

        r = plugin.smooth(path, false, railforge::ParameterValues({{"radius", std::nan("")}}), context);
        QVERIFY(!r.ok());
        r = plugin.smooth(path, false, railforge::ParameterValues{}, context);
        QVERIFY2(QString::fromStdString(r.error).contains("missing parameter radius"), r.error.c_str());

        struct Throwing : railforge::SmoothingContext {
            bool isClear(const Vec3 &, const Vec3 &, double) const override
            {
                throw std::runtime_error("level changed");
            }
        } throwing;
        r = plugin.smooth(path, false, small, throwing);
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error).contains("level changed"), r.error.c_str());
    }
};

QTEST_APPLESS_MAIN(TestLineOfSight)
#include "test_line_of_sight.moc"
