// Pitch, curvature, rider forces, upright frames and banking for a speed, against closed forms (a
// ramp, a circle, a helix) and against finite differences of the sampled curve on random rails.
#include "core/rail_profile.h"
#include "core/spline.h"

#include "random_curve.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace railforge::core;

namespace {

constexpr double kPi = 3.14159265358979323846;

// A circle (or a helix climbing `rise` per turn) of radius r as n mirrored Bezier arcs: within
// 1e-4 of the true curve at n = 16, so its curvature is the closed form's to well under a percent.
Curve bezierHelix(double r, double rise, int n, int turns)
{
    Curve c;
    c.spec.type = SplineType::Bezier;
    const double h = 4.0 / 3.0 * std::tan(kPi / (2 * n)) * r;
    for (int k = 0; k <= n * turns; ++k) {
        const double a = 2 * kPi * k / n;
        const Vec3 tangent = Vec3{-std::sin(a) * r, std::cos(a) * r, rise / (2 * kPi)} / r; // d/da, scaled
        c.points.push_back({r * std::cos(a), r * std::sin(a), rise * a / (2 * kPi)});
        PointHandles ph;
        ph.mode = HandleMode::Mirrored;
        ph.out = tangent * h;
        ph.in = -ph.out;
        c.handles.push_back(ph);
    }
    return c;
}

} // namespace

class TestRailProfile : public QObject {
    Q_OBJECT
private slots:
    void aStraightRamp()
    {
        Curve c;
        c.spec.type = SplineType::Linear;
        c.points = {{0, 0, 0}, {100, 0, 20}};
        const ArcLengthTable table = buildArcLengthTable(c);
        const FrameTable frames = buildFrameTable(table, {}, FrameMode::Upright);
        for (const ProfileRow &r : railProfile(table, frames, 7.0)) {
            QVERIFY(std::abs(r.pitch - std::atan2(20.0, 100.0) * 180 / kPi) < 1e-9);
            QCOMPARE(r.curvature, 0.0);
            QVERIFY(std::abs(r.bank) < 1e-9);
            for (double speed : {0.0, 5.0, 40.0}) {
                const RiderForces f = riderForces(r, speed, 1.0);
                QVERIFY(std::abs(f.vertical - std::cos(std::atan2(20.0, 100.0))) < 1e-9);
                QVERIFY(std::abs(f.lateral) < 1e-12);
            }
        }
    }

    void aHorizontalCircleAndItsBanking()
    {
        Curve c = bezierHelix(50, 0, 16, 1);
        c.points.pop_back();
        c.handles.pop_back();
        c.closed = true;
        const ArcLengthTable table = buildArcLengthTable(c);
        const FrameTable flat = buildFrameTable(table, {}, FrameMode::Upright);
        for (const ProfileRow &r : railProfile(table, flat, 3.0)) {
            QVERIFY2(std::abs(r.curvature - 0.02) < 0.02 * 0.005, qPrintable(QString::number(r.curvature)));
            const RiderForces f = riderForces(r, 20.0, 1.0);
            QVERIFY(std::abs(std::abs(f.lateral) - 400.0 / 50 / kStandardGravity) < 0.02 * 0.815);
            QVERIFY(std::abs(f.vertical - 1.0) < 0.02);
        }
        // Banked for 20 m/s: tan(bank) = v^2 kappa / g at every point, into the turn (left: negative).
        std::vector<double> tilts;
        for (std::size_t i = 0; i < c.points.size(); ++i)
            tilts.push_back(bankForSpeed(table, flat, flat.knotS[i], 20.0, 1.0, 90.0));
        const double expected = std::atan(400.0 / 50 / kStandardGravity) * 180 / kPi; // 39.2
        for (double t : tilts) QVERIFY2(std::abs(std::abs(t) - expected) < 1.0, qPrintable(QString::number(t)));
        QVERIFY(tilts.front() < 0);
        const FrameTable banked = buildFrameTable(table, tilts, FrameMode::Upright);
        for (const ProfileRow &r : railProfile(table, banked, 3.0)) {
            const RiderForces f = riderForces(r, 20.0, 1.0);
            QVERIFY2(std::abs(f.lateral) < 0.03, qPrintable(QString::number(f.lateral)));
            QVERIFY(std::abs(f.vertical - std::hypot(1.0, 400.0 / 50 / kStandardGravity)) < 0.02 * 1.29);
        }
        // A cap limits it.
        QCOMPARE(bankForSpeed(table, flat, 0.0, 20.0, 1.0, 10.0), -10.0);
    }

    // A helix x = r cos a, y = r sin a, z = c a: curvature r / (r^2 + c^2), pitch atan(c / r).
    void aHelix()
    {
        const double r = 20, rise = 30, c = rise / (2 * kPi);
        const ArcLengthTable table = buildArcLengthTable(bezierHelix(r, rise, 16, 2));
        const FrameTable frames = buildFrameTable(table, {}, FrameMode::Upright);
        for (const ProfileRow &row : railProfile(table, frames, 2.0)) {
            QVERIFY2(std::abs(row.curvature - r / (r * r + c * c)) < 0.005 * r / (r * r + c * c),
                     qPrintable(QString::number(row.curvature)));
            QVERIFY(std::abs(row.pitch - std::atan2(c, r) * 180 / kPi) < 0.05);
            QVERIFY(std::abs(row.bank) < 1e-9); // upright with no tilt: level, however it climbs and turns
        }
    }

    // The curvature vector is dT/ds: against central differences of the sampled tangent, on random
    // rails of every type; upright frames with no tilt have bank 0 and up in the vertical plane.
    void randomRailsAgainstFiniteDifferences_data()
    {
        QTest::addColumn<int>("type");
        QTest::newRow("catmull-rom") << int(SplineType::CatmullRom);
        QTest::newRow("bezier") << int(SplineType::Bezier);
    }
    void randomRailsAgainstFiniteDifferences()
    {
        QFETCH(int, type);
        std::mt19937_64 rng(42 + type);
        int compared = 0;
        int upright = 0;
        for (int trial = 0; trial < 20; ++trial) {
            SplineSpec spec;
            spec.type = SplineType(type);
            Curve c = railforge::testing::randomCurve(rng, 6, trial % 2 == 1, spec, false);
            if (spec.type == SplineType::Bezier)
                railforge::testing::randomHandles(rng, c,
                                                  {HandleMode::Mirrored, HandleMode::Aligned, HandleMode::Free});
            const ArcLengthTable table = buildArcLengthTable(c);
            const double total = totalLength(table);
            const FrameTable frames = buildFrameTable(table, {}, FrameMode::Upright);
            const double h = 1e-4;
            for (int k = 1; k < 40; ++k) {
                const double s = total * k / 40;
                const Vec3 ahead = sampleAt(table, s + h).tangent;
                const Vec3 behind = sampleAt(table, s - h).tangent;
                // Differences across a knot see the kink of a free or aligned point: skip those.
                if (angleBetweenUnit(ahead, behind) > 0.2) continue;
                const Vec3 difference = (ahead - behind) / (2 * h);
                const Vec3 k1 = curvatureVectorAt(table, s);
                if (length(difference) > 50) continue; // a near-cusp: differences mean nothing there
                QVERIFY2(distance(k1, difference) < 1e-3 * std::max(1.0, length(difference)),
                         qPrintable(QString("s %1: %2 vs %3").arg(s).arg(length(k1)).arg(length(difference))));
                ++compared;
                const CurveSample at = sampleAt(table, s);
                if (std::abs(at.tangent.z) > 0.98) continue; // near vertical: the hand-over cone
                const Vec3 up = upAt(frames, s, at.position, at.tangent);
                QVERIFY(std::abs(bankDegrees(at.tangent, up)) < 1e-6);
                QVERIFY(std::abs(dot(up, cross(at.tangent, Vec3{0, 0, 1}))) < 1e-9);
                ++upright;
            }
        }
        QVERIFY2(compared > 500 && upright > 400,
                 qPrintable(QString("%1 / %2 places checked").arg(compared).arg(upright)));
    }

    // Climbing straight up and over: an upright frame hands over to the carried one near the
    // vertical and comes back, continuously (no step between close samples).
    void uprightThroughTheVerticalDoesNotJump()
    {
        Curve c;
        c.spec.type = SplineType::CatmullRom;
        c.points = {{0, 0, 0}, {10, 0, 0}, {12, 0, 10}, {12.1, 0, 20}, {14, 0, 30}, {24, 0, 32}};
        const ArcLengthTable table = buildArcLengthTable(c);
        const FrameTable frames = buildFrameTable(table, {}, FrameMode::Upright);
        Vec3 previous;
        for (const CurveSample &r : sample(table, 0.05)) {
            const Vec3 up = upAt(frames, r.s, r.position, r.tangent);
            QVERIFY(std::abs(length(up) - 1) < 1e-9 && std::abs(dot(up, r.tangent)) < 1e-9);
            if (r.s > 0) QVERIFY2(distance(up, previous) < 0.05, qPrintable(QString::number(r.s)));
            previous = up;
        }
    }

private:
    static double angleBetweenUnit(Vec3 a, Vec3 b) { return std::atan2(length(cross(a, b)), dot(a, b)); }
};

QTEST_GUILESS_MAIN(TestRailProfile)
#include "test_rail_profile.moc"
