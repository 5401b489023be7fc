// The ride camera sees the rail as the export does: at every row `railforge-cli sample` writes
// (core::sample + core::upVectors, as command_sample.cpp calls them), the ride's position, forward
// and up equal the row's to 1e-6, the eye lifted along up by the eye height; on the demo levels and
// on random rails in both frame modes with random tilts. And the camera the renderer is given is
// that pose.
#include "app/editor/editor_controller.h"
#include "app/view3d/level_scene.h"
#include "app/view3d/ride_session.h"
#include "core/polyline.h"
#include "core/ride_pose.h"
#include "document/editing/level_editing.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_speed.h"

#include "random_curve.h"

#include <QtTest>

#include <random>

using namespace railforge;
using railforge::app::EditorController;
using railforge::app::LevelScene3D;
using railforge::app::RideSession;
using railforge::app::ViewCamera3D;

namespace {

double maxDiff(core::Vec3 a, core::Vec3 b) { return core::maxAbsComponent(a - b); }
core::Vec3 vec(const QVariant &list)
{
    const QVariantList l = list.toList();
    return {l[0].toDouble(), l[1].toDouble(), l[2].toDouble()};
}

// Every row of `railforge-cli sample --spacing S` against the ride at the row's s.
void checkRideAgainstRows(EditorController &editor, const document::Rail &rail, double spacing, double eye)
{
    LevelScene3D scene;
    ViewCamera3D camera;
    scene.setController(&editor);
    RideSession ride;
    ride.setScene(&scene);
    ride.setCamera(&camera);
    ride.setEyeHeight(eye);
    const QString key = QStringLiteral("rail:") + QString::fromStdString(rail.id);
    QVERIFY(ride.start(key));
    const core::ArcLengthTable table = core::buildArcLengthTable(document::railCurve(rail));
    const std::vector<core::CurveSample> rows = core::sample(table, spacing);
    const std::vector<core::Vec3> ups = core::upVectors(document::railFrames(rail, table), rows);
    double worst = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ride.setS(rows[i].s);
        const QVariantMap pose = ride.pose();
        QCOMPARE(pose["s"].toDouble(), rows[i].s);
        worst = std::max({worst, maxDiff(vec(pose["position"]), rows[i].position + ups[i] * eye),
                          maxDiff(vec(pose["forward"]), rows[i].tangent), maxDiff(vec(pose["up"]), ups[i])});
        // The camera the view draws with is the pose itself.
        const app::SceneCamera c = camera.sceneCamera();
        QVERIFY(camera.riding());
        QVERIFY(maxDiff(c.position, rows[i].position + ups[i] * eye) <= 1e-6);
        QVERIFY(maxDiff(c.forward, rows[i].tangent) <= 1e-6 && maxDiff(c.up, ups[i]) <= 1e-6);
    }
    QVERIFY2(worst <= 1e-6, qPrintable(QString("rail %1: largest difference %2").arg(key).arg(worst)));
}

// A level of one straight rail "line" 20 long along x, with these channels.
document::Level lineLevel(std::vector<document::RailChannel> channels)
{
    document::Level level;
    document::Rail rail;
    rail.id = "line";
    rail.points = {{0, 0, 0}, {10, 0, 0}, {20, 0, 0}};
    rail.channels = std::move(channels);
    level.rails.push_back(rail);
    return level;
}

} // namespace

class TestRide : public QObject {
    Q_OBJECT
private slots:
    void demoLevelsRideTheSampledRows_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("eye");
        const QString levels = QStringLiteral(RAILFORGE_SOURCE_DIR "/resources/levels/");
        QTest::newRow("coaster") << levels + "coaster.yaml" << 0.0;
        QTest::newRow("coaster eye 1.2") << levels + "coaster.yaml" << 1.2;
        QTest::newRow("banked") << levels + "banked.yaml" << 1.5;
        QTest::newRow("demo") << levels + "demo.yaml" << 0.0;
        QTest::newRow("hills") << levels + "hills.yaml" << 2.0;
    }
    void demoLevelsRideTheSampledRows()
    {
        QFETCH(QString, file);
        QFETCH(double, eye);
        EditorController editor;
        QVERIFY(editor.document()->load(file).level.has_value());
        QVERIFY(!editor.document()->level().rails.empty());
        for (const auto &rail : editor.document()->level().rails) checkRideAgainstRows(editor, rail, 0.37, eye);
    }

    void randomRailsRideTheSampledRows()
    {
        std::mt19937_64 rng(29);
        for (int round = 0; round < 12; ++round) {
            const bool closed = round % 3 == 0;
            const core::Curve curve = testing::randomCurve(rng, 4 + round % 5, closed, {}, false);
            document::Level level;
            document::Rail rail;
            rail.id = "r" + std::to_string(round);
            rail.closed = closed;
            rail.points = curve.points;
            rail.frame = round % 2 ? document::FrameMode::Upright : document::FrameMode::MinimalTwist;
            std::uniform_real_distribution<double> tilt(-60, 60);
            for (std::size_t i = 0; i < rail.points.size(); ++i) rail.tilts.push_back(tilt(rng));
            level.rails.push_back(rail);
            EditorController editor;
            editor.document()->setLevel(level);
            checkRideAgainstRows(editor, rail, 0.21, round * 0.25);
        }
    }

    void playingMovesAtTheSpeedAndStopsAtAnOpenEnd()
    {
        EditorController editor;
        editor.document()->setLevel(lineLevel({}));
        LevelScene3D scene;
        scene.setController(&editor);
        RideSession ride;
        ride.setScene(&scene);
        ride.setSpeed(4);
        QVERIFY(ride.start("rail:line", 2));
        ride.advance(0.5);
        QCOMPARE(ride.s(), 4.0);
        // The rider's place is the cursor the plan and the profile show.
        QCOMPARE(editor.cursor()->key(), QString("rail:line"));
        QCOMPARE(editor.cursor()->s(), 4.0);
        ride.setPlaying(true);
        ride.advance(100);
        QCOMPARE(ride.s(), ride.length());
        QVERIFY(!ride.playing());
        // Deleting the ridden rail ends the ride.
        document::deleteObjects(*editor.document(), {{document::ObjectKind::Rail, "line"}});
        QVERIFY(!ride.active());
    }

    void aPatrolRidesTheRowsRouteWrites()
    {
        EditorController editor;
        QVERIFY(editor.document()->load(QStringLiteral(RAILFORGE_SOURCE_DIR "/resources/levels/demo.yaml")).level);
        editor.patrolPreview()->waitForFinished();
        const auto &level = editor.document()->level();
        QVERIFY(!level.patrols.empty());
        LevelScene3D scene;
        ViewCamera3D camera;
        scene.setController(&editor);
        RideSession ride;
        ride.setScene(&scene);
        ride.setCamera(&camera);
        for (const auto &patrol : level.patrols) {
            const auto *route = editor.patrolPreview()->route(patrol.id);
            if (!route || !route->ok()) continue;
            QVERIFY(ride.start(QStringLiteral("patrol:") + QString::fromStdString(patrol.id)));
            // What `railforge-cli route` writes for it (command_route.cpp).
            std::vector<core::Vec3> path(route->smoothed.begin(), route->smoothed.end());
            const auto rows = core::polylineRows(path, false);
            const auto ups = core::polylineUps(rows, route->loops);
            QCOMPARE(ride.length(), rows.back().s);
            for (std::size_t i = 0; i < rows.size(); ++i) {
                ride.setS(rows[i].s);
                const QVariantMap pose = ride.pose();
                // At a vertex shared by two rows of one s (none in a smoothed path) the later one counts.
                if (i + 1 < rows.size() && rows[i + 1].s == rows[i].s) continue;
                QVERIFY(maxDiff(vec(pose["position"]), rows[i].position + ups[i] * ride.eyeHeight()) <= 1e-9);
                if (i + 1 < rows.size()) {
                    QVERIFY(maxDiff(vec(pose["forward"]), rows[i].tangent) <= 1e-12);
                    QVERIFY(maxDiff(vec(pose["up"]), ups[i]) <= 1e-12);
                }
            }
            // Editing a rail does not end a patrol's ride.
            if (!level.rails.empty()) {
                document::moveRailPoint(*editor.document(), level.rails.front().id, 0, {0.5, 0.5, 0.5});
                QVERIFY(ride.active());
                editor.undo();
            }
            // Half-way along a piece: between its ends, facing along it.
            ride.setS((rows[0].s + rows[1].s) / 2);
            QVERIFY(maxDiff(vec(ride.pose()["position"]),
                            (rows[0].position + rows[1].position) * 0.5 + ups[0] * ride.eyeHeight()) <= 1e-9);
            ride.stop();
        }
    }

    void theSpeedChannelSetsTheSpeed()
    {
        EditorController editor;
        document::RailChannel speed;
        speed.name = "speed";
        speed.interp = core::ChannelInterp::Linear;
        speed.keys = {{std::size_t(0), 0, {2, {}, {}}}, {std::size_t(2), 0, {6, {}, {}}}};
        editor.document()->setLevel(lineLevel({speed}));
        LevelScene3D scene;
        scene.setController(&editor);
        RideSession ride;
        ride.setScene(&scene);
        ride.setSpeed(100); // typed, but the channel rules
        QVERIFY(ride.start("rail:line", 5));
        QVERIFY(ride.speedFromChannel());
        QCOMPARE(ride.currentSpeed(), 3.0); // 2 at s = 0 to 6 at s = 20, linear
        ride.advance(0.5);
        QCOMPARE(ride.s(), 6.5);
    }

    // The ride reads a speed channel as ▶ Play does (rail_speed.h): a key of 0 crawls on instead of
    // stopping the ride where it can never leave.
    void aStopKeyCrawlsAsPlayDoes()
    {
        EditorController editor;
        document::RailChannel speed;
        speed.name = "speed";
        speed.interp = core::ChannelInterp::Step;
        speed.keys = {{std::size_t(0), 0, {0, {}, {}}}};
        editor.document()->setLevel(lineLevel({speed}));
        LevelScene3D scene;
        scene.setController(&editor);
        RideSession ride;
        ride.setScene(&scene);
        QVERIFY(ride.start("rail:line", 5));
        QCOMPARE(ride.currentSpeed(), document::kCrawlSpeed);
        ride.advance(10);
        QVERIFY2(ride.s() > 5.5, qPrintable(QString::number(ride.s())));
    }

    void aClosedRailRunsOnAcrossItsSeam()
    {
        QCOMPARE(core::rideAdvance(9, 10, true, 3, 1), 2.0);
        QCOMPARE(core::rideAdvance(1, 10, true, -3, 1), 8.0);
        QCOMPARE(core::rideAdvance(9, 10, false, 3, 1), 10.0);
        QCOMPARE(core::rideAdvance(1, 10, false, -3, 1), 0.0);
    }
};

QTEST_MAIN(TestRide)
#include "test_ride.moc"
