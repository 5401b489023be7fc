// Ground queries against testing every triangle (random terrains with overhangs, points on
// vertices and edges), a bridge over a road, walls, and the heightmap convention.
#include "core/ground.h"

#include <QtTest>

#include <algorithm>
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

// Every query at each point against every triangle tried: highest, and highestBelow with the ceiling
// exactly at each height found there (on it counts as below), a hair above and below it, and at random.
// Returns how many points had ground.
int compareAt(const std::vector<GroundTriangle> &ts, const GroundMesh &mesh,
              const std::vector<std::pair<double, double>> &points, std::mt19937 &rng)
{
    std::uniform_real_distribution<double> z(-20, 20);
    int covered = 0;
    for (const auto &[x, y] : points) {
        const auto expected = bruteHighest(ts, x, y, INFINITY);
        const auto got = mesh.highest(x, y);
        if (got.has_value() != expected.has_value() || (expected && *got != *expected)) {
            qWarning("highest(%.17g, %.17g)", x, y);
            return -1;
        }
        covered += expected ? 1 : 0;
        std::vector<double> heights;
        for (const GroundTriangle &t : ts)
            if (const auto h = triangleHeightAt(t, x, y)) heights.push_back(*h);
        std::shuffle(heights.begin(), heights.end(), rng);
        heights.resize(std::min<std::size_t>(heights.size(), 4)); // a few of them: the test stays quick
        std::vector<double> ceilings{z(rng)};
        for (double h : heights)
            ceilings.insert(ceilings.end(), {h, std::nextafter(h, INFINITY), std::nextafter(h, -INFINITY)});
        for (double ceiling : ceilings) {
            const auto below = mesh.highestBelow(x, y, ceiling);
            const auto expectedBelow = bruteHighest(ts, x, y, ceiling);
            if (below.has_value() != expectedBelow.has_value() || (expectedBelow && *below != *expectedBelow)) {
                qWarning("highestBelow(%.17g, %.17g, %.17g)", x, y, ceiling);
                return -1;
            }
        }
    }
    return covered;
}

// The triangles' corners, edge midpoints and points a hair off them (by 1e-13 and 1e-10 of their
// size: inside and outside the exact test's slack), and random points around.
std::vector<std::pair<double, double>> hardPoints(const std::vector<GroundTriangle> &ts, std::mt19937 &rng,
                                                  std::size_t most = 400)
{
    std::vector<std::pair<double, double>> points;
    std::uniform_real_distribution<double> unit(-1, 1);
    for (std::size_t k = 0; k < std::min(most, ts.size()); ++k) {
        const GroundTriangle &t = ts[(k * 7919) % ts.size()];
        const double size = std::max(std::abs(t.b.x - t.a.x) + std::abs(t.b.y - t.a.y), 1e-300);
        for (const Vec3 &p : {t.a, t.b, t.c, (t.a + t.b) * 0.5, (t.b + t.c) * 0.5, (t.c + t.a) * 0.5}) {
            points.emplace_back(p.x, p.y);
            for (double hair : {1e-13, 1e-10})
                points.emplace_back(p.x + hair * size * unit(rng), p.y + hair * size * unit(rng));
        }
    }
    return points;
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

    // Meshes large enough for the grid (a cell's node holds the leaves around it; a query starts
    // there): a terrain alone, one with many small triangles floating over and under it (cells met by
    // more leaves than a node holds start at the root), and one of large triangles, too large for a
    // grid. Random points, vertices, edges and points a hair off them, against every triangle tried.
    void gridMatchesEveryTriangle_data()
    {
        QTest::addColumn<int>("extra");
        QTest::addColumn<double>("size");
        QTest::addColumn<bool>("grid");
        QTest::addColumn<bool>("crowded"); // cells start at the root (a terrain alone has a few too)
        QTest::addRow("terrain") << 0 << 3.0 << true << false;
        QTest::addRow("crowded cells") << 4000 << 3.0 << true << true;
        QTest::addRow("large triangles") << 2000 << 60.0 << false << false;
    }
    void gridMatchesEveryTriangle()
    {
        QFETCH(int, extra);
        QFETCH(double, size);
        QFETCH(bool, grid);
        std::mt19937 rng(7 + extra);
        const int n = 60;
        std::vector<GroundTriangle> ts = randomGround(rng, n, 0);
        std::uniform_real_distribution<double> xy(-2, n + 2), z(-10, 15), around(-size, size);
        for (int k = 0; k < extra; ++k) {
            const Vec3 a{xy(rng), xy(rng), z(rng)};
            ts.push_back({a, a + Vec3{around(rng), around(rng), around(rng) / 4},
                          a + Vec3{around(rng), around(rng), around(rng) / 4}});
        }
        const GroundMesh mesh(ts);
        QFETCH(bool, crowded);
        QCOMPARE(mesh.hasGrid(), grid);
        if (crowded) QVERIFY(mesh.gridCellsAtRoot() > 10);
        std::vector<std::pair<double, double>> points = hardPoints(ts, rng, 300);
        for (int k = 0; k < 1500; ++k) points.emplace_back(xy(rng), xy(rng));
        QVERIFY(compareAt(ts, mesh, points, rng) > 1000);
    }

    // Meshes of every small size around the leaves' (8) and the nodes' (4 children) limits, and
    // degenerate ones: every triangle at one place (the median splits cannot separate them), many
    // the same, long slivers, far from the origin (floats there are coarse: the boxes must still hold
    // every point the exact test takes).
    void smallAndDegenerateMeshes_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("count");
        for (int kind = 0; kind < 5; ++kind)
            for (int count : {1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 65, 300})
                QTest::addRow("kind %d, %d triangles", kind, count) << kind << count;
    }
    void smallAndDegenerateMeshes()
    {
        QFETCH(int, kind);
        QFETCH(int, count);
        std::mt19937 rng(unsigned(kind * 1000 + count));
        std::uniform_real_distribution<double> xy(0, 10), z(-5, 5), small(-1, 1);
        const double far = kind == 4 ? 1e6 + 0.125 : 0.0;
        std::vector<GroundTriangle> ts;
        const Vec3 shared{far + 3, far + 4, 1};
        for (int k = 0; k < count; ++k) {
            Vec3 a{far + xy(rng), far + xy(rng), z(rng)};
            Vec3 b = a + Vec3{small(rng), small(rng), small(rng)}, c = a + Vec3{small(rng), small(rng), small(rng)};
            if (kind == 1) a = shared, b = shared + Vec3{1, 0, z(rng)}, c = shared + Vec3{0, 1, z(rng)}; // one place
            if (kind == 2) a = shared, b = shared + Vec3{1, 0, 0.5}, c = shared + Vec3{0, 1, -0.5};      // all the same
            if (kind == 3) b = a + Vec3{8, 1e-3 * small(rng), z(rng)}, c = a + Vec3{4, 0.01, z(rng)};    // slivers
            ts.push_back({a, b, c});
        }
        const GroundMesh mesh(ts);
        std::vector<std::pair<double, double>> points = hardPoints(ts, rng, 100);
        std::uniform_real_distribution<double> around(-1, 12);
        for (int k = 0; k < 300; ++k) points.emplace_back(far + around(rng), far + around(rng));
        QVERIFY(compareAt(ts, mesh, points, rng) > 0);
    }

    // A terrain of 20,000 triangles with 3,000 more over and under it: a tree several levels deep,
    // asked on its vertices, edges and a hair off them, with ceilings at the heights found there.
    void deepTreeOnEdgesAndCorners()
    {
        std::mt19937 rng(99);
        const int n = 100;
        const std::vector<GroundTriangle> ts = randomGround(rng, n, 3000);
        const GroundMesh mesh(ts);
        std::vector<std::pair<double, double>> points = hardPoints(ts, rng, 60);
        std::uniform_real_distribution<double> xy(-2, n + 2);
        for (int k = 0; k < 200; ++k) points.emplace_back(xy(rng), xy(rng));
        // Grid vertices and edge midpoints exactly (where four or six triangles meet).
        for (int k = 0; k < 200; ++k)
            points.emplace_back(double(rng() % (n + 1)) + (k % 2) * 0.5, double(rng() % (n + 1)));
        QVERIFY(compareAt(ts, mesh, points, rng) > 800);
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
