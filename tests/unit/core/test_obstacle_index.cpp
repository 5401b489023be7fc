// ObstacleIndex: the R-tree answers against a brute force over every obstacle (written here from the
// definitions) on random fields and segments, exact touching / inside / radius-0 cases, huge polygons,
// degenerate obstacles, and concurrent queries.
#include "core/obstacle_index.h"

#include "vec3_to_string.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <thread>

using railforge::core::CircleObstacle;
using railforge::core::ObstacleIndex;
using railforge::core::Point2d;
using railforge::core::Vec3;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// ---- Brute force: every obstacle, exact geometry, no index. ----

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

// c on the closed segment ab, given that it is on its line.
bool onSegment(Point2d a, Point2d b, Point2d c)
{
    return std::min(a.x, b.x) <= c.x && c.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= c.y &&
           c.y <= std::max(a.y, b.y);
}

// Distance between closed segments ab and cd (0 when they touch or cross).
double segmentToSegment(Point2d a, Point2d b, Point2d c, Point2d d)
{
    const double d1 = cross2(c, d, a), d2 = cross2(c, d, b), d3 = cross2(a, b, c), d4 = cross2(a, b, d);
    const bool proper = ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
    if (proper || (d1 == 0 && onSegment(c, d, a)) || (d2 == 0 && onSegment(c, d, b)) ||
        (d3 == 0 && onSegment(a, b, c)) || (d4 == 0 && onSegment(a, b, d)))
        return 0.0;
    return std::min(
        {pointToSegment(a, c, d), pointToSegment(b, c, d), pointToSegment(c, a, b), pointToSegment(d, a, b)});
}

// Winding number of the polygon around p (nonzero: inside); boundary points are caught by the edges.
int winding(const std::vector<Point2d> &poly, Point2d p)
{
    int w = 0;
    for (std::size_t i = 0; i < poly.size(); ++i) {
        const Point2d a = poly[i], b = poly[(i + 1) % poly.size()];
        if (a.y <= p.y) {
            if (b.y > p.y && cross2(a, b, p) > 0) ++w;
        } else if (b.y <= p.y && cross2(a, b, p) < 0) {
            --w;
        }
    }
    return w;
}

// The obstacles, checked one by one.
struct BruteForce {
    std::vector<std::vector<Point2d>> polygons;
    std::vector<CircleObstacle> circles;

    // Distance from ab (x, y) to the nearest obstacle, 0 inside one, +inf without obstacles.
    double distance(Vec3 a3, Vec3 b3) const
    {
        const Point2d a{a3.x, a3.y}, b{b3.x, b3.y};
        double best = kInf;
        for (const auto &poly : polygons) {
            if (poly.empty()) continue;
            if (poly.size() >= 3 && winding(poly, a) != 0) return 0.0;
            const std::size_t edges = poly.size() < 3 ? 1 : poly.size();
            for (std::size_t i = 0; i < edges; ++i)
                best = std::min(best, segmentToSegment(a, b, poly[i], poly[(i + 1) % poly.size()]));
        }
        for (const auto &c : circles)
            best = std::min(best, std::max(0.0, pointToSegment(c.center, a, b) - std::max(0.0, c.radius)));
        return best;
    }

    // The rule under test: >= radius and > 0 (radius below 0 or NaN counts as 0).
    bool isClear(Vec3 a, Vec3 b, double radius) const
    {
        const double d = distance(a, b);
        const double r = radius > 0 ? radius : 0.0;
        return d >= r && d > 0.0;
    }
};

// ---- Random fields. ----

// A star-shaped (hence simple) polygon of n vertices around c with radii in [rMin, rMax].
std::vector<Point2d> starPolygon(std::mt19937_64 &rng, Point2d c, std::size_t n, double rMin, double rMax)
{
    // Angular jitter keeps every gap under 180 degrees, so the centre is inside.
    std::uniform_real_distribution<double> radius(rMin, rMax), jitter(0.3, 0.7);
    std::vector<Point2d> poly;
    for (std::size_t i = 0; i < n; ++i) {
        const double angle = (double(i) + jitter(rng)) * 2.0 * std::numbers::pi / double(n);
        const double r = radius(rng);
        poly.push_back({c.x + r * std::cos(angle), c.y + r * std::sin(angle)});
    }
    if (rng() % 2) std::reverse(poly.begin(), poly.end()); // either orientation
    return poly;
}

// A random field in [offset, offset + 100]^2 of the given kind.
BruteForce randomField(std::mt19937_64 &rng, const QString &kind, double offset)
{
    std::uniform_real_distribution<double> at(offset, offset + 100.0), size(0.5, 6.0);
    std::uniform_int_distribution<int> vertices(3, 12);
    BruteForce f;
    const bool polygons = kind != "circles", circles = kind != "polygons" && kind != "big polygon";
    for (int i = 0; i < (kind == "sparse" ? 2 : 40); ++i) {
        if (polygons) {
            const double s = size(rng);
            f.polygons.push_back(starPolygon(rng, {at(rng), at(rng)}, std::size_t(vertices(rng)), 0.3 * s, s));
        }
        if (circles) f.circles.push_back({{at(rng), at(rng)}, size(rng) * 0.5});
    }
    if (kind == "big polygon") f.polygons.push_back(starPolygon(rng, {offset + 50, offset + 50}, 3000, 20, 35));
    if (kind == "degenerate") {
        f.polygons.push_back({{offset + 10, offset + 10}});                             // a point
        f.polygons.push_back({{offset + 20, offset + 20}, {offset + 30, offset + 25}}); // a segment
        f.polygons.push_back({});                                                       // nothing
        f.circles.push_back({{offset + 60, offset + 60}, 0.0});                         // a point
        f.circles.push_back({{offset + 70, offset + 60}, -2.0});                        // negative: a point
    }
    return f;
}

// A random segment in the field: short, medium or across everything.
std::pair<Vec3, Vec3> randomSegment(std::mt19937_64 &rng, double offset)
{
    std::uniform_real_distribution<double> at(offset - 10.0, offset + 110.0), unit(-1.0, 1.0);
    const Vec3 a{at(rng), at(rng), unit(rng)};
    const double reach = std::array<double, 4>{0.0, 2.0, 15.0, 150.0}[rng() % 4];
    return {a, a + Vec3{unit(rng) * reach, unit(rng) * reach, unit(rng)}};
}

ObstacleIndex indexOf(const BruteForce &f) { return ObstacleIndex(f.polygons, f.circles); }

} // namespace

Q_DECLARE_METATYPE(Vec3)

class TestObstacleIndex : public QObject {
    Q_OBJECT
private slots:
    void matchesBruteForce_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<double>("offset");
        for (const char *kind : {"polygons", "circles", "mixed", "big polygon", "degenerate", "sparse"})
            for (double offset : {0.0, -5e5, 1e6}) QTest::addRow("%s at %g", kind, offset) << QString(kind) << offset;
    }
    // Random segments against random fields: the same distance (to rounding) and the same verdict
    // for radii 0..10, except where the distance is within 1e-9 of the radius (a rounding coin toss).
    void matchesBruteForce()
    {
        QFETCH(QString, kind);
        QFETCH(double, offset);
        std::mt19937_64 rng(std::hash<std::string>{}(QTest::currentDataTag()));
        int compared = 0;
        for (int field = 0; field < 4; ++field) {
            const BruteForce brute = randomField(rng, kind, offset);
            const ObstacleIndex index = indexOf(brute);
            for (int q = 0; q < 400; ++q) {
                const auto [a, b] = randomSegment(rng, offset);
                const double want = brute.distance(a, b), got = index.distance(a, b);
                QVERIFY2(
                    std::abs(got - want) <= 1e-9 * (1.0 + want) || (got == kInf && want == kInf),
                    qPrintable(QString("distance %1 vs brute force %2").arg(got, 0, 'g', 17).arg(want, 0, 'g', 17)));
                for (double radius : {0.0, 0.1, 0.5, 2.0, 10.0}) {
                    if (std::abs(want - radius) < 1e-9) continue;
                    QCOMPARE(index.isClear(a, b, radius), brute.isClear(a, b, radius));
                    ++compared;
                }
            }
        }
        QVERIFY(compared > 7000);
        // (Sparse fields exercise the growing search of distance(): most segments are far from both obstacles.)
    }

    // A segment wholly inside a polygon touches no edge, yet is blocked at any radius (distance 0);
    // in a 5000-gon this goes through the polygon's own edge tree.
    void insidePolygons()
    {
        std::mt19937_64 rng(11);
        for (std::size_t n : {5, 8, 40, 5000}) {
            const BruteForce brute{{starPolygon(rng, {3, -4}, n, 10, 12)}, {}};
            const ObstacleIndex index = indexOf(brute);
            std::uniform_real_distribution<double> near(-2.0, 2.0);
            for (int q = 0; q < 200; ++q) {
                const Vec3 a{3 + near(rng), -4 + near(rng), 0}, b{3 + near(rng), -4 + near(rng), 7};
                QCOMPARE(brute.distance(a, b), 0.0);
                QCOMPARE(index.distance(a, b), 0.0);
                for (double radius : {0.0, 0.5, 100.0}) QVERIFY(!index.isClear(a, b, radius));
            }
            // Outside, well clear of it.
            QVERIFY(index.isClear({30, 30, 0}, {40, 20, 0}, 1.0));
            QCOMPARE(index.distance({30, 30, 0}, {40, 20, 0}), brute.distance({30, 30, 0}, {40, 20, 0}));
        }
    }

    void exactCases_data()
    {
        QTest::addColumn<Vec3>("a");
        QTest::addColumn<Vec3>("b");
        QTest::addColumn<double>("distance");
        // Obstacles: square [0,2]^2, circle at (0,5) radius 1.
        QTest::newRow("along an edge") << Vec3{2, -1, 0} << Vec3{2, 3, 0} << 0.0;
        QTest::newRow("through a vertex from outside") << Vec3{2, 2, 0} << Vec3{4, 4, 0} << 0.0;
        QTest::newRow("ending on an edge") << Vec3{5, 1, 0} << Vec3{2, 1, 0} << 0.0;
        QTest::newRow("crossing") << Vec3{-1, 1, 0} << Vec3{3, 1, 0} << 0.0;
        QTest::newRow("inside") << Vec3{0.5, 0.5, 0} << Vec3{1.5, 1, 0} << 0.0;
        QTest::newRow("parallel at 1") << Vec3{3, 0, 0} << Vec3{3, 2, 0} << 1.0;
        QTest::newRow("tangent to the circle") << Vec3{-3, 4, 0} << Vec3{3, 4, 0} << 0.0;
        QTest::newRow("half a unit below the circle") << Vec3{-3, 3.5, 0} << Vec3{3, 3.5, 0} << 0.5;
        QTest::newRow("a point, inside the circle") << Vec3{0, 5, 0} << Vec3{0, 5, 0} << 0.0;
        QTest::newRow("a point, 2 from the square") << Vec3{4, 1, 9} << Vec3{4, 1, -9} << 2.0;
    }
    // Integer geometry, where touching is exact: the distance, and the verdicts either side of it
    // (distance == radius is clear; distance 0 is blocked even at radius 0).
    void exactCases()
    {
        QFETCH(Vec3, a);
        QFETCH(Vec3, b);
        QFETCH(double, distance);
        const BruteForce brute{{{{0, 0}, {2, 0}, {2, 2}, {0, 2}}}, {{{0, 5}, 1.0}}};
        const ObstacleIndex index = indexOf(brute);
        QCOMPARE(index.distance(a, b), distance);
        QCOMPARE(brute.distance(a, b), distance);
        QCOMPARE(index.isClear(a, b, distance), distance > 0.0);
        QVERIFY(!index.isClear(a, b, distance + 1e-6));
        QCOMPARE(index.isClear(a, b, 0.0), distance > 0.0);
        QCOMPARE(index.isClear(b, a, distance), distance > 0.0);
    }

    // Radius below 0 or NaN acts as 0; non-finite endpoints are never clear.
    void oddArguments()
    {
        const ObstacleIndex index({{{0, 0}, {2, 0}, {2, 2}, {0, 2}}}, {});
        QCOMPARE(index.isClear({3, 0, 0}, {3, 2, 0}, -1.0), true);
        QCOMPARE(index.isClear({3, 0, 0}, {3, 2, 0}, std::nan("")), true);
        QCOMPARE(index.isClear({-1, 1, 0}, {3, 1, 0}, -1.0), false);
        QCOMPARE(index.isClear({std::nan(""), 0, 0}, {3, 2, 0}, 0.5), false);
        QVERIFY(std::isnan(index.distance({3, 0, 0}, {INFINITY, 2, 0})));
    }

    // Nothing indexed: everything is clear and infinitely far.
    void empty()
    {
        const ObstacleIndex index({}, {});
        QCOMPARE(index.distance({0, 0, 0}, {1, 1, 1}), kInf);
        QVERIFY(index.isClear({0, 0, 0}, {1, 1, 1}, 5.0));
        QCOMPARE(index.polygonCount(), std::size_t(0));
        QCOMPARE(index.circleCount(), std::size_t(0));
        const ObstacleIndex blank({{}}, {});
        QCOMPARE(blank.polygonCount(), std::size_t(0));
        QVERIFY(blank.isClear({0, 0, 0}, {1, 1, 1}, 5.0));
    }

    // A repeated closing vertex changes nothing.
    void repeatedClosingVertex()
    {
        const ObstacleIndex open({{{0, 0}, {4, 0}, {4, 4}}}, {});
        const ObstacleIndex closed({{{0, 0}, {4, 0}, {4, 4}, {0, 0}}}, {});
        std::mt19937_64 rng(12);
        for (int q = 0; q < 500; ++q) {
            const auto [a, b] = randomSegment(rng, -2.0);
            QCOMPARE(closed.distance(a, b), open.distance(a, b));
        }
    }

    // Const queries from several threads give the single-threaded answers.
    void concurrentQueries()
    {
        std::mt19937_64 rng(13);
        const BruteForce brute = randomField(rng, "mixed", 0.0);
        const ObstacleIndex index = indexOf(brute);
        std::vector<std::pair<Vec3, Vec3>> segments;
        for (int q = 0; q < 2000; ++q) segments.push_back(randomSegment(rng, 0.0));
        std::vector<double> expected;
        for (const auto &[a, b] : segments) expected.push_back(index.distance(a, b));
        std::vector<int> mismatches(4, 0);
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                for (int round = 0; round < 5; ++round)
                    for (std::size_t q = 0; q < segments.size(); ++q) {
                        const auto &[a, b] = segments[q];
                        if (index.distance(a, b) != expected[q]) ++mismatches[std::size_t(t)];
                        if (index.isClear(a, b, 0.5) != (expected[q] >= 0.5 && expected[q] > 0))
                            ++mismatches[std::size_t(t)];
                    }
            });
        for (std::thread &t : threads) t.join();
        QVERIFY(mismatches == std::vector<int>(4, 0));
    }
};

QTEST_APPLESS_MAIN(TestObstacleIndex)
#include "test_obstacle_index.moc"
