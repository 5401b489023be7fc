// Bezier rails with handles: every segment and every equal-spacing sample against an independent
// evaluation of the definition (P_i, P_i + out_i, P_(i+1) + in_(i+1), P_(i+1)) with its own arc
// length; all-auto rails against the Catmull-Rom rail; nearest points against a slow reference.
#include "core/arc_length.h"
#include "core/rail_index.h"
#include "core/spline.h"

#include "golden_section.h"
#include "random_curve.h"
#include "vec3_to_string.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace railforge::core;
using railforge::testing::randomCurve;
using railforge::testing::randomHandles;

namespace {

double maxNorm(Vec3 v) { return std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)}); }

// The cubic through control points q by the power basis (not de Casteljau, not the library).
Vec3 cubicPower(const std::array<Vec3, 4> &q, double u)
{
    const Vec3 c1 = (q[1] - q[0]) * 3.0;
    const Vec3 c2 = (q[2] - q[1] * 2.0 + q[0]) * 3.0;
    const Vec3 c3 = q[3] - q[2] * 3.0 + q[1] * 3.0 - q[0];
    return q[0] + (c1 + (c2 + c3 * u) * u) * u;
}

// Control points of segment i straight from the definition, for non-auto points only.
std::array<Vec3, 4> definitionSegment(const Curve &c, std::size_t i)
{
    const std::size_t n = c.points.size();
    const std::size_t j = (i + 1) % n;
    const PointHandles &a = c.handles[i];
    const PointHandles &b = c.handles[j];
    const Vec3 out = a.mode == HandleMode::Corner ? Vec3{} : a.out;
    const Vec3 in = b.mode == HandleMode::Corner ? Vec3{} : (b.mode == HandleMode::Mirrored ? -b.out : b.in);
    return {c.points[i], c.points[i] + out, c.points[j] + in, c.points[j]};
}

// Arc length of the reference cubic from 0 to u: composite Simpson on |B'| with a central difference
// of cubicPower (independent of the library's Gauss-Legendre tables).
double referenceLength(const std::array<Vec3, 4> &q, double u, int steps = 4000)
{
    const auto speed = [&q](double v) {
        const double h = 1e-6;
        return length((cubicPower(q, v + h) - cubicPower(q, v - h)) / (2 * h));
    };
    const double h = u / steps;
    double sum = speed(0) + speed(u);
    for (int k = 1; k < steps; ++k) sum += speed(k * h) * (k % 2 ? 4 : 2);
    return sum * h / 3;
}

} // namespace

class TestBezierRail : public QObject {
    Q_OBJECT
private slots:
    void segmentsFollowTheDefinition()
    {
        std::mt19937_64 rng(1313);
        const std::vector<HandleMode> shaped{HandleMode::Mirrored, HandleMode::Aligned, HandleMode::Free,
                                             HandleMode::Corner};
        for (int trial = 0; trial < 200; ++trial) {
            Curve c = randomCurve(rng, 2 + trial % 7, trial % 3 == 0, {SplineType::Bezier, 0.5}, trial % 2 == 0);
            randomHandles(rng, c, shaped);
            for (std::size_t i = 0; i < segmentCount(c); ++i) {
                const CubicBezier b = segmentBezier(c, i);
                const auto q = definitionSegment(c, i);
                for (double u : {0.0, 0.1, 0.37, 0.5, 0.81, 1.0})
                    QVERIFY2(maxNorm(evaluate(b, u) - cubicPower(q, u)) <= 1e-12, qPrintable(QString::number(trial)));
            }
        }
    }

    void freeHandleSamplesLieOnTheReference()
    {
        // Equal-spacing samples: each row's point is the reference cubic at the row's place, and its s the
        // reference arc length up to there (1e-7, the bar).
        std::mt19937_64 rng(77);
        const std::vector<HandleMode> shaped{HandleMode::Free, HandleMode::Aligned, HandleMode::Mirrored,
                                             HandleMode::Corner};
        double worstPoint = 0;
        double worstS = 0;
        for (int trial = 0; trial < 24; ++trial) {
            Curve c = randomCurve(rng, 3 + trial % 5, trial % 4 == 1, {SplineType::Bezier, 0.5}, trial % 3 == 0);
            randomHandles(rng, c, shaped);
            const ArcLengthTable table = buildArcLengthTable(c);
            std::vector<double> segmentStart{0.0};
            for (std::size_t i = 0; i < segmentCount(c); ++i)
                segmentStart.push_back(segmentStart.back() + referenceLength(definitionSegment(c, i), 1.0));
            QVERIFY(std::abs(segmentStart.back() - totalLength(table)) <= 1e-7 * (1 + segmentStart.back()));
            for (const CurveSample &row : sample(table, totalLength(table) / 37)) {
                const CurveParam at = locate(table, row.s);
                const auto q = definitionSegment(c, at.segment);
                worstPoint = std::max(worstPoint, maxNorm(row.position - cubicPower(q, at.u)));
                worstS = std::max(worstS, std::abs(segmentStart[at.segment] + referenceLength(q, at.u, 2000) - row.s));
            }
        }
        qInfo("worst sample point error %.3g, worst s error %.3g", worstPoint, worstS);
        QVERIFY(worstPoint <= 1e-7);
        QVERIFY(worstS <= 1e-7);
    }

    void allAutoIsTheCatmullRomRail()
    {
        std::mt19937_64 rng(4);
        for (int trial = 0; trial < 300; ++trial) {
            const double alpha =
                trial % 4 == 3 ? std::uniform_real_distribution<double>(0, 1)(rng) : 0.5 * (trial % 4 % 3);
            const Curve cr =
                randomCurve(rng, 2 + trial % 9, trial % 3 == 0, {SplineType::CatmullRom, alpha}, trial % 2);
            Curve bz = cr;
            bz.spec.type = SplineType::Bezier;
            if (trial % 2) randomHandles(rng, bz, {HandleMode::Auto}); // stored Auto handles with junk offsets
            const auto a = toBeziers(cr);
            const auto b = toBeziers(bz);
            QCOMPARE(a.size(), b.size());
            for (std::size_t i = 0; i < a.size(); ++i)
                for (int k = 0; k < 4; ++k) QVERIFY(maxNorm(a[i].p[k] - b[i].p[k]) <= 1e-9);
            const auto sa = sample(cr, 0.37);
            const auto sb = sample(bz, 0.37);
            QCOMPARE(sa.size(), sb.size());
            for (std::size_t i = 0; i < sa.size(); ++i) QVERIFY(maxNorm(sa[i].position - sb[i].position) <= 1e-9);
        }
    }

    void autoPointsNextToShapedOnesKeepTheirCatmullRomHandle()
    {
        std::mt19937_64 rng(9);
        for (int trial = 0; trial < 100; ++trial) {
            const Curve cr = randomCurve(rng, 3 + trial % 6, trial % 2 == 0, {SplineType::CatmullRom, 0.5}, false);
            Curve bz = cr;
            randomHandles(rng, bz, {HandleMode::Auto, HandleMode::Free, HandleMode::Corner});
            for (std::size_t i = 0; i < segmentCount(cr); ++i) {
                const std::size_t j = (i + 1) % cr.points.size();
                const CubicBezier a = segmentBezier(cr, i);
                const CubicBezier b = segmentBezier(bz, i);
                if (bz.handles[i].mode == HandleMode::Auto) QVERIFY(a.p[1] == b.p[1]);
                if (bz.handles[j].mode == HandleMode::Auto) QVERIFY(a.p[2] == b.p[2]);
            }
        }
    }

    void effectiveHandlesAreTheOnesUsed()
    {
        std::mt19937_64 rng(5);
        for (int trial = 0; trial < 100; ++trial) {
            Curve c = randomCurve(rng, 2 + trial % 6, trial % 2 == 0, {SplineType::Bezier, 0.5}, false);
            randomHandles(
                rng, c,
                {HandleMode::Auto, HandleMode::Mirrored, HandleMode::Aligned, HandleMode::Free, HandleMode::Corner});
            const std::size_t n = c.points.size();
            for (std::size_t i = 0; i < segmentCount(c); ++i) {
                const CubicBezier b = segmentBezier(c, i);
                const std::size_t j = (i + 1) % n;
                QVERIFY(maxNorm(c.points[i] + effectiveHandles(c, i).out - b.p[1]) <= 1e-12);
                QVERIFY(maxNorm(c.points[j] + effectiveHandles(c, j).in - b.p[2]) <= 1e-12);
            }
            for (std::size_t i = 0; i < n; ++i) {
                const PointHandles h = effectiveHandles(c, i);
                QVERIFY(h.mode == c.handles[i].mode);
                if (h.mode == HandleMode::Mirrored) QVERIFY(h.in == -h.out);
                if (h.mode == HandleMode::Corner) QVERIFY(h.in == Vec3{} && h.out == Vec3{});
            }
            if (!c.closed) {
                // Auto handles that no segment uses are zero.
                if (c.handles.front().mode == HandleMode::Auto) QVERIFY(effectiveHandles(c, 0).in == Vec3{});
                if (c.handles.back().mode == HandleMode::Auto) QVERIFY(effectiveHandles(c, n - 1).out == Vec3{});
            }
        }
    }

    void nearestPointMatchesASlowReference()
    {
        // Dense sampling plus golden-section polish of every sampled local minimum, on every segment.
        std::mt19937_64 rng(31);
        std::uniform_real_distribution<double> q(-14.0, 14.0);
        double worst = 0;
        for (int trial = 0; trial < 20; ++trial) {
            Curve c = randomCurve(rng, 3 + trial % 6, trial % 3 == 0, {SplineType::Bezier, 0.5}, trial % 2 == 0);
            randomHandles(
                rng, c,
                {HandleMode::Auto, HandleMode::Mirrored, HandleMode::Aligned, HandleMode::Free, HandleMode::Corner});
            const RailIndex index(c);
            const auto segs = toBeziers(c);
            Vec3 lo = c.points[0];
            Vec3 hi = c.points[0];
            for (const auto &b : segs)
                for (const Vec3 &p : b.p) {
                    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
                    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
                }
            const double diagonal = distance(lo, hi);
            for (int k = 0; k < 50; ++k) {
                const Vec3 p{q(rng), q(rng), q(rng) * 0.3};
                double reference = std::numeric_limits<double>::infinity();
                for (const auto &b : segs) {
                    const auto f = [&](double u) { return distance(evaluate(b, u), p); };
                    constexpr int n = 400;
                    for (int j = 0; j <= n; ++j) {
                        const double lo2 = std::max(0.0, (j - 1.0) / n);
                        const double hi2 = std::min(1.0, (j + 1.0) / n);
                        if (f(double(j) / n) <= f(lo2) && f(double(j) / n) <= f(hi2))
                            reference =
                                std::min(reference, railforge::testing::goldenSectionMinimum(f, lo2, hi2).value);
                        reference = std::min(reference, f(double(j) / n));
                    }
                }
                const auto hit = index.nearest(p);
                QVERIFY(hit);
                worst = std::max(worst, std::abs(hit->distance - reference) / diagonal);
                QVERIFY2(hit->distance <= reference + 1e-10 * diagonal, qPrintable(QString("trial %1: %2 > %3")
                                                                                       .arg(trial)
                                                                                       .arg(hit->distance, 0, 'g', 17)
                                                                                       .arg(reference, 0, 'g', 17)));
            }
        }
        qInfo("worst nearest error / bbox diagonal: %.3g", worst);
        QVERIFY(worst <= 1e-10);
    }

    void rangeQueriesAgreeWithNearest()
    {
        std::mt19937_64 rng(64);
        std::uniform_real_distribution<double> q(-14.0, 14.0);
        std::vector<IndexedCurve> rails;
        for (int r = 0; r < 4; ++r) {
            Curve c = randomCurve(rng, 4, r == 2, {SplineType::Bezier, 0.5}, false);
            randomHandles(rng, c, {HandleMode::Auto, HandleMode::Aligned, HandleMode::Free, HandleMode::Corner});
            rails.push_back({r, c});
        }
        const RailIndex index(rails);
        for (int k = 0; k < 300; ++k) {
            const Vec3 p{q(rng), q(rng), q(rng) * 0.3};
            std::vector<double> each;
            for (int r = 0; r < 4; ++r) each.push_back(index.nearest(p, r)->distance);
            const double range = std::uniform_real_distribution<double>(0.5, 8.0)(rng);
            const auto within = index.allWithin(p, range);
            std::size_t expected = 0;
            for (double d : each) expected += d <= range;
            QCOMPARE(within.size(), expected);
            QCOMPARE(index.withinRange(p, range), expected > 0);
            for (const RailHit &h : within) QCOMPARE(h.distance, each[std::size_t(h.rail)]);
        }
    }

    void exportKnotsRebuildTheCurve()
    {
        std::mt19937_64 rng(8);
        for (int trial = 0; trial < 50; ++trial) {
            Curve c = randomCurve(rng, 2 + trial % 6, trial % 2 == 0, {SplineType::Bezier, 0.5}, false);
            randomHandles(rng, c, {HandleMode::Auto, HandleMode::Aligned, HandleMode::Free, HandleMode::Corner});
            const auto knots = toBezierKnots(c);
            const std::size_t n = knots.size();
            for (std::size_t i = 0; i < segmentCount(c); ++i) {
                const auto &a = knots[i];
                const auto &b = knots[(i + 1) % n];
                const CubicBezier rebuilt{{a.position, a.out, b.in, b.position}};
                for (double u : {0.0, 0.3, 0.5, 0.9, 1.0})
                    QVERIFY(evaluate(rebuilt, u) == evaluate(segmentBezier(c, i), u));
            }
            if (!c.closed)
                QVERIFY(knots.front().in == knots.front().position && knots.back().out == knots.back().position);
        }
    }
};

QTEST_APPLESS_MAIN(TestBezierRail)
#include "test_bezier_rail.moc"
