// Ride physics against closed forms (a ramp down with and without friction, a climb to its stall, a
// flat circle's lateral force, drag's exponential decay) and against a slow reference: RK4 on the
// energy equation at steps of 5 mm on random rails with kinks.
#include "core/ride_physics.h"
#include "core/spline.h"

#include "random_curve.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace railforge::core;

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kG = kStandardGravity;

std::vector<ProfileRow> rowsOf(const Curve &c, double spacing, ArcLengthTable *tableOut = nullptr)
{
    const ArcLengthTable table = buildArcLengthTable(c);
    if (tableOut) *tableOut = table;
    return railProfile(table, buildFrameTable(table, {}, FrameMode::Upright), spacing);
}

Curve line(Vec3 from, Vec3 to)
{
    Curve c;
    c.spec.type = SplineType::Linear;
    c.points = {from, to};
    return c;
}

// The energy equation's right-hand side at s for energy e, straight from the curve.
double energySlope(const ArcLengthTable &table, double s, double e, const RidePhysics &p)
{
    const CurveSample at = sampleAt(table, s);
    const Vec3 k = curvatureVectorAt(table, s);
    const Vec3 n = k * (2 * std::max(e, 0.0)) + (Vec3{0, 0, 1} - at.tangent * at.tangent.z) * kG;
    return -kG * at.tangent.z - p.friction * length(n) - 2 * p.drag * e;
}

} // namespace

class TestRidePhysics : public QObject {
    Q_OBJECT
private slots:
    void aRampDownFromRest()
    {
        const auto rows = rowsOf(line({0, 0, 20}, {100, 0, 0}), 0.5);
        const RideOutcome free = simulateRide(rows, 0.0, {});
        QVERIFY(!free.stalled);
        QVERIFY(std::abs(free.states.back().v - std::sqrt(2 * kG * 20)) < 0.01);
        // sqrt(2 g L (sin - mu cos)) = sqrt(2 g (20 - mu 100)).
        const RideOutcome rubbing = simulateRide(rows, 0.0, {0.02, 0.0, 1.0});
        QVERIFY(std::abs(rubbing.states.back().v - std::sqrt(2 * kG * (20 - 0.02 * 100))) < 0.01);
        QVERIFY(std::abs(rubbing.states.back().v - 18.79) < 0.01);
        // The time of a steady acceleration a over L: sqrt(2 L / a).
        const double length = std::hypot(100.0, 20.0);
        QVERIFY(std::abs(free.states.back().t - std::sqrt(2 * length / (kG * 20 / length))) < 1e-6);
    }

    void aClimbStallsWhereItsSpeedIsSpent()
    {
        const double angle = 10 * kPi / 180;
        const auto rows = rowsOf(line({0, 0, 0}, {100 * std::cos(angle), 0, 100 * std::sin(angle)}), 0.5);
        const RideOutcome out = simulateRide(rows, 10.0, {});
        QVERIFY(out.stalled);
        const double expected = 100.0 / (2 * kG * std::sin(angle));
        QVERIFY2(std::abs(out.stallS - expected) < 0.05, qPrintable(QString::number(out.stallS)));
        QVERIFY(std::abs(expected - 29.35) < 0.005);
        QVERIFY(out.states.back().s < out.stallS);
        // Reaching the top needs v0 = sqrt(2 g 100 sin 10deg).
        const std::optional<double> needed = speedToFinish(rows, {});
        QVERIFY(needed);
        QVERIFY(std::abs(*needed - std::sqrt(2 * kG * 100 * std::sin(angle))) < 0.01);
    }

    void aFlatCirclesLateralForce()
    {
        // A flat circle of radius 50 as mirrored Bezier arcs (within 1e-4 of the circle).
        Curve c;
        c.spec.type = SplineType::Bezier;
        const int n = 16;
        const double r = 50;
        const double h = 4.0 / 3.0 * std::tan(kPi / (2 * n)) * r;
        for (int k = 0; k <= n; ++k) {
            const double a = 2 * kPi * k / n;
            c.points.push_back({r * std::cos(a), r * std::sin(a), 0});
            PointHandles ph;
            ph.mode = HandleMode::Mirrored;
            ph.out = Vec3{-std::sin(a), std::cos(a), 0} * h;
            ph.in = -ph.out;
            c.handles.push_back(ph);
        }
        const RideOutcome out = simulateRide(rowsOf(c, 1.0), 20.0, {});
        QVERIFY(!out.stalled);
        for (const RideState &state : out.states) {
            QVERIFY(std::abs(state.v - 20.0) < 1e-9);
            QVERIFY(std::abs(std::abs(state.lateralG) - 0.815) < 0.001);
            QVERIFY(std::abs(state.verticalG - 1.0) < 1e-9);
        }
    }

    void dragDecaysExponentially()
    {
        const double k = 0.004;
        const RideOutcome out = simulateRide(rowsOf(line({0, 0, 0}, {300, 0, 0}), 0.7), 25.0, {0.0, k, 1.0});
        QVERIFY(!out.stalled);
        for (const RideState &state : out.states) QVERIFY(std::abs(state.v - 25.0 * std::exp(-k * state.s)) < 1e-9);
        // Level units of 10 cm: the same metres, ten times the units.
        const RideOutcome small = simulateRide(rowsOf(line({0, 0, 0}, {3000, 0, 0}), 7.0), 25.0, {0.0, k, 0.1});
        QVERIFY(std::abs(small.states.back().v - 25.0 * std::exp(-k * 300)) < 1e-9);
    }

    void aChainLiftsAndABrakeTrims()
    {
        // Up a 1:10 ramp from rest: a chain at 3 m/s carries the rider over the first 50 units, then
        // it coasts and stalls where 3 m/s is spent: 9 / (2 g sin) further on.
        const auto rows = rowsOf(line({0, 0, 0}, {100, 0, 10}), 1.0);
        RideActions actions;
        actions.chain.assign(rows.size(), 0.0);
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (rows[i].s <= 50.0) actions.chain[i] = 3.0;
        const RideOutcome lifted = simulateRide(rows, 0.0, {}, actions);
        for (const RideState &state : lifted.states)
            if (state.s <= 50.0) QCOMPARE(state.v, 3.0);
        QVERIFY(lifted.stalled);
        const double sine = 10 / std::hypot(100.0, 10.0);
        QVERIFY(std::abs(lifted.stallS - (50 + 9 / (2 * kG * sine))) < 1e-6);

        const auto down = rowsOf(line({0, 0, 20}, {100, 0, 0}), 1.0);
        RideActions brake;
        brake.brake.assign(down.size(), kNoBrake);
        brake.brake[50] = 4.0;
        const RideOutcome braked = simulateRide(down, 0.0, {}, brake);
        QCOMPARE(braked.states[50].v, 4.0);
        // From the brake on, energy again: v^2 = 16 + 2 g (drop since the brake).
        const double drop = down[50].position.z - down.back().position.z;
        QVERIFY(std::abs(braked.states.back().v - std::sqrt(16 + 2 * kG * drop)) < 1e-9);
    }

    void frictionlessRidesKeepTheirEnergy()
    {
        std::mt19937_64 rng(41);
        for (int trial = 0; trial < 30; ++trial) {
            const Curve c =
                railforge::testing::randomCurve(rng, 6, trial % 3 == 0, {SplineType::CatmullRom, 0.5}, false);
            const auto rows = rowsOf(c, 0.3);
            const RideOutcome out = simulateRide(rows, 12.0, {});
            QVERIFY(!out.stalled);
            for (std::size_t i = 0; i < out.states.size(); ++i) {
                const double expected = std::sqrt(144 + 2 * kG * (rows[0].position.z - rows[i].position.z));
                QVERIFY(std::abs(out.states[i].v - expected) < 1e-9);
            }
        }
    }

    void agreesWithAFineReferenceOnRandomRails()
    {
        std::mt19937_64 rng(7);
        const RidePhysics physics{0.03, 0.002, 1.0};
        double worst = 0;
        std::size_t compared = 0;
        for (int trial = 0; trial < 12; ++trial) {
            // Rails at a rider's scale: the random rail ten times larger (bends of metres, not centimetres).
            Curve c = railforge::testing::randomCurve(rng, 5, false, {SplineType::CatmullRom, 0.5}, false);
            for (Vec3 &p : c.points) p = p * 10.0;
            ArcLengthTable table;
            const auto rows = rowsOf(c, 0.05, &table);
            const RideOutcome out = simulateRide(rows, 30.0, physics);
            // Tight random bends can rub the rider to a stop: compare the rows it reaches.
            // RK4 on de/ds at steps of 5 mm, read at each row.
            double e = 0.5 * 30.0 * 30.0;
            double s = 0;
            std::size_t next = 1;
            const double step = 5e-3;
            while (next < out.states.size()) {
                const double h = std::min(step, rows[next].s - s);
                const double k1 = energySlope(table, s, e, physics);
                const double k2 = energySlope(table, s + h / 2, e + h / 2 * k1, physics);
                const double k3 = energySlope(table, s + h / 2, e + h / 2 * k2, physics);
                const double k4 = energySlope(table, s + h, e + h * k3, physics);
                e += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
                s += h;
                if (std::abs(s - rows[next].s) < 1e-12) {
                    // Energy per unit mass (J/kg): a speed near a stall magnifies any energy error. Within
                    // 1 J/kg (10 cm of height) at the 5 cm step document/ride simulations take, bends of
                    // 30 cm radius at 30 m/s included.
                    const double v = out.states[next].v;
                    worst = std::max(worst, std::abs(0.5 * v * v - e));
                    ++compared;
                    ++next;
                }
            }
        }
        QVERIFY2(worst < 1.0, qPrintable(QString::number(worst)));
        QVERIFY(compared > 20000);
    }
};

QTEST_APPLESS_MAIN(TestRidePhysics)
#include "test_ride_physics.moc"
