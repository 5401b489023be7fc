// Rays against the ground (GroundSet::firstHit) against slow references: for meshes, every triangle
// met through its plane and the plan test triangleHeightAt already checks; for height grids, the
// ray marched in tiny steps and the first change of side bisected. Random layered meshes (decks over
// terrain, walls), random grids, rays from above, from below and grazing; and the bridge case a 3D
// click depends on: the deck where the ray meets the deck, the road below beside it.
#include "core/ground.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace railforge::core;

namespace {

// The least t >= 0 where origin + t d meets a non-vertical triangle: its plane z = p(x, y) met by
// the ray (linear in t), kept when the plan point lies in the triangle.
std::optional<double> bruteMesh(const std::vector<GroundTriangle> &ts, Vec3 o, Vec3 d, double far)
{
    std::optional<double> best;
    for (const GroundTriangle &t : ts) {
        const Vec3 n = cross(t.b - t.a, t.c - t.a);
        if (std::abs(n.z) < 1e-12 * length(n)) continue; // a wall
        const double denominator = dot(n, d);
        if (denominator == 0.0) continue;
        const double at = dot(n, t.a - o) / denominator;
        if (!(at >= 0 && at <= far)) continue;
        const Vec3 p = o + d * at;
        if (!triangleHeightAt(t, p.x, p.y)) continue;
        if (!best || at < *best) best = at;
    }
    return best;
}

// The least t where the ray crosses the grid's surface: marched every `step`, bisected at the first
// change of side.
std::optional<double> bruteGrid(const HeightGrid &g, Vec3 o, Vec3 d, double far, double step)
{
    auto side = [&](double t) -> std::optional<double> {
        const Vec3 p = o + d * t;
        const auto h = g.highest(p.x, p.y);
        if (!h) return std::nullopt;
        return p.z - *h;
    };
    std::optional<double> last;
    double lastT = 0;
    for (double t = 0; t <= far; t += step) {
        const auto s = side(t);
        if (s && *s == 0.0) return t;
        if (s && last && (*s > 0) != (*last > 0)) {
            double a = lastT, b = t;
            for (int i = 0; i < 80; ++i) {
                const double m = 0.5 * (a + b);
                const auto sm = side(m);
                if (sm && (*sm > 0) == (*last > 0))
                    a = m;
                else
                    b = m;
            }
            return 0.5 * (a + b);
        }
        last = s;
        lastT = t;
    }
    return std::nullopt;
}

// Terrain patches, a few raised decks and some walls, at random.
std::vector<GroundTriangle> layered(std::mt19937 &rng, int n)
{
    std::uniform_real_distribution<double> xy(0, 100), z(-5, 5), size(2, 20), deck(8, 15);
    std::vector<GroundTriangle> ts;
    for (int i = 0; i < n; ++i) {
        const double x = xy(rng), y = xy(rng), s = size(rng);
        const double h = i % 5 == 0 ? deck(rng) : z(rng);
        ts.push_back({{x, y, h + z(rng) * 0.1}, {x + s, y, h + z(rng) * 0.1}, {x, y + s, h + z(rng) * 0.1}});
        if (i % 7 == 0) ts.push_back({{x, y, -5}, {x + s, y, -5}, {x + s, y, 15}}); // a wall
    }
    return ts;
}

Vec3 randomRay(std::mt19937 &rng, Vec3 *origin)
{
    std::uniform_real_distribution<double> xy(-20, 120), z(-20, 40), dir(-1, 1);
    *origin = {xy(rng), xy(rng), z(rng)};
    return {dir(rng), dir(rng), dir(rng) * 1.5};
}

} // namespace

class TestGroundRay : public QObject {
    Q_OBJECT
private slots:
    void meshHitsTheFirstTriangle()
    {
        std::mt19937 rng(21);
        for (int round = 0; round < 30; ++round) {
            const std::vector<GroundTriangle> ts = layered(rng, 40 + round * 20);
            GroundSet ground;
            ground.add(std::make_shared<GroundMesh>(ts));
            for (int k = 0; k < 300; ++k) {
                Vec3 o;
                const Vec3 d = randomRay(rng, &o);
                const double far = k % 3 == 0 ? 60.0 : std::numeric_limits<double>::infinity();
                const auto want = bruteMesh(ts, o, d, far);
                const auto got = ground.firstHit(o, d, far);
                QCOMPARE(got.has_value(), want.has_value());
                if (want)
                    QVERIFY2(std::abs(*got - *want) <= 1e-9 * std::max(1.0, *want),
                             qPrintable(QString::number(*got - *want)));
            }
        }
    }

    void gridHitsItsSurface()
    {
        std::mt19937 rng(22);
        for (int round = 0; round < 20; ++round) {
            const int w = 2 + int(rng() % 12), h = 2 + int(rng() % 12);
            std::uniform_real_distribution<double> z(-4, 4);
            std::vector<double> heights(std::size_t(w * h));
            for (double &v : heights) v = z(rng);
            const HeightGrid grid(w, h, heights, 0, 10, 60, 50);
            for (int k = 0; k < 100; ++k) {
                Vec3 o;
                Vec3 d = randomRay(rng, &o);
                d = d * (1.0 / length(d));
                // Only rays that meet the surface crosswise: a grazing touch is no change of side to march to.
                const auto want = bruteGrid(grid, o, d, 200, 1e-3);
                const auto got = grid.firstHit(o, d, 200);
                if (!want) continue;
                QVERIFY2(got, "a crossing the march found");
                QVERIFY2(*got <= *want + 1e-6, qPrintable(QString::number(*got - *want)));
                // The one found is on the surface, and no earlier crossing was skipped.
                const Vec3 p = o + d * *got;
                QVERIFY(std::abs(p.z - *grid.highest(p.x, p.y)) < 1e-6);
                QVERIFY(*got >= *want - 1e-3); // at most a touch the march stepped over
            }
        }
    }

    // The 3D click's case: a deck at 12 over a road at 0. A ray onto the deck stops at it; one beside
    // the deck goes on to the road; one from under the deck meets its underside.
    void deckThenRoad()
    {
        std::vector<GroundTriangle> ts = {{{-50, -50, 0}, {50, -50, 0}, {50, 50, 0}},
                                          {{-50, -50, 0}, {50, 50, 0}, {-50, 50, 0}},
                                          {{-10, -3, 12}, {10, -3, 12}, {10, 3, 12}},
                                          {{-10, -3, 12}, {10, 3, 12}, {-10, 3, 12}}};
        GroundSet ground;
        ground.add(std::make_shared<GroundMesh>(ts));
        const Vec3 eye{0, -40, 30};
        auto landing = [&](Vec3 target) {
            const Vec3 d = target - eye;
            const auto t = ground.firstHit(eye, d);
            return t ? std::optional(eye + d * *t) : std::nullopt;
        };
        const auto onDeck = landing({2, 0, 12});
        QVERIFY(onDeck && std::abs(onDeck->z - 12) < 1e-12 && std::abs(onDeck->x - 2) < 1e-9);
        const auto road = landing({2, 8, 0});
        QVERIFY(road && std::abs(road->z) < 1e-12 && std::abs(road->y - 8) < 1e-9);
        const auto under = ground.firstHit({0, 0, 5}, {0, 0, 1});
        QVERIFY(under && std::abs(*under - 7) < 1e-12);
        QVERIFY(!ground.firstHit({0, 0, 30}, {0, 0, 1}));                   // looking up from above everything
        QVERIFY(!ground.firstHit({0, 0, 30}, {0, 0, -1}, 10.0));            // not far enough
        QVERIFY(ground.firstHit({200, 0, 30}, {0, 0, -1}) == std::nullopt); // off the ground
    }
};

QTEST_APPLESS_MAIN(TestGroundRay)
#include "test_ground_ray.moc"
