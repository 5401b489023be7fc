// Edits keep junctions whole (docs/design.md "Rail networks"), each in the edit's own undo step:
// moving a junction's trunk end takes every linked end along; a linked end dragged alone stays on
// its junction; a height jump written in the file stays (and edits elsewhere leave its rail
// untouched); reshaping the trunk under a mid-rail junction moves its linked end; deleting a rail
// takes its links out (the junction goes when none is left) and says so; renaming a rail renames it
// in its junctions; every saved result loads again.
#include "document/editing/level_document.h"
#include "document/editing/level_editing.h"
#include "document/model/rail_geometry.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_writer.h"

#include <QtTest>

using namespace railforge;
using namespace railforge::document;

namespace {

const char *kNetwork = R"(railforge: 1
level: {name: Network, units: m}
rails:
  - id: main
    spline: {type: linear, alpha: 0.5}
    points: [[0, 0, 0], [100, 0, 0]]
  - id: to_mine
    spline: {type: linear, alpha: 0.5}
    points: [[100, 0, 0], [140, 30, 0]]
  - id: to_lift
    spline: {type: linear, alpha: 0.5}
    points: [[100, 0, 1.5], [180, -60, 0]]
  - id: spur
    spline: {type: linear, alpha: 0.5}
    points: [[40, 0, 0], [80, 30, 0]]
  - id: other
    spline: {type: linear, alpha: 0.5}
    points: [[0, 50, 0], [30, 50, 0]]
junctions:
  - id: fork
    at: {rail: main, end: end}
    links: [{rail: to_mine, end: start}, {rail: to_lift, end: start}]
  - id: siding
    at: {rail: main, s: 40}
    links: [{rail: spur, end: start}]
)";

void open(LevelDocument &document)
{
    LoadResult loaded = readLevel(kNetwork, "network.yaml");
    QVERIFY(loaded.level);
    document.setLevel(*loaded.level);
}

const Rail &rail(const LevelDocument &d, const char *id)
{
    return d.level().rails[std::size_t(findRail(d.level(), id))];
}

// The mine-cart line (tests/data/levels/mine): a junction mid-way along main, a branch from it.
LoadResult mineLevel()
{
    QFile file(QStringLiteral(RAILFORGE_SOURCE_DIR "/tests/data/levels/mine/mine.yaml"));
    if (!file.open(QIODevice::ReadOnly)) return {};
    return readLevel(file.readAll().toStdString(), "mine.yaml");
}

bool loadsAgain(const Level &level)
{
    const LoadResult back = readLevel(writeLevel(level), "saved.yaml");
    for (const Diagnostic &d : back.diagnostics)
        if (d.severity == Severity::Error) qWarning("%s", formatDiagnostic(d).c_str());
    return back.level.has_value();
}

} // namespace

class TestJunctionKeeping : public QObject {
    Q_OBJECT
private slots:
    void theTrunksEndTakesItsLinksAlong()
    {
        LevelDocument d;
        open(d);
        moveRailPoint(d, "main", 1, {110, 5, 2});
        QCOMPARE(rail(d, "to_mine").points.front(), (Vec3{110, 5, 2}));
        QCOMPARE(rail(d, "to_lift").points.front(), (Vec3{110, 5, 3.5})); // its 1.5 above the point stays
        QCOMPARE(rail(d, "to_mine").points.back(), (Vec3{140, 30, 0}));
        QVERIFY(loadsAgain(d.level()));
        QCOMPARE(d.undoStack()->count(), 1);
        d.undoStack()->undo();
        QCOMPARE(rail(d, "to_mine").points.front(), (Vec3{100, 0, 0}));
    }

    void aLinkedEndDraggedAloneStaysOnItsJunction()
    {
        LevelDocument d;
        open(d);
        moveRailPoint(d, "to_mine", 0, {90, 10, 0});
        QCOMPARE(rail(d, "to_mine").points.front(), (Vec3{100, 0, 0}));
        moveRailPoint(d, "to_mine", 1, {150, 40, 0}); // its free end moves as ever
        QCOMPARE(rail(d, "to_mine").points.back(), (Vec3{150, 40, 0}));
    }

    void anEditElsewhereLeavesJunctionRailsAlone()
    {
        LevelDocument d;
        open(d);
        const Level before = d.level();
        moveRailPoint(d, "other", 1, {35, 55, 0});
        // to_lift's height jump (1.5 above the fork) is the file's: nothing touches it.
        QVERIFY(rail(d, "to_lift") == before.rails[2]);
        QVERIFY(rail(d, "main") == before.rails[0]);
    }

    void reshapingTheTrunkMovesAMidRailJunctionsLink()
    {
        LevelDocument d;
        open(d);
        moveRailPoint(d, "main", 0, {0, 20, 0}); // main now runs from (0, 20) to (100, 0)
        const Vec3 start = rail(d, "spur").points.front();
        // The junction keeps its fraction of its segment (40 of 100): 0.4 of the way along the new main.
        QVERIFY2(std::abs(start.x - 40) < 1e-9 && std::abs(start.y - 12) < 1e-9,
                 qPrintable(QString("%1, %2").arg(start.x).arg(start.y)));
        QCOMPARE(d.level().junctions[1].s, 0.4 * std::hypot(100.0, 20.0));
        QVERIFY(loadsAgain(d.level()));
    }

    // The mine-cart case: main's first point moved (x 10 -> 2) in the inspector. The junction at s 108
    // on the deck and the brake event at s 120 are on segments the edit left as they were: they stay
    // at the same point in space (their s grows by what the first stretch grew), and the branch with
    // them.
    void anEditAwayFromAJunctionLeavesItWhereItWas()
    {
        const LoadResult loaded = mineLevel();
        QVERIFY(loaded.level);
        LevelDocument d;
        d.setLevel(*loaded.level);
        auto at = [&](const std::string &id, double s) {
            const Rail &r = rail(d, id.c_str());
            return core::sampleAt(core::buildArcLengthTable(railCurve(r)), s).position;
        };
        auto event = [&] { return rail(d, "main").channels[1].keys[0].s; };
        const Vec3 junction = at("main", d.level().junctions[0].s), brake = at("main", event());
        const Vec3 branchStart = rail(d, "branch").points.front();
        moveRailPoint(d, "main", 0, {2, 0, 1.5});
        QVERIFY(d.level().junctions[0].s > 108 + 7); // the first stretch is 8 longer
        QVERIFY(core::length(at("main", d.level().junctions[0].s) - junction) < 1e-6);
        QVERIFY(core::length(at("main", event()) - brake) < 1e-6);
        QVERIFY(core::length(rail(d, "branch").points.front() - branchStart) < 1e-6);
        QVERIFY(loadsAgain(d.level()));
        d.undoStack()->undo();
        QVERIFY(d.level() == *loaded.level);
    }

    // The branch's linked start is written as the file has it while its junction stays put: an edit
    // of the trunk elsewhere (a point away from the junction's segment, a colour) recomputes the
    // junction's place only to its last bits, and must not rewrite a rail it never reached.
    void aLinkedRailNotReachedIsNotRewritten()
    {
        const LoadResult loaded = mineLevel();
        QVERIFY(loaded.level);
        LevelDocument d;
        d.setLevel(*loaded.level);
        const Rail branch = rail(d, "branch");
        moveRailPoint(d, "main", 1, {41, -1, 1.5});
        QVERIFY(rail(d, "branch").points == branch.points); // exactly, not to a tolerance
        const double s = d.level().junctions[0].s;
        QVERIFY(editRail(
            d, "main",
            [](Rail r) {
                r.properties.push_back({"colour", Color{"#ff8800"}});
                return r;
            },
            QStringLiteral("Colour")));
        QVERIFY(rail(d, "branch").points == branch.points);
        QCOMPARE(d.level().junctions[0].s, s); // a colour moves no place along the rail
    }

    void deletingARailTakesItsLinksAndSaysSo()
    {
        LevelDocument d;
        open(d);
        DeleteReport report = deleteObjects(d, {{ObjectKind::Rail, "to_lift"}});
        QCOMPARE(report.junctionsUnlinked, std::vector<std::string>{"fork"});
        QCOMPARE(d.level().junctions[0].links.size(), std::size_t(1));
        report = deleteObjects(d, {{ObjectKind::Rail, "spur"}});
        QCOMPARE(report.junctionsRemoved, std::vector<std::string>{"siding"});
        QCOMPARE(d.level().junctions.size(), std::size_t(1));
        report = deleteObjects(d, {{ObjectKind::Rail, "main"}});
        QCOMPARE(report.junctionsRemoved, std::vector<std::string>{"fork"});
        QVERIFY(d.level().junctions.empty());
        QVERIFY(loadsAgain(d.level()));
        d.undoStack()->undo();
        d.undoStack()->undo();
        d.undoStack()->undo();
        QCOMPARE(d.level().junctions.size(), std::size_t(2));
        QCOMPARE(d.level().junctions[0].links.size(), std::size_t(2));
    }

    void renamingARailRenamesItInItsJunctions()
    {
        LevelDocument d;
        open(d);
        std::string error;
        QVERIFY(renameObject(d, {ObjectKind::Rail, "main"}, "trunk", &error));
        QCOMPARE(d.level().junctions[0].rail, std::string("trunk"));
        QCOMPARE(d.level().junctions[1].rail, std::string("trunk"));
        QVERIFY(renameObject(d, {ObjectKind::Rail, "to_mine"}, "mine", &error));
        QCOMPARE(d.level().junctions[0].links[0].rail, std::string("mine"));
        QVERIFY(loadsAgain(d.level()));
        d.undoStack()->undo();
        d.undoStack()->undo();
        QCOMPARE(d.level().junctions[0].rail, std::string("main"));
        QCOMPARE(d.level().junctions[0].links[0].rail, std::string("to_mine"));
    }
};

QTEST_GUILESS_MAIN(TestJunctionKeeping)
#include "test_junction_keeping.moc"
