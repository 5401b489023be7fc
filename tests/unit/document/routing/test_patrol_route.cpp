// Patrol paths: A* legs between stops respect one-way edges and costs; modes; unreachable stops.
#include "core/graph_search.h"
#include "document/routing/patrol_route.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/strategy/strategy_registry.h"
#include "document/yaml/level_reader.h"

#include <QtTest>

#include <limits>
#include <random>

using namespace railforge;
using namespace railforge::document;

namespace {
// A square a(0,0) b(10,0) c(10,10) d(0,10) with one-way b -> c and c -> d and a diagonal a-c of cost 100.
const char *square = R"(railforge: 1
level: {name: Square}
waypoints:
  - {id: a, position: [0, 0, 0]}
  - {id: b, position: [10, 0, 0]}
  - {id: c, position: [10, 10, 0]}
  - {id: d, position: [0, 10, 0]}
  - {id: island, position: [50, 50, 0]}
edges:
  - {from: a, to: b}
  - {from: b, to: c, bidirectional: false}
  - {from: c, to: d, bidirectional: false}
  - {from: d, to: a}
  - {from: a, to: c, cost: 100}
patrols:
  - {id: around, stops: [a, c], mode: loop}
  - {id: back, stops: [a, d], mode: pingpong}
  - {id: once, stops: [d, b], mode: once}
  - {id: lost, stops: [a, island], mode: once}
)";

Level load()
{
    auto result = readLevel(square, "square.yaml");
    if (!result.level) qFatal("test level does not load");
    return *result.level;
}

const Patrol &patrol(const Level &level, const std::string &id)
{
    return *std::find_if(level.patrols.begin(), level.patrols.end(), [&](const Patrol &p) { return p.id == id; });
}

// Plain Dijkstra without heuristic: the obviously-correct reference for A*.
double referenceCost(const std::vector<std::vector<std::pair<std::size_t, double>>> &arcs, std::size_t s, std::size_t g)
{
    std::vector<double> dist(arcs.size(), std::numeric_limits<double>::infinity());
    std::vector<bool> done(arcs.size(), false);
    dist[s] = 0;
    for (;;) {
        std::size_t best = arcs.size();
        for (std::size_t i = 0; i < arcs.size(); ++i)
            if (!done[i] && dist[i] < std::numeric_limits<double>::infinity() &&
                (best == arcs.size() || dist[i] < dist[best]))
                best = i;
        if (best == arcs.size()) break;
        done[best] = true;
        for (auto [to, cost] : arcs[best]) dist[to] = std::min(dist[to], dist[best] + cost);
    }
    return dist[g];
}
} // namespace

class TestPatrolRoute : public QObject {
    Q_OBJECT
private slots:
    void loopGoesAroundAndIsClosed()
    {
        const Level level = load();
        const PatrolRoute route = rawPatrolRoute(level, patrol(level, "around"));
        QVERIFY2(route.ok(), route.error.c_str());
        QVERIFY(route.loops);
        // a -> b -> c (the diagonal costs 100), then back c -> d -> a (c -> b is one-way the other way).
        const std::vector<Vec3> expected = {{0, 0, 0}, {10, 0, 0}, {10, 10, 0}, {0, 10, 0}, {0, 0, 0}};
        QVERIFY(route.raw == expected);
    }

    void oneWayEdgesAreRespected()
    {
        const Level level = load();
        const PatrolRoute route = rawPatrolRoute(level, patrol(level, "back"));
        QVERIFY2(route.ok(), route.error.c_str());
        QVERIFY(!route.loops);
        // a -> d directly, but d -> ... -> a back cannot use d -> c: it takes d -> a.
        const std::vector<Vec3> expected = {{0, 0, 0}, {0, 10, 0}, {0, 0, 0}};
        QVERIFY(route.raw == expected);
        const PatrolRoute once = rawPatrolRoute(level, patrol(level, "once"));
        QVERIFY(once.ok());
        QCOMPARE(once.raw.front(), (Vec3{0, 10, 0}));
        QCOMPARE(once.raw.back(), (Vec3{10, 0, 0}));
    }

    // Stops all at one place: the loader warns at the patrol, routing refuses (no length, no direction).
    void stopsAtOnePlaceAreRefusedByRouting()
    {
        const std::string text =
            "railforge: 1\nwaypoints:\n  - {id: a, position: [2, 2]}\n  - {id: b, position: [2, 2]}\n"
            "edges:\n  - {from: a, to: b}\npatrols:\n  - id: stuck\n    stops: [a, b, a]\n";
        const LoadResult loaded = readLevel(text, "stuck.yaml");
        QVERIFY(loaded.level);
        QCOMPARE(loaded.diagnostics.size(), std::size_t(1));
        QCOMPARE(formatDiagnostic(loaded.diagnostics.front()),
                 std::string("stuck.yaml:8:9: warning: patrol 'stuck' has all its stops at one place: its path has no "
                             "length, so route and export refuse it"));
        const StrategyRegistry registry;
        const LevelObstacleContext context(*loaded.level);
        const PatrolRoute route = routePatrol(*loaded.level, loaded.level->patrols.front(), registry, context);
        QVERIFY(!route.ok());
        QVERIFY2(route.error.find("no length") != std::string::npos, route.error.c_str());
        QVERIFY(!route.strategyFailed);
    }

    void unreachableStopNamesBothStops()
    {
        const Level level = load();
        const PatrolRoute route = rawPatrolRoute(level, patrol(level, "lost"));
        QVERIFY(!route.ok());
        QVERIFY2(route.error.find("'island'") != std::string::npos && route.error.find("'a'") != std::string::npos,
                 route.error.c_str());
    }

    void astarMatchesDijkstraOnRandomGraphs()
    {
        std::mt19937_64 rng(99);
        for (int trial = 0; trial < 300; ++trial) {
            core::WaypointGraph graph;
            const int n = std::uniform_int_distribution<int>(2, 40)(rng);
            std::uniform_real_distribution<double> coordinate(-50, 50);
            for (int i = 0; i < n; ++i) graph.addNode({coordinate(rng), coordinate(rng), 0});
            std::vector<std::vector<std::pair<std::size_t, double>>> arcs(n);
            const int m = std::uniform_int_distribution<int>(0, 4 * n)(rng);
            for (int k = 0; k < m; ++k) {
                const std::size_t a = std::uniform_int_distribution<int>(0, n - 1)(rng);
                const std::size_t b = std::uniform_int_distribution<int>(0, n - 1)(rng);
                double cost = core::distance(graph.position(a), graph.position(b));
                // Some designer costs below the length: the heuristic must stay admissible.
                if (std::bernoulli_distribution(0.3)(rng)) cost *= std::uniform_real_distribution<double>(0.1, 3)(rng);
                graph.addArc(a, b, cost);
                arcs[a].push_back({b, cost});
            }
            const std::size_t s = std::uniform_int_distribution<int>(0, n - 1)(rng);
            const std::size_t g = std::uniform_int_distribution<int>(0, n - 1)(rng);
            const double reference = referenceCost(arcs, s, g);
            const auto path = graph.shortestPath(s, g);
            if (reference == std::numeric_limits<double>::infinity()) {
                QVERIFY(!path);
                continue;
            }
            QVERIFY(path);
            QCOMPARE(path->front(), s);
            QCOMPARE(path->back(), g);
            double cost = 0;
            for (std::size_t i = 1; i < path->size(); ++i) {
                double best = std::numeric_limits<double>::infinity();
                for (auto [to, c] : arcs[(*path)[i - 1]])
                    if (to == (*path)[i]) best = std::min(best, c);
                QVERIFY(best < std::numeric_limits<double>::infinity());
                cost += best;
            }
            QVERIFY2(std::abs(cost - reference) <= 1e-9 * std::max(1.0, reference),
                     qPrintable(QString("trial %1: %2 vs %3").arg(trial).arg(cost).arg(reference)));
        }
    }
};

QTEST_APPLESS_MAIN(TestPatrolRoute)
#include "test_patrol_route.moc"
