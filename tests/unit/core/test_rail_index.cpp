// RailIndex tests: every answer against a slow, obviously correct reference (dense sampling of
// every segment, then golden-section polish of every sampled local minimum), on thousands of
// random rails of every kind and on hand-made degenerate and symmetric ones.
#include "core/rail_index.h"

#include "golden_section.h"
#include "vec3_to_string.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <stdexcept>

using namespace railforge::core;

namespace {

// Reference nearest point: where and how far.
struct Reference {
    double distance = std::numeric_limits<double>::infinity(); // smallest distance found
    std::size_t segment = 0;                                   // its segment
    double u = 0.0;                                            // its parameter
};

// Golden-section search of |B(u) - p| on [a, b]; folds the best point into `best`.
void goldenPolish(const CubicBezier &b, std::size_t segment, Vec3 p, double lo, double hi, Reference &best)
{
    const auto f = [&](double u) { return distance(evaluate(b, u), p); };
    const auto minimum = railforge::testing::goldenSectionMinimum(f, lo, hi, 90);
    if (minimum.value < best.distance) best = {minimum.value, segment, minimum.at};
}

// Slow reference: n samples per segment, every discrete local minimum polished.
Reference referenceNearest(const std::vector<CubicBezier> &segs, Vec3 p, int n)
{
    Reference best;
    std::vector<double> d(static_cast<std::size_t>(n) + 1);
    for (std::size_t s = 0; s < segs.size(); ++s) {
        for (int j = 0; j <= n; ++j) d[j] = distance(evaluate(segs[s], double(j) / n), p);
        for (int j = 0; j <= n; ++j) {
            if (d[j] < best.distance) best = {d[j], s, double(j) / n};
            const bool localMin = (j == 0 || d[j] <= d[j - 1]) && (j == n || d[j] <= d[j + 1]);
            if (localMin)
                goldenPolish(segs[s], s, p, double(std::max(0, j - 1)) / n, double(std::min(n, j + 1)) / n, best);
        }
    }
    return best;
}

// Diagonal of the control points' bounding box (1 for a single point), the error scale.
double diagonal(const std::vector<Vec3> &pts)
{
    Vec3 lo = pts.front();
    Vec3 hi = pts.front();
    for (const Vec3 &q : pts) {
        lo = {std::min(lo.x, q.x), std::min(lo.y, q.y), std::min(lo.z, q.z)};
        hi = {std::max(hi.x, q.x), std::max(hi.y, q.y), std::max(hi.z, q.z)};
    }
    const double d = distance(lo, hi);
    return d > 0.0 ? d : 1.0;
}

// Random rail: 2..10 points in [-10, 10]^2 (height when not flat), sometimes with repeated or collinear points.
Curve randomRail(std::mt19937_64 &rng, int trial, bool closed, SplineSpec spec, bool flat)
{
    std::uniform_real_distribution<double> coord(-10.0, 10.0);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Curve c;
    c.closed = closed;
    c.spec = spec;
    const int n = 2 + trial % 9;
    const Vec3 dir = Vec3{coord(rng), coord(rng), flat ? 0.0 : coord(rng) * 0.3} / 10.0;
    for (int i = 0; i < n; ++i) {
        Vec3 p{coord(rng), coord(rng), flat ? 0.0 : coord(rng) * 0.3};
        if (trial % 11 == 3) p = dir * coord(rng);                           // collinear, back and forth
        if (i > 0 && trial % 5 == 1 && unit(rng) < 0.4) p = c.points.back(); // repeated point
        c.points.push_back(p);
    }
    return c;
}

// A query point of kind k for a rail: near, on the curve, a control point, far away, just off the curve.
Vec3 queryOf(int kind, std::mt19937_64 &rng, const Curve &c, const std::vector<CubicBezier> &segs, double size)
{
    std::uniform_real_distribution<double> coord(-1.0, 1.0);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const Vec3 jitter{coord(rng), coord(rng), coord(rng)};
    switch (kind) {
    case 0: return jitter * 12.0;
    case 1: return evaluate(segs[rng() % segs.size()], unit(rng));
    case 2: return c.points[rng() % c.points.size()];
    case 3: return jitter / length(jitter) * (1e4 * size);
    default: return evaluate(segs[rng() % segs.size()], unit(rng)) + jitter * (0.01 * size);
    }
}

} // namespace

// Run checkQuery and leave the test function at its first failure.
#define CHECK_QUERY(...)                                                                                               \
    do {                                                                                                               \
        checkQuery(__VA_ARGS__);                                                                                       \
        if (QTest::currentTestFailed()) return;                                                                        \
    } while (false)

class TestRailIndex : public QObject {
    Q_OBJECT

    // Checks one query against the reference and the hit's own consistency.
    static void checkQuery(const RailIndex &index, const Curve &c, const std::vector<CubicBezier> &segs,
                           const ArcLengthTable &table, Vec3 q, int id)
    {
        const double diag = diagonal(c.points);
        const std::optional<RailHit> hit = index.nearest(q, id);
        QVERIFY(hit.has_value());
        const Reference ref = referenceNearest(segs, q, 256);
        if (!(std::abs(hit->distance - ref.distance) <= 1e-10 * diag))
            QFAIL(qPrintable(QString("query (%1, %2, %3): distance %4, reference %5 (segment %6 u %7 vs %8 %9)")
                                 .arg(q.x, 0, 'g', 17)
                                 .arg(q.y, 0, 'g', 17)
                                 .arg(q.z, 0, 'g', 17)
                                 .arg(hit->distance, 0, 'g', 17)
                                 .arg(ref.distance, 0, 'g', 17)
                                 .arg(hit->segment)
                                 .arg(hit->u, 0, 'g', 17)
                                 .arg(ref.segment)
                                 .arg(ref.u, 0, 'g', 17)));
        QCOMPARE(hit->rail, id);
        QVERIFY(hit->segment < segs.size());
        QVERIFY(hit->u >= 0.0 && hit->u <= 1.0);
        QCOMPARE(hit->point, evaluate(segs[hit->segment], hit->u));
        QVERIFY(std::abs(distance(hit->point, q) - hit->distance) <= 1e-12 * std::max(diag, hit->distance));
        QVERIFY(std::abs(hit->s - arcLengthAt(table, {hit->segment, hit->u})) <= 1e-12 * (1.0 + totalLength(table)));
        QVERIFY(isFinite(hit->tangent));
        if (totalLength(table) > 0.0) QVERIFY(std::abs(length(hit->tangent) - 1.0) <= 1e-12);
    }

private slots:
    // Thousands of random rails of every kind; queries near, on, at control points, far, just off.
    void matchesReference_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<double>("alpha");
        QTest::addColumn<bool>("closed");
        QTest::addColumn<bool>("flat");
        for (double alpha : {0.0, 0.5, 1.0})
            for (bool closed : {false, true})
                for (bool flat : {true, false})
                    QTest::addRow("catmull-rom %g %s %s", alpha, closed ? "closed" : "open", flat ? "2D" : "3D")
                        << int(SplineType::CatmullRom) << alpha << closed << flat;
        QTest::newRow("linear open 3D") << int(SplineType::Linear) << 0.0 << false << false;
        QTest::newRow("linear closed 2D") << int(SplineType::Linear) << 0.0 << true << true;
    }
    void matchesReference()
    {
        QFETCH(int, type);
        QFETCH(double, alpha);
        QFETCH(bool, closed);
        QFETCH(bool, flat);
        std::mt19937_64 rng(static_cast<std::uint64_t>(1000 * alpha) + 17 * type + (closed ? 5 : 0) + (flat ? 3 : 0));
        for (int trial = 0; trial < 180; ++trial) {
            const Curve c = randomRail(rng, trial, closed, {SplineType(type), alpha}, flat);
            const RailIndex index(c, trial);
            const std::vector<CubicBezier> segs = toBeziers(c);
            const ArcLengthTable table = buildArcLengthTable(c);
            const double size = diagonal(c.points);
            for (int k = 0; k < 15; ++k) CHECK_QUERY(index, c, segs, table, queryOf(k % 5, rng, c, segs, size), trial);
        }
    }

    // Equidistant candidates: symmetric rails queried on their axis of symmetry.
    void equidistantQueries()
    {
        // U shape: both ends equally far from points above; two symmetric basins on the arms.
        const Curve u{{{-1, 1, 0}, {-1, 0, 0}, {1, 0, 0}, {1, 1, 0}}, false, {SplineType::CatmullRom, 0.5}};
        // Regular octagon, closed: from the centre every vertex is equally far.
        Curve ringPoints{{}, true, {SplineType::CatmullRom, 0.5}};
        for (int k = 0; k < 8; ++k)
            ringPoints.points.push_back(
                {3.0 * std::cos(k * std::numbers::pi / 4), 3.0 * std::sin(k * std::numbers::pi / 4), 0.0});
        const Curve ring = ringPoints;
        // W shape: two symmetric valleys.
        const Curve w{
            {{-2, 1, 0}, {-1, -1, 0}, {0, 0.5, 0}, {1, -1, 0}, {2, 1, 0}}, false, {SplineType::CatmullRom, 1.0}};
        for (const Curve *c : {&u, &ring, &w}) {
            const RailIndex index(*c, 1);
            const std::vector<CubicBezier> segs = toBeziers(*c);
            const ArcLengthTable table = buildArcLengthTable(*c);
            for (double y : {-3.0, -1.0, -0.25, 0.0, 0.3, 0.5, 1.0, 2.0, 10.0})
                CHECK_QUERY(index, *c, segs, table, (Vec3{0.0, y, 0.0}), 1);
            CHECK_QUERY(index, *c, segs, table, (Vec3{0.0, 0.0, 2.0}), 1);
        }
    }

    // Degenerate rails against the reference on a grid of queries.
    void degenerateRails_data()
    {
        QTest::addColumn<QList<double>>("coords");
        QTest::addColumn<bool>("closed");
        QTest::addColumn<double>("alpha");
        QTest::newRow("two points") << QList<double>{0, 0, 0, 3, 1, 0} << false << 0.5;
        QTest::newRow("two points closed") << QList<double>{0, 0, 0, 3, 1, 0} << true << 0.5;
        QTest::newRow("repeated middle") << QList<double>{0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0} << false << 0.5;
        QTest::newRow("repeated ends") << QList<double>{0, 0, 0, 0, 0, 0, 2, 1, 0, 2, 1, 0} << false << 1.0;
        QTest::newRow("repeated uniform") << QList<double>{0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0} << false << 0.0;
        QTest::newRow("all equal") << QList<double>{2, 2, 2, 2, 2, 2, 2, 2, 2} << false << 0.5;
        QTest::newRow("all equal closed") << QList<double>{2, 2, 2, 2, 2, 2} << true << 0.0;
        QTest::newRow("collinear backtrack") << QList<double>{0, 0, 0, 4, 0, 0, 1, 0, 0, 3, 0, 0} << false << 0.5;
        QTest::newRow("collinear closed") << QList<double>{0, 0, 0, 4, 0, 0, 2, 0, 0} << true << 1.0;
        QTest::newRow("hairpin") << QList<double>{0, 0, 0, 5, 0, 0, 0, 1e-9, 0} << false << 0.5;
    }
    void degenerateRails()
    {
        QFETCH(QList<double>, coords);
        QFETCH(bool, closed);
        QFETCH(double, alpha);
        Curve c{{}, closed, {SplineType::CatmullRom, alpha}};
        for (qsizetype k = 0; k + 2 < coords.size(); k += 3)
            c.points.push_back({coords[k], coords[k + 1], coords[k + 2]});
        const RailIndex index(c, 5);
        const std::vector<CubicBezier> segs = toBeziers(c);
        const ArcLengthTable table = buildArcLengthTable(c);
        for (int i = -4; i <= 8; ++i)
            for (int j = -3; j <= 3; ++j)
                for (double z : {0.0, 0.7}) CHECK_QUERY(index, c, segs, table, (Vec3{i * 0.5, j * 0.5, z}), 5);
        for (const Vec3 &p : c.points) QVERIFY(index.nearest(p)->distance <= 1e-12);
    }

    // Ends and joints: beyond an open end the end point wins exactly; control points are hit exactly.
    void endsAndJoints()
    {
        const Curve c{{{0, 0, 0}, {2, 1, 0}, {4, 0, 1}, {6, 2, 0}}, false, {SplineType::CatmullRom, 0.5}};
        const RailIndex index(c, 0);
        const std::vector<CubicBezier> segs = toBeziers(c);
        const Vec3 endDir = derivative(segs.back(), 1.0);
        const std::optional<RailHit> beyond = index.nearest(c.points.back() + endDir * 3.0);
        QVERIFY(beyond);
        QCOMPARE(beyond->segment, std::size_t{2});
        QCOMPARE(beyond->u, 1.0);
        QCOMPARE(beyond->point, c.points.back());
        const ArcLengthTable table = buildArcLengthTable(c);
        QCOMPARE(beyond->s, totalLength(table));
        const std::optional<RailHit> before = index.nearest(c.points.front() - derivative(segs.front(), 0.0) * 3.0);
        QVERIFY(before);
        QCOMPARE(before->segment, std::size_t{0});
        QCOMPARE(before->u, 0.0);
        QCOMPARE(before->s, 0.0);
        for (const Vec3 &p : c.points) {
            const std::optional<RailHit> hit = index.nearest(p);
            QVERIFY(hit);
            QVERIFY(hit->distance <= 1e-12);
            QVERIFY(distance(hit->point, p) <= 1e-12);
        }
    }

    // Several rails: global nearest, per-rail nearest, withinRange and allWithin agree with references.
    void multipleRails()
    {
        std::mt19937_64 rng(99);
        std::uniform_real_distribution<double> coord(-12.0, 12.0);
        const std::vector<int> ids{7, -3, 42, 0, 1000};
        std::vector<IndexedCurve> rails;
        for (std::size_t k = 0; k < ids.size(); ++k)
            rails.push_back({ids[k], randomRail(rng, static_cast<int>(k) * 2 + 4, k % 2 == 1,
                                                {SplineType::CatmullRom, 0.5}, false)});
        rails.push_back({55, Curve{{{1, 1, 1}}, false, {}}}); // one point: no curve, never found
        const RailIndex index(rails);
        QCOMPARE(index.railCount(), std::size_t{6});
        QVERIFY(!index.nearest({0, 0, 0}, 55));
        QVERIFY(index.arcLength(42) != nullptr);
        QVERIFY(index.arcLength(43) == nullptr);
        std::vector<std::vector<CubicBezier>> segs;
        for (const IndexedCurve &r : rails) segs.push_back(toBeziers(r.curve));
        for (int q = 0; q < 300; ++q) {
            const Vec3 p{coord(rng), coord(rng), coord(rng) * 0.3};
            std::vector<double> refs;
            double best = std::numeric_limits<double>::infinity();
            double second = best;
            int bestId = 0;
            for (std::size_t k = 0; k < ids.size(); ++k) {
                refs.push_back(referenceNearest(segs[k], p, 128).distance);
                if (refs.back() < best) {
                    second = best;
                    best = refs.back();
                    bestId = ids[k];
                } else {
                    second = std::min(second, refs.back());
                }
                const std::optional<RailHit> one = index.nearest(p, ids[k]);
                QVERIFY(one);
                QCOMPARE(one->rail, ids[k]);
                QVERIFY(std::abs(one->distance - refs.back()) <= 1e-9);
            }
            const std::optional<RailHit> all = index.nearest(p);
            QVERIFY(all);
            QVERIFY(std::abs(all->distance - best) <= 1e-9);
            if (second - best > 1e-6) QCOMPARE(all->rail, bestId);
            // Ranges away from any reference distance, so the expected answer is unambiguous.
            for (double r : {0.5, 2.0, 5.0, 1e3}) {
                bool ambiguous = false;
                for (double d : refs) ambiguous = ambiguous || std::abs(d - r) < 1e-6;
                if (ambiguous) continue;
                QCOMPARE(index.withinRange(p, r), best <= r);
                const std::vector<RailHit> hits = index.allWithin(p, r);
                std::size_t expected = 0;
                for (double d : refs) expected += d <= r ? 1 : 0;
                QCOMPARE(hits.size(), expected);
                for (std::size_t k = 0; k < hits.size(); ++k) {
                    QVERIFY(hits[k].distance <= r);
                    if (k > 0) QVERIFY(hits[k - 1].distance <= hits[k].distance);
                    const auto at = std::find(ids.begin(), ids.end(), hits[k].rail);
                    QVERIFY(at != ids.end());
                    QVERIFY(std::abs(hits[k].distance - refs[static_cast<std::size_t>(at - ids.begin())]) <= 1e-9);
                }
            }
        }
    }

    // A long rail (2,000 segments): many pruned boxes, still exact.
    void longRail()
    {
        std::mt19937_64 rng(4242);
        std::uniform_real_distribution<double> turn(-1.0, 1.0);
        Curve c{{}, false, {SplineType::CatmullRom, 0.5}};
        Vec3 at{};
        double heading = 0.0;
        for (int i = 0; i <= 2000; ++i) {
            c.points.push_back(at);
            heading += turn(rng);
            at += Vec3{std::cos(heading), std::sin(heading), 0.1 * turn(rng)} * (1.0 + 0.5 * turn(rng));
        }
        const RailIndex index(c, 3);
        const std::vector<CubicBezier> segs = toBeziers(c);
        const ArcLengthTable table = buildArcLengthTable(c);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        Vec3 lo = c.points[0];
        Vec3 hi = c.points[0];
        for (const Vec3 &p : c.points) {
            lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
            hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
        }
        for (int q = 0; q < 60; ++q) {
            const Vec3 p{lo.x + (hi.x - lo.x) * unit(rng), lo.y + (hi.y - lo.y) * unit(rng),
                         lo.z + (hi.z - lo.z) * unit(rng)};
            CHECK_QUERY(index, c, segs, table, q % 3 == 0 ? evaluate(segs[rng() % segs.size()], unit(rng)) : p, 3);
        }
    }

    // Segments growing 1.4-fold each along a zigzag (sizes over 23 orders of magnitude, which the
    // surface-area heuristic splits very unevenly): each is still found at its middle.
    void lopsidedRail()
    {
        Curve c{{}, false, {SplineType::CatmullRom, 0.5}};
        double x = 0.0;
        double step = 1.0;
        for (int i = 0; i < 160; ++i) {
            c.points.push_back({x, i % 2 == 0 ? 0.0 : 0.3 * step, 0.0});
            x += step;
            step *= 1.4;
        }
        const RailIndex index(c, 2);
        const std::vector<CubicBezier> segs = toBeziers(c);
        const ArcLengthTable table = buildArcLengthTable(c);
        double scale = 1.0; // length of segment i
        for (int i = 0; i + 1 < 160; ++i, scale *= 1.4) {
            const Vec3 mid = evaluate(segs[static_cast<std::size_t>(i)], 0.5);
            const std::optional<RailHit> hit = index.nearest(mid + Vec3{0.0, 0.0, 1e-3 * scale});
            QVERIFY(hit.has_value());
            QCOMPARE(hit->segment, static_cast<std::size_t>(i));
            QVERIFY(std::abs(hit->distance - 1e-3 * scale) <= 1e-9 * scale);
            CHECK_QUERY(index, c, segs, table, mid + Vec3{0.0, 0.5, 2.0}, 2);
        }
    }

    // Straight segments whose handles sit on their ends (a corner Bezier): the speed vanishes at
    // both ends, where the distance's critical point is not simple and the solve converges only
    // linearly; points on the curve must still come out at distance 0.
    void stalledSpeedOnTheCurve()
    {
        const std::vector<Vec3> corners{{0, 0, 0}, {10, 3, 0}, {12, -4, 2}, {0, -8, 0}};
        IndexedSegments rail{4, {}, false};
        for (std::size_t i = 0; i + 1 < corners.size(); ++i)
            rail.segments.push_back({{corners[i], corners[i], corners[i + 1], corners[i + 1]}});
        const RailIndex index(std::vector<IndexedSegments>{rail});
        std::mt19937_64 rng(77);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        for (const CubicBezier &segment : rail.segments) {
            for (int k = 0; k < 200; ++k) {
                const double u = k < 100 ? unit(rng) : (k < 150 ? 0.05 * unit(rng) : 1.0 - 0.05 * unit(rng));
                const Vec3 on = evaluate(segment, u);
                const std::optional<RailHit> hit = index.nearest(on);
                QVERIFY(hit.has_value());
                if (!(hit->distance <= 1e-12 * 15.0))
                    QFAIL(qPrintable(QString("u %1: distance %2").arg(u, 0, 'g', 17).arg(hit->distance, 0, 'g', 17)));
            }
        }
    }

    // Empty index, unknown ids, bad queries, bad rails.
    void invalidInput()
    {
        const RailIndex empty;
        QVERIFY(!empty.nearest({0, 0, 0}));
        QVERIFY(!empty.withinRange({0, 0, 0}, 1e9));
        QVERIFY(empty.allWithin({0, 0, 0}, 1e9).empty());
        QCOMPARE(empty.railCount(), std::size_t{0});

        const Curve c{{{0, 0, 0}, {1, 0, 0}, {2, 1, 0}}, false, {}};
        const RailIndex index(c, 9);
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        QVERIFY(!index.nearest({nan, 0, 0}));
        QVERIFY(!index.nearest({0, inf, 0}, 9));
        QVERIFY(!index.nearest({0, 0, 0}, 8));
        QVERIFY(index.nearest({0, 0, 0}, 9));
        QVERIFY(!index.withinRange({0, 0, 0}, -1.0));
        QVERIFY(!index.withinRange({0, 0, 0}, nan));
        QVERIFY(index.withinRange({1, 0, 0}, 0.0)); // exactly on a control point, range 0 inclusive
        QVERIFY(!index.withinRange({1, 5, 0}, 1.0));
        QVERIFY(index.withinRange({1, 5, 0}, inf));
        QCOMPARE(index.allWithin({1, 5, 0}, inf).size(), std::size_t{1});
        QVERIFY(index.allWithin({0, 0, 0}, -2.0).empty());

        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, RailIndex({{1, c}, {1, c}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, RailIndex(Curve{{{0, 0, 0}, {nan, 1, 0}}, false, {}}));
    }
};

QTEST_APPLESS_MAIN(TestRailIndex)
#include "test_rail_index.moc"
