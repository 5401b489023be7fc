// Arc-length tests: lengths against slow references (fine Simpson and Richardson-extrapolated
// chord sums), s <-> (segment, u) round trips, and equal-spacing samples.
#include "core/arc_length.h"

#include "random_curve.h"
#include "vec3_to_string.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <stdexcept>

using namespace railforge::core;
using railforge::testing::randomCurve;

namespace {

// Sum of chords of b over [u0, u1] cut into n equal parameter steps.
double chordSum(const CubicBezier &b, double u0, double u1, int n)
{
    double sum = 0.0;
    Vec3 prev = evaluate(b, u0);
    for (int k = 1; k <= n; ++k) {
        const Vec3 next = evaluate(b, u0 + (u1 - u0) * k / n);
        sum += distance(prev, next);
        prev = next;
    }
    return sum;
}

// Reference length: chord sums at n and 2n extrapolated (their error is c/n^2 + O(n^-4)).
double referenceLength(const CubicBezier &b, double u0, double u1, int n)
{
    const double coarse = chordSum(b, u0, u1, n);
    const double fine = chordSum(b, u0, u1, 2 * n);
    return fine + (fine - coarse) / 3.0;
}

// Composite Simpson of the speed |B'| over [u0, u1] with n (even) steps: a second, independent reference.
double simpsonLength(const CubicBezier &b, double u0, double u1, int n)
{
    const double h = (u1 - u0) / n;
    double sum = length(derivative(b, u0)) + length(derivative(b, u1));
    for (int k = 1; k < n; ++k) sum += (k % 2 == 1 ? 4.0 : 2.0) * length(derivative(b, u0 + k * h));
    return sum * h / 3.0;
}

// Reference arc length from the start of the curve to (segment, u), Simpson per segment.
struct ReferenceArc {
    std::vector<CubicBezier> segs; // the curve
    std::vector<double> start;     // reference s at each segment start

    explicit ReferenceArc(const Curve &c) : segs(toBeziers(c)), start(segs.size() + 1, 0.0)
    {
        for (std::size_t i = 0; i < segs.size(); ++i) start[i + 1] = start[i] + simpsonLength(segs[i], 0.0, 1.0, 4096);
    }
    // s at (segment, u).
    double at(std::size_t seg, double u) const { return start[seg] + simpsonLength(segs[seg], 0.0, u, 4096); }
    // Position at arc length s by bisection on the monotone reference (slow, obviously right).
    Vec3 positionAt(double s) const
    {
        std::size_t seg = 0;
        while (seg + 1 < segs.size() && start[seg + 1] < s) ++seg;
        double lo = 0.0;
        double hi = 1.0;
        for (int k = 0; k < 60; ++k) {
            const double mid = 0.5 * (lo + hi);
            (at(seg, mid) < s ? lo : hi) = mid;
        }
        return evaluate(segs[seg], 0.5 * (lo + hi));
    }
};

} // namespace

class TestArcLength : public QObject {
    Q_OBJECT

private slots:
    // Straight rails have their Euclidean length, whatever the spline.
    void straightRails_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<double>("alpha");
        QTest::newRow("linear") << int(SplineType::Linear) << 0.5;
        QTest::newRow("catmull-rom uniform") << int(SplineType::CatmullRom) << 0.0;
        QTest::newRow("catmull-rom centripetal") << int(SplineType::CatmullRom) << 0.5;
        QTest::newRow("catmull-rom chordal") << int(SplineType::CatmullRom) << 1.0;
    }
    void straightRails()
    {
        QFETCH(int, type);
        QFETCH(double, alpha);
        const Curve two{{{1, 2, 3}, {4, 6, 3}}, false, {SplineType(type), alpha}};
        QVERIFY(std::abs(totalLength(buildArcLengthTable(two)) - 5.0) <= 1e-14);
        // Equally spaced collinear points: the curve is the segment, traversed once.
        const Vec3 d{0.0, 0.6, 0.8};
        const Curve row{{d * 0, d * 1, d * 2, d * 3, d * 4}, false, {SplineType(type), alpha}};
        QVERIFY(std::abs(totalLength(buildArcLengthTable(row)) - 4.0) <= 1e-13);
    }

    // A 1D monotone cubic has length x3 - x0 exactly (Gauss-Legendre is exact on its speed).
    void monotoneCubicLength()
    {
        const CubicBezier b{{Vec3{0, 0, 0}, Vec3{0.5, 0, 0}, Vec3{2.5, 0, 0}, Vec3{3, 0, 0}}};
        QVERIFY(std::abs(bezierArcLength(b) - 3.0) <= 1e-15);
        QVERIFY(std::abs(bezierArcLength(b, 0.25, 0.75) - (evaluate(b, 0.75).x - evaluate(b, 0.25).x)) <= 1e-15);
        QCOMPARE(bezierArcLength(b, 0.5, 0.5), 0.0);
    }

    // A segment with a cusp (speed 0 at u = 0.5, a kink in |B'|) is still integrated to tolerance.
    void cuspSegment()
    {
        const CubicBezier b{{Vec3{0, 0, 0}, Vec3{1, 1, 0}, Vec3{0, 1, 0}, Vec3{1, 0, 0}}};
        QVERIFY(length(derivative(b, 0.5)) <= 1e-15);
        const double reference = referenceLength(b, 0.0, 0.5, 1 << 16) + referenceLength(b, 0.5, 1.0, 1 << 16);
        QVERIFY2(std::abs(bezierArcLength(b) - reference) <= 1e-10 * reference,
                 qPrintable(QString("%1 vs %2").arg(bezierArcLength(b), 0, 'g', 17).arg(reference, 0, 'g', 17)));
        const ArcLengthTable table = buildArcLengthTable({b}, false);
        QVERIFY(std::abs(totalLength(table) - reference) <= 1e-10 * reference);
    }

    // Table lengths against the chord-sum reference on random rails of every kind.
    void lengthMatchesReference_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<double>("alpha");
        QTest::addColumn<bool>("closed");
        for (double alpha : {0.0, 0.5, 1.0})
            for (bool closed : {false, true})
                QTest::addRow("catmull-rom %g %s", alpha, closed ? "closed" : "open")
                    << int(SplineType::CatmullRom) << alpha << closed;
        QTest::newRow("linear open") << int(SplineType::Linear) << 0.5 << false;
    }
    void lengthMatchesReference()
    {
        QFETCH(int, type);
        QFETCH(double, alpha);
        QFETCH(bool, closed);
        std::mt19937_64 rng(static_cast<std::uint64_t>(type * 100 + alpha * 10 + closed));
        for (int trial = 0; trial < 8; ++trial) {
            const Curve c = randomCurve(rng, 3 + trial, closed, {SplineType(type), alpha}, trial % 2 == 0);
            const ArcLengthTable table = buildArcLengthTable(c);
            double reference = 0.0;
            for (const CubicBezier &b : table.segments) reference += referenceLength(b, 0.0, 1.0, 4096);
            QVERIFY2(std::abs(totalLength(table) - reference) <= 1e-10 * reference,
                     qPrintable(QString("%1 vs %2").arg(totalLength(table), 0, 'g', 17).arg(reference, 0, 'g', 17)));
        }
    }

    // arcLengthAt is the Simpson reference at any (segment, u); locate inverts it.
    void locateInvertsArcLength()
    {
        std::mt19937_64 rng(21);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        for (double alpha : {0.0, 0.5, 1.0}) {
            const Curve c = randomCurve(rng, 7, alpha == 0.5, {SplineType::CatmullRom, alpha}, false);
            const ArcLengthTable table = buildArcLengthTable(c);
            const ReferenceArc reference(c);
            const double total = totalLength(table);
            QVERIFY(std::abs(arcLengthAt(table, {0, 0.0})) == 0.0);
            QCOMPARE(arcLengthAt(table, {table.segments.size() - 1, 1.0}), total);
            for (int k = 0; k < 200; ++k) {
                const std::size_t seg = k % table.segments.size();
                const double u = unit(rng);
                const double s = arcLengthAt(table, {seg, u});
                QVERIFY(std::abs(s - reference.at(seg, u)) <= 1e-11 * total);
                const CurveParam back = locate(table, s);
                QVERIFY(std::abs(arcLengthAt(table, back) - s) <= 1e-12 * total);
                QVERIFY(distance(evaluate(table.segments[back.segment], back.u), evaluate(table.segments[seg], u)) <=
                        1e-9 * total);
            }
            // Monotone along the curve.
            double previous = 0.0;
            for (std::size_t seg = 0; seg < table.segments.size(); ++seg) {
                for (int k = 0; k <= 50; ++k) {
                    const double s = arcLengthAt(table, {seg, k / 50.0});
                    QVERIFY(s >= previous);
                    previous = s;
                }
            }
            // Out-of-range arc lengths clamp to the ends.
            const CurveParam before = locate(table, -5.0);
            const CurveParam after = locate(table, total + 5.0);
            QCOMPARE(before.segment, std::size_t{0});
            QCOMPARE(before.u, 0.0);
            QCOMPARE(after.segment, table.segments.size() - 1);
            QCOMPARE(after.u, 1.0);
        }
    }

    // Equal-spacing samples: s = i * spacing, last s == length, positions at the reference arc
    // length, unit tangents along the curve, chords no longer than the arc between them.
    void samplesAreEquallySpaced_data()
    {
        QTest::addColumn<double>("alpha");
        QTest::addColumn<bool>("closed");
        QTest::addColumn<double>("spacing");
        QTest::newRow("centripetal open coarse") << 0.5 << false << 0.7;
        QTest::newRow("centripetal closed fine") << 0.5 << true << 0.05;
        QTest::newRow("uniform open fine") << 0.0 << false << 0.01;
        QTest::newRow("chordal closed coarse") << 1.0 << true << 3.0;
        QTest::newRow("chordal open huge spacing") << 1.0 << false << 1e6;
    }
    void samplesAreEquallySpaced()
    {
        QFETCH(double, alpha);
        QFETCH(bool, closed);
        QFETCH(double, spacing);
        std::mt19937_64 rng(static_cast<std::uint64_t>(spacing * 1000));
        const Curve c = randomCurve(rng, 6, closed, {SplineType::CatmullRom, alpha}, false);
        const ArcLengthTable table = buildArcLengthTable(c);
        const double total = totalLength(table);
        const std::vector<CurveSample> rows = sample(table, spacing);
        QVERIFY(rows.size() >= 2);
        QCOMPARE(rows.front().s, 0.0);
        QCOMPARE(rows.back().s, total); // exactly
        QCOMPARE(rows.front().position, c.points.front());
        const ReferenceArc reference(c);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const CurveSample &r = rows[i];
            QVERIFY(std::abs(length(r.tangent) - 1.0) <= 1e-12);
            if (i + 1 < rows.size()) QCOMPARE(r.s, static_cast<double>(i) * spacing);
            if (i > 0) {
                const double step = r.s - rows[i - 1].s;
                QVERIFY(step > 0.0 && step <= spacing * (1.0 + 1e-9));
                QVERIFY(distance(r.position, rows[i - 1].position) <= step + 1e-12);
            }
            // Spot-check against the slow reference (every row when there are few).
            if (rows.size() < 50 || i % 37 == 0 || i + 1 == rows.size()) {
                QVERIFY(distance(r.position, reference.positionAt(r.s)) <= 1e-11 * total);
                const CurveParam at = locate(table, r.s);
                const Vec3 d = derivative(table.segments[at.segment], at.u);
                QVERIFY(dot(d / length(d), r.tangent) >= 1.0 - 1e-12);
            }
        }
        const std::size_t full = static_cast<std::size_t>(std::floor(total / spacing));
        QVERIFY(rows.size() == full + 1 || rows.size() == full + 2);
    }

    // Dense sampling: every chord matches its arc to the curvature's second-order term.
    void denseSamplingChords()
    {
        std::mt19937_64 rng(8);
        const Curve c = randomCurve(rng, 12, false, {SplineType::CatmullRom, 0.5}, false);
        const ArcLengthTable table = buildArcLengthTable(c);
        const double total = totalLength(table);
        const double spacing = total / 200000.0;
        const std::vector<CurveSample> rows = sample(table, spacing);
        QCOMPARE(rows.back().s, total);
        // A chord of an arc h with curvature k is h (1 - k^2 h^2 / 24 + ...): check every step against it.
        for (std::size_t i = 1; i < rows.size(); ++i) {
            const double chord = distance(rows[i].position, rows[i - 1].position);
            const double step = rows[i].s - rows[i - 1].s;
            const CurveParam mid = locate(table, rows[i].s - 0.5 * step);
            const CubicBezier &b = table.segments[mid.segment];
            const Vec3 d1 = derivative(b, mid.u);
            const double curvature = length(cross(d1, secondDerivative(b, mid.u))) / std::pow(length(d1), 3);
            const double shortfall = curvature * curvature * step * step / 24.0;
            if (!(chord <= step + 1e-12 && chord >= step * (1.0 - 1.5 * shortfall) - 1e-12))
                QFAIL(qPrintable(QString("row %1: chord %2, step %3, curvature %4")
                                     .arg(i)
                                     .arg(chord, 0, 'g', 17)
                                     .arg(step, 0, 'g', 17)
                                     .arg(curvature)));
        }
        // Independent check of a few rows against the slow reference.
        const ReferenceArc reference(c);
        for (std::size_t i = 0; i < rows.size(); i += 19997)
            QVERIFY(distance(rows[i].position, reference.positionAt(rows[i].s)) <= 1e-11 * total);
    }

    // A big sampling is made in chunks, on several threads: the rows either side of every chunk
    // start are as exact as any, and a second sampling gives the same bits.
    void bigSamplingChunksJoinExactly()
    {
        std::mt19937_64 rng(77);
        const Curve c = randomCurve(rng, 40, true, {SplineType::CatmullRom, 0.5}, false);
        const ArcLengthTable table = buildArcLengthTable(c);
        const double total = totalLength(table);
        const std::vector<CurveSample> rows = sample(table, total / 300000.0);
        QCOMPARE(rows.back().s, total);
        const ReferenceArc reference(c);
        constexpr std::size_t chunk = 32768; // kSampleChunk in arc_length.cpp
        for (std::size_t start = chunk; start < rows.size(); start += chunk) {
            for (std::size_t i = start - 2; i < std::min(start + 2, rows.size()); ++i) {
                QVERIFY(distance(rows[i].position, reference.positionAt(rows[i].s)) <= 1e-11 * total);
                QCOMPARE(rows[i].s, static_cast<double>(i) * (total / 300000.0));
                QVERIFY(distance(rows[i].position, rows[i - 1].position) <= rows[i].s - rows[i - 1].s + 1e-12);
            }
        }
        const std::vector<CurveSample> again = sample(table, total / 300000.0);
        QVERIFY(std::memcmp(again.data(), rows.data(), rows.size() * sizeof(CurveSample)) == 0);
    }

    // Many segments, a few dozen rows each (rows step from row to row): still at the reference arc length.
    void manySegmentsMediumDensity()
    {
        std::mt19937_64 rng(31);
        std::uniform_real_distribution<double> turn(-1.0, 1.0);
        Curve c{{}, false, {SplineType::CatmullRom, 0.5}};
        Vec3 at{};
        double heading = 0.0;
        for (int i = 0; i <= 300; ++i) {
            c.points.push_back(at);
            heading += turn(rng);
            at += Vec3{std::cos(heading), std::sin(heading), 0.1 * turn(rng)} * (1.0 + 0.5 * turn(rng));
        }
        const ArcLengthTable table = buildArcLengthTable(c);
        const double total = totalLength(table);
        const std::vector<CurveSample> rows = sample(table, total / 9000.0);
        QCOMPARE(rows.back().s, total);
        const ReferenceArc reference(c);
        for (std::size_t i = 0; i < rows.size(); i += 97) {
            QVERIFY(distance(rows[i].position, reference.positionAt(rows[i].s)) <= 1e-11 * total);
            QVERIFY(std::abs(length(rows[i].tangent) - 1.0) <= 1e-12);
        }
    }

    // Corners at repeated points and cusps still give finite unit tangents; zero-length rails one row.
    void degenerateCurves()
    {
        const Curve corner{{{0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 1, 0}}, false, {SplineType::CatmullRom, 0.5}};
        const ArcLengthTable table = buildArcLengthTable(corner);
        QVERIFY(std::abs(totalLength(table) - 2.0) <= 1e-12); // corner: two straight legs
        for (const CurveSample &r : sample(table, 0.1)) {
            QVERIFY(isFinite(r.position));
            QVERIFY(std::abs(length(r.tangent) - 1.0) <= 1e-12);
        }
        const CurveSample atCorner = sampleAt(table, 1.0);
        QVERIFY(distance(atCorner.position, Vec3{1, 0, 0}) <= 1e-12);
        QVERIFY(std::abs(length(atCorner.tangent) - 1.0) <= 1e-12);

        const Curve point{{{3, 3, 3}, {3, 3, 3}}, false, {SplineType::CatmullRom, 1.0}};
        const std::vector<CurveSample> rows = sample(point, 0.5);
        QCOMPARE(rows.size(), std::size_t{1});
        QCOMPARE(rows[0].s, 0.0);
        QCOMPARE(rows[0].position, (Vec3{3, 3, 3}));
        QCOMPARE(rows[0].tangent, Vec3{});

        QVERIFY(sample(Curve{}, 1.0).empty());
        QVERIFY(sample(Curve{{{1, 1, 1}}, false, {}}, 1.0).empty());
        QCOMPARE(totalLength(buildArcLengthTable(Curve{})), 0.0);
    }

    // Bad spacings and runaway row counts are refused.
    void refusesBadRequests()
    {
        const Curve c{{{0, 0, 0}, {10, 0, 0}}, false, {}};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, sample(c, 0.0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, sample(c, -1.0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, sample(c, std::nan("")));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, sample(c, HUGE_VAL));
        QVERIFY_THROWS_EXCEPTION(std::length_error, sample(c, 1e-12));
        QVERIFY_THROWS_EXCEPTION(std::length_error, sample(c, 0.5, 10));
        QCOMPARE(sample(c, 0.5, 21).size(), std::size_t{21});
    }

    // A remainder below 1e-9 of the spacing is merged into the last step instead of a sliver row.
    void exactMultipleHasNoSliver()
    {
        const Curve c{{{0, 0, 0}, {10, 0, 0}}, false, {SplineType::Linear, 0.0}};
        const std::vector<CurveSample> rows = sample(c, 0.1);
        QCOMPARE(rows.size(), std::size_t{101});
        QCOMPARE(rows.back().s, 10.0);
        const std::vector<CurveSample> uneven = sample(c, 3.0);
        QCOMPARE(uneven.size(), std::size_t{5});
        QCOMPARE(uneven[3].s, 9.0);
        QCOMPARE(uneven[4].s, 10.0);
        QVERIFY(distance(uneven[4].position, Vec3{10, 0, 0}) <= 1e-14);
    }
};

QTEST_APPLESS_MAIN(TestArcLength)
#include "test_arc_length.moc"
