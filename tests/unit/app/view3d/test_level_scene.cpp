// The 3D view rebuilds only what an edit touched: moving one rail's point builds that rail's ribbon
// again and no other; undo builds it once more; a new rail builds only itself; editing a waypoint
// builds no ribbon. The ribbon follows the export's rows: a band across each row's up, as wide as set.
#include "app/editor/editor_controller.h"
#include "app/view3d/level_scene.h"
#include "app/view3d/mesh_geometry.h"
#include "app/view3d/rail_ribbon.h"
#include "document/editing/level_editing.h"

#include <QtTest>

using namespace railforge;
using railforge::app::EditorController;
using railforge::app::LevelScene3D;

class TestLevelScene : public QObject {
    Q_OBJECT
private slots:
    void anEditRebuildsOnlyTheRailItTouched()
    {
        EditorController editor;
        document::Level level;
        for (int i = 0; i < 70; ++i) { // three chunks of rails
            document::Rail rail;
            rail.id = "r" + std::to_string(i);
            rail.points = {{0, double(i) * 5, 0}, {10, double(i) * 5, 2}, {20, double(i) * 5, 0}};
            level.rails.push_back(rail);
        }
        level.waypoints.push_back({"w", {0, -5, 0}, {}});
        editor.document()->setLevel(level);
        LevelScene3D scene;
        scene.setController(&editor);
        auto builds = [&] {
            QList<int> counts;
            for (int i = 0; i < 5; ++i) counts << scene.ribbonBuilds(QString("rail:r%1").arg(i));
            return counts;
        };
        QCOMPARE(builds(), QList<int>({1, 1, 1, 1, 1}));
        const QVariantList chunks = scene.railChunks();
        QCOMPARE(chunks.size(), 3);
        const int fills = scene.chunkFills();

        document::moveRailPoint(*editor.document(), "r2", 1, {10, 10, 6});
        QCOMPARE(builds(), QList<int>({1, 1, 2, 1, 1}));
        QCOMPARE(scene.chunkFills(), fills + 1); // only the chunk of r2 is put together again
        editor.undo();
        QCOMPARE(builds(), QList<int>({1, 1, 3, 1, 1}));
        document::moveObjects(*editor.document(), {{document::ObjectKind::Waypoint, "w"}}, {1, 0, 0});
        QCOMPARE(builds(), QList<int>({1, 1, 3, 1, 1}));
        QVERIFY(document::addRail(*editor.document(), {{0, 40, 0}, {5, 40, 0}}, false).has_value());
        QCOMPARE(builds(), QList<int>({1, 1, 3, 1, 1}));
        QCOMPARE(scene.railChunks().size(), 3);
        // The same geometry objects: QML keeps its models.
        QCOMPARE(scene.railChunks().first(), chunks.first());
        // Selecting a rail recolours its chunk only.
        const int beforeSelect = scene.chunkFills();
        editor.selection()->selectKey("rail:r40");
        QCOMPARE(scene.chunkFills(), beforeSelect + 1);

        // A new width right after a drag builds every ribbon again (the drag's change set must not
        // make it look at the last dragged rail only).
        document::moveRailPoint(*editor.document(), "r1", 1, {10, 5, 4});
        QCOMPARE(builds(), QList<int>({1, 2, 3, 1, 1}));
        scene.setRailWidth(scene.railWidth() * 2);
        QCOMPARE(builds(), QList<int>({2, 3, 4, 2, 2}));
        document::moveRailPoint(*editor.document(), "r3", 1, {10, 15, 4});
        QCOMPARE(builds(), QList<int>({2, 3, 4, 3, 2}));
    }

    // Seen from far away the rails are drawn through fewer rows (as lines once thinner than a pixel or
    // two) and the waypoints as dots; close up, in full. An orbit that keeps the distance fills no
    // chunk again; zooming in on one rail fills only the chunks whose rails look different.
    void farRailsAndWaypointsAreDrawnWithLess()
    {
        EditorController editor;
        document::Level level;
        for (int i = 0; i < 40; ++i) { // two chunks, 400 m long rails 20 m apart
            document::Rail rail;
            rail.id = "r" + std::to_string(i);
            for (int k = 0; k <= 40; ++k) rail.points.push_back({k * 10.0, i * 20.0, 5.0 + std::sin(k * 0.3)});
            level.rails.push_back(rail);
        }
        for (int i = 0; i < 100; ++i) level.waypoints.push_back({"w" + std::to_string(i), {i * 40.0, -10, 0}, {}});
        editor.document()->setLevel(level);
        LevelScene3D scene;
        scene.setController(&editor);
        // Without a camera everything is drawn in full.
        QCOMPARE(scene.railDetailOf("rail:r0")["stride"].toInt(), 1);
        QCOMPARE(scene.waypointDotCount(), 0);

        app::ViewCamera3D camera;
        camera.setViewportWidth(1280);
        camera.setViewportHeight(800);
        camera.setOrbit({200, 400, 0}, -60, 40, 20000); // 20 km away
        scene.setCamera(&camera);
        for (int i = 0; i < 40; ++i) {
            const QVariantMap detail = scene.railDetailOf(QString("rail:r%1").arg(i));
            QVERIFY(detail["stride"].toInt() > 1);
            QVERIFY(detail["line"].toBool());
        }
        QCOMPARE(scene.waypointDotCount(), 100);
        QCOMPARE(scene.waypoints()->count(), 0);
        // What is drawn: lines for every rail, no ribbon.
        auto *lines = scene.railLineChunks().first().value<app::LineGeometry *>();
        auto *ribbons = scene.railChunks().first().value<app::MeshGeometry *>();
        QVERIFY(lines->segmentCount() > 0);
        QCOMPARE(ribbons->triangleCount(), std::size_t(0));

        const int fills = scene.chunkFills();
        camera.orbit(5, 0);
        QCOMPARE(scene.chunkFills(), fills);

        // Close to the first rail: it is drawn in full, as a ribbon; the far end of the level is not.
        camera.setOrbit({0, 0, 5}, -90, 10, 30);
        QCOMPARE(scene.railDetailOf("rail:r0")["stride"].toInt(), 1);
        QVERIFY(!scene.railDetailOf("rail:r0")["line"].toBool());
        QVERIFY(scene.railDetailOf("rail:r39")["stride"].toInt() > 1);
        QVERIFY(scene.waypoints()->count() > 0);
        QVERIFY(scene.waypointDotCount() > 0);
        QCOMPARE(scene.waypoints()->count() + scene.waypointDotCount(), 100);
        QVERIFY(ribbons->triangleCount() > 0);
    }

    void visibleMeshesAreDrawnGroundOrNot()
    {
        EditorController editor;
        QVERIFY(editor.files()->openFile(QStringLiteral(RAILFORGE_SOURCE_DIR "/resources/levels/hills.yaml")));
        LevelScene3D scene;
        scene.setController(&editor);
        scene.waitForScenery();
        QCOMPARE(scene.grounds().size(), 1); // the terrain (the site plan is an image)
        QCOMPARE(scene.grounds().first().toMap()["ground"].toBool(), true);
        // Not ground (a building's mesh, say): still drawn, as scenery.
        // Each reference's edit as the inspector makes it: every reference changed in place.
        auto editAll = [&](const std::function<void(document::Reference &)> &edit, const QString &text) {
            std::vector<std::pair<document::ObjectIndex, document::AnyObject>> edited;
            const auto &references = editor.document()->level().references;
            for (std::size_t i = 0; i < references.size(); ++i) {
                document::Reference r = references[i];
                edit(r);
                edited.push_back({{document::ObjectKind::Reference, i}, r});
            }
            QCOMPARE(document::changeObjects(*editor.document(), edited, text), std::string());
        };
        editAll(
            [](document::Reference &r) {
                if (r.kind == document::ReferenceKind::Mesh) r.ground = false;
            },
            "not ground");
        scene.waitForScenery();
        QCOMPARE(scene.grounds().size(), 1);
        QCOMPARE(scene.grounds().first().toMap()["ground"].toBool(), false);
        // Hidden: gone from the 3D view too.
        editAll([](document::Reference &r) { r.visible = false; }, "hide");
        scene.waitForScenery();
        QCOMPARE(scene.grounds().size(), 0);
        // Only the references' changes read the files again: moving a rail does not.
        const QVariantList before = scene.grounds();
        document::moveRailPoint(*editor.document(), editor.document()->level().rails.front().id, 0, {1, 1, 1});
        scene.waitForScenery();
        QCOMPARE(scene.grounds(), before);
    }

    void theRibbonLiesAcrossTheUpVectors()
    {
        document::Rail rail;
        rail.id = "bank";
        rail.points = {{0, 0, 0}, {20, 0, 3}, {40, 10, 0}};
        rail.tilts = {0, 40, -20};
        const app::RailSamples samples = app::sampleRailForView(std::make_shared<const document::RailGeometry>(rail));
        const app::TriangleMesh mesh = app::railRibbon(samples, 2.0);
        QCOMPARE(mesh.vertices.size(), samples.rows.size() * 2);
        for (std::size_t i = 0; i < samples.rows.size(); ++i) {
            const auto &l = mesh.vertices[2 * i], &r = mesh.vertices[2 * i + 1];
            const core::Vec3 left{l.x, l.y, l.z}, right{r.x, r.y, r.z};
            const core::Vec3 across = right - left;
            QVERIFY(std::abs(core::length(across) - 2.0) < 1e-4);
            QVERIFY(std::abs(core::dot(across, samples.ups[i])) < 1e-4);          // flat across the up
            QVERIFY(std::abs(core::dot(across, samples.rows[i].tangent)) < 1e-4); // and across the rail
            QVERIFY(core::maxAbsComponent((left + right) * 0.5 - samples.rows[i].position) < 1e-4);
            QVERIFY(core::maxAbsComponent(core::Vec3{l.nx, l.ny, l.nz} - samples.ups[i]) < 1e-6);
        }
        QCOMPARE(mesh.indices.size(), (samples.rows.size() - 1) * 6);
    }
};

QTEST_MAIN(TestLevelScene)
#include "test_level_scene.moc"
