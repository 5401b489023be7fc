// The 3D view's own pick agrees with the plan: looking straight down through an orthographic camera
// at the plan's scale, a click picks what the plan's hit test picks there, on random levels and
// random clicks. In perspective, a rail hit is as near as a dense sampling of the curve says, and a
// click on a waypoint's image picks it.
#include "app/plan/canvas_hit_test.h"
#include "app/plan/rail_shapes.h"
#include "app/view3d/rail_samples.h"
#include "app/view3d/scene_pick.h"

#include <QtTest>

#include <random>

using namespace railforge;
using namespace railforge::app;

namespace {

document::Level randomLevel(std::mt19937_64 &rng)
{
    std::uniform_real_distribution<double> xy(-20, 20), z(-5, 5), r(0.5, 3);
    document::Level level;
    const int waypoints = std::uniform_int_distribution<int>(3, 12)(rng);
    for (int i = 0; i < waypoints; ++i)
        level.waypoints.push_back({"w" + std::to_string(i), {xy(rng), xy(rng), z(rng)}, {}});
    for (int i = 0; i + 1 < waypoints; i += 2) {
        document::Edge edge;
        edge.from = "w" + std::to_string(i);
        edge.to = "w" + std::to_string(i + 1);
        level.edges.push_back(edge);
    }
    for (int i = 0; i < 3; ++i) {
        document::Rail rail;
        rail.id = "r" + std::to_string(i);
        rail.closed = i == 2;
        for (int k = 0; k < 4 + i; ++k) rail.points.push_back({xy(rng), xy(rng), z(rng)});
        level.rails.push_back(rail);
    }
    for (int i = 0; i < 3; ++i) {
        document::Obstacle o;
        o.id = "o" + std::to_string(i);
        if (i == 0) {
            o.shape = document::Obstacle::Shape::Circle;
            o.circle = {{xy(rng), xy(rng)}, r(rng) * 2};
        } else {
            const double cx = xy(rng), cy = xy(rng);
            // A concave L: a hole in the picture is a hole in the pick too.
            o.polygon = {{cx, cy}, {cx + 6, cy}, {cx + 6, cy + 2}, {cx + 2, cy + 2}, {cx + 2, cy + 6}, {cx, cy + 6}};
        }
        level.obstacles.push_back(o);
    }
    return level;
}

QString describe(const std::optional<CanvasHit> &hit)
{
    if (!hit) return "nothing";
    return QString("%1 %2").arg(int(hit->type)).arg(QString::fromStdString(hit->object.id));
}

} // namespace

class TestScenePick : public QObject {
    Q_OBJECT
private slots:
    void topDownPickIsThePlansPick()
    {
        std::mt19937_64 rng(2029);
        int compared = 0, railHits = 0, boundary = 0;
        for (int round = 0; round < 25; ++round) {
            const document::Level level = randomLevel(rng);
            const RailShapes shapes = RailShapes::build(
                level, [&](std::size_t i) { return std::make_shared<const document::RailGeometry>(level.rails[i]); });
            std::vector<RailSamples> samples;
            for (const auto &rail : level.rails)
                samples.push_back(sampleRailForView(std::make_shared<const document::RailGeometry>(rail)));
            PickScene scene{&level, {}, -6, 8, {}};
            for (const auto &s : samples) scene.rails.push_back(&s);

            ViewTransform view;
            view.viewport = QSizeF(640, 480);
            view.center = QPointF(std::uniform_real_distribution<double>(-3, 3)(rng),
                                  std::uniform_real_distribution<double>(-3, 3)(rng));
            view.scale = std::uniform_real_distribution<double>(8, 30)(rng);
            SceneCamera camera;
            camera.orthographic = true;
            camera.pixelsPerUnit = view.scale;
            camera.position = {view.center.x(), view.center.y(), 100};
            camera.forward = {0, 0, -1};
            camera.up = {0, 1, 0};

            std::uniform_real_distribution<double> sx(0, 640), sy(0, 480);
            for (int click = 0; click < 400; ++click) {
                // Half the clicks near a rail, where the pick has to decide.
                QPointF at(sx(rng), sy(rng));
                if (click % 2) {
                    const auto &rail = samples[std::size_t(click) % samples.size()];
                    const auto &row =
                        rail.rows[std::uniform_int_distribution<std::size_t>(0, rail.rows.size() - 1)(rng)];
                    at = view.toScreen({row.position.x, row.position.y}) +
                         QPointF(std::uniform_real_distribution<double>(-10, 10)(rng),
                                 std::uniform_real_distribution<double>(-10, 10)(rng));
                }
                const auto plan = hitTest(level, shapes, view, at);
                const auto space = pickScene(scene, camera, view.viewport, at);
                const bool same = plan.has_value() == space.has_value() &&
                                  (!plan || (plan->type == space->type && plan->object == space->object));
                if (!same) {
                    // Only a rail exactly at the pick radius may go either way (the plan's distance on
                    // the curve and the 3D view's refined one agree to far below a pixel).
                    double nearest = 1e9;
                    for (const auto &rail : samples)
                        if (auto near = nearestOnRail(rail, camera, view.viewport, at))
                            nearest = std::min(nearest, near->pixels);
                    QVERIFY2(std::abs(nearest - kPickPixels) < 1e-6,
                             qPrintable(QString("round %1 click (%2, %3): plan %4, 3D %5")
                                            .arg(round)
                                            .arg(at.x())
                                            .arg(at.y())
                                            .arg(describe(plan), describe(space))));
                    ++boundary;
                }
                if (plan && plan->type == CanvasHit::Type::RailCurve) ++railHits;
                ++compared;
            }
        }
        QVERIFY(railHits > 1000); // the test does reach the curves
        QCOMPARE(compared, 25 * 400);
        QVERIFY(boundary < 5);
    }

    void perspectiveRailPickMeasuresLikeDenseSampling()
    {
        std::mt19937_64 rng(7);
        for (int round = 0; round < 20; ++round) {
            const document::Level level = randomLevel(rng);
            const RailSamples rail = sampleRailForView(std::make_shared<const document::RailGeometry>(level.rails[0]));
            OrbitPose pose;
            pose.target = {0, 0, 0};
            pose.yawDegrees = std::uniform_real_distribution<double>(-180, 180)(rng);
            pose.pitchDegrees = std::uniform_real_distribution<double>(10, 80)(rng);
            pose.distance = std::uniform_real_distribution<double>(30, 80)(rng);
            const SceneCamera camera = orbitCamera(pose, 50);
            const QSizeF viewport(800, 600);
            for (int click = 0; click < 20; ++click) {
                const QPointF at(std::uniform_real_distribution<double>(0, 800)(rng),
                                 std::uniform_real_distribution<double>(0, 600)(rng));
                const auto near = nearestOnRail(rail, camera, viewport, at);
                // The reference: the curve at 20,000 places.
                double best = 1e9;
                for (int i = 0; i <= 20000; ++i) {
                    const auto p =
                        project(camera, viewport, core::sampleAt(rail.table(), rail.length * i / 20000).position);
                    if (p) best = std::min(best, std::hypot(p->at.x() - at.x(), p->at.y() - at.y()));
                }
                QVERIFY(near.has_value());
                QVERIFY2(near->pixels <= best + 1e-6 && near->pixels >= best - 0.05,
                         qPrintable(QString("pick %1 px, dense sampling %2 px").arg(near->pixels).arg(best)));
            }
        }
    }

    void clickingAWaypointInPerspectivePicksIt()
    {
        document::Level level;
        level.waypoints.push_back({"tower", {10, 5, 30}, {}});
        level.waypoints.push_back({"ground", {10, 5, 0}, {}});
        PickScene scene{&level, {}, 0, 1, {}};
        const SceneCamera camera = orbitCamera({{10, 5, 15}, -60, 25, 60}, 50);
        const QSizeF viewport(800, 600);
        for (const auto &w : level.waypoints) {
            const auto p = project(camera, viewport, {w.position.x, w.position.y, w.position.z});
            QVERIFY(p.has_value());
            const auto hit = pickScene(scene, camera, viewport, p->at + QPointF(3, -2));
            QVERIFY(hit.has_value());
            QCOMPARE(hit->object.id, w.id);
        }
        // Behind the camera nothing is picked.
        const auto behind = project(camera, viewport, camera.position - camera.forward * 5.0);
        QVERIFY(!behind.has_value());
    }

    void theRayEntersTheNearestObstacle()
    {
        document::Level level;
        document::Obstacle a, b;
        a.id = "near";
        a.polygon = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
        b.id = "far";
        b.polygon = {{10, 0}, {12, 0}, {12, 2}, {10, 2}};
        level.obstacles = {b, a};
        PickScene scene{&level, {}, 0, 3, {}};
        // Looking along +x at height 1.5 from x = -10: the near block hides the far one.
        SceneCamera camera;
        camera.position = {-10, 1, 1.5};
        camera.forward = {1, 0, 0};
        camera.up = {0, 0, 1};
        const auto hit = pickScene(scene, camera, {800, 600}, {400, 300});
        QVERIFY(hit.has_value());
        QCOMPARE(hit->object.id, std::string("near"));
        // Over the top of both (the prisms stop at height 3): nothing.
        camera.position.z = 5;
        QVERIFY(!pickScene(scene, camera, {800, 600}, {400, 300}).has_value());
    }
};

QTEST_MAIN(TestScenePick)
#include "test_scene_pick.moc"
