// Hinted (coherent) and batched RailIndex queries: on random rails of every spline type, every
// answer equals the cold query's (the same distance; the same point unless two are equally near)
// and the slow reference's, whatever the hint: the previous answer of a moving query, a far one,
// a stale one from another index, or nonsense.
#include "core/rail_index.h"

#include "nearest_reference.h"
#include "random_curve.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

using namespace railforge::core;
using railforge::testing::controlDiagonal;
using railforge::testing::nearestReference;

namespace {

// Rails of one spline type.
struct Kind {
    const char *name;
    SplineSpec spec;
    bool closed;
    bool flat;
};

const Kind kKinds[] = {
    {"catmull-rom 0 open 3D", {SplineType::CatmullRom, 0.0}, false, false},
    {"catmull-rom 0.5 open 2D", {SplineType::CatmullRom, 0.5}, false, true},
    {"catmull-rom 0.5 closed 3D", {SplineType::CatmullRom, 0.5}, true, false},
    {"catmull-rom 1 open 3D", {SplineType::CatmullRom, 1.0}, false, false},
    {"catmull-rom 1 closed 2D", {SplineType::CatmullRom, 1.0}, true, true},
    {"catmull-rom 0.25 open 3D", {SplineType::CatmullRom, 0.25}, false, false},
    {"linear open 3D", {SplineType::Linear, 0.0}, false, false},
    {"linear closed 2D", {SplineType::Linear, 0.0}, true, true},
    {"bezier shaped open 3D", {SplineType::Bezier, 0.5}, false, false},
    {"bezier shaped closed 2D", {SplineType::Bezier, 1.0}, true, true},
};

// A random rail of the kind; Bezier rails get handles in every mode (free, aligned, corner...).
Curve randomRail(std::mt19937_64 &rng, std::size_t n, const Kind &kd)
{
    Curve c = railforge::testing::randomCurve(rng, n, kd.closed, kd.spec, kd.flat);
    if (kd.spec.type == SplineType::Bezier)
        railforge::testing::randomHandles(
            rng, c,
            {HandleMode::Auto, HandleMode::Mirrored, HandleMode::Aligned, HandleMode::Free, HandleMode::Corner});
    return c;
}

// A random point in the rail's neighbourhood (its control points' box grown by a quarter).
Vec3 nearby(std::mt19937_64 &rng, const std::vector<CubicBezier> &segs)
{
    Vec3 lo = segs.front().p[0];
    Vec3 hi = lo;
    for (const CubicBezier &b : segs)
        for (const Vec3 &q : b.p) {
            lo = {std::min(lo.x, q.x), std::min(lo.y, q.y), std::min(lo.z, q.z)};
            hi = {std::max(hi.x, q.x), std::max(hi.y, q.y), std::max(hi.z, q.z)};
        }
    const Vec3 grow = (hi - lo) * 0.25 + Vec3{1, 1, 1};
    lo -= grow;
    hi += grow;
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    return {lo.x + (hi.x - lo.x) * unit(rng), lo.y + (hi.y - lo.y) * unit(rng), lo.z + (hi.z - lo.z) * unit(rng)};
}

// The next query of a moving point: a step of up to 1% of the rail's length, sometimes along the
// rail (a rider), sometimes anywhere (a cursor), now and then a jump.
Vec3 nextQuery(std::mt19937_64 &rng, Vec3 at, const std::vector<CubicBezier> &segs, double length, int i)
{
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    if (i % 17 == 16) return nearby(rng, segs);
    if (i % 3 == 0) {
        std::uniform_real_distribution<double> u01(0.0, 1.0);
        const Vec3 on = evaluate(segs[rng() % segs.size()], u01(rng));
        return on + Vec3{unit(rng), unit(rng), unit(rng)} * (0.01 * length);
    }
    return at + Vec3{unit(rng), unit(rng), unit(rng)} * (0.01 * length / std::sqrt(3.0));
}

} // namespace

class TestRailIndexCoherent : public QObject {
    Q_OBJECT

    // The hinted answer is a proper hit and agrees with the cold one and with the reference.
    static void checkSame(const std::optional<RailHit> &hinted, const std::optional<RailHit> &cold,
                          const std::vector<CubicBezier> &segs, const ArcLengthTable &table, Vec3 q, bool reference)
    {
        QVERIFY(hinted.has_value());
        QVERIFY(cold.has_value());
        const double diag = controlDiagonal(segs);
        QCOMPARE(hinted->rail, cold->rail);
        if (!(std::abs(hinted->distance - cold->distance) <= 1e-12 * diag))
            QFAIL(qPrintable(QString("query (%1, %2, %3): hinted distance %4, cold %5")
                                 .arg(q.x, 0, 'g', 17)
                                 .arg(q.y, 0, 'g', 17)
                                 .arg(q.z, 0, 'g', 17)
                                 .arg(hinted->distance, 0, 'g', 17)
                                 .arg(cold->distance, 0, 'g', 17)));
        QVERIFY(hinted->segment < segs.size());
        QVERIFY(hinted->u >= 0.0 && hinted->u <= 1.0);
        QCOMPARE(hinted->point, evaluate(segs[hinted->segment], hinted->u));
        QVERIFY(std::abs(distance(hinted->point, q) - hinted->distance) <= 1e-12 * std::max(diag, hinted->distance));
        QVERIFY(std::abs(hinted->s - arcLengthAt(table, {hinted->segment, hinted->u})) <=
                1e-12 * (1.0 + totalLength(table)));
        // Where the two answers differ in place, they are two equally near points (a tie).
        if (distance(hinted->point, cold->point) > 1e-6 * diag)
            QVERIFY(std::abs(distance(cold->point, q) - hinted->distance) <= 1e-12 * diag);
        if (reference) {
            const double ref = nearestReference(segs, q).distance;
            if (!(std::abs(hinted->distance - ref) <= 1e-10 * diag))
                QFAIL(qPrintable(QString("query (%1, %2, %3): hinted distance %4, reference %5")
                                     .arg(q.x, 0, 'g', 17)
                                     .arg(q.y, 0, 'g', 17)
                                     .arg(q.z, 0, 'g', 17)
                                     .arg(hinted->distance, 0, 'g', 17)
                                     .arg(ref, 0, 'g', 17)));
        }
    }

private slots:
    // A moving query on random rails of every kind, each hinted with the previous answer.
    void hintedEqualsCold_data()
    {
        QTest::addColumn<int>("kind");
        for (int k = 0; k < int(std::size(kKinds)); ++k) QTest::newRow(kKinds[k].name) << k;
    }
    void hintedEqualsCold()
    {
        QFETCH(int, kind);
        const Kind &kd = kKinds[kind];
        std::mt19937_64 rng(7000 + static_cast<std::uint64_t>(kind));
        for (int trial = 0; trial < 40; ++trial) {
            const Curve c = randomRail(rng, 2 + static_cast<std::size_t>(trial % 25), kd);
            const RailIndex index(c, trial);
            const ArcLengthTable table = buildArcLengthTable(c);
            const std::vector<CubicBezier> &segs = table.segments;
            const double length = totalLength(table);
            Vec3 q = nearby(rng, segs);
            std::optional<RailHit> previous = index.nearest(q);
            for (int i = 0; i < 60; ++i) {
                q = nextQuery(rng, q, segs, length, i);
                const std::optional<RailHit> cold = index.nearest(q);
                const std::optional<RailHit> hinted = index.nearest(q, *previous);
                checkSame(hinted, cold, segs, table, q, i % 6 == 0);
                if (QTest::currentTestFailed()) return;
                const std::optional<RailHit> onRail = index.nearest(q, trial, *previous);
                checkSame(onRail, cold, segs, table, q, false);
                if (QTest::currentTestFailed()) return;
                previous = hinted;
            }
        }
    }

    // Hints that do not fit: another index's answers, unknown rails and segments, far places.
    void anyHintIsSafe()
    {
        std::mt19937_64 rng(41);
        const Curve a = railforge::testing::randomCurve(rng, 12, false, {SplineType::CatmullRom, 0.5}, false);
        const Curve b = railforge::testing::randomCurve(rng, 30, true, {SplineType::CatmullRom, 1.0}, false);
        const RailIndex index(a, 3);
        const RailIndex other(b, 3);
        const ArcLengthTable table = buildArcLengthTable(a);
        for (int i = 0; i < 200; ++i) {
            const Vec3 q = nearby(rng, table.segments);
            const std::optional<RailHit> cold = index.nearest(q);
            RailHit stale = *other.nearest(nearby(rng, table.segments)); // segment may not exist here
            checkSame(index.nearest(q, stale), cold, table.segments, table, q, i % 20 == 0);
            RailHit unknown = stale;
            unknown.rail = 99;
            checkSame(index.nearest(q, unknown), cold, table.segments, table, q, false);
            RailHit beyond = *cold;
            beyond.segment = 1000000;
            checkSame(index.nearest(q, beyond), cold, table.segments, table, q, false);
            RailHit far = *index.nearest(nearby(rng, table.segments));
            checkSame(index.nearest(q, far), cold, table.segments, table, q, false);
            if (QTest::currentTestFailed()) return;
        }
        QVERIFY(!index.nearest({std::nan(""), 0, 0}, *index.nearest({0, 0, 0})));
        QVERIFY(!index.nearest({0, 0, 0}, 4, *index.nearest({0, 0, 0})));
        QVERIFY(!RailIndex().nearest({0, 0, 0}, *index.nearest({0, 0, 0})));
    }

    // Several rails: a hint on one rail while another is nearest; per-rail hinted queries.
    void severalRails()
    {
        std::mt19937_64 rng(77);
        std::vector<IndexedCurve> rails;
        const std::vector<int> ids{5, -2, 40, 8};
        for (std::size_t k = 0; k < ids.size(); ++k)
            rails.push_back({ids[k], railforge::testing::randomCurve(rng, 6 + 3 * k, k % 2 == 1,
                                                                     {SplineType::CatmullRom, 0.5}, false)});
        const RailIndex index(rails);
        std::vector<std::vector<CubicBezier>> segs;
        for (const IndexedCurve &r : rails) segs.push_back(toBeziers(r.curve));
        std::optional<RailHit> previous = index.nearest({0, 0, 0});
        for (int i = 0; i < 300; ++i) {
            const Vec3 q = nearby(rng, segs[static_cast<std::size_t>(i) % segs.size()]);
            const std::optional<RailHit> cold = index.nearest(q);
            const std::optional<RailHit> hinted = index.nearest(q, *previous);
            QVERIFY(cold && hinted);
            double best = std::numeric_limits<double>::infinity();
            for (const auto &s : segs) best = std::min(best, nearestReference(s, q, 96).distance);
            QVERIFY(std::abs(hinted->distance - cold->distance) <= 1e-12 * (1.0 + cold->distance));
            QVERIFY(std::abs(hinted->distance - best) <= 1e-9);
            for (std::size_t k = 0; k < ids.size(); ++k) {
                const std::optional<RailHit> one = index.nearest(q, ids[k]);
                const std::optional<RailHit> oneHinted = index.nearest(q, ids[k], *previous);
                QVERIFY(one && oneHinted);
                QCOMPARE(oneHinted->rail, ids[k]);
                QVERIFY(std::abs(one->distance - oneHinted->distance) <= 1e-12 * (1.0 + one->distance));
            }
            previous = hinted;
        }
    }

    // Batches on 1, 2 and 3 threads: the cold answers, in input order, for rails of every kind.
    void batchEqualsCold_data() { hintedEqualsCold_data(); }
    void batchEqualsCold()
    {
        QFETCH(int, kind);
        const Kind &kd = kKinds[kind];
        std::mt19937_64 rng(9100 + static_cast<std::uint64_t>(kind));
        std::vector<IndexedCurve> rails;
        for (int r = 0; r < 3; ++r) rails.push_back({r * 10, randomRail(rng, 5 + 7 * static_cast<std::size_t>(r), kd)});
        const RailIndex index(rails);
        const std::vector<CubicBezier> all = toBeziers(rails[2].curve);
        std::vector<Vec3> points;
        for (int i = 0; i < 9000; ++i) points.push_back(nearby(rng, all));
        points[17] = {std::numeric_limits<double>::infinity(), 0, 0}; // no answer, in place
        points[4000] = {0, std::nan(""), 0};
        for (unsigned threads : {1u, 2u, 3u}) {
            const std::vector<std::optional<RailHit>> batch = index.nearestBatch(points, {threads, {}});
            QCOMPARE(batch.size(), points.size());
            for (std::size_t i = 0; i < points.size(); ++i) {
                const std::optional<RailHit> cold = index.nearest(points[i]);
                QCOMPARE(batch[i].has_value(), cold.has_value());
                if (!cold) continue;
                QCOMPARE(batch[i]->rail, cold->rail);
                QVERIFY(std::abs(batch[i]->distance - cold->distance) <= 1e-12 * (1.0 + cold->distance));
                if (distance(batch[i]->point, cold->point) > 1e-6)
                    QVERIFY(std::abs(distance(cold->point, points[i]) - batch[i]->distance) <=
                            1e-12 * (1.0 + cold->distance));
            }
        }
        // One rail only, against the reference on a sample.
        const ArcLengthTable table = buildArcLengthTable(rails[1].curve);
        std::vector<std::optional<RailHit>> out(points.size());
        index.nearestBatch(points, out, {2, 10});
        for (std::size_t i = 0; i < points.size(); i += 97) {
            if (!isFinite(points[i])) {
                QVERIFY(!out[i]);
                continue;
            }
            QVERIFY(out[i]);
            QCOMPARE(out[i]->rail, 10);
            checkSame(out[i], index.nearest(points[i], 10), table.segments, table, points[i], true);
            if (QTest::currentTestFailed()) return;
        }
    }

    // Bezier segments given directly (the editor's plan index): hinted and batched as well.
    void bezierSegments()
    {
        std::mt19937_64 rng(5150);
        std::uniform_real_distribution<double> coord(-10.0, 10.0);
        std::vector<CubicBezier> segs;
        Vec3 at{coord(rng), coord(rng), 0.0};
        for (int s = 0; s < 40; ++s) {
            CubicBezier b{
                {at, at + Vec3{coord(rng), coord(rng), 0} * 0.3, at + Vec3{coord(rng), coord(rng), 0} * 0.3, {}}};
            b.p[3] = at + Vec3{coord(rng), coord(rng), 0} * 0.4;
            at = b.p[3];
            segs.push_back(b);
        }
        const RailIndex index(std::vector<IndexedSegments>{{1, segs, false}});
        const ArcLengthTable table = buildArcLengthTable(segs, false);
        std::vector<Vec3> points;
        std::optional<RailHit> previous;
        Vec3 q = nearby(rng, segs);
        for (int i = 0; i < 400; ++i) {
            q = nextQuery(rng, q, segs, totalLength(table), i);
            q.z = 0.0;
            points.push_back(q);
            const std::optional<RailHit> cold = index.nearest(q);
            const std::optional<RailHit> hinted = previous ? index.nearest(q, *previous) : index.nearest(q);
            checkSame(hinted, cold, segs, table, q, i % 10 == 0);
            if (QTest::currentTestFailed()) return;
            previous = hinted;
        }
        const std::vector<std::optional<RailHit>> batch = index.nearestBatch(points);
        for (std::size_t i = 0; i < points.size(); ++i)
            checkSame(batch[i], index.nearest(points[i]), segs, table, points[i], false);
    }

    // Empty batches, unknown rails, a wrong output size, an empty index.
    void batchEdges()
    {
        const Curve c{{{0, 0, 0}, {1, 0, 0}, {2, 1, 0}}, false, {}};
        const RailIndex index(c, 9);
        QVERIFY(index.nearestBatch({}).empty());
        const std::vector<Vec3> points(5000, Vec3{1, 1, 0});
        for (const auto &hit : index.nearestBatch(points, {2, 8})) QVERIFY(!hit);
        for (const auto &hit : RailIndex().nearestBatch(points)) QVERIFY(!hit);
        std::vector<std::optional<RailHit>> tooFew(3);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, index.nearestBatch(points, tooFew));
        QVERIFY(index.memoryBytes() > 0);
        QCOMPARE(index.segmentCount(), std::size_t{2});
    }
};

QTEST_APPLESS_MAIN(TestRailIndexCoherent)
#include "test_rail_index_coherent.moc"
