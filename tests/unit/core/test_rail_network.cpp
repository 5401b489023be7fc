// A rider walking a network of rails through junctions (core/rail_network.h): Y switches at a rail's
// end, mid-rail switches, merges from a way back onto the trunk, ways leaving backward, closed rails
// running round, open ends stopping. One long move equals the same distance in many random short
// moves on random networks, and a slow walker of tiny steps with its own crossing test agrees on
// fixed networks. Loops with no progress end at the hop cap instead of hanging.
#include "core/rail_network.h"

#include <QtTest>

#include <chrono>
#include <cmath>
#include <map>
#include <random>

using namespace railforge::core;

namespace {

NetworkJunction junction(std::size_t rail, double s, bool arriveForward, std::vector<NetworkWay> ways,
                         std::size_t defaultWay = 0)
{
    return {rail, s, arriveForward, std::move(ways), defaultWay};
}

// A chooser that is a fixed function of (junction, how often it was chosen at before), so two
// walks reaching the same junctions in the same order make the same choices. Sometimes out of
// range (then the junction's default applies).
struct VisitChooser {
    const std::vector<NetworkJunction> *junctions = nullptr;
    std::uint64_t seed = 0;
    std::map<std::size_t, std::uint64_t> visits;
    std::size_t operator()(std::size_t j)
    {
        std::uint64_t h = seed ^ (j * 0x9E3779B97F4A7C15ull) ^ (visits[j]++ * 0xC2B2AE3D27D4EB4Full);
        h ^= h >> 31;
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 29;
        return std::size_t(h % ((*junctions)[j].ways.size() + 1));
    }
};

// The distance between two arc lengths on a rail (round the seam on a closed one).
double apart(const NetworkRail &rail, double a, double b)
{
    const double d = std::abs(a - b);
    return rail.closed ? std::min(d, rail.length - d) : d;
}

// The obviously-correct walker: ticks of h, each either moving h along the rail or, when the tick
// would pass or land on a trigger point, jumping to where that junction sends the rider (dropping
// the rest of the tick, so it lags by at most h per junction). Returns the junctions crossed.
std::vector<std::size_t> referenceWalk(const std::vector<NetworkRail> &rails,
                                       const std::vector<NetworkJunction> &junctions, NetworkRider &r, double distance,
                                       double h, const NetworkChooser &choose)
{
    std::vector<std::size_t> crossed;
    const long ticks = std::lround(distance / h);
    for (long tick = 0; tick < ticks; ++tick) {
        const NetworkRail &rail = rails[r.rail];
        const double next = r.forward ? r.s + h : r.s - h;
        // Trigger points (trunks in their arrival direction, ways in reverse) this tick reaches,
        // as unwrapped positions; the nearest (first listed on ties) wins.
        double best = 0;
        std::size_t hit = junctions.size();
        bool trunk = false;
        auto consider = [&](std::size_t j, std::size_t rail_, double s, bool forward, bool isTrunk) {
            if (rail_ != r.rail || forward != r.forward) return;
            double t = s;
            if (rail.closed && r.forward && t <= r.s) t += rail.length;
            if (rail.closed && !r.forward && t >= r.s) t -= rail.length;
            const bool reached = r.forward ? (t > r.s && t <= next) : (t < r.s && t >= next);
            if (reached && (hit == junctions.size() || std::abs(t - r.s) < std::abs(best - r.s)))
                best = t, hit = j, trunk = isTrunk;
        };
        for (std::size_t j = 0; j < junctions.size(); ++j) {
            consider(j, junctions[j].rail, junctions[j].s, junctions[j].arriveForward, true);
            for (const NetworkWay &w : junctions[j].ways) consider(j, w.rail, w.s, !w.forward, false);
        }
        if (hit < junctions.size()) {
            crossed.push_back(hit);
            const NetworkJunction &j = junctions[hit];
            if (trunk) {
                std::size_t w = choose(hit);
                if (w >= j.ways.size()) w = j.defaultWay;
                r = {j.ways[w].rail, j.ways[w].s, j.ways[w].forward};
            } else {
                r = {j.rail, j.s, !j.arriveForward};
            }
            continue;
        }
        if (rail.closed) {
            r.s = next >= rail.length ? next - rail.length : next < 0 ? next + rail.length : next;
        } else if (next > rail.length || next < 0) {
            r.s = next > rail.length ? rail.length : 0.0;
            break; // stopped at an open end
        } else {
            r.s = next;
        }
    }
    return crossed;
}

// A random network: a few rails (some closed), switches at open rails' ends and mid-rail switches
// whose ways leave into rails (from a start forward, an end backward, or mid-rail either way).
void randomNetwork(std::mt19937_64 &rng, std::vector<NetworkRail> &rails, std::vector<NetworkJunction> &junctions)
{
    std::uniform_real_distribution<double> unit(0, 1);
    auto pick = [&](std::size_t n) { return std::size_t(unit(rng) * double(n)) % n; };
    rails.assign(2 + pick(5), {});
    for (auto &rail : rails) rail = {5 + 95 * unit(rng), unit(rng) < 0.3};
    auto randomWay = [&]() -> NetworkWay {
        const std::size_t to = pick(rails.size());
        const double u = unit(rng);
        if (rails[to].closed || u < 0.2) return {to, rails[to].length * unit(rng), unit(rng) < 0.5};
        return u < 0.6 ? NetworkWay{to, 0.0, true} : NetworkWay{to, rails[to].length, false};
    };
    junctions.clear();
    for (std::size_t n = 1 + pick(6); n > 0; --n) {
        const std::size_t trunk = pick(rails.size());
        const NetworkRail &rail = rails[trunk];
        NetworkJunction j;
        j.rail = trunk;
        if (rail.closed || unit(rng) < 0.4) {
            j.s = rail.length * unit(rng);
            j.arriveForward = true;
            j.ways.push_back({trunk, j.s, true});
        } else {
            j.arriveForward = unit(rng) < 0.5;
            j.s = j.arriveForward ? rail.length : 0.0;
        }
        for (std::size_t w = 1 + pick(2); w > 0; --w) j.ways.push_back(randomWay());
        j.defaultWay = pick(j.ways.size());
        junctions.push_back(j);
    }
}

} // namespace

class TestRailNetwork : public QObject {
    Q_OBJECT

    // Main (100) ends in a Y onto the starts of A (50) and B (80); A by default.
    const std::vector<NetworkRail> y{{100, false}, {50, false}, {80, false}};
    const std::vector<NetworkJunction> yJunctions{junction(0, 100, true, {{1, 0, true}, {2, 0, true}})};

private slots:
    void aYTakesTheDefaultOrTheChosenBranch()
    {
        NetworkRider r{0, 0, true};
        double travelled = 0;
        std::vector<std::size_t> crossed, all;
        for (int i = 0; i < 100; ++i) {
            const NetworkStep step = networkAdvance(y, yJunctions, r, 1.0, {}, &crossed);
            QVERIFY(!step.stopped);
            r = step.rider;
            travelled += step.travelled;
            all.insert(all.end(), crossed.begin(), crossed.end());
        }
        // Landing exactly on the junction takes it: on A at its start.
        QCOMPARE(r, (NetworkRider{1, 0, true}));
        QCOMPARE(all, std::vector<std::size_t>{0});
        for (int i = 0; i < 50; ++i) {
            const NetworkStep step = networkAdvance(y, yJunctions, r, 1.0);
            QVERIFY(!step.stopped);
            r = step.rider;
            travelled += step.travelled;
        }
        QCOMPARE(r, (NetworkRider{1, 50, true}));
        const NetworkStep last = networkAdvance(y, yJunctions, r, 1.0);
        QVERIFY(last.stopped);
        QCOMPARE(last.travelled, 0.0);
        QCOMPARE(last.rider, r);
        QVERIFY(std::abs(travelled + last.travelled - 150.0) < 1e-9);

        // One move, chooser answering B; an out-of-range answer falls back to A.
        const NetworkStep toB = networkAdvance(y, yJunctions, {0, 0, true}, 130, [](std::size_t) { return 1; });
        QCOMPARE(toB.rider, (NetworkRider{2, 30, true}));
        const NetworkStep toA = networkAdvance(y, yJunctions, {0, 0, true}, 130, [](std::size_t) { return 7; });
        QCOMPARE(toA.rider, (NetworkRider{1, 30, true}));
        // Overshooting A stops at its end, having gone 150 of 170.
        const NetworkStep over = networkAdvance(y, yJunctions, {0, 0, true}, 170);
        QVERIFY(over.stopped);
        QCOMPARE(over.rider, (NetworkRider{1, 50, true}));
        QCOMPARE(over.travelled, 150.0);
        // A rider placed at main's end facing out takes the junction there at once.
        QCOMPARE(networkAdvance(y, yJunctions, {0, 100, true}, 5).rider, (NetworkRider{1, 5, true}));
    }

    void aMidRailJunctionBranchesOrContinues()
    {
        const std::vector<NetworkRail> rails{{100, false}, {60, false}};
        const std::vector<NetworkJunction> junctions{junction(0, 40, true, {{0, 40, true}, {1, 0, true}}, 1)};
        std::vector<std::size_t> crossed;
        QCOMPARE(networkAdvance(rails, junctions, {0, 0, true}, 50, {}, &crossed).rider, (NetworkRider{1, 10, true}));
        QCOMPARE(crossed, std::vector<std::size_t>{0});
        QCOMPARE(networkAdvance(rails, junctions, {0, 0, true}, 50, [](std::size_t) { return 0; }).rider,
                 (NetworkRider{0, 50, true}));
        // Backward along the trunk through the junction: straight on (a merge from the continuation).
        QCOMPARE(networkAdvance(rails, junctions, {0, 60, false}, 30, {}, &crossed).rider,
                 (NetworkRider{0, 30, false}));
        QCOMPARE(crossed, std::vector<std::size_t>{0});
        // Back along the branch: merges onto the trunk backward.
        QCOMPARE(networkAdvance(rails, junctions, {1, 10, false}, 15).rider, (NetworkRider{0, 35, false}));
        // A rider starting on the junction does not reach it again.
        crossed = {99};
        QCOMPARE(networkAdvance(rails, junctions, {0, 40, true}, 5, {}, &crossed).rider, (NetworkRider{0, 45, true}));
        QVERIFY(crossed.empty());
    }

    void aWayInReverseMergesOntoTheTrunk()
    {
        int asked = 0;
        std::vector<std::size_t> crossed;
        const NetworkStep step = networkAdvance(
            y, yJunctions, {1, 20, false}, 30,
            [&](std::size_t) {
                ++asked;
                return 1;
            },
            &crossed);
        QCOMPARE(step.rider, (NetworkRider{0, 90, false}));
        QCOMPARE(step.travelled, 30.0);
        QCOMPARE(crossed, std::vector<std::size_t>{0});
        QCOMPARE(asked, 0); // merges choose nothing
        // From B too.
        QCOMPARE(networkAdvance(y, yJunctions, {2, 5, false}, 5).rider, (NetworkRider{0, 100, false}));
    }

    void aWayCanLeaveBackwardFromARailsEnd()
    {
        const std::vector<NetworkRail> rails{{100, false}, {30, false}};
        const std::vector<NetworkJunction> junctions{junction(0, 100, true, {{1, 30, false}})};
        const NetworkStep in = networkAdvance(rails, junctions, {0, 90, true}, 15);
        QCOMPARE(in.rider, (NetworkRider{1, 25, false}));
        // Riding D forward to its end merges back onto main, backward.
        QCOMPARE(networkAdvance(rails, junctions, {1, 25, true}, 10).rider, (NetworkRider{0, 95, false}));
        // Down D to its start: an open end.
        const NetworkStep out = networkAdvance(rails, junctions, in.rider, 40);
        QVERIFY(out.stopped);
        QCOMPARE(out.rider, (NetworkRider{1, 0, false}));
        QCOMPARE(out.travelled, 25.0);
    }

    void aClosedRailRunsRoundAndItsJunctionsTriggerEveryLap()
    {
        const std::vector<NetworkRail> rails{{100, true}, {40, false}};
        QCOMPARE(networkAdvance(rails, {}, {0, 90, true}, 25).rider, (NetworkRider{0, 15, true}));
        QCOMPARE(networkAdvance(rails, {}, {0, 10, false}, 25).rider, (NetworkRider{0, 85, false}));
        QCOMPARE(networkAdvance(rails, {}, {0, 10, true}, 1000).rider.s, 10.0);

        // Mid-rail at 30: carry on the first time, branch off the second.
        const std::vector<NetworkJunction> junctions{junction(0, 30, true, {{0, 30, true}, {1, 0, true}})};
        int visits = 0;
        auto secondBranches = [&](std::size_t) { return ++visits == 2 ? 1 : 0; };
        std::vector<std::size_t> crossed;
        const NetworkStep step = networkAdvance(rails, junctions, {0, 50, true}, 200, secondBranches, &crossed);
        QCOMPARE(step.rider, (NetworkRider{1, 20, true}));
        QCOMPARE(crossed, (std::vector<std::size_t>{0, 0}));
        QCOMPARE(step.travelled, 200.0);

        // A junction at a closed rail's end is the one at its start: reached crossing the seam.
        const std::vector<NetworkJunction> atSeam{junction(0, 100, true, {{0, 0, true}, {1, 0, true}}, 1)};
        QCOMPARE(networkAdvance(rails, atSeam, {0, 95, true}, 10).rider, (NetworkRider{1, 5, true}));
        QCOMPARE(networkAdvance(rails, atSeam, {0, 0, true}, 99).rider, (NetworkRider{0, 99, true}));
    }

    void oneLongMoveEqualsManyShortOnes()
    {
        std::mt19937_64 rng(2024);
        std::uniform_real_distribution<double> unit(0, 1);
        int stoppedRounds = 0, hops = 0;
        for (int round = 0; round < 400; ++round) {
            std::vector<NetworkRail> rails;
            std::vector<NetworkJunction> junctions;
            randomNetwork(rng, rails, junctions);
            const std::size_t rail = std::size_t(unit(rng) * double(rails.size())) % rails.size();
            const NetworkRider start{rail, rails[rail].length * unit(rng), unit(rng) < 0.5};
            const double distance = 600 * unit(rng);
            const std::uint64_t seed = rng();

            VisitChooser longChooser{&junctions, seed, {}};
            std::vector<std::size_t> longCrossed;
            const NetworkStep whole = networkAdvance(
                rails, junctions, start, distance, [&](std::size_t j) { return longChooser(j); }, &longCrossed);
            QVERIFY(!whole.capped);
            QVERIFY(whole.stopped || whole.travelled == distance);
            QVERIFY(whole.travelled <= distance);

            // The same distance cut at random points.
            std::vector<double> cuts{0, distance};
            for (int c = int(unit(rng) * 300); c > 0; --c) cuts.push_back(distance * unit(rng));
            std::sort(cuts.begin(), cuts.end());
            VisitChooser shortChooser{&junctions, seed, {}};
            NetworkRider r = start;
            double travelled = 0;
            bool stopped = false;
            std::vector<std::size_t> crossed, shortCrossed;
            for (std::size_t c = 1; c < cuts.size(); ++c) {
                const double piece = cuts[c] - cuts[c - 1];
                const NetworkStep step = networkAdvance(
                    rails, junctions, r, piece, [&](std::size_t j) { return shortChooser(j); }, &crossed);
                QVERIFY(step.stopped || step.travelled == piece);
                r = step.rider;
                travelled += step.travelled;
                stopped = stopped || step.stopped;
                shortCrossed.insert(shortCrossed.end(), crossed.begin(), crossed.end());
            }
            const QString where = QString("round %1").arg(round);
            QVERIFY2(longCrossed == shortCrossed, qPrintable(where));
            QVERIFY2(r.rail == whole.rider.rail && r.forward == whole.rider.forward, qPrintable(where));
            QVERIFY2(apart(rails[r.rail], r.s, whole.rider.s) < 1e-7, qPrintable(where));
            QVERIFY2(std::abs(travelled - whole.travelled) < 1e-9, qPrintable(where));
            QCOMPARE(stopped, whole.stopped);
            stoppedRounds += whole.stopped;
            hops += int(longCrossed.size());
        }
        // The random networks did exercise junctions and open ends.
        QVERIFY(stoppedRounds > 20);
        QVERIFY(hops > 400);
    }

    void agreesWithATinyStepWalker_data()
    {
        QTest::addColumn<int>("network");
        QTest::addColumn<int>("startRail");
        QTest::addColumn<double>("startS");
        QTest::addColumn<bool>("forward");
        QTest::addColumn<double>("distance");
        for (int network = 0; network < 2; ++network)
            for (double distance : {37.25, 123.4, 251.7, 488.9}) {
                QTest::addRow("net %d from 0 d %g", network, distance) << network << 0 << 3.5 << true << distance;
                QTest::addRow("net %d from 1 d %g", network, distance) << network << 1 << 27.3 << false << distance;
            }
    }
    void agreesWithATinyStepWalker()
    {
        QFETCH(int, network);
        QFETCH(int, startRail);
        QFETCH(double, startS);
        QFETCH(bool, forward);
        QFETCH(double, distance);
        // 0: main 100 with a Y onto A 50 and loop B 80 (entered mid-lap), A has a mid-rail switch onto
        //    C 60 whose end leads back into main's start or D's end (backward); a switch at D's start
        //    (arriving backward) leads into B.
        // 1: a closed ring 120 with two mid-rail switches onto a spur 45 and a rail 70 whose end
        //    rejoins the ring mid-way.
        std::vector<NetworkRail> rails;
        std::vector<NetworkJunction> junctions;
        if (network == 0) {
            rails = {{100, false}, {50, false}, {80, true}, {60, false}, {30, false}};
            junctions = {junction(0, 100, true, {{1, 0, true}, {2, 10, true}}),
                         junction(1, 20, true, {{1, 20, true}, {3, 0, true}}, 1),
                         junction(3, 60, true, {{0, 0, true}, {4, 30, false}}),
                         junction(4, 0, false, {{2, 70, false}})};
        } else {
            rails = {{120, true}, {45, false}, {70, false}};
            junctions = {junction(0, 30, true, {{0, 30, true}, {1, 0, true}}),
                         junction(0, 80, true, {{0, 80, true}, {2, 0, true}}), junction(2, 70, true, {{0, 50, true}})};
        }
        VisitChooser fast{&junctions, 7, {}}, slow{&junctions, 7, {}};
        std::vector<std::size_t> crossed;
        const NetworkRider start{std::size_t(startRail), startS, forward};
        const NetworkStep step = networkAdvance(
            rails, junctions, start, distance, [&](std::size_t j) { return fast(j); }, &crossed);
        NetworkRider ref = start;
        const double h = 1e-3;
        const auto refCrossed =
            referenceWalk(rails, junctions, ref, distance, h, [&](std::size_t j) { return slow(j); });
        QCOMPARE(crossed, refCrossed);
        QCOMPARE(step.rider.rail, ref.rail);
        QCOMPARE(step.rider.forward, ref.forward);
        const double tolerance = h * double(refCrossed.size() + 2);
        QVERIFY2(apart(rails[ref.rail], step.rider.s, ref.s) <= tolerance,
                 qPrintable(QString("s %1 reference %2").arg(step.rider.s).arg(ref.s)));
    }

    void anOpenEndWithoutAJunctionStops()
    {
        const std::vector<NetworkRail> rails{{100, false}};
        NetworkStep step = networkAdvance(rails, {}, {0, 90, true}, 25);
        QVERIFY(step.stopped);
        QCOMPARE(step.rider, (NetworkRider{0, 100, true}));
        QCOMPARE(step.travelled, 10.0);
        step = networkAdvance(rails, {}, {0, 10, false}, 25);
        QVERIFY(step.stopped);
        QCOMPARE(step.rider, (NetworkRider{0, 0, false}));
        QCOMPARE(step.travelled, 10.0);
        // Ending exactly on the end is not being stopped; going on from there is.
        step = networkAdvance(rails, {}, {0, 90, true}, 10);
        QVERIFY(!step.stopped);
        QCOMPARE(step.rider.s, 100.0);
        step = networkAdvance(rails, {}, step.rider, 10);
        QVERIFY(step.stopped);
        QCOMPARE(step.travelled, 0.0);
        // Riders off the rail's ends start at them; no distance, negative or not finite: no move.
        QCOMPARE(networkAdvance(rails, {}, {0, 150, false}, 20).rider.s, 80.0);
        QCOMPARE(networkAdvance(rails, {}, {0, 50, true}, -5).rider.s, 50.0);
        QCOMPARE(networkAdvance(rails, {}, {0, 50, true}, qQNaN()).travelled, 0.0);
        // No such rail: no move.
        QVERIFY(networkAdvance(rails, {}, {3, 50, true}, 5).stopped);
    }

    void loopsWithoutProgressEndAtTheCap()
    {
        using clock = std::chrono::steady_clock;
        const auto began = clock::now();
        // A junction at an open end that leads back to that end facing out: zero distance per hop.
        const std::vector<NetworkRail> rails{{10, false}, {1e-9, true}, {5, true}};
        const std::vector<NetworkJunction> selfLoop{junction(0, 10, true, {{0, 10, true}})};
        NetworkStep step = networkAdvance(rails, selfLoop, {0, 0, true}, 20);
        QVERIFY(step.capped);
        QCOMPARE(step.travelled, 10.0);
        std::vector<std::size_t> crossed;
        step = networkAdvance(rails, selfLoop, {0, 10, true}, 0, {}, &crossed);
        QVERIFY(step.capped);
        QCOMPARE(crossed.size(), networkMaxHops);
        // A tiny ring with a switch on it: a hop every 1e-9.
        const std::vector<NetworkJunction> tinyRing{junction(1, 0.5e-9, true, {{1, 0.5e-9, true}})};
        step = networkAdvance(rails, tinyRing, {1, 0, true}, 1.0);
        QVERIFY(step.capped);
        QVERIFY(step.travelled < 1e-3);
        // A ring without junctions runs any distance at once.
        step = networkAdvance(rails, {}, {2, 1, true}, 1e12 + 2);
        QVERIFY(!step.capped && !step.stopped);
        QVERIFY(std::abs(step.rider.s - 3.0) < 1e-3);
        // Junctions naming missing rails or ways are ignored.
        const std::vector<NetworkJunction> broken{junction(7, 5, true, {{0, 0, true}}),
                                                  junction(0, 5, true, {{9, 0, true}}),
                                                  junction(0, 6, true, {{0, 6, true}}, 4), junction(0, 7, true, {})};
        QCOMPARE(networkAdvance(rails, broken, {0, 0, true}, 9).rider, (NetworkRider{0, 9, true}));
        QVERIFY(clock::now() - began < std::chrono::seconds(10));
    }
};

QTEST_MAIN(TestRailNetwork)
#include "test_rail_network.moc"
