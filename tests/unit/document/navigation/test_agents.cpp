// Agents, the level's walkers (docs/design.md "Patrols on the level"): read and written, kept line for
// line by the rewriter, merged field by field (and through a rename), listed by diff, edited with the
// rules (a delete leaves its patrols on the graph, a rename carries them along); and a level's
// navigation over a scene made here: a patrol's legs walked on the agent's navmesh round a wall, a
// stop it cannot reach an error at the stop, walkability warnings, a level with no walkable ground
// routed on the graph.
#include "document/checks/level_rules.h"
#include "document/checks/route_checks.h"
#include "document/editing/level_document.h"
#include "document/editing/level_editing.h"
#include "document/merge/level_diff.h"
#include "document/merge/level_merge.h"
#include "document/navigation/level_navigation.h"
#include "document/navigation/navigation_checks.h"
#include "document/routing/patrol_route.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/strategy/strategy_registry.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_rewriter.h"
#include "document/yaml/level_writer.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace railforge;
using namespace railforge::document;

namespace {

const char *kLevel = R"(railforge: 1
level: {name: Walls, units: m}
waypoints:
  - {id: a, position: [0, 0, 0]}
  - {id: b, position: [10, 0, 0]}
  - {id: c, position: [5, 8, 0]}
edges:
  - {from: a, to: b}
obstacles: []
rails: []
patrols:
  - id: rounds
    stops: [a, b]
    mode: once
    agent: guard
    follow: navmesh
    smoothing: []
  - {id: beat, stops: [a, b], mode: once, agent: guard, smoothing: []}
# who walks
agents:
  - {id: guard, radius: 0.4, height: 1.8, climb: 0.4, slope: 45}
  - {id: dog, radius: 0.25, height: 0.6, climb: 0.2, slope: 30, navmesh: {cell: 0.1}, properties: {bark: true}}
)";

Level read(const std::string &text)
{
    const LoadResult r = readLevel(text, "test.yaml");
    if (!r.level) {
        for (const auto &d : r.diagnostics) qWarning("%s", d.message.c_str());
        qFatal("the level does not load");
    }
    return *r.level;
}

const Agent &agentOf(const Level &level, const std::string &id)
{
    for (const Agent &a : level.agents)
        if (a.id == id) return a;
    qFatal("no agent");
}

std::vector<std::string> changedLines(const std::string &a, const std::string &b)
{
    const QStringList x = QString::fromStdString(a).split('\n'), y = QString::fromStdString(b).split('\n');
    std::vector<std::string> out;
    for (qsizetype i = 0; i < std::max(x.size(), y.size()); ++i)
        if (i >= x.size() || i >= y.size() || x[i] != y[i]) out.push_back(i < y.size() ? y[i].toStdString() : "");
    return out;
}

// A wall 0.3 thick across x = 5, from y = -20 to y = 4 (a way round its north end), on a floor 60 by 40.
void writeScene(const QString &folder)
{
    QFile f(folder + "/walls.obj");
    QVERIFY(f.open(QIODevice::WriteOnly));
    QTextStream out(&f);
    out << "v -20 -20 0\nv 30 -20 0\nv 30 20 0\nv -20 20 0\nf 1 2 3\nf 1 3 4\n";
    const double x0 = 5, x1 = 5.3, y0 = -20, y1 = 4, z1 = 3;
    int n = 5;
    const double p[8][3] = {{x0, y0, 0},  {x1, y0, 0},  {x1, y1, 0},  {x0, y1, 0},
                            {x0, y0, z1}, {x1, y0, z1}, {x1, y1, z1}, {x0, y1, z1}};
    for (const auto &v : p) out << "v " << v[0] << " " << v[1] << " " << v[2] << "\n";
    const int faces[6][4] = {{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};
    for (const auto &q : faces)
        out << "f " << n + q[0] << " " << n + q[1] << " " << n + q[2] << "\nf " << n + q[0] << " " << n + q[2] << " "
            << n + q[3] << "\n";
}

} // namespace

class TestAgents : public QObject {
    Q_OBJECT
private slots:
    void readAndWrittenBack()
    {
        const Level level = read(kLevel);
        QCOMPARE(level.agents.size(), std::size_t(2));
        const Agent &dog = agentOf(level, "dog");
        QCOMPARE(dog.radius, 0.25);
        QCOMPARE(*dog.cell, 0.1);
        QCOMPARE(level.patrols[0].agent, std::string("guard"));
        QCOMPARE(level.patrols[0].follow, PatrolFollow::NavMesh);
        QCOMPARE(level.patrols[1].follow, PatrolFollow::Graph);
        const std::string written = writeLevel(level);
        QVERIFY(written.find("agents:\n  - {id: guard, radius: 0.4, height: 1.8, climb: 0.4, slope: 45}") !=
                std::string::npos);
        QVERIFY(written.find("navmesh: {cell: 0.1}") != std::string::npos);
        QVERIFY(written.find("    agent: guard\n    follow: navmesh\n") != std::string::npos);
        QCOMPARE(read(written), level);
        QCOMPARE(writeLevel(read(written)), written);
    }

    void rulesAtTheirPlaces()
    {
        std::string text = kLevel;
        text.replace(text.find("radius: 0.25"), 12, "radius: 0");
        text.replace(text.find("agent: guard, smoothing"), 12, "agent: cat, ");
        const LoadResult r = readLevel(text, "test.yaml");
        QVERIFY(!r.level);
        QStringList messages;
        for (const auto &d : r.diagnostics)
            messages << QString("%1:%2 %3").arg(d.line).arg(d.column).arg(QString::fromStdString(d.message));
        QVERIFY2(messages.join('\n').contains("agent 'dog' radius must be a number greater than 0"),
                 qPrintable(messages.join('\n')));
        QVERIFY2(messages.join('\n').contains("names unknown agent 'cat'"), qPrintable(messages.join('\n')));
        Level level = read(kLevel);
        level.patrols[1].follow = PatrolFollow::NavMesh;
        level.patrols[1].agent.clear();
        QVERIFY(!levelRuleProblems(level).empty());
    }

    // One changed size is one changed line; a first agent is a section appended, the rest untouched.
    void keptLineForLineByTheRewriter()
    {
        const Level before = read(kLevel);
        Level after = before;
        after.agents[0].radius = 0.5;
        const std::string text = rewriteLevel(kLevel, after, &before).text;
        const auto lines = changedLines(kLevel, text);
        QCOMPARE(lines.size(), std::size_t(1));
        QVERIFY(lines[0].find("radius: 0.5") != std::string::npos);
        QVERIFY(text.find("# who walks") != std::string::npos);
        std::string none = kLevel;
        none = none.substr(0, none.find("# who walks"));
        none = std::string(none).replace(none.find("    agent: guard\n    follow: navmesh\n"), 36, "");
        none.replace(none.find("agent: guard, "), 14, "");
        const Level bare = read(none);
        QVERIFY(bare.agents.empty());
        Level added = bare;
        added.agents.push_back({"guard", 0.4, 1.8, 0.4, 45, std::nullopt, {}});
        const std::string appended = rewriteLevel(none, added, &bare).text;
        QCOMPARE(appended.substr(0, none.size()), none);
        QCOMPARE(read(appended), added);
    }

    void mergedFieldByField()
    {
        const Level base = read(kLevel);
        Level ours = base, theirs = base;
        ours.agents[0].radius = 0.5;
        theirs.agents[0].slope = 30;
        theirs.patrols[1].mode = PatrolMode::Loop;
        const LevelMerge merged = mergeLevels(base, ours, theirs);
        QVERIFY(merged.conflicts.empty());
        QCOMPARE(agentOf(merged.ours, "guard").radius, 0.5);
        QCOMPARE(agentOf(merged.ours, "guard").slope, 30.0);
        // Both set the radius, differently: a conflict on the agent.
        theirs.agents[0].radius = 0.6;
        const LevelMerge disputed = mergeLevels(base, ours, theirs);
        QVERIFY(!disputed.conflicts.empty());
        QCOMPARE(disputed.conflicts[0].kind, std::string("agent"));
        // Ours renames the guard: the patrols follow, and theirs' change to a patrol stays.
        Level renamed = base;
        renamed.agents[0].id = "watch";
        for (Patrol &p : renamed.patrols) p.agent = "watch";
        Level changed = base;
        changed.patrols[1].mode = PatrolMode::PingPong;
        const LevelMerge followed = mergeLevels(base, renamed, changed);
        QVERIFY(followed.conflicts.empty());
        QCOMPARE(followed.ours.patrols[1].agent, std::string("watch"));
        QCOMPARE(followed.ours.patrols[1].mode, PatrolMode::PingPong);
    }

    void listedByDiff()
    {
        const Level before = read(kLevel);
        Level after = before;
        after.agents[1].cell.reset();
        after.patrols[1].agent = "dog";
        std::vector<std::string> lines;
        for (const ObjectChange &c : diffLevels(before, after))
            for (const std::string &l : c.lines()) lines.push_back(l);
        QVERIFY(std::find(lines.begin(), lines.end(), "agent 'dog': navmesh cell: 0.1 -> the default") != lines.end());
        QVERIFY(std::find(lines.begin(), lines.end(), "patrol 'beat': agent: 'guard' -> 'dog'") != lines.end());
    }

    void editedWithTheRules()
    {
        LevelDocument document;
        replaceLevel(document, "load", read(kLevel));
        // A size the rules refuse.
        Agent bad = document.level().agents[0];
        bad.slope = 90;
        QVERIFY(!changeObject(document, {ObjectKind::Agent, 0}, bad, "slope").empty());
        // Renamed: its patrols follow, one undo step.
        std::string error;
        QVERIFY(renameObject(document, {ObjectKind::Agent, "guard"}, "watch", &error));
        QCOMPARE(document.level().patrols[0].agent, std::string("watch"));
        QCOMPARE(document.level().patrols[1].agent, std::string("watch"));
        // Deleted: its patrols walk the graph with no agent.
        const DeleteReport report = deleteObjects(document, {{ObjectKind::Agent, "watch"}});
        QCOMPARE(report.patrolsWithoutAgent.size(), std::size_t(2));
        QVERIFY(document.level().patrols[0].agent.empty());
        QCOMPARE(document.level().patrols[0].follow, PatrolFollow::Graph);
        QVERIFY(levelRuleProblems(document.level()).empty());
        document.undoStack()->undo();
        QCOMPARE(document.level().patrols[0].agent, std::string("watch"));
        QCOMPARE(document.level().patrols[0].follow, PatrolFollow::NavMesh);
        // Copied with its patrol and pasted: the copy walks the pasted agent.
        const Level fragment = extractObjects(document.level(), {{ObjectKind::Agent, "watch"},
                                                                 {ObjectKind::Waypoint, "a"},
                                                                 {ObjectKind::Waypoint, "b"},
                                                                 {ObjectKind::Patrol, "rounds"}});
        QCOMPARE(fragment.agents.size(), std::size_t(1));
        const auto added = pasteObjects(document, fragment, {1, 1, 0});
        QCOMPARE(document.level().agents.size(), std::size_t(3));
        const Patrol &copy = document.level().patrols.back();
        QCOMPARE(copy.agent, document.level().agents.back().id);
        QVERIFY(copy.agent != "watch");
        QVERIFY(levelRuleProblems(document.level()).empty());
    }

    // The patrol's leg goes round the wall's north end, keeping the radius; the graph patrol's edge
    // a -> b is blocked, with the way round told; a stop behind a closed wall cannot be reached.
    void walkedOnTheNavmesh()
    {
        QTemporaryDir dir;
        writeScene(dir.path());
        std::string text = kLevel;
        text.insert(text.find("waypoints:"), "references:\n  - {id: walls, mesh: walls.obj, up: z}\n");
        const Level level = read(text);
        const ProjectFiles files(dir.path(), FileRules{});
        const LevelNavigationRead nav = readLevelNavigation(level, files, ReadBudget(std::chrono::seconds(30)));
        QVERIFY(nav.unread.empty());
        QVERIFY(nav.navigation->hasWalkableGround());
        QVERIFY(nav.navigation->mesh("guard"));
        const auto route = rawPatrolRoute(level, level.patrols[0], nav.navigation.get());
        QVERIFY2(route.ok(), route.error.c_str());
        QVERIFY(route.walked);
        QCOMPARE(route.raw.front(), (Vec3{0, 0, 0}));
        QCOMPARE(route.raw.back(), (Vec3{10, 0, 0}));
        double length = 0, north = -1e9;
        for (std::size_t i = 1; i < route.raw.size(); ++i) length += core::distance(route.raw[i - 1], route.raw[i]);
        for (const Vec3 &p : route.raw) north = std::max(north, p.y);
        // Round the grown end (5 - 0.4, 4.4) and (5.7, 4.4).
        const double expected = std::hypot(4.6, 4.4) + 1.1 + std::hypot(4.3, 4.4);
        QVERIFY2(std::fabs(length - expected) < 0.03 * expected,
                 qPrintable(QString("%1 vs %2").arg(length).arg(expected)));
        QVERIFY(north > 4.2);
        for (const Vec3 &p : route.raw) QCOMPARE(p.z, 0.0); // on the floor, exactly
        const LevelProblems problems = navigationProblems(level, *nav.navigation);
        QCOMPARE(problems.size(), std::size_t(1));
        QCOMPARE(problems[0].subject.part, ProblemSubject::Part::Edge);
        QVERIFY2(problems[0].message.find("edge a -> b is not walkable straight (patrol 'beat', agent 'guard'): "
                                          "blocked at (4.") == 0,
                 problems[0].message.c_str());
        // Where it is blocked: the radius (less a cell) before the wall.
        QVERIFY(problems[0].spot && problems[0].spot->x > 4.45 && problems[0].spot->x < 4.65);
        QVERIFY(problems[0].message.find("a walkable way of") != std::string::npos);
        // A stop out of reach: an error at the stop, through the route check.
        Level far = level;
        far.waypoints.push_back({"moon", {10, 0, 50}, {}});
        far.patrols[0].stops = {"a", "moon"};
        const LevelProblems stranded = patrolRouteProblems(far, "rounds", nav.navigation.get());
        QCOMPARE(stranded.size(), std::size_t(1));
        QCOMPARE(stranded[0].subject.part, ProblemSubject::Part::PatrolStop);
        QVERIFY2(stranded[0].message.find("cannot be reached from stop 'a' on agent 'guard''s navmesh") !=
                     std::string::npos,
                 stranded[0].message.c_str());
    }

    // Line of sight smoothing a graph patrol with an agent keeps it out of the wall it cannot see
    // (drawn in the level's mesh, not as an obstacle); without its agent's mesh, it cuts straight through.
    void smoothedAgainstTheWalkableArea()
    {
        QTemporaryDir dir;
        writeScene(dir.path());
        std::string text = kLevel;
        text.insert(text.find("waypoints:"), "references:\n  - {id: walls, mesh: walls.obj, up: z}\n");
        text.replace(text.find("edges:\n  - {from: a, to: b}"), 27,
                     "edges:\n  - {from: a, to: c}\n  - {from: c, to: b}");
        text.replace(text.find("agent: guard, smoothing: []"), 27,
                     "agent: guard, smoothing: [{strategy: line-of-sight, params: {radius: 0.4}}]");
        const Level level = read(text);
        StrategyRegistry registry;
        registry.loadDefaultLocations();
        if (!registry.find("line-of-sight")) QSKIP("the line-of-sight plugin is not beside the test");
        const LevelObstacleContext obstacles(level);
        const Patrol &beat = level.patrols[1];
        const PatrolRoute straight = routePatrol(level, beat, registry, obstacles);
        QVERIFY2(straight.ok(), straight.error.c_str());
        QCOMPARE(straight.smoothed.size(), std::size_t(2)); // a to b, through the wall
        const ProjectFiles files(dir.path(), FileRules{});
        const LevelNavigationRead nav = readLevelNavigation(level, files, ReadBudget(std::chrono::seconds(30)));
        const PatrolRoute walled = routePatrol(level, beat, registry, obstacles, nav.navigation.get());
        QVERIFY2(walled.ok(), walled.error.c_str());
        QCOMPARE(walled.smoothed.size(), std::size_t(3)); // round the wall's end by c
        QCOMPARE(walled.smoothed[1], (Vec3{5, 8, 0}));
    }

    void noWalkableGroundRoutesOnTheGraph()
    {
        const Level level = read(kLevel);
        const LevelNavigation navigation(level, nullptr, nullptr, ReadBudget(), 1000);
        const auto route = rawPatrolRoute(level, level.patrols[0], &navigation);
        QVERIFY(route.ok() && !route.walked);
        QCOMPARE(route.raw, (std::vector<Vec3>{{0, 0, 0}, {10, 0, 0}}));
        const LevelProblems problems = navigationProblems(level, navigation);
        QCOMPARE(problems.size(), std::size_t(1));
        QVERIFY(problems[0].message.find("no walkable ground") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestAgents)
#include "test_agents.moc"
