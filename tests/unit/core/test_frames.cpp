// Rider frames: unit and orthogonal everywhere, rotation-minimising against an independent fine-step
// transport (Rodrigues rotations between consecutive tangents), continuous across a closed rail's seam,
// tilt applied as documented, and never NaN on vertical or straight rails.
#include "core/arc_length.h"
#include "core/frames.h"
#include "core/param_reading.h"
#include "core/spline.h"

#include "random_curve.h"
#include "vec3_to_string.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace railforge::core;
using railforge::testing::randomCurve;

namespace {

constexpr double kPi = 3.14159265358979323846;

double maxNorm(Vec3 v) { return std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)}); }

// u turned by the rotation about a x b that takes unit a onto unit b (the minimal rotation).
Vec3 minimalRotation(Vec3 u, Vec3 a, Vec3 b)
{
    const Vec3 axis = cross(a, b);
    const double s = length(axis);
    const double c = dot(a, b);
    if (s < 1e-300) return u;
    const Vec3 k = axis / s;
    return u * c + cross(k, u) * s + k * (dot(k, u) * (1 - c));
}

// Up vectors at the rows of a very fine sampling by the slow transport: start at +z made orthogonal
// to the first tangent, then the minimal rotation between each pair of consecutive tangents (converges
// to the rotation-minimising frame as the steps shrink; a different method from double reflection).
std::vector<Vec3> referenceRmf(const std::vector<CurveSample> &rows)
{
    std::vector<Vec3> ups;
    const Vec3 t0 = rows[0].tangent;
    ups.push_back(unitOrZero(Vec3{0, 0, 1} - t0 * t0.z));
    for (std::size_t i = 1; i < rows.size(); ++i) {
        Vec3 u = minimalRotation(ups.back(), rows[i - 1].tangent, rows[i].tangent);
        u = unitOrZero(u - rows[i].tangent * dot(u, rows[i].tangent));
        ups.push_back(u);
    }
    return ups;
}

// A random rail of any type with random tilts (degrees) on some points.
Curve randomRail(std::mt19937_64 &rng, int trial, std::vector<double> &tilts)
{
    const SplineType type = static_cast<SplineType>(trial % 3);
    Curve c = randomCurve(rng, 2 + trial % 8, trial % 3 != 1 && trial % 5 == 0, {type, 0.5}, trial % 4 == 0);
    if (type == SplineType::Bezier) {
        std::uniform_real_distribution<double> d(-3, 3);
        for (std::size_t i = 0; i < c.points.size(); ++i) {
            const Vec3 out{d(rng), d(rng), d(rng)};
            c.handles.push_back({i % 2 ? HandleMode::Free : HandleMode::Auto, {d(rng), d(rng), d(rng)}, out});
        }
    }
    tilts.assign(c.points.size(), 0.0);
    for (double &t : tilts)
        if (std::bernoulli_distribution(0.5)(rng)) t = std::uniform_real_distribution<double>(-400, 400)(rng);
    return c;
}

} // namespace

class TestFrames : public QObject {
    Q_OBJECT
private slots:
    void upIsUnitAndOrthogonalEverywhere()
    {
        std::mt19937_64 rng(2008);
        for (int trial = 0; trial < 300; ++trial) {
            std::vector<double> tilts;
            const Curve c = randomRail(rng, trial, tilts);
            const ArcLengthTable table = buildArcLengthTable(c);
            const FrameTable frames = buildFrameTable(table, tilts);
            const auto rows = sample(table, totalLength(table) / 211);
            const auto ups = upVectors(frames, rows);
            for (std::size_t i = 0; i < rows.size(); ++i) {
                QVERIFY2(isFinite(ups[i]), qPrintable(QString("trial %1 row %2").arg(trial).arg(i)));
                QVERIFY(std::abs(length(ups[i]) - 1) <= 1e-12);
                QVERIFY(std::abs(dot(ups[i], rows[i].tangent)) <= 1e-12);
                // Random access gives the same as the sorted walk.
                QVERIFY(maxNorm(upAt(frames, rows[i].s, rows[i].position, rows[i].tangent) - ups[i]) <= 1e-15);
            }
        }
    }

    // Reading by (segment, u) with hints (core/param_reading.h, what the track sweep uses) gives what
    // reading by arc length gives, in any order of reads: the sweep's halving goes back and forth.
    void readingByParameterMatchesReadingByArcLength()
    {
        std::mt19937_64 rng(4242);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        for (int trial = 0; trial < 200; ++trial) {
            std::vector<double> tilts;
            const Curve c = randomRail(rng, trial, tilts);
            const ArcLengthTable table = buildArcLengthTable(c);
            const FrameTable frames =
                buildFrameTable(table, tilts, trial % 2 ? FrameMode::Upright : FrameMode::MinimalTwist);
            UpHints hints;
            for (int read = 0; read < 60; ++read) {
                const CurveParam at{std::size_t(unit(rng) * double(table.segments.size())) % table.segments.size(),
                                    read % 7 == 0 ? double(read % 2) : unit(rng)};
                const CurveSample byParam = sampleAtParam(table, at);
                QVERIFY(std::abs(byParam.s - arcLengthAt(table, at)) <= 1e-12);
                const CurveSample byS = sampleAt(table, byParam.s);
                const QString where = QString("trial %1 segment %2 u %3").arg(trial).arg(at.segment).arg(at.u);
                QVERIFY2(maxNorm(byParam.position - byS.position) <= 1e-9 * (1 + totalLength(table)),
                         qPrintable(where));
                // At a joint the two may name different sides only where the rail has a corner.
                if (at.u > 1e-9 && at.u < 1 - 1e-9)
                    QVERIFY2(maxNorm(byParam.tangent - byS.tangent) <= 1e-7, qPrintable(where));
                const Vec3 hinted = upAt(frames, byParam.s, byParam.position, byParam.tangent, hints);
                QVERIFY2(maxNorm(hinted - upAt(frames, byParam.s, byParam.position, byParam.tangent)) <= 1e-15,
                         qPrintable(where));
            }
        }
    }

    void untiltedOpenRailsAreRotationMinimising()
    {
        // Against the slow transport on 200,000 steps: agreement to 1e-6 (the reference's own error).
        std::mt19937_64 rng(99);
        double worst = 0;
        for (int trial = 0; trial < 12; ++trial) {
            Curve c = randomCurve(rng, 3 + trial % 5, false,
                                  {trial % 2 ? SplineType::Bezier : SplineType::CatmullRom, 0.5}, false);
            if (c.spec.type == SplineType::Bezier)
                for (std::size_t i = 0; i < c.points.size(); ++i)
                    c.handles.push_back({HandleMode::Aligned, {-1, -0.5, -1}, {2, 1, 2}});
            const ArcLengthTable table = buildArcLengthTable(c);
            const auto fine = sample(table, totalLength(table) / 200000);
            const auto reference = referenceRmf(fine);
            const auto ups = upVectors(buildFrameTable(table), fine);
            for (std::size_t i = 0; i < fine.size(); ++i) worst = std::max(worst, maxNorm(ups[i] - reference[i]));
        }
        qInfo("worst difference from the fine-step transport: %.3g", worst);
        QVERIFY(worst <= 1e-6);
    }

    void flatRailsKeepUpVertical()
    {
        // A curve in the ground plane: the RMF started at +z stays +z exactly (no tilt), closed ones too.
        std::mt19937_64 rng(3);
        for (int trial = 0; trial < 100; ++trial) {
            const Curve c =
                randomCurve(rng, 3 + trial % 7, trial % 2 == 0, {SplineType::CatmullRom, 0.5 * (trial % 3)}, true);
            const ArcLengthTable table = buildArcLengthTable(c);
            const auto rows = sample(table, totalLength(table) / 101);
            for (const Vec3 &u : upVectors(buildFrameTable(table), rows)) QVERIFY(maxNorm(u - Vec3{0, 0, 1}) <= 1e-12);
        }
    }

    void closedRailsAreContinuousAcrossTheSeam()
    {
        std::mt19937_64 rng(27137); // godot#27137: up vectors jump at the seam of closed curves
        int twisted = 0;
        for (int trial = 0; trial < 100; ++trial) {
            Curve c = randomCurve(rng, 3 + trial % 7, true, {SplineType::CatmullRom, 0.5}, false);
            std::vector<double> tilts(c.points.size(), 0.0);
            if (trial % 2) tilts[trial % tilts.size()] = 60;
            const ArcLengthTable table = buildArcLengthTable(c);
            const FrameTable frames = buildFrameTable(table, tilts);
            twisted += std::abs(frames.seamTwist) > 0.1;
            const double L = totalLength(table);
            const CurveSample start = sampleAt(table, 0);
            const CurveSample end = sampleAt(table, L);
            const Vec3 u0 = upAt(frames, 0, start.position, start.tangent);
            const Vec3 u1 = upAt(frames, L, end.position, end.tangent);
            QVERIFY2(maxNorm(u0 - u1) <= 1e-9,
                     qPrintable(QString("trial %1: seam jump %2").arg(trial).arg(maxNorm(u0 - u1))));
            // And nowhere else a jump: between neighbours up turns by at most the tangent's turn (the RMF)
            // plus the change of tilt and spread twist (to second order in the step).
            const auto rows = sample(table, L / 5000);
            const auto ups = upVectors(frames, rows);
            const auto roll = [&](const CurveSample &r) { return tiltAt(frames, r.s) - frames.seamTwist * r.s / L; };
            for (std::size_t i = 1; i < rows.size(); ++i) {
                const double turn = std::acos(std::clamp(dot(rows[i].tangent, rows[i - 1].tangent), -1.0, 1.0));
                const double bound = turn + std::abs(roll(rows[i]) - roll(rows[i - 1]));
                QVERIFY2(length(ups[i] - ups[i - 1]) <= 1.01 * bound + 1e-9,
                         qPrintable(QString("trial %1 row %2: %3 > %4")
                                        .arg(trial)
                                        .arg(i)
                                        .arg(length(ups[i] - ups[i - 1]))
                                        .arg(bound)));
            }
        }
        QVERIFY2(twisted > 30, qPrintable(QString::number(twisted))); // the spreading really had work to do
    }

    void seamTwistIsSpreadEvenly()
    {
        // On a closed rail the frame is the RMF turned by -twist * s / length: measure the angle.
        std::mt19937_64 rng(11);
        double worst = 0;
        // The reference converges at second order: 100,000 steps leave it 1e-4 off, 400,000 steps 5e-6.
        constexpr int kFineSteps = 400000;
        for (int trial = 0; trial < 20; ++trial) {
            const Curve c = randomCurve(rng, 4 + trial % 5, true, {SplineType::CatmullRom, 0.5}, false);
            const ArcLengthTable table = buildArcLengthTable(c);
            const FrameTable frames = buildFrameTable(table);
            const auto fine = sample(table, totalLength(table) / kFineSteps);
            const auto reference = referenceRmf(fine);
            const auto ups = upVectors(frames, fine);
            // Both start at +z made orthogonal to the first tangent.
            for (std::size_t i = 0; i < fine.size(); i += 997) {
                const Vec3 t = fine[i].tangent;
                const double angle = std::atan2(dot(cross(reference[i], ups[i]), t), dot(reference[i], ups[i]));
                const double expected = -frames.seamTwist * fine[i].s / totalLength(table);
                worst = std::max(worst, std::abs(std::remainder(angle - expected, 2 * kPi)));
                QVERIFY2(
                    std::abs(std::remainder(angle - expected, 2 * kPi)) <= 2e-5,
                    qPrintable(QString("trial %1 s %2: %3 vs %4").arg(trial).arg(fine[i].s).arg(angle).arg(expected)));
            }
        }
        qInfo("worst angle from the fine-step transport turned by the spread twist: %.3g", worst);
    }

    void tiltNinetyAlongXTurnsUpSideways()
    {
        for (SplineType type : {SplineType::Linear, SplineType::CatmullRom, SplineType::Bezier}) {
            Curve c{{{0, 0, 0}, {10, 0, 0}}, false, {type, 0.5}};
            const ArcLengthTable table = buildArcLengthTable(c);
            const auto rows = sample(table, 0.25);
            for (const Vec3 &u : upVectors(buildFrameTable(table, {90, 90}), rows))
                QVERIFY2(maxNorm(u - Vec3{0, -1, 0}) <= 1e-12, qPrintable(toString(u))); // right-handed about +x
            for (const Vec3 &u : upVectors(buildFrameTable(table, {-90, -90}), rows))
                QVERIFY(maxNorm(u - Vec3{0, 1, 0}) <= 1e-12);
        }
    }

    void tiltIsSmoothstepBetweenPoints()
    {
        // Three points 10 apart on a line; tilts 0, 90, 90.
        const Curve c{{{0, 0, 0}, {10, 0, 0}, {20, 0, 0}}, false, {SplineType::Linear, 0.5}};
        const ArcLengthTable table = buildArcLengthTable(c);
        const FrameTable frames = buildFrameTable(table, {0, 90, 90});
        for (double s : {0.0, 1.0, 2.5, 5.0, 7.5, 10.0, 15.0, 20.0}) {
            const double w = std::min(s / 10, 1.0);
            const double expected = 90 * w * w * (3 - 2 * w);
            QVERIFY(std::abs(tiltAt(frames, s) * 180 / kPi - expected) <= 1e-12);
            const Vec3 u = upAt(frames, s, {s, 0, 0}, {1, 0, 0});
            const double a = expected * kPi / 180;
            QVERIFY(maxNorm(u - Vec3{0, -std::sin(a), std::cos(a)}) <= 1e-12);
        }
    }

    void verticalAndStraightRailsGiveNoNaN()
    {
        const std::vector<Curve> rails{
            Curve{{{0, 0, 0}, {0, 0, 10}}, false, {SplineType::Linear, 0.5}},                   // straight up
            Curve{{{0, 0, 0}, {0, 0, -10}, {0, 0, -20}}, false, {SplineType::CatmullRom, 0.5}}, // straight down
            Curve{
                {{0, 0, 0}, {5, 0, 0}, {5, 0, 0}, {10, 0, 0}}, false, {SplineType::CatmullRom, 0.5}}, // repeated point
            Curve{{{0, 0, 0}, {5, 0, 5}, {0, 0, 10}, {-5, 0, 5}}, true, {SplineType::CatmullRom, 0.5}}, // vertical loop
            Curve{{{0, 0, 0}, {10, 0, 0}, {0, 0, 0.0}}, false, {SplineType::Linear, 0.5}}, // turns straight back
            Curve{{{0, 0, 0}, {10, 0, 0}, {10, 10, 0}},
                  false,
                  {SplineType::Bezier, 0.5},
                  {{HandleMode::Corner, {}, {}}, {HandleMode::Corner, {}, {}}, {HandleMode::Corner, {}, {}}}},
            // A cusp (dB/du = 0 at u = 0.5, the tangent turns straight back), in the plane and tilted out of it.
            Curve{{{0, 0, 0}, {1, 0, 0}},
                  false,
                  {SplineType::Bezier, 0.5},
                  {{HandleMode::Free, {}, {1, 1, 0}}, {HandleMode::Free, {-1, 1, 0}, {}}}},
            Curve{{{0, 0, 0}, {1, 0, 1}},
                  false,
                  {SplineType::Bezier, 0.5},
                  {{HandleMode::Free, {}, {1, 1, 0.5}}, {HandleMode::Free, {-1, 1, -0.5}, {}}}},
        };
        for (const Curve &c : rails) {
            const ArcLengthTable table = buildArcLengthTable(c);
            const FrameTable frames = buildFrameTable(table, std::vector<double>(c.points.size(), 30.0));
            auto rows = sample(table, totalLength(table) / 500);
            for (std::size_t k = 0; k < 8; ++k) // and right at every segment's middle (the cusps)
                if (k < table.segments.size()) rows.push_back(sampleAt(table, arcLengthAt(table, {k, 0.5})));
            std::vector<Vec3> ups = upVectors(frames, rows);
            for (std::size_t i = 0; i < rows.size(); ++i) {
                QVERIFY2(isFinite(ups[i]), qPrintable(toString(c.points[1])));
                QVERIFY(std::abs(length(ups[i]) - 1) <= 1e-12);
                QVERIFY(std::abs(dot(ups[i], rows[i].tangent)) <= 1e-12);
            }
        }
        // Straight up starts from +y (world up is the tangent there).
        QVERIFY(initialUp({0, 0, 1}) == (Vec3{0, 1, 0}));
        QVERIFY(initialUp({0, 0, 0}) == (Vec3{0, 0, 1}));
    }

    void polylineFramesAreExactMinimalRotations()
    {
        std::mt19937_64 rng(12);
        std::uniform_real_distribution<double> d(-5, 5);
        for (int trial = 0; trial < 50; ++trial) {
            std::vector<CurveSample> rows;
            double s = 0;
            Vec3 at{};
            for (int k = 0; k < 10; ++k) {
                const Vec3 step{d(rng), d(rng), d(rng)};
                rows.push_back({s, at, unitOrZero(step)});
                s += length(step);
                at += step;
            }
            const auto ups = polylineUps(rows, false);
            QVERIFY(maxNorm(ups[0] - initialUp(rows[0].tangent)) <= 1e-15);
            for (std::size_t i = 1; i < rows.size(); ++i)
                QVERIFY(maxNorm(ups[i] - minimalRotation(ups[i - 1], rows[i - 1].tangent, rows[i].tangent)) <= 1e-12);
        }
    }
};

QTEST_APPLESS_MAIN(TestFrames)
#include "test_frames.moc"
