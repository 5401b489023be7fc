// Ground queries against testing every triangle (random terrains with overhangs, points on
// vertices and edges), a bridge over a road, walls, and the heightmap convention.
#include "core/ground.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace railforge::core;

namespace {

// The obviously correct answers: every triangle tried.
std::optional<double> bruteHighest(const std::vector<GroundTriangle> &ts, double x, double y, double ceiling)
{
    std::optional<double> best;
    for (const GroundTriangle &t : ts)
        if (const auto h = triangleHeightAt(t, x, y); h && *h <= ceiling && (!best || *h > *best)) best = h;
    return best;
}

// A terrain of n x n cells (two triangles each) with random heights, and `extra` random triangles
// floating over and under it (overhangs, caves, bridges).
std::vector<GroundTriangle> randomGround(std::mt19937 &rng, int n, int extra)
{
    std::uniform_real_distribution<double> h(-5, 5), xy(-2, n + 2), z(-10, 15), small(-3, 3);
    std::vector<double> heights((n + 1) * (n + 1));
    for (double &v : heights) v = h(rng);
    auto at = [&](int i, int j) { return Vec3{double(i), double(j), heights[j * (n + 1) + i]}; };
    std::vector<GroundTriangle> ts;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            ts.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
            ts.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
        }
    for (int k = 0; k < extra; ++k) {
        const Vec3 a{xy(rng), xy(rng), z(rng)};
        ts.push_back({a, a + Vec3{small(rng), small(rng), small(rng)}, a + Vec3{small(rng), small(rng), small(rng)}});
    }
    return ts;
}

} // namespace

class TestGround : public QObject {
    Q_OBJECT
private slots:
    void matchesEveryTriangle_data()
    {
        QTest::addColumn<int>("seed");
        for (int seed = 1; seed <= 12; ++seed) QTest::addRow("seed %d", seed) << seed;
    }
    void matchesEveryTriangle()
    {
        QFETCH(int, seed);
        std::mt19937 rng(seed);
        const int n = 12 + seed;
        const std::vector<GroundTriangle> ts = randomGround(rng, n, 40 * seed);
        const GroundMesh mesh(ts);
        std::uniform_real_distribution<double> xy(-2, n + 2), z(-12, 18);
        std::vector<std::pair<double, double>> points;
        for (int k = 0; k < 2000; ++k) points.emplace_back(xy(rng), xy(rng));
        // Vertices and edge midpoints of the terrain: on shared edges, no crack, no double count.
        for (int k = 0; k < 200; ++k) {
            const GroundTriangle &t = ts[std::size_t(k) % ts.size()];
            points.emplace_back(t.a.x, t.a.y);
            points.emplace_back((t.a.x + t.b.x) / 2, (t.a.y + t.b.y) / 2);
        }
        int covered = 0;
        for (const auto &[x, y] : points) {
            const auto expected = bruteHighest(ts, x, y, INFINITY);
            const auto got = mesh.highest(x, y);
            QCOMPARE(got.has_value(), expected.has_value());
            if (expected) {
                QCOMPARE(*got, *expected);
                ++covered;
            }
            const double ceiling = z(rng);
            const auto below = mesh.highestBelow(x, y, ceiling);
            const auto expectedBelow = bruteHighest(ts, x, y, ceiling);
            QCOMPARE(below.has_value(), expectedBelow.has_value());
            if (expectedBelow) QCOMPARE(*below, *expectedBelow);
        }
        QVERIFY(covered > 1000); // the test asked about ground, mostly
    }

    // Every surface at a place, and the one nearest a height, against every triangle tried: all the
    // heights there, highest first, those within kSurfaceGap of the last kept merged into it.
    void surfacesMatchEveryTriangle()
    {
        std::mt19937 rng(77);
        const int n = 14;
        const std::vector<GroundTriangle> ts = randomGround(rng, n, 600);
        GroundSet set;
        set.add(std::make_shared<GroundMesh>(ts));
        std::uniform_real_distribution<double> xy(-2, n + 2), z(-12, 18);
        int layered = 0;
        for (int k = 0; k < 3000; ++k) {
            const double x = xy(rng), y = xy(rng);
            std::vector<double> all;
            for (const GroundTriangle &t : ts)
                if (const auto h = triangleHeightAt(t, x, y)) all.push_back(*h);
            std::sort(all.rbegin(), all.rend());
            std::vector<double> expected;
            for (double h : all)
                if (expected.empty() || expected.back() - h >= kSurfaceGap) expected.push_back(h);
            if (expected.size() > 16) expected.resize(16);
            QCOMPARE(set.surfacesAt(x, y), expected);
            layered += expected.size() > 1 ? 1 : 0;
            const double reference = z(rng);
            const auto nearest = set.nearestSurface(x, y, reference);
            QCOMPARE(nearest.has_value(), !expected.empty());
            for (double h : expected) QVERIFY(std::abs(*nearest - reference) <= std::abs(h - reference));
            if (!expected.empty()) QCOMPARE(*set.nearestSurface(x, y, NAN), expected.front());
        }
        QVERIFY(layered > 300); // many places with more than one surface
    }

    void bridgeOverRoad()
    {
        // A road at z 0 along x, a bridge deck at z 5 across it.
        const std::vector<GroundTriangle> ts = {
            {{-10, -2, 0}, {10, -2, 0}, {10, 2, 0}},
            {{-10, -2, 0}, {10, 2, 0}, {-10, 2, 0}},
            {{-3, -5, 5}, {3, -5, 5}, {3, 5, 5}},
            {{-3, -5, 5}, {3, 5, 5}, {-3, 5, 5}},
        };
        const GroundMesh mesh(ts);
        QCOMPARE(*mesh.highest(0, 0), 5.0);         // on the deck
        QCOMPARE(*mesh.highestBelow(0, 0, 4), 0.0); // under the bridge: the road
        QCOMPARE(*mesh.highestBelow(0, 0, 5), 5.0); // on the deck counts as below
        QVERIFY(!mesh.highestBelow(0, 0, -1));      // below the road: nothing
        QCOMPARE(*mesh.highest(8, 0), 0.0);         // the road beside the bridge
        QCOMPARE(*mesh.highest(0, 4), 5.0);         // the deck beyond the road
        QVERIFY(!mesh.highestBelow(0, 4, 4));       // under the deck, beside the road: air
        QVERIFY(!mesh.highest(20, 0));              // off the level
        GroundSet set;
        set.add(std::make_shared<GroundMesh>(ts));
        QCOMPARE(*set.under(0, 0, 1), 0.0); // a point on the road stays on the road
        QCOMPARE(*set.under(0, 0, 9), 5.0); // one above the deck lands on it
        QCOMPARE(*set.under(0, 4, 2), 5.0); // one under the deck with nothing below goes up onto it
        QCOMPARE(set.surfacesAt(0, 0), (std::vector<double>{5, 0}));
        QCOMPARE(*set.nearestSurface(0, 0, 4), 5.0);   // nearer the deck
        QCOMPARE(*set.nearestSurface(0, 0, 2), 0.0);   // nearer the road
        QCOMPARE(*set.nearestSurface(0, 0, 2.5), 5.0); // as near both: the higher
        QCOMPARE(*set.nearestSurface(8, 0, 4), 0.0);   // beside the bridge only the road
    }

    void wallsAreNotGround()
    {
        const GroundMesh mesh({{{0, 0, 0}, {1, 0, 0}, {1, 0, 10}}, {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}});
        QCOMPARE(mesh.size(), std::size_t(0));
        QVERIFY(!mesh.highest(0.5, 0));
    }

    void heightmapConvention()
    {
        // 3 x 2 pixels over [0, 20] x [0, 10]: row 0 is the north edge (y = 10).
        const HeightGrid grid(3, 2, {1, 2, 3, 10, 20, 30}, 0, 0, 20, 10);
        QCOMPARE(*grid.highest(0, 10), 1.0);
        QCOMPARE(*grid.highest(10, 10), 2.0);
        QCOMPARE(*grid.highest(20, 10), 3.0);
        QCOMPARE(*grid.highest(0, 0), 10.0);
        QCOMPARE(*grid.highest(20, 0), 30.0);
        // Between pixels: bilinear.
        QCOMPARE(*grid.highest(5, 10), 1.5);
        QCOMPARE(*grid.highest(0, 5), 5.5);
        QCOMPARE(*grid.highest(5, 5), (1.0 + 2.0 + 10.0 + 20.0) / 4);
        QVERIFY(!grid.highest(-0.1, 5));
        QVERIFY(!grid.highest(5, 10.1));
        QCOMPARE(*grid.highestBelow(5, 5, 9), 8.25);
        QVERIFY(!grid.highestBelow(5, 5, 8));
    }
};

QTEST_APPLESS_MAIN(TestGround)
#include "test_ground.moc"
