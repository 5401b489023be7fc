// The navigation mesh on a scene built here: a yard cut by a wall with a door, a slab lower than the
// agent, a raised floor with stairs, and a round obstacle. Routes are held against the shortest way
// worked out by hand around the wall grown by the radius; walls, the slab and the raised floor's face
// block a straight walk, the stairs do not; an obstacle moved re-bakes only its tiles; an unchanged
// input bakes nothing the second time.
#include "navmesh/nav_query.h"
#include "navmesh/navmesh_bake.h"

#include <QtTest>

#include <cmath>

using namespace railforge;
using core::Vec3;

namespace {

using Triangles = std::vector<core::GroundTriangle>;

// A box's twelve triangles.
void box(Triangles &out, Vec3 lo, Vec3 hi)
{
    const auto p = [&](int i) { return Vec3{i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z}; };
    const int faces[6][4] = {{0, 1, 3, 2}, {4, 6, 7, 5}, {0, 4, 5, 1}, {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 5, 7, 3}};
    for (const auto &f : faces) {
        out.push_back({p(f[0]), p(f[1]), p(f[2])});
        out.push_back({p(f[0]), p(f[2]), p(f[3])});
    }
}

// The scene: ground from (-10, -10) to (40, 30); a wall at x 10..10.3 with a door at y 9..11; a slab
// 1.0..1.2 high over (20..24, 20..24); a floor 1.5 high over (-8..0, 15..25) with six stairs of 0.25
// down to the east (x 0..1.8, y 18..21).
Triangles scene()
{
    Triangles t;
    t.push_back({{-10, -10, 0}, {40, -10, 0}, {40, 30, 0}});
    t.push_back({{-10, -10, 0}, {40, 30, 0}, {-10, 30, 0}});
    box(t, {10, -10, 0}, {10.3, 9, 3});
    box(t, {10, 11, 0}, {10.3, 30, 3});
    box(t, {20, 20, 1.0}, {24, 24, 1.2});
    box(t, {-8, 15, 0}, {0, 25, 1.5});
    for (int i = 0; i < 6; ++i) box(t, {0.3 * i, 18, 0}, {0.3 * (i + 1), 21, 1.25 - 0.25 * i});
    return t;
}

const nav::AgentSize kGuard{0.4, 1.8, 0.4, 45};

struct Baked {
    nav::WalkableInput input;
    nav::BakeResult result;
};

std::unique_ptr<Baked> bake(const std::vector<nav::Solid> &solids = {}, nav::TileCache *cache = nullptr)
{
    auto b = std::make_unique<Baked>();
    b->input.addMesh(std::make_shared<Triangles>(scene()));
    b->input.index();
    b->result = nav::bakeNavMesh(b->input, solids, kGuard, nav::bakeSettingsFor(kGuard), cache, {});
    return b;
}

nav::Solid disc(double x, double y, double r)
{
    nav::Solid s;
    s.circle = core::CircleObstacle{{x, y}, r};
    return s;
}

double planDistance(Vec3 a, Vec3 b) { return std::hypot(a.x - b.x, a.y - b.y); }

} // namespace

class TestNavMesh : public QObject {
    Q_OBJECT
private slots:
    void bakesTheScene()
    {
        const auto b = bake();
        QVERIFY2(b->result.mesh, b->result.error.c_str());
        QVERIFY(b->result.stats.tiles > 10);
        QVERIFY(b->result.stats.polygons > b->result.stats.tiles);
        QCOMPARE(b->result.stats.cached, 0);
    }

    // Every corner of every polygon keeps the radius (less a cell) from the wall's footprint.
    void polygonsKeepTheRadiusFromWalls()
    {
        const auto b = bake();
        const double cell = b->result.mesh->settings().cell;
        const auto toRect = [](const Vec3 &p, double x0, double y0, double x1, double y1) {
            return std::hypot(std::max({x0 - p.x, 0.0, p.x - x1}), std::max({y0 - p.y, 0.0, p.y - y1}));
        };
        for (const nav::NavPolygon &p : b->result.mesh->polygons())
            for (const Vec3 &c : p.corners) {
                if (c.z > 0.1) continue; // the raised floor and the slab's top
                const double toWall = std::min(toRect(c, 10, -10, 10.3, 9), toRect(c, 10, 11, 10.3, 30));
                QVERIFY2(
                    toWall >= kGuard.radius - cell,
                    qPrintable(QStringLiteral("corner (%1, %2) is %3 from the wall").arg(c.x).arg(c.y).arg(toWall)));
            }
    }

    void theWayGoesThroughTheDoor()
    {
        const auto b = bake();
        nav::NavQuery q(b->result.mesh);
        const nav::NavQuery::Way way = q.way({5, 0, 0}, {15, 0, 0});
        QVERIFY(way.found && way.reached);
        // Round the wall grown by the radius: to (9.6, 9.4), across to (10.7, 9.4), down to (15, 0).
        const double expected = std::hypot(4.6, 9.4) + 1.1 + std::hypot(4.3, 9.4);
        QVERIFY2(std::fabs(way.length - expected) < 0.03 * expected,
                 qPrintable(QStringLiteral("%1 against %2").arg(way.length).arg(expected)));
        for (const Vec3 &p : way.points) QVERIFY(p.x < 9.7 || p.x > 10.6 || (p.y > 9.2 && p.y < 10.8));
    }

    void straightWalksAreBlockedByWallSlabAndFace()
    {
        const auto b = bake();
        nav::NavQuery q(b->result.mesh);
        const auto wall = q.straight({5, 0, 0}, {15, 0, 0});
        QVERIFY(wall.startsOnMesh && !wall.clear);
        QVERIFY(std::fabs(wall.blockedAt.x - 9.6) < 0.3);
        QVERIFY(q.straight({5, 10, 0}, {15, 10, 0}).clear);    // through the door
        QVERIFY(!q.straight({18, 22, 0}, {26, 22, 0}).clear);  // under the slab
        QVERIFY(!q.straight({5, 23, 0}, {-4, 23, 1.5}).clear); // up the raised floor's face
        const auto stairs = q.straight({5, 19.5, 0}, {-4, 19.5, 1.5});
        QVERIFY2(stairs.clear,
                 qPrintable(QStringLiteral("blocked at %1, %2").arg(stairs.blockedAt.x).arg(stairs.blockedAt.y)));
    }

    void wayUpTheStairsStepsNoHigherThanTheClimb()
    {
        const auto b = bake();
        nav::NavQuery q(b->result.mesh);
        const auto way = q.way({5, 23, 0}, {-4, 23, 1.5}, 0.05);
        QVERIFY(way.found && way.reached);
        QVERIFY(std::fabs(way.points.back().z - 1.5) < 0.1);
        for (std::size_t i = 1; i < way.points.size(); ++i)
            QVERIFY2(
                std::fabs(way.points[i].z - way.points[i - 1].z) <= kGuard.climb,
                qPrintable(QStringLiteral("step %1: %2 -> %3").arg(i).arg(way.points[i - 1].z).arg(way.points[i].z)));
        // It climbs where the stairs are.
        bool onStairs = false;
        for (const Vec3 &p : way.points)
            onStairs |= p.x > 0.1 && p.x < 1.7 && p.z > 0.3 && p.z < 1.2 && p.y > 18 && p.y < 21;
        QVERIFY(onStairs);
    }

    void nearestWalkablePlace()
    {
        const auto b = bake();
        nav::NavQuery q(b->result.mesh);
        QVERIFY(q.under({5, 0, 0}));
        QVERIFY(!q.under({5, 0, 5}));     // in the air
        QVERIFY(!q.under({22, 22, 0}));   // under the slab
        QVERIFY(!q.under({10.15, 0, 0})); // in the wall
        const auto near = q.nearestAnywhere({10.15, 0, 0}, 50);
        QVERIFY(near);
        QVERIFY(std::fabs(planDistance(*near, {10.15, 0, 0}) - 0.55) < 0.2);
    }

    void solidsBlockAndMoveTileByTile()
    {
        nav::TileCache cache;
        auto b = bake({disc(30, 0, 1.0)}, &cache);
        QVERIFY(b->result.mesh);
        nav::NavQuery q(b->result.mesh);
        QVERIFY(!q.straight({26, 0, 0}, {34, 0, 0}).clear);
        QVERIFY(q.straight({26, 5, 0}, {34, 5, 0}).clear);
        // Moved 5 north: only the tiles where it was and where it is are baked again.
        const nav::BakeStats stats =
            nav::rebakeTiles(*b->result.mesh, b->input, {disc(30, 5, 1.0)},
                             {core::PlanBox{29, -1, 31, 1}, core::PlanBox{29, 4, 31, 6}}, &cache, {});
        QVERIFY(stats.baked + stats.cached > 0);
        QVERIFY2(stats.baked + stats.cached <= 12, qPrintable(QString::number(stats.baked + stats.cached)));
        QVERIFY(stats.baked + stats.cached < b->result.stats.tiles / 4);
        QVERIFY(q.straight({26, 0, 0}, {34, 0, 0}).clear);
        QVERIFY(!q.straight({26, 5, 0}, {34, 5, 0}).clear);
    }

    void anUnchangedInputBakesNothingTheSecondTime()
    {
        nav::TileCache cache;
        const auto first = bake({}, &cache);
        QVERIFY(first->result.stats.baked > 0);
        const auto second = bake({}, &cache);
        QCOMPARE(second->result.stats.baked, 0);
        QCOMPARE(second->result.stats.polygons, first->result.stats.polygons);
        // Through a file too (the editor's cache between runs).
        const QString file = QDir::temp().filePath("railforge-test-navmesh-tiles.bin");
        QVERIFY(cache.save(file.toStdString()));
        nav::TileCache reloaded;
        QVERIFY(reloaded.load(file.toStdString()));
        QFile::remove(file);
        const auto third = bake({}, &reloaded);
        QCOMPARE(third->result.stats.baked, 0);
        QCOMPARE(third->result.stats.polygons, first->result.stats.polygons);
    }

    void stopsWhenAsked()
    {
        nav::WalkableInput input;
        input.addMesh(std::make_shared<Triangles>(scene()));
        input.index();
        nav::BakeLimits limits;
        limits.stop = [] { return true; };
        const auto result = nav::bakeNavMesh(input, {}, kGuard, nav::bakeSettingsFor(kGuard), nullptr, limits);
        QVERIFY(result.stopped && !result.mesh);
        limits = {};
        limits.maxCells = 1000;
        const auto over = nav::bakeNavMesh(input, {}, kGuard, nav::bakeSettingsFor(kGuard), nullptr, limits);
        QVERIFY(!over.mesh && over.cellsNeeded > 1000);
    }
};

QTEST_GUILESS_MAIN(TestNavMesh)
#include "test_navmesh.moc"
