// A rail a drag keeps changing is drawn apart from the level, so that a drag step redraws that rail
// alone: the first change of a rail is drawn as always; a second change of the same rail soon after
// takes it out of its chunk (the chunk is filled once more, without it) and into the dragged lane
// with its control points; further steps fill the lane only, no chunk; another rail's edit, or a
// pause, puts it back.
#include "app/editor/editor_controller.h"
#include "app/view3d/level_scene.h"
#include "app/view3d/mesh_geometry.h"
#include "app/view3d/point_instances.h"
#include "document/editing/level_editing.h"

#include <QtTest>

using namespace railforge;
using railforge::app::EditorController;
using railforge::app::LevelScene3D;

namespace {

// 40 rails of 3 points (two chunks), 5 m apart, and 3,000 waypoints: a level drawn with more than
// LevelScene3D::kDragApartPrimitives.
document::Level fortyRails(int waypoints = 3000)
{
    document::Level level;
    for (int i = 0; i < waypoints; ++i)
        level.waypoints.push_back({"w" + std::to_string(i), {double(i % 60), -10.0 - i / 60, 0}, {}});
    for (int i = 0; i < 40; ++i) {
        document::Rail rail;
        rail.id = "r" + std::to_string(i);
        rail.points = {{0, double(i) * 5, 0}, {10, double(i) * 5, 2}, {20, double(i) * 5, 0}};
        level.rails.push_back(rail);
    }
    return level;
}

// The triangles of rail `key`'s ribbon drawn in full (two a row).
std::size_t ribbonTriangles(const LevelScene3D &scene, const QString &key)
{
    return 2 * (scene.railSamples(key)->rows.size() - 1);
}

// The triangles every chunk draws.
std::size_t chunkTriangles(const LevelScene3D &scene)
{
    std::size_t n = 0;
    for (const QVariant &g : scene.railChunks()) n += g.value<app::MeshGeometry *>()->triangleCount();
    return n;
}

// An editor on `level` and a 3D scene following it.
struct SceneOf {
    EditorController editor;
    LevelScene3D scene;
    explicit SceneOf(const document::Level &level)
    {
        editor.document()->setLevel(level);
        scene.setController(&editor);
    }
};

} // namespace

class TestDraggedRail : public QObject {
    Q_OBJECT
private slots:
    void aRailDraggedIsDrawnApartAndGoesBack()
    {
        EditorController editor;
        editor.document()->setLevel(fortyRails());
        editor.selection()->selectKey("rail:r5");
        LevelScene3D scene;
        scene.setController(&editor);
        QVERIFY(scene.primitivesDrawn() >= LevelScene3D::kDragApartPrimitives);
        QSignalSpy draggedChanges(&scene, &LevelScene3D::draggedKeysChanged);
        // What the other rails draw (they do not change here).
        const std::size_t others = chunkTriangles(scene) - ribbonTriangles(scene, "rail:r5");
        QCOMPARE(scene.controlPoints()->count(), 120); // a small level shows every rail's
        QCOMPARE(scene.draggedControlPoints()->count(), 0);

        // One change: drawn as always, in its chunk.
        int fills = scene.chunkFills();
        document::moveRailPoint(*editor.document(), "r5", 1, {10, 25, 3}, 7);
        QCOMPARE(scene.draggedKeys(), QStringList());
        QCOMPARE(scene.chunkFills(), fills + 1);
        QCOMPARE(scene.draggedRibbon()->triangleCount(), std::size_t(0));

        // The second: the rail leaves its chunk (filled once more) for the dragged lane.
        fills = scene.chunkFills();
        document::moveRailPoint(*editor.document(), "r5", 1, {10, 25, 4}, 7);
        QCOMPARE(scene.draggedKeys(), QStringList{"rail:r5"});
        QCOMPARE(draggedChanges.count(), 1);
        QCOMPARE(scene.chunkFills(), fills + 1);
        QCOMPARE(scene.draggedRibbon()->triangleCount(), ribbonTriangles(scene, "rail:r5"));
        QCOMPARE(chunkTriangles(scene), others);
        QCOMPARE(scene.controlPoints()->count(), 117);
        QCOMPARE(scene.draggedControlPoints()->count(), 3);
        QCOMPARE(scene.draggedControlPoints()->points()[1].position, core::Vec3(10, 25, 4));

        // Further steps: the dragged lane follows, no chunk is filled.
        fills = scene.chunkFills();
        const QByteArray before = scene.draggedRibbon()->vertexData();
        for (int step = 0; step < 5; ++step)
            document::moveRailPoint(*editor.document(), "r5", 1, {10, 25, 5.0 + step}, 7);
        QCOMPARE(scene.chunkFills(), fills);
        QVERIFY(scene.draggedRibbon()->vertexData() != before);
        QCOMPARE(scene.draggedControlPoints()->points()[1].position, core::Vec3(10, 25, 9));

        // Another rail's edit ends the drag: r5 back in its chunk, the lane empty.
        const std::size_t r30 = ribbonTriangles(scene, "rail:r30");
        document::moveRailPoint(*editor.document(), "r30", 1, {10, 150, 3});
        QCOMPARE(scene.draggedKeys(), QStringList());
        QCOMPARE(scene.draggedRibbon()->triangleCount(), std::size_t(0));
        QCOMPARE(chunkTriangles(scene),
                 others - r30 + ribbonTriangles(scene, "rail:r30") + ribbonTriangles(scene, "rail:r5"));
        QCOMPARE(scene.controlPoints()->count(), 120);
        QCOMPARE(scene.draggedControlPoints()->count(), 0);

        // A pause ends it too, a little after the last step.
        document::moveRailPoint(*editor.document(), "r5", 1, {10, 25, 10}, 8);
        document::moveRailPoint(*editor.document(), "r5", 1, {10, 25, 11}, 8);
        QCOMPARE(scene.draggedKeys(), QStringList{"rail:r5"});
        QElapsedTimer clock;
        clock.start();
        QTRY_COMPARE_WITH_TIMEOUT(scene.draggedKeys(), QStringList(), 10 * LevelScene3D::kDragEndMs);
        QVERIFY(clock.elapsed() >= LevelScene3D::kDragEndMs - 50);
        QCOMPARE(scene.draggedRibbon()->triangleCount(), std::size_t(0));
        QCOMPARE(chunkTriangles(scene),
                 others - r30 + ribbonTriangles(scene, "rail:r30") + ribbonTriangles(scene, "rail:r5"));
        QCOMPARE(scene.controlPoints()->count(), 120);
    }

    // A junction on a dragged rail, or joining one, moves with it: drawn apart too; the others stay.
    void junctionsOfTheDraggedRailGoWithIt()
    {
        EditorController editor;
        document::Level level = fortyRails();
        document::Junction onIt{"on_r5", "r5", std::nullopt, 5.0, {{"r6", document::RailEnd::Start}}, "", {}};
        document::Junction joining{"r9_onto_r7", "r7", std::nullopt, 5.0, {{"r5", document::RailEnd::End}}, "", {}};
        document::Junction elsewhere{"on_r20", "r20", std::nullopt, 5.0, {{"r21", document::RailEnd::Start}}, "", {}};
        level.junctions = {onIt, joining, elsewhere};
        editor.document()->setLevel(level);
        LevelScene3D scene;
        scene.setController(&editor);
        QCOMPARE(scene.junctions()->count(), 3);
        for (int step = 0; step < 3; ++step)
            document::moveRailPoint(*editor.document(), "r5", 1, {10, 25, 3.0 + step}, 7);
        // r6's start, joined to r5, goes along with it: both rails are dragged.
        QCOMPARE(scene.draggedKeys(), QStringList({"rail:r5", "rail:r6"}));
        QCOMPARE(scene.junctions()->count(), 1);
        QCOMPARE(scene.draggedJunctions()->count(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(scene.draggedKeys(), QStringList(), 10 * LevelScene3D::kDragEndMs);
        QCOMPARE(scene.junctions()->count(), 3);
        QCOMPARE(scene.draggedJunctions()->count(), 0);
    }

    // In a small level a drag draws the whole level every step: that is cheaper than a view of its own.
    void aSmallLevelIsDrawnWhole()
    {
        SceneOf of(fortyRails(0));
        auto &[editor, scene] = of;
        QVERIFY(scene.primitivesDrawn() < LevelScene3D::kDragApartPrimitives);
        for (int step = 0; step < 3; ++step)
            document::moveRailPoint(*editor.document(), "r5", 1, {10, 25, 3.0 + step}, 7);
        QCOMPARE(scene.draggedKeys(), QStringList());
        QCOMPARE(scene.draggedRibbon()->triangleCount(), std::size_t(0));
    }

    // Rails moved together (a selection dragged) are dragged together; a change of another set of
    // rails is no step of that drag.
    void railsMovedTogetherAreDraggedTogether()
    {
        SceneOf of(fortyRails());
        auto &[editor, scene] = of;
        const std::vector<document::ObjectId> both = {{document::ObjectKind::Rail, "r1"},
                                                      {document::ObjectKind::Rail, "r2"}};
        for (int step = 0; step < 3; ++step) document::moveObjects(*editor.document(), both, {0, 0, 1}, 9);
        QCOMPARE(scene.draggedKeys(), QStringList({"rail:r1", "rail:r2"}));
        QCOMPARE(scene.draggedRibbon()->triangleCount(),
                 ribbonTriangles(scene, "rail:r1") + ribbonTriangles(scene, "rail:r2"));
        document::moveObjects(*editor.document(), {both.front()}, {0, 0, 1}, 10);
        QCOMPARE(scene.draggedKeys(), QStringList());
        QCOMPARE(scene.draggedRibbon()->triangleCount(), std::size_t(0));
    }

    // A rail's colour (no new shape) is no step of a drag.
    void aRailsDragIsItsShape()
    {
        SceneOf of(fortyRails());
        auto &[editor, scene] = of;
        document::moveRailPoint(*editor.document(), "r3", 1, {10, 15, 3});
        editor.selection()->selectKey("rail:r3");
        editor.selection()->selectKey("rail:r4");
        QCOMPARE(scene.draggedKeys(), QStringList());
    }
};

QTEST_MAIN(TestDraggedRail)
#include "test_dragged_rail.moc"
