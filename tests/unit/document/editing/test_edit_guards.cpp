// The document guards itself (docs/architecture.md): every edit function checks the level's rules
// and says why it refused, so the inspector, the gizmo, the profile and the CLI need not check first.
// Each value a rule refuses is tried through the edit functions on the demo level: the function
// names the rule, nothing is pushed on the undo stack and the level is as it was; a value the rule
// allows goes in.
#include "document/editing/level_editing.h"
#include "document/editing/rail_handle_editing.h"
#include "document/editing/rail_track_editing.h"
#include "document/model/object_ref.h"

#include <QtTest>

#include <functional>

using namespace railforge::document;

class TestEditGuards : public QObject {
    Q_OBJECT

    LevelDocument doc;

    // `edit` refused with a reason containing `said`, the level and the undo stack untouched.
    void refused(const std::function<std::string()> &edit, const char *said)
    {
        const Level before = doc.level();
        const int steps = doc.undoStack()->count();
        const std::string why = edit();
        QVERIFY2(why.find(said) != std::string::npos, why.c_str());
        QCOMPARE(doc.undoStack()->count(), steps);
        QVERIFY(doc.level() == before);
    }

private slots:
    void initTestCase() { QVERIFY(doc.load(RAILFORGE_SOURCE_DIR "/resources/levels/demo.yaml").level); }

    void objectEditsKeepTheRules()
    {
        Waypoint w = doc.level().waypoints.front();
        const ObjectIndex wAt = *findObject(doc.level(), {ObjectKind::Waypoint, w.id});
        w.position.x = 1e12;
        refused([&] { return changeObject(doc, wAt, w, "move"); }, "coordinate");

        Rail rail = doc.level().rails.front();
        const ObjectIndex rAt = *findObject(doc.level(), {ObjectKind::Rail, rail.id});
        Rail bad = rail;
        bad.alpha = 2;
        refused([&] { return changeObject(doc, rAt, bad, "alpha"); }, "alpha");
        bad = rail;
        bad.points[1] = bad.points[0] + Vec3{1e-7, 0, 0};
        refused([&] { return changeObject(doc, rAt, bad, "squeeze"); }, "closer than");
        bad = rail;
        bad.track = TrackStyle{};
        bad.track->size = -1;
        refused([&] { return changeObject(doc, rAt, bad, "track"); }, "the track");
        // Several at once: all refused with the first reason.
        bad = rail;
        bad.tilts.assign(bad.points.size(), 1e6);
        refused([&] { return changeObjects(doc, {{wAt, AnyObject(w)}, {rAt, AnyObject(bad)}}, "both"); }, "coordinate");

        // Allowed values go in, one step each.
        const int steps = doc.undoStack()->count();
        w.position.x = 5;
        QCOMPARE(changeObject(doc, wAt, w, "move"), std::string());
        QCOMPARE(doc.undoStack()->count(), steps + 1);
    }

    void railEditFunctionsKeepTheRules()
    {
        const std::string rail = doc.level().rails.front().id;
        refused([&] { return setRailPointTilt(doc, rail, 0, 1e6); }, "tilt");
        refused([&] { return setRailPointTilt(doc, rail, 999, 10); }, "no point");
        refused([&] { return moveRailHandle(doc, rail, 0, HandleSide::Out, {1e12, 0, 0}, false); }, "handle offset");
        TrackStyle style;
        style.ties.every = -1;
        refused([&] { return setRailTrack(doc, rail, style, "ties"); }, "spacing");
        refused([&] { return setLevelTrack(doc, style, "ties"); }, "spacing");
        QCOMPARE(setRailPointTilt(doc, rail, 0, 15), std::string());
        QCOMPARE(doc.level().rails.front().tilts.at(0), 15.0);
    }
};

QTEST_GUILESS_MAIN(TestEditGuards)
#include "test_edit_guards.moc"
