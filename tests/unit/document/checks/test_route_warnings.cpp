// What a designer sees go wrong although every route builds: an edge or a smoothed path through an
// obstacle, a path against a one-way edge, a step in height the waypoint path does not have. Each is
// found where it is, once per patrol; paths that do none of these give no warning.
#include "document/checks/route_warnings.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/yaml/level_reader.h"

#include <QtTest>

using namespace railforge::document;
using railforge::core::Vec3;

namespace {

// Waypoints on a ledge (z 3) and below it (z 0), a ramp between them, one-way edges along the
// bottom, and a pillar beside the ramp.
const char *kLevel = R"(railforge: 1
waypoints:
  - {id: top, position: [0, 0, 3]}
  - {id: rampTop, position: [10, 0, 3]}
  - {id: rampFoot, position: [10, 20, 0]}
  - {id: below, position: [0, 2, 0]}
  - {id: east, position: [30, 20, 0]}
edges:
  - {from: top, to: rampTop}
  - {from: rampTop, to: rampFoot}
  - {from: rampFoot, to: below}
  - {from: rampFoot, to: east, bidirectional: false}
  - {from: below, to: east}
obstacles:
  - {id: pillar, circle: {center: [20, 10], radius: 2}}
patrols:
  - {id: guard, stops: [top, below], mode: once}
)";

Level level()
{
    const LoadResult loaded = readLevel(kLevel, "warnings.yaml");
    if (!loaded.level) qFatal("test level does not load");
    return *loaded.level;
}

PatrolRoute route(std::vector<Vec3> raw, std::vector<Vec3> smoothed)
{
    PatrolRoute r;
    r.raw = std::move(raw);
    r.smoothed = std::move(smoothed);
    return r;
}

bool has(const std::vector<RouteWarning> &warnings, RouteWarning::Kind kind)
{
    return std::any_of(warnings.begin(), warnings.end(), [&](const RouteWarning &w) { return w.kind == kind; });
}

} // namespace

class TestRouteWarnings : public QObject {
    Q_OBJECT
private slots:
    void anEdgeThroughAnObstacle()
    {
        Level l = level();
        const LevelObstacleContext clear(l);
        QVERIFY(edgeWarnings(l, clear).empty()); // every edge passes the pillar
        l.waypoints[4].position = {40, 18, 0};   // east dragged: below -> east now runs through the pillar
        const LevelObstacleContext moved(l);
        const auto warnings = edgeWarnings(l, moved);
        QCOMPARE(warnings.size(), std::size_t(1));
        QCOMPARE(warnings[0].object.id, std::string("below>east"));
        QVERIFY(std::hypot(warnings[0].at.x - 20, warnings[0].at.y - 10) <= 2.5); // at the pillar
        QVERIFY(warnings[0].message.find("crosses an obstacle") != std::string::npos);
    }

    void aSmoothedPathThroughAnObstacle()
    {
        const Level l = level();
        const LevelObstacleContext obstacles(l);
        const std::vector<Vec3> raw = {{10, 20, 0}, {30, 20, 0}};
        const auto warnings =
            pathWarnings(l, l.patrols[0], route(raw, {{10, 20, 0}, {20, 10, 0}, {30, 20, 0}}), obstacles);
        QVERIFY(has(warnings, RouteWarning::Kind::PathThroughObstacle));
        QVERIFY(pathWarnings(l, l.patrols[0], route(raw, raw), obstacles).empty());
    }

    void aPathAgainstAOneWayEdge()
    {
        const Level l = level();
        const LevelObstacleContext obstacles(l);
        // rampFoot -> east is one way; a path from east back to rampFoot along it is against it.
        const std::vector<Vec3> raw = {{30, 20, 0}, {0, 2, 0}, {10, 20, 0}};
        const std::vector<Vec3> against = {{30, 20.2, 0}, {10, 20.2, 0}};
        const auto warnings = pathWarnings(l, l.patrols[0], route(raw, against), obstacles);
        QVERIFY(has(warnings, RouteWarning::Kind::AgainstOneWay));
        // The same stretch in the edge's direction is fine.
        const std::vector<Vec3> with = {{10, 20.2, 0}, {30, 20.2, 0}};
        QVERIFY(!has(pathWarnings(l, l.patrols[0], route(raw, with), obstacles), RouteWarning::Kind::AgainstOneWay));
    }

    void aStepOffALedge()
    {
        const Level l = level();
        const LevelObstacleContext obstacles(l);
        // The waypoint path takes the ramp (3 m over 20 m); line of sight goes straight off the ledge.
        const std::vector<Vec3> raw = {{0, 0, 3}, {10, 0, 3}, {10, 20, 0}, {0, 2, 0}};
        const auto warnings = pathWarnings(l, l.patrols[0], route(raw, {{0, 0, 3}, {0, 2, 0}}), obstacles);
        QVERIFY(has(warnings, RouteWarning::Kind::HeightStep));
        QVERIFY(!has(pathWarnings(l, l.patrols[0], route(raw, raw), obstacles), RouteWarning::Kind::HeightStep));
        for (const auto &w : warnings)
            if (w.kind == RouteWarning::Kind::HeightStep)
                QVERIFY2(w.message.find("drops 3") != std::string::npos, w.message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestRouteWarnings)
#include "test_route_warnings.moc"
