// Handle and tilt edits of rail points, and spline changes that keep the curve: the pure Rail
// functions against their definitions, the document edits as single undo steps, and the saved
// file reading back to the same rail.
#include "core/arc_length.h"
#include "core/rail_index.h"
#include "document/editing/point_handle.h"
#include "document/editing/rail_handle_editing.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_writer.h"

#include <QtTest>

#include <random>

using namespace railforge::document;
using railforge::core::Vec3;

namespace {

double maxNorm(Vec3 v) { return std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)}); }

Rail bezierRail()
{
    Rail r;
    r.id = "b";
    r.spline = SplineKind::Bezier;
    r.points = {{0, 0, 0}, {10, 0, 0}, {20, 5, 1}, {30, 0, 0}};
    setPointHandles(r, 1, {HandleMode::Mirrored, {-3, 0, 0}, {3, 0, 0}});
    return r;
}

// Every sample of `a` lies on `b` (to tol): the same shape, whatever the parameterisation.
double worstOffCurve(const Rail &a, const Rail &b)
{
    const railforge::core::RailIndex index(railCurve(b));
    double worst = 0;
    for (const auto &row : railforge::core::sample(railCurve(a), 0.05))
        worst = std::max(worst, index.nearest(row.position)->distance);
    return worst;
}

} // namespace

class TestRailHandles : public QObject {
    Q_OBJECT
private slots:
    void mirroredDragMirrors()
    {
        const Rail r = withHandleMoved(bezierRail(), 1, HandleSide::Out, {2, 2, 0.5}, false);
        QVERIFY((pointHandles(r, 1) == PointHandles{HandleMode::Mirrored, {-2, -2, -0.5}, {2, 2, 0.5}}));
        const Rail in = withHandleMoved(bezierRail(), 1, HandleSide::In, {-1, 4, 0}, false);
        QVERIFY((pointHandles(in, 1) == PointHandles{HandleMode::Mirrored, {-1, 4, 0}, {1, -4, 0}}));
    }

    void alignedDragKeepsTheOtherLength()
    {
        Rail r = withHandleMode(bezierRail(), 1, HandleMode::Aligned);
        r = withHandleMoved(r, 1, HandleSide::In, {-5, 0, 0}, false); // in (-5,0,0), out (5... opposite, length 3)
        QVERIFY(maxNorm(pointHandles(r, 1).out - Vec3{3, 0, 0}) <= 1e-15);
        r = withHandleMoved(r, 1, HandleSide::Out, {0, 2, 0}, false);
        const PointHandles h = pointHandles(r, 1);
        QVERIFY(h.mode == HandleMode::Aligned);
        QVERIFY(maxNorm(h.out - Vec3{0, 2, 0}) == 0);
        QVERIFY(maxNorm(h.in - Vec3{0, -5, 0}) <= 1e-15);
        // What the editor makes, the loader accepts (aligned = opposite directions).
        Level level;
        level.rails.push_back(r);
        const auto loaded = readLevel(writeLevel(level), "aligned.yaml");
        QVERIFY(loaded.level && loaded.level->rails[0] == r);
    }

    void freeAndAltDragMoveOnlyOneHandle()
    {
        const Rail r = withHandleMoved(bezierRail(), 1, HandleSide::Out, {1, 1, 0}, true);
        QVERIFY((pointHandles(r, 1) == PointHandles{HandleMode::Free, {-3, 0, 0}, {1, 1, 0}}));
        const Rail again = withHandleMoved(r, 1, HandleSide::In, {0, -1, 0}, false);
        QVERIFY((pointHandles(again, 1) == PointHandles{HandleMode::Free, {0, -1, 0}, {1, 1, 0}}));
    }

    void autoDragBecomesAlignedFromTheAutoHandles()
    {
        const Rail r0 = bezierRail();
        const PointHandles before = shownHandles(r0, 2); // auto
        QVERIFY(before.mode == HandleMode::Auto && before.out != Vec3{});
        const Rail r = withHandleMoved(r0, 2, HandleSide::Out, {0, 4, 0}, false);
        const PointHandles h = pointHandles(r, 2);
        QVERIFY(h.mode == HandleMode::Aligned);
        QVERIFY(std::abs(railforge::core::length(h.in) - railforge::core::length(before.in)) <= 1e-12);
        QVERIFY(maxNorm(railforge::core::unitOrZero(h.in) - Vec3{0, -1, 0}) <= 1e-15);
    }

    void cornerHasNothingToDrag()
    {
        Rail r = withHandleMode(bezierRail(), 1, HandleMode::Corner);
        QVERIFY(withHandleMoved(r, 1, HandleSide::Out, {1, 1, 0}, false) == r);
        // Leaving a corner starts from the auto handles, so there is something to pull.
        const Rail free = withHandleMode(r, 1, HandleMode::Free);
        QVERIFY(pointHandles(free, 1).out != Vec3{});
    }

    void modeChangesKeepTheCurveWhereTheyCan()
    {
        // auto -> free keeps the computed handles, so the curve does not move.
        const Rail r0 = bezierRail();
        const Rail free = withHandleMode(r0, 2, HandleMode::Free);
        const auto a = railforge::core::toBeziers(railCurve(r0));
        const auto b = railforge::core::toBeziers(railCurve(free));
        for (std::size_t i = 0; i < a.size(); ++i)
            for (int k = 0; k < 4; ++k) QVERIFY(maxNorm(a[i].p[k] - b[i].p[k]) <= 1e-12);
    }

    void catmullRomToBezierIsExact()
    {
        std::mt19937_64 rng(3);
        std::uniform_real_distribution<double> d(-20, 20);
        for (int trial = 0; trial < 50; ++trial) {
            Rail r;
            r.id = "r";
            r.alpha = 0.5 * (trial % 3);
            r.closed = trial % 2;
            for (int k = 0; k < 3 + trial % 5; ++k) r.points.push_back({d(rng), d(rng), d(rng) / 4});
            const Rail b = withSplineKind(r, SplineKind::Bezier);
            QVERIFY(b.spline == SplineKind::Bezier && b.handles.empty());
            QVERIFY(splineChangeWarning(r, SplineKind::Bezier).empty());
            const auto x = railforge::core::toBeziers(railCurve(r));
            const auto y = railforge::core::toBeziers(railCurve(b));
            for (std::size_t i = 0; i < x.size(); ++i)
                for (int k = 0; k < 4; ++k) QVERIFY(x[i].p[k] == y[i].p[k]);
            // Back to catmull-rom: nothing changes, nothing to warn about.
            QVERIFY(splineChangeWarning(b, SplineKind::CatmullRom).empty());
            QVERIFY(withSplineKind(b, SplineKind::CatmullRom) == r);
        }
    }

    void linearToBezierMakesCornersOnTheSameLines()
    {
        Rail r;
        r.id = "l";
        r.spline = SplineKind::Linear;
        r.points = {{0, 0, 0}, {10, 3, 0}, {12, -4, 2}, {0, -8, 0}};
        const Rail b = withSplineKind(r, SplineKind::Bezier);
        for (std::size_t i = 0; i < b.points.size(); ++i) QVERIFY(pointHandles(b, i).mode == HandleMode::Corner);
        QVERIFY(worstOffCurve(b, r) <= 1e-12);
        QVERIFY(worstOffCurve(r, b) <= 1e-12);
        QVERIFY(splineChangeWarning(b, SplineKind::Linear).empty()); // corners only: already straight
    }

    void bezierBackSaysWhatChanges()
    {
        const Rail r = bezierRail();
        const std::string toCatmullRom = splineChangeWarning(r, SplineKind::CatmullRom);
        QVERIFY2(toCatmullRom.find("1 point has its own handles") != std::string::npos, toCatmullRom.c_str());
        QVERIFY(splineChangeWarning(r, SplineKind::Linear).find("straight lines") != std::string::npos);
        const Rail back = withSplineKind(r, SplineKind::CatmullRom);
        QVERIFY(back.handles.empty());
        QVERIFY(worstOffCurve(back, r) > 1e-3); // it really changed, as the warning said
    }

    void tiltsSurviveSplineChanges()
    {
        Rail r = bezierRail();
        setPointTilt(r, 2, 30);
        for (SplineKind k : {SplineKind::CatmullRom, SplineKind::Linear, SplineKind::Bezier})
            QCOMPARE(withSplineKind(r, k).tilts, (std::vector<double>{0, 0, 30, 0}));
    }

    void insertingAPointKeepsABezierCurveExactly()
    {
        std::mt19937_64 rng(21);
        std::uniform_real_distribution<double> d(-20, 20);
        std::uniform_real_distribution<double> h(-4, 4);
        for (int trial = 0; trial < 60; ++trial) {
            Rail r;
            r.id = "r";
            r.spline = SplineKind::Bezier;
            r.closed = trial % 3 == 0;
            for (int k = 0; k < 3 + trial % 4; ++k) r.points.push_back({d(rng), d(rng), d(rng) / 4});
            for (std::size_t k = 0; k < r.points.size(); ++k) {
                const Vec3 out{h(rng), h(rng), 0};
                const auto mode = static_cast<HandleMode>(k % 5);
                setPointHandles(r, k, {mode, mode == HandleMode::Aligned ? out * -0.5 : Vec3{h(rng), h(rng), 0}, out});
                if (trial % 2) setPointTilt(r, k, 10.0 * double(k));
            }
            const std::size_t segment = std::size_t(trial) % railforge::core::segmentCount(railCurve(r));
            const double u = std::uniform_real_distribution<double>(0.05, 0.95)(rng);
            const Rail after = withPointInserted(r, segment, u);
            QCOMPARE(after.points.size(), r.points.size() + 1);
            QVERIFY2(
                worstOffCurve(after, r) <= 1e-9 && worstOffCurve(r, after) <= 1e-9,
                qPrintable(
                    QString("trial %1: %2 / %3").arg(trial).arg(worstOffCurve(after, r)).arg(worstOffCurve(r, after))));
            // The tilt there is what the rail had there (the banking stays put), and the file reads back.
            if (trial % 2) QVERIFY(pointTilt(after, segment + 1) >= 10.0 * double(segment) - 1e-9);
            Level level;
            level.rails.push_back(after);
            const auto loaded = readLevel(writeLevel(level), "inserted.yaml");
            QVERIFY(loaded.level && loaded.level->rails[0] == after);
        }
    }

    void documentEditsAreSingleUndoSteps()
    {
        LevelDocument doc;
        Level level;
        level.rails.push_back(bezierRail());
        doc.setLevel(level);
        const int start = doc.undoStack()->count();
        // A drag: many moves with one merge key.
        for (int k = 1; k <= 10; ++k)
            QVERIFY(moveRailHandle(doc, "b", 1, HandleSide::Out, {3, 0.1 * k, 0}, false, 77).empty());
        QCOMPARE(doc.undoStack()->count(), start + 1);
        QVERIFY(setRailPointTilt(doc, "b", 2, 45).empty());
        QVERIFY(setRailHandleMode(doc, "b", 1, HandleMode::Free));
        QVERIFY(setRailSpline(doc, "b", SplineKind::CatmullRom));
        QCOMPARE(doc.undoStack()->count(), start + 4);
        QVERIFY(!setRailSpline(doc, "b", SplineKind::CatmullRom));                    // nothing to change: no step
        QVERIFY(!moveRailHandle(doc, "nope", 1, HandleSide::Out, {}, false).empty()); // says why
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(pointTilt(doc.level().rails[0], 2), 0.0);
        QVERIFY(maxNorm(pointHandles(doc.level().rails[0], 1).out - Vec3{3, 1, 0}) <= 1e-15);
        doc.undoStack()->undo();
        QVERIFY(doc.level().rails[0] == bezierRail());
    }

    // The handle protocol: a drag of any grip is one undo step, whatever view makes it, and a drag
    // taken back (Escape) leaves the level as at the grab with nothing to redo.
    void aDragOfAnyGripIsOneUndoStep_data()
    {
        QTest::addColumn<int>("grip");
        QTest::newRow("point") << int(Grip::Point);
        QTest::newRow("bezier in") << int(Grip::BezierIn);
        QTest::newRow("bezier out") << int(Grip::BezierOut);
        QTest::newRow("tilt") << int(Grip::Tilt);
    }
    void aDragOfAnyGripIsOneUndoStep()
    {
        QFETCH(int, grip);
        LevelDocument doc;
        Level level;
        level.rails.push_back(bezierRail());
        doc.setLevel(level);
        const int start = doc.undoStack()->count();
        HandleDrag drag(doc, {"b", 1, Grip(grip)}, 501);
        for (int k = 1; k <= 8; ++k) {
            const std::string why = Grip(grip) == Grip::Tilt ? drag.tiltTo(5.0 * k)
                                                             : drag.moveTo(Vec3{10, 0, 0} + Vec3{1, 0.5 * k, 0.25 * k});
            QVERIFY2(why.empty(), why.c_str());
        }
        QCOMPARE(doc.undoStack()->count(), start + 1);
        const Rail &moved = doc.level().rails[0];
        switch (Grip(grip)) {
        case Grip::Point: QCOMPARE(moved.points[1], (Vec3{11, 4, 2})); break;
        case Grip::BezierIn:
            QVERIFY(maxNorm(pointHandles(moved, 1).in - Vec3{1, 4, 2}) <= 1e-9);
            QVERIFY(maxNorm(pointHandles(moved, 1).out + Vec3{1, 4, 2}) <= 1e-9); // mirrored
            break;
        case Grip::BezierOut: QVERIFY(maxNorm(pointHandles(moved, 1).out - Vec3{1, 4, 2}) <= 1e-9); break;
        case Grip::Tilt: QCOMPARE(pointTilt(moved, 1), 40.0); break;
        }
        doc.undoStack()->undo();
        QVERIFY(doc.level().rails[0] == bezierRail());
    }

    void aCancelledDragLeavesNothingToRedo()
    {
        LevelDocument doc;
        Level level;
        level.rails.push_back(bezierRail());
        doc.setLevel(level);
        QVERIFY(setRailPointTilt(doc, "b", 2, 10).empty()); // an earlier step stays
        const int before = doc.undoStack()->count();
        HandleDrag drag(doc, {"b", 1, Grip::BezierOut}, 502);
        QVERIFY(!drag.cancel()); // nothing moved yet
        QVERIFY(drag.moveTo({14, 2, 0}).empty());
        QVERIFY(drag.moveTo({15, 3, 1}).empty());
        QVERIFY(drag.cancel());
        QCOMPARE(doc.undoStack()->count(), before);
        QCOMPARE(doc.undoStack()->index(), before);
        QVERIFY(!doc.undoStack()->canRedo());
        const Rail expected = bezierRail();
        QCOMPARE(pointTilt(doc.level().rails[0], 2), 10.0);
        QVERIFY(pointHandles(doc.level().rails[0], 1).out == pointHandles(expected, 1).out);
        // A tilt grip does not move, a point grip does not turn: each says so and changes nothing.
        HandleDrag tilt(doc, {"b", 1, Grip::Tilt}, 503);
        QVERIFY(!tilt.moveTo({0, 0, 0}).empty());
        HandleDrag point(doc, {"b", 1, Grip::Point}, 504);
        QVERIFY(!point.tiltTo(10).empty());
        QVERIFY(!HandleDrag(doc, {"nope", 1, Grip::BezierOut}, 505).moveTo({}).empty());
        QCOMPARE(doc.undoStack()->count(), before);
    }

    void shownHandleTipsAreTheHandlesTheCurveUses()
    {
        Rail r = bezierRail();
        const auto tips = shownHandleTips(r, 1);
        QCOMPARE(tips.size(), std::size_t(2));
        QVERIFY(tips[0].side == HandleSide::In && tips[0].tip == (Vec3{7, 0, 0}) && !tips[0].automatic);
        QVERIFY(tips[1].side == HandleSide::Out && tips[1].tip == (Vec3{13, 0, 0}));
        // An open rail's first point has no "in", its last no "out".
        QCOMPARE(shownHandleTips(r, 0).size(), std::size_t(1));
        QVERIFY(shownHandleTips(r, 0)[0].side == HandleSide::Out);
        QVERIFY(shownHandleTips(r, 3)[0].side == HandleSide::In);
        r.spline = SplineKind::CatmullRom;
        QVERIFY(shownHandleTips(r, 1).empty());
        QCOMPARE(gripOf(HandleSide::In), Grip::BezierIn);
    }
};

QTEST_GUILESS_MAIN(TestRailHandles)
#include "test_rail_handles.moc"
