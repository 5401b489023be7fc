// Edits are undoable, keep the document valid, and random edit sequences undo back exactly.
#include "document/editing/level_editing.h"
#include "document/files/level_file.h"
#include "document/model/number_limits.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_writer.h"

#include "level_reloads.h"

#include <QtTest>

#include <random>

using namespace railforge;
using namespace railforge::document;

namespace {
// One random edit of any kind the editor offers.
void randomEdit(LevelDocument &doc, std::mt19937_64 &rng)
{
    const Level &level = doc.level();
    std::uniform_real_distribution<double> c(-30, 30);
    auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
    switch (std::uniform_int_distribution<int>(0, 10)(rng)) {
    case 0: addWaypoint(doc, {c(rng), c(rng), 0}); break;
    case 1:
        if (level.waypoints.size() >= 2)
            connectWaypoints(doc, level.waypoints[pick(level.waypoints.size())].id,
                             level.waypoints[pick(level.waypoints.size())].id, std::bernoulli_distribution(0.7)(rng));
        break;
    case 2:
        addRail(doc, {{c(rng), c(rng), 0}, {c(rng), c(rng), 1}, {c(rng), c(rng), 2}},
                std::bernoulli_distribution(0.3)(rng));
        break;
    case 3: {
        Obstacle o;
        o.shape = Obstacle::Shape::Circle;
        o.circle = {{c(rng), c(rng)}, 1.5};
        addObstacle(doc, o);
        break;
    }
    case 4:
        if (level.waypoints.size() >= 2)
            addPatrol(doc, {level.waypoints[pick(level.waypoints.size())].id, level.waypoints.front().id});
        break;
    case 5:
        if (!level.waypoints.empty())
            moveObjects(doc, {{ObjectKind::Waypoint, level.waypoints[pick(level.waypoints.size())].id}},
                        {c(rng), c(rng), 0}, 7);
        break;
    case 6:
        if (!level.rails.empty()) {
            const Rail &r = level.rails[pick(level.rails.size())];
            moveRailPoint(doc, r.id, pick(r.points.size()), {c(rng), c(rng), 0});
        }
        break;
    case 7:
        if (!level.waypoints.empty())
            deleteObjects(doc, {{ObjectKind::Waypoint, level.waypoints[pick(level.waypoints.size())].id}});
        break;
    case 8:
        if (!level.waypoints.empty()) {
            std::string error;
            renameObject(doc, {ObjectKind::Waypoint, level.waypoints[pick(level.waypoints.size())].id},
                         "renamed" + std::to_string(rng() % 1000), &error);
        }
        break;
    case 9:
        if (!level.rails.empty()) {
            const Rail &r = level.rails[pick(level.rails.size())];
            if (std::bernoulli_distribution(0.5)(rng))
                insertRailPoint(doc, r.id, pick(r.points.size() + 1), {c(rng), c(rng), 0});
            else
                removeRailPoint(doc, r.id, pick(r.points.size()));
        }
        break;
    default: {
        std::vector<ObjectId> ids;
        for (const auto &w : level.waypoints)
            if (std::bernoulli_distribution(0.3)(rng)) ids.push_back({ObjectKind::Waypoint, w.id});
        pasteObjects(doc, extractObjects(level, ids), {5, 5, 0});
    }
    }
}
} // namespace

class TestLevelEditing : public QObject {
    Q_OBJECT
private slots:
    void addConnectAndUndo()
    {
        LevelDocument doc;
        const std::string a = addWaypoint(doc, {0, 0, 0});
        const std::string b = addWaypoint(doc, {10, 0, 0});
        QVERIFY(a != b);
        QVERIFY(connectWaypoints(doc, a, b, true));
        QVERIFY(!connectWaypoints(doc, b, a, true)); // already connected both ways
        QVERIFY(!connectWaypoints(doc, a, a, true)); // no self-loops
        QCOMPARE(doc.level().edges.size(), std::size_t(1));
        QVERIFY(doc.isModified());
        doc.undoStack()->undo();
        QVERIFY(doc.level().edges.empty());
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QVERIFY(doc.level() == Level{});
        QVERIFY(!doc.isModified());
        doc.undoStack()->redo();
        QCOMPARE(doc.level().waypoints.front().id, a);
    }

    void dragMergesIntoOneStep()
    {
        LevelDocument doc;
        const std::string a = addWaypoint(doc, {0, 0, 0});
        const int before = doc.undoStack()->count();
        for (int i = 0; i < 10; ++i) moveObjects(doc, {{ObjectKind::Waypoint, a}}, {1, 0, 0}, 42);
        QCOMPARE(doc.undoStack()->count(), before + 1);
        QCOMPARE(doc.level().waypoints.front().position.x, 10.0);
        doc.undoStack()->undo();
        QCOMPARE(doc.level().waypoints.front().position.x, 0.0);
    }

    // A drag past the edge of the world (number_limits.h) stops there, the group as one piece, so the
    // level still saves as a file that loads.
    void dragsStopAtTheEdgeOfTheWorld()
    {
        LevelDocument doc;
        const std::string a = addWaypoint(doc, {kMaxCoordinate - 10, 0, 0});
        const std::string b = addWaypoint(doc, {kMaxCoordinate - 30, 5, 0});
        const auto rail = addRail(doc, {{0, 0, 0}, {10, 0, 0}}, false);
        QVERIFY(rail);
        moveObjects(doc, {{ObjectKind::Waypoint, a}, {ObjectKind::Waypoint, b}}, {25, -kMaxCoordinate * 3, 1}, 0);
        QCOMPARE(doc.level().waypoints[0].position, (Vec3{kMaxCoordinate, -kMaxCoordinate, 1}));
        QCOMPARE(doc.level().waypoints[1].position, (Vec3{kMaxCoordinate - 20, 5 - kMaxCoordinate, 1}));
        moveRailPoint(doc, *rail, 1, {0, 2 * kMaxCoordinate, -2 * kMaxCoordinate});
        QCOMPARE(doc.level().rails[0].points[1], (Vec3{0, kMaxCoordinate, -kMaxCoordinate}));
        insertRailPoint(doc, *rail, 1, {-5 * kMaxCoordinate, 0, 0});
        QCOMPARE(doc.level().rails[0].points[1], (Vec3{-kMaxCoordinate, 0, 0}));
        QString why;
        QVERIFY2(reloads(doc.level(), &why), qPrintable(why));
    }

    // The loader refuses two consecutive rail points closer than 1e-6 but not equal; so does every
    // edit, with the loader's words, and nothing changes.
    void editsKeepRailPointsApartAsTheLoaderDoes()
    {
        LevelDocument doc;
        const auto rail = addRail(doc, {{0, 0, 0}, {10, 0, 0}, {20, 0, 0}}, false);
        QVERIFY(rail);
        const Level before = doc.level();
        const std::string why = moveRailPoint(doc, *rail, 1, {20 - 4e-7, 0, 0});
        QVERIFY2(why.find("points 2 and 3 are 4e-07 apart: closer than the resolution 1e-6") != std::string::npos,
                 why.c_str());
        QVERIFY(doc.level() == before);
        QVERIFY(!insertRailPoint(doc, *rail, 1, {1e-7, 0, 0}).empty());
        QVERIFY(!editRail(
            doc, *rail, [](Rail r) { return r.points[0].x = 10 + 5e-7, r; }, "Edit"));
        QVERIFY(doc.level() == before);
        // Equal points are allowed (a segment that is a point), and so is 1e-6 apart.
        QCOMPARE(moveRailPoint(doc, *rail, 1, {20, 0, 0}), std::string());
        QCOMPARE(moveRailPoint(doc, *rail, 1, {20 - 1e-6, 0, 0}), std::string());
        QString reason;
        QVERIFY2(reloads(doc.level(), &reason), qPrintable(reason));
    }

    void deletingAWaypointCleansUp()
    {
        LevelDocument doc;
        QVERIFY(doc.load(RAILFORGE_SOURCE_DIR "/resources/levels/demo.yaml").level);
        const Level before = doc.level();
        const std::string stop = before.patrols.front().stops[1];
        deleteObjects(doc, {{ObjectKind::Waypoint, stop}});
        const Level &after = doc.level();
        QCOMPARE(after.waypoints.size(), before.waypoints.size() - 1);
        for (const Edge &e : after.edges) QVERIFY(e.from != stop && e.to != stop);
        for (const Patrol &p : after.patrols) QVERIFY(std::find(p.stops.begin(), p.stops.end(), stop) == p.stops.end());
        QString why;
        QVERIFY2(reloads(after, &why), qPrintable(why));
        doc.undoStack()->undo();
        QVERIFY(doc.level() == before);
    }

    void renameUpdatesReferences()
    {
        LevelDocument doc;
        QVERIFY(doc.load(RAILFORGE_SOURCE_DIR "/resources/levels/demo.yaml").level);
        const std::string old = doc.level().patrols.front().stops.front();
        std::string error;
        QVERIFY(!renameObject(doc, {ObjectKind::Waypoint, old}, doc.level().waypoints.back().id, &error));
        QVERIFY(error.find("already") != std::string::npos);
        // A line break or NUL in an id would forge or cut lines of diagnostics: refused, as the loader does.
        for (const std::string &bad :
             {std::string("front\ngate"), std::string("front\0gate", 10), std::string("a\tb")}) {
            QVERIFY(!renameObject(doc, {ObjectKind::Waypoint, old}, bad, &error));
            QVERIFY2(error.find("control characters") != std::string::npos, error.c_str());
        }
        QVERIFY(renameObject(doc, {ObjectKind::Waypoint, old}, "front_gate", &error));
        QCOMPARE(doc.level().patrols.front().stops.front(), std::string("front_gate"));
        QString why;
        QVERIFY2(reloads(doc.level(), &why), qPrintable(why));
    }

    void randomEditsUndoAndRedoExactly()
    {
        std::mt19937_64 rng(8080);
        for (int trial = 0; trial < 60; ++trial) {
            LevelDocument doc;
            QVERIFY(doc.load(RAILFORGE_SOURCE_DIR "/resources/levels/demo.yaml").level);
            const Level original = doc.level();
            const int edits = std::uniform_int_distribution<int>(1, 40)(rng);
            for (int i = 0; i < edits; ++i) {
                randomEdit(doc, rng);
                QString why;
                if (!reloads(doc.level(), &why)) QFAIL(qPrintable("edit made the document invalid:\n" + why));
            }
            const Level edited = doc.level();
            while (doc.undoStack()->canUndo()) doc.undoStack()->undo();
            QVERIFY2(doc.level() == original, qPrintable(QString("trial %1: undo all differs").arg(trial)));
            QVERIFY(!doc.isModified());
            while (doc.undoStack()->canRedo()) doc.undoStack()->redo();
            QVERIFY2(doc.level() == edited, qPrintable(QString("trial %1: redo all differs").arg(trial)));
        }
    }
};

QTEST_GUILESS_MAIN(TestLevelEditing)
#include "test_level_editing.moc"
