// Joins that make a branch leave along its trunk (docs/ui.md "Junctions"): for a curved, tilted
// Catmull-Rom trunk and branches of every spline kind joined at two places along it by either of
// their own ends, the branch's direction at the junction is the trunk's (to 1e-6 degrees), its end's tilt the trunk's there, and `validate`'s turn warning is
// gone; a free join keeps the branch as it was drawn; one undo step restores everything.
#include "core/frames.h"
#include "document/checks/junction_warnings.h"
#include "document/editing/junction_editing.h"
#include "document/editing/level_document.h"
#include "document/model/rail_geometry.h"
#include "document/yaml/level_reader.h"

#include <QtTest>

#include <cmath>

using namespace railforge;
using namespace railforge::document;

namespace {

const char *kLevel = R"(railforge: 1
level: {name: Branches, units: m}
rails:
  - id: trunk
    frame: upright
    spline: {type: catmull-rom, alpha: 0.5}
    points: [[0, 0, 0], {at: [40, 10, 2], tilt: -12}, {at: [80, 0, 4], tilt: 8}, [120, -20, 4]]
  - id: branch
    frame: upright
    spline: {type: %1, alpha: 0.5}
    points: [[50, 30, 3], [90, 60, 3], [130, 80, 2]]
)";

double degreesBetween(core::Vec3 a, core::Vec3 b)
{
    const double c = core::dot(a, b) / (core::length(a) * core::length(b));
    return std::acos(std::clamp(c, -1.0, 1.0)) * 180.0 / M_PI;
}

struct Direction {
    core::Vec3 tangent; // the branch's unit direction at its joined end, heading into the branch
    double tilt = 0.0;  // degrees
};

Direction branchEnd(const Level &level, RailEnd end)
{
    const Rail &branch = level.rails[std::size_t(findRail(level, "branch"))];
    const core::ArcLengthTable table = core::buildArcLengthTable(railCurve(branch));
    const core::FrameTable frames = railFrames(branch, table);
    const double s = end == RailEnd::Start ? 0.0 : core::totalLength(table);
    const core::Vec3 t = core::sampleAt(table, s).tangent;
    return {end == RailEnd::Start ? t : -t, core::tiltAt(frames, s) * 180.0 / M_PI};
}

Direction trunkAt(const Level &level, double s)
{
    const Rail &trunk = level.rails[std::size_t(findRail(level, "trunk"))];
    const core::ArcLengthTable table = core::buildArcLengthTable(railCurve(trunk));
    const core::FrameTable frames = railFrames(trunk, table);
    return {core::sampleAt(table, s).tangent, core::tiltAt(frames, s) * 180.0 / M_PI};
}

bool warnsOfATurn(const Level &level)
{
    for (const auto &problem : junctionWarnings(level))
        if (problem.message.find("turns") != std::string::npos) return true;
    return false;
}

} // namespace

class TestBranchAlignment : public QObject {
    Q_OBJECT
private slots:
    void joinsLeaveAlongTheTrunk_data()
    {
        QTest::addColumn<QString>("spline");
        QTest::addColumn<bool>("byStart");
        QTest::addColumn<double>("s");
        for (const char *spline : {"catmull-rom", "linear", "bezier"})
            for (bool byStart : {true, false})
                for (double s : {30.0, 70.0}) {
                    const QByteArray name =
                        QByteArray(spline) + (byStart ? " start" : " end") + " at " + QByteArray::number(s);
                    QTest::newRow(name.constData()) << QString(spline) << byStart << s;
                }
    }
    void joinsLeaveAlongTheTrunk()
    {
        QFETCH(QString, spline);
        QFETCH(bool, byStart);
        QFETCH(double, s);
        LevelDocument document;
        LoadResult loaded = readLevel(QString(kLevel).arg(spline).toStdString(), "branches.yaml");
        QVERIFY(loaded.level);
        document.setLevel(*loaded.level);
        const Level before = document.level();
        const RailEnd end = byStart ? RailEnd::Start : RailEnd::End;
        QCOMPARE(joinRailEnd(document, "branch", end, "trunk", s, 1e-9), std::string());
        const Direction branch = branchEnd(document.level(), end);
        const Direction trunk = trunkAt(document.level(), s);
        // Every branch here heads on the way the trunk runs.
        const double angle = degreesBetween(branch.tangent, trunk.tangent);
        QVERIFY2(angle < 1e-6, qPrintable(QString::number(angle)));
        QVERIFY2(std::abs(branch.tilt - trunk.tilt) < 1e-3,
                 qPrintable(QString("tilt %1, trunk %2").arg(branch.tilt).arg(trunk.tilt)));
        QVERIFY(!warnsOfATurn(document.level()));
        document.undoStack()->undo();
        QVERIFY(document.level() == before);
    }

    void aFreeJoinKeepsTheBranch()
    {
        LevelDocument document;
        LoadResult loaded = readLevel(QString(kLevel).arg("catmull-rom").toStdString(), "branches.yaml");
        QVERIFY(loaded.level);
        document.setLevel(*loaded.level);
        QCOMPARE(joinRailEnd(document, "branch", RailEnd::Start, "trunk", 60, 1e-9, false), std::string());
        const Rail &branch = document.level().rails[std::size_t(findRail(document.level(), "branch"))];
        QCOMPARE(branch.points.size(), std::size_t(3));
        QCOMPARE(branch.points[1], (core::Vec3{90, 60, 3}));
        const double angle =
            degreesBetween(branchEnd(document.level(), RailEnd::Start).tangent, trunkAt(document.level(), 60).tangent);
        QVERIFY2(angle > 30, qPrintable(QString::number(angle))); // as drawn: a kink the rules warn of
    }
};

QTEST_GUILESS_MAIN(TestBranchAlignment)
#include "test_branch_alignment.moc"
