// Spline tests: the exact Bezier form of every segment against an independent Barry-Goldman
// evaluation, the seed 001 values, continuity, degenerate rails, export knots and tangents.
#include "core/spline.h"

#include "random_curve.h"
#include "vec3_to_string.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace railforge::core;
using railforge::testing::randomCurve;

namespace {

// Largest coordinate difference: the error measure of these tests.
double maxNorm(Vec3 v) { return std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)}); }

// Knot interval as the design defines it, computed here independently of the library.
double knotGap(Vec3 a, Vec3 b, double alpha) { return std::pow(distance(a, b), alpha); }

// The four Catmull-Rom neighbours of segment i (phantoms at open ends, wrap when closed).
std::array<Vec3, 4> neighbours(const Curve &c, std::size_t i)
{
    const auto &pts = c.points;
    const std::size_t n = pts.size();
    const Vec3 p1 = pts[i];
    const Vec3 p2 = pts[(i + 1) % n];
    if (c.closed) return {pts[(i + n - 1) % n], p1, p2, pts[(i + 2) % n]};
    const Vec3 p0 = i == 0 ? p1 * 2.0 - p2 : pts[i - 1];
    const Vec3 p3 = i + 2 >= n ? p2 * 2.0 - p1 : pts[i + 2];
    return {p0, p1, p2, p3};
}

// Barry-Goldman pyramid (Catmull-Rom by repeated linear interpolation in the knot parameter),
// the slow reference for the Bezier conversion; needs distinct consecutive points.
Vec3 barryGoldman(const std::array<Vec3, 4> &p, double alpha, double u)
{
    const double t0 = 0.0;
    const double t1 = t0 + knotGap(p[0], p[1], alpha);
    const double t2 = t1 + knotGap(p[1], p[2], alpha);
    const double t3 = t2 + knotGap(p[2], p[3], alpha);
    const double t = t1 + u * (t2 - t1);
    const auto mix = [t](Vec3 a, Vec3 b, double ta, double tb) { return (a * (tb - t) + b * (t - ta)) / (tb - ta); };
    const Vec3 a1 = mix(p[0], p[1], t0, t1);
    const Vec3 a2 = mix(p[1], p[2], t1, t2);
    const Vec3 a3 = mix(p[2], p[3], t2, t3);
    const Vec3 b1 = mix(a1, a2, t0, t2);
    const Vec3 b2 = mix(a2, a3, t1, t3);
    return mix(b1, b2, t1, t2);
}

// Numerical derivative of f at u by a central difference (for derivative checks).
template <class F>
Vec3 centralDifference(F f, double u, double h)
{
    return (f(u + h) - f(u - h)) / (2.0 * h);
}

} // namespace

class TestSpline : public QObject {
    Q_OBJECT

private slots:
    // Seed 001: points 1,2,2,1 uniform, segment 1; its formula (not its printout) is right.
    void seedFormulaValues_data()
    {
        QTest::addColumn<double>("u");
        QTest::addColumn<double>("expected");
        QTest::newRow("u=0") << 0.0 << 2.0;
        QTest::newRow("u=0.25") << 0.25 << 2.09375;
        QTest::newRow("u=0.5") << 0.5 << 2.125;
        QTest::newRow("u=0.75") << 0.75 << 2.09375;
        QTest::newRow("u=1") << 1.0 << 2.0;
    }
    void seedFormulaValues()
    {
        QFETCH(double, u);
        QFETCH(double, expected);
        const Curve c{{{1, 0, 0}, {2, 0, 0}, {2, 0, 0}, {1, 0, 0}}, false, {SplineType::CatmullRom, 0.0}};
        const Vec3 p = evaluate(segmentBezier(c, 1), u);
        QVERIFY(std::abs(p.x - expected) <= 1e-15);
        QCOMPARE(p.y, 0.0);
        QCOMPARE(p.z, 0.0);
        // And the seed's own cubic, 0.5 (2 p1 + (p2 - p0) t + (2p0 - 5p1 + 4p2 - p3) t^2 + (3p1 - p0 - 3p2 + p3) t^3).
        const double seed = 0.5 * (4.0 + u + (2.0 - 10.0 + 8.0 - 1.0) * u * u + (6.0 - 1.0 - 6.0 + 1.0) * u * u * u);
        QVERIFY(std::abs(seed - expected) <= 1e-15);
    }

    // n-1 segments open, n closed, none below two points.
    void segmentCount_data()
    {
        QTest::addColumn<int>("points");
        QTest::addColumn<bool>("closed");
        QTest::addColumn<int>("expected");
        QTest::newRow("open 0") << 0 << false << 0;
        QTest::newRow("open 1") << 1 << false << 0;
        QTest::newRow("open 2") << 2 << false << 1;
        QTest::newRow("open 5") << 5 << false << 4;
        QTest::newRow("closed 1") << 1 << true << 0;
        QTest::newRow("closed 2") << 2 << true << 2;
        QTest::newRow("closed 5") << 5 << true << 5;
    }
    void segmentCount()
    {
        QFETCH(int, points);
        QFETCH(bool, closed);
        QFETCH(int, expected);
        Curve c;
        c.closed = closed;
        for (int i = 0; i < points; ++i) c.points.push_back({double(i), double(i * i), 0.0});
        QCOMPARE(static_cast<int>(railforge::core::segmentCount(c)), expected);
        QCOMPARE(static_cast<int>(toBeziers(c).size()), expected);
    }

    // The Bezier form equals the Barry-Goldman pyramid everywhere, for every alpha, open and closed.
    void bezierEqualsBarryGoldman_data()
    {
        QTest::addColumn<double>("alpha");
        QTest::addColumn<bool>("closed");
        QTest::addColumn<bool>("flat");
        for (double alpha : {0.0, 0.25, 0.5, 0.75, 1.0})
            for (bool closed : {false, true})
                for (bool flat : {true, false})
                    QTest::addRow("alpha %g %s %s", alpha, closed ? "closed" : "open", flat ? "2D" : "3D")
                        << alpha << closed << flat;
    }
    void bezierEqualsBarryGoldman()
    {
        QFETCH(double, alpha);
        QFETCH(bool, closed);
        QFETCH(bool, flat);
        std::mt19937_64 rng(static_cast<std::uint64_t>(alpha * 1000) + (closed ? 7 : 0) + (flat ? 13 : 0));
        double worst = 0.0;
        for (int trial = 0; trial < 60; ++trial) {
            const Curve c = randomCurve(rng, 2 + trial % 8, closed, {SplineType::CatmullRom, alpha}, flat);
            const std::vector<CubicBezier> segs = toBeziers(c);
            for (std::size_t i = 0; i < segs.size(); ++i) {
                const std::array<Vec3, 4> p = neighbours(c, i);
                for (int k = 0; k <= 64; ++k) {
                    const double u = k / 64.0;
                    worst = std::max(worst, maxNorm(evaluate(segs[i], u) - barryGoldman(p, alpha, u)));
                }
            }
        }
        QVERIFY2(worst <= 1e-11, qPrintable(QString("max deviation %1").arg(worst)));
    }

    // Segments start and end exactly on their control points (joints are shared bit for bit).
    void segmentsInterpolateControlPoints()
    {
        std::mt19937_64 rng(3);
        for (double alpha : {0.0, 0.5, 1.0}) {
            for (bool closed : {false, true}) {
                const Curve c = randomCurve(rng, 7, closed, {SplineType::CatmullRom, alpha}, false);
                const std::vector<CubicBezier> segs = toBeziers(c);
                for (std::size_t i = 0; i < segs.size(); ++i) {
                    QCOMPARE(evaluate(segs[i], 0.0), c.points[i]);
                    QCOMPARE(evaluate(segs[i], 1.0), c.points[(i + 1) % c.points.size()]);
                }
            }
        }
    }

    // The curve is C1 in the knot parameter t: dB/du / (t_(i+1) - t_i) agrees across joints.
    void tangentContinuousInKnotParameter_data()
    {
        QTest::addColumn<double>("alpha");
        QTest::newRow("uniform") << 0.0;
        QTest::newRow("centripetal") << 0.5;
        QTest::newRow("chordal") << 1.0;
    }
    void tangentContinuousInKnotParameter()
    {
        QFETCH(double, alpha);
        std::mt19937_64 rng(11);
        for (int trial = 0; trial < 50; ++trial) {
            const bool closed = trial % 2 == 1;
            const Curve c = randomCurve(rng, 3 + trial % 6, closed, {SplineType::CatmullRom, alpha}, trial % 3 == 0);
            const std::vector<CubicBezier> segs = toBeziers(c);
            const std::size_t n = c.points.size();
            const std::size_t joints = closed ? segs.size() : segs.size() - 1;
            for (std::size_t i = 0; i < joints; ++i) {
                const std::size_t next = (i + 1) % segs.size();
                const double gapIn = knotGap(c.points[i], c.points[(i + 1) % n], alpha);
                const double gapOut = knotGap(c.points[(i + 1) % n], c.points[(i + 2) % n], alpha);
                const Vec3 in = derivative(segs[i], 1.0) / gapIn;
                const Vec3 out = derivative(segs[next], 0.0) / gapOut;
                QVERIFY(maxNorm(in - out) <= 1e-11 * (1.0 + maxNorm(in)));
            }
        }
    }

    // Linear rails are their chords, traversed at constant speed.
    void linearSegmentsAreChords()
    {
        const Curve c{{{0, 0, 0}, {3, 4, 0}, {3, 4, 12}}, true, {SplineType::Linear, 0.5}};
        const std::vector<CubicBezier> segs = toBeziers(c);
        QCOMPARE(segs.size(), std::size_t{3});
        for (std::size_t i = 0; i < segs.size(); ++i) {
            const Vec3 a = c.points[i];
            const Vec3 b = c.points[(i + 1) % 3];
            for (int k = 0; k <= 20; ++k) {
                const double u = k / 20.0;
                QVERIFY(maxNorm(evaluate(segs[i], u) - lerp(a, b, u)) <= 1e-14);
                QVERIFY(maxNorm(derivative(segs[i], u) - (b - a)) <= 1e-13);
            }
        }
    }

    // Repeated points never give NaN; for alpha > 0 a segment between equal points is that point.
    void repeatedPointsStayFinite_data()
    {
        QTest::addColumn<double>("alpha");
        QTest::addColumn<bool>("closed");
        for (double alpha : {0.0, 0.5, 1.0})
            for (bool closed : {false, true})
                QTest::addRow("alpha %g %s", alpha, closed ? "closed" : "open") << alpha << closed;
    }
    void repeatedPointsStayFinite()
    {
        QFETCH(double, alpha);
        QFETCH(bool, closed);
        const std::vector<std::vector<Vec3>> cases = {
            {{0, 0, 0}, {0, 0, 0}},
            {{1, 2, 3}, {1, 2, 3}, {1, 2, 3}},
            {{0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {2, 1, 0}},
            {{0, 0, 0}, {0, 0, 0}, {1, 0, 0}, {1, 0, 0}},
            {{0, 0, 0}, {1, 1, 0}, {1, 1, 0}, {1, 1, 0}, {2, 0, 0}, {0, 0, 0}},
        };
        for (const auto &pts : cases) {
            const Curve c{pts, closed, {SplineType::CatmullRom, alpha}};
            const std::vector<CubicBezier> segs = toBeziers(c);
            for (std::size_t i = 0; i < segs.size(); ++i) {
                for (const Vec3 &q : segs[i].p) QVERIFY(isFinite(q));
                const Vec3 a = pts[i];
                const Vec3 b = pts[(i + 1) % pts.size()];
                QCOMPARE(segs[i].p[0], a);
                QCOMPARE(segs[i].p[3], b);
                if (alpha > 0.0 && a == b) {
                    QCOMPARE(segs[i].p[1], a);
                    QCOMPARE(segs[i].p[2], a);
                }
                for (int k = 0; k <= 8; ++k) {
                    QVERIFY(isFinite(evaluate(segs[i], k / 8.0)));
                    QVERIFY(isFinite(unitTangent(segs, closed, i, k / 8.0)));
                }
            }
        }
    }

    // Two-point open rails are straight lines at constant speed for every alpha (reflected phantoms).
    void twoPointRailIsStraight_data()
    {
        QTest::addColumn<double>("alpha");
        QTest::newRow("0") << 0.0;
        QTest::newRow("0.5") << 0.5;
        QTest::newRow("1") << 1.0;
    }
    void twoPointRailIsStraight()
    {
        QFETCH(double, alpha);
        const Vec3 a{1, -2, 0.5};
        const Vec3 b{4, 2, -1};
        const Curve c{{a, b}, false, {SplineType::CatmullRom, alpha}};
        const CubicBezier s = segmentBezier(c, 0);
        for (int k = 0; k <= 16; ++k) {
            const double u = k / 16.0;
            QVERIFY(maxNorm(evaluate(s, u) - lerp(a, b, u)) <= 1e-14);
        }
    }

    // Collinear control points keep the whole curve on their line.
    void collinearStaysOnLine()
    {
        const Vec3 dir{0.6, 0.8, 0.0};
        for (double alpha : {0.0, 0.5, 1.0}) {
            for (bool closed : {false, true}) {
                const Curve c{
                    {dir * 0.0, dir * 1.0, dir * 5.0, dir * 2.0, dir * 7.0}, closed, {SplineType::CatmullRom, alpha}};
                for (const CubicBezier &s : toBeziers(c)) {
                    for (const Vec3 &q : s.p) {
                        QVERIFY(isFinite(q));
                        QVERIFY(length(cross(q, dir)) <= 1e-13);
                    }
                }
            }
        }
    }

    // Export knots rebuild every segment exactly; open ends have handles on their positions.
    void bezierKnotsRebuildSegments_data()
    {
        QTest::addColumn<bool>("closed");
        QTest::addColumn<int>("type");
        QTest::newRow("open catmull-rom") << false << int(SplineType::CatmullRom);
        QTest::newRow("closed catmull-rom") << true << int(SplineType::CatmullRom);
        QTest::newRow("open linear") << false << int(SplineType::Linear);
        QTest::newRow("closed linear") << true << int(SplineType::Linear);
    }
    void bezierKnotsRebuildSegments()
    {
        QFETCH(bool, closed);
        QFETCH(int, type);
        std::mt19937_64 rng(5);
        for (std::size_t n : {2u, 3u, 6u}) {
            const Curve c = randomCurve(rng, n, closed, {SplineType(type), 0.5}, false);
            const std::vector<BezierKnot> knots = toBezierKnots(c);
            const std::vector<CubicBezier> segs = toBeziers(c);
            QCOMPARE(knots.size(), n);
            for (std::size_t i = 0; i < n; ++i) QCOMPARE(knots[i].position, c.points[i]);
            for (std::size_t i = 0; i < segs.size(); ++i) {
                const BezierKnot &a = knots[i];
                const BezierKnot &b = knots[(i + 1) % n];
                QCOMPARE(segs[i].p[0], a.position);
                QCOMPARE(segs[i].p[1], a.out);
                QCOMPARE(segs[i].p[2], b.in);
                QCOMPARE(segs[i].p[3], b.position);
            }
            if (!closed) {
                QCOMPARE(knots.front().in, knots.front().position);
                QCOMPARE(knots.back().out, knots.back().position);
            }
        }
        const Curve single{{{1, 2, 3}}, closed, {}};
        const std::vector<BezierKnot> one = toBezierKnots(single);
        QCOMPARE(one.size(), std::size_t{1});
        QCOMPARE(one[0].in, one[0].position);
        QCOMPARE(one[0].out, one[0].position);
        QVERIFY(toBezierKnots(Curve{}).empty());
    }

    // First, second and third derivatives agree with finite differences of the lower one.
    void derivativesMatchFiniteDifferences()
    {
        const CubicBezier b{{Vec3{0, 0, 0}, Vec3{1, 3, -1}, Vec3{4, -2, 2}, Vec3{5, 1, 0}}};
        for (int k = 1; k < 20; ++k) {
            const double u = k / 20.0;
            const double h = 1e-5;
            QVERIFY(maxNorm(derivative(b, u) - centralDifference([&b](double x) { return evaluate(b, x); }, u, h)) <=
                    1e-8);
            QVERIFY(maxNorm(secondDerivative(b, u) -
                            centralDifference([&b](double x) { return derivative(b, x); }, u, h)) <= 1e-7);
            QVERIFY(maxNorm(thirdDerivative(b) -
                            centralDifference([&b](double x) { return secondDerivative(b, x); }, u, h)) <= 1e-7);
        }
    }

    // A sub-Bezier is the same curve re-parameterized, with exact shared end points.
    void subBezierMatchesParent()
    {
        const CubicBezier b{{Vec3{0.1, 0.2, 0.3}, Vec3{1, 3, -1}, Vec3{4, -2, 2}, Vec3{5, 1, 0.7}}};
        const CubicBezier left = subBezier(b, 0.0, 0.3);
        const CubicBezier mid = subBezier(b, 0.3, 0.8);
        const CubicBezier right = subBezier(b, 0.8, 1.0);
        QCOMPARE(left.p[0], b.p[0]);
        QCOMPARE(right.p[3], b.p[3]);
        QCOMPARE(left.p[3], mid.p[0]);
        QCOMPARE(mid.p[3], right.p[0]);
        for (int k = 0; k <= 10; ++k) {
            const double v = k / 10.0;
            QVERIFY(maxNorm(evaluate(mid, v) - evaluate(b, 0.3 + 0.5 * v)) <= 1e-14);
            QVERIFY(maxNorm(evaluate(left, v) - evaluate(b, 0.3 * v)) <= 1e-14);
        }
    }

    // Unit tangents, including the fallbacks at zero-speed corners and point segments.
    void unitTangentFallbacks()
    {
        // A repeated point with alpha 0.5 is a corner with zero speed on both sides.
        const Curve corner{{{0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 1, 0}}, false, {SplineType::CatmullRom, 0.5}};
        const std::vector<CubicBezier> segs = toBeziers(corner);
        QCOMPARE(derivative(segs[0], 1.0), Vec3{});
        const Vec3 arriving = unitTangent(segs, false, 0, 1.0);
        const Vec3 leaving = unitTangent(segs, false, 1, 0.5); // point segment: next segment's direction
        const Vec3 departing = unitTangent(segs, false, 2, 0.0);
        QVERIFY(std::abs(length(arriving) - 1.0) <= 1e-12);
        QVERIFY(dot(arriving, Vec3{1, 0, 0}) > 0.999);
        QVERIFY(dot(departing, Vec3{0, 1, 0}) > 0.999);
        QCOMPARE(leaving, departing);
        // Ordinary points: the normalized derivative.
        const Vec3 mid = unitTangent(segs, false, 0, 0.5);
        const Vec3 d = derivative(segs[0], 0.5);
        QVERIFY(maxNorm(mid - d / length(d)) <= 1e-15);
        // A rail that is a single point everywhere has no direction.
        const Curve pointRail{{{2, 2, 2}, {2, 2, 2}, {2, 2, 2}}, true, {SplineType::CatmullRom, 1.0}};
        const std::vector<CubicBezier> dotSegs = toBeziers(pointRail);
        QCOMPARE(unitTangent(dotSegs, true, 1, 0.5), Vec3{});
        // Out of range segment: zero, not a crash.
        QCOMPARE(unitTangent(segs, false, 99, 0.5), Vec3{});
    }

    // Rails far smaller than a level's resolution (where |v|^2 underflows to 0) up to the coordinate
    // range's 1e9 still give a unit direction everywhere.
    void unitTangentAtAnyScale_data()
    {
        QTest::addColumn<double>("scale");
        for (double scale : {1e-320, 1e-300, 1e-160, 1e-6, 1.0, 1e9})
            QTest::newRow(QByteArray::number(scale).constData()) << scale;
    }
    void unitTangentAtAnyScale()
    {
        QFETCH(double, scale);
        for (SplineSpec spec : {SplineSpec{SplineType::Linear, 0.5}, SplineSpec{SplineType::CatmullRom, 0.5}}) {
            const Curve tiny{{{0, 0, 0}, {scale, 0, 0}, {scale, scale, 0}}, false, spec};
            const std::vector<CubicBezier> segs = toBeziers(tiny);
            for (std::size_t s = 0; s < segs.size(); ++s) {
                for (double u : {0.0, 0.5, 1.0}) {
                    const Vec3 t = unitTangent(segs, false, s, u);
                    QVERIFY2(std::abs(length(t) - 1.0) <= 1e-12, qPrintable(QString::number(length(t), 'g', 17)));
                }
            }
        }
        // Found by the property test: (0, 1e-300, 1.572e-162) squares to a subnormal with 2 digits left.
        const Vec3 mixed{0, 1e-300, 1.572e-162};
        QVERIFY(std::abs(length(mixed) / 1.572e-162 - 1.0) <= 1e-15);
        QVERIFY(std::abs(length(mixed * 1e300) / 1.572e138 - 1.0) <= 1e-15);
        const Vec3 direction = unitOrZero(Vec3{3 * scale, 0, 4 * scale});
        QVERIFY(maxNorm(direction - Vec3{0.6, 0, 0.8}) <= 1e-15 || scale < 1e-300); // subnormals round
        QVERIFY(std::abs(length(direction) - 1.0) <= 1e-15);
    }
};

QTEST_APPLESS_MAIN(TestSpline)
#include "test_spline.moc"
