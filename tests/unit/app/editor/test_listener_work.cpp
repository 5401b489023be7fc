// Each view does the work the change it is told of asks for, and no more (docs/architecture.md
// "Change events"): turning a junction's default way shapes no rail again in the plan and builds no
// ribbon in 3D; a rail's colour reshapes nothing and changes one outliner row; a new waypoint is one
// inserted row, a deleted one (with its edges) only removed rows, never a reset of the list; a
// selected rail's inspector is not read again for a junction's change.
#include "app/canvas/level_view.h"
#include "app/editor/editor_controller.h"
#include "app/inspector/rail_inspector.h"
#include "app/outliner/outliner_model.h"
#include "app/view3d/level_scene.h"
#include "document/editing/junction_editing.h"
#include "document/editing/level_editing.h"
#include "document/model/object_change.h"
#include "document/model/property.h"

#include <QSignalSpy>
#include <QtTest>

using namespace railforge;
using document::ObjectKind;
using railforge::app::EditorController;
using railforge::app::LevelScene3D;
using railforge::app::LevelView;
using railforge::app::OutlinerModel;
using railforge::app::RailInspector;

namespace {

// The row of the outliner whose key is `key`, or -1.
int rowOfKey(const OutlinerModel &outliner, const QString &key)
{
    for (int row = 0; row < outliner.rowCount(); ++row)
        if (outliner.data(outliner.index(row), OutlinerModel::KeyRole).toString() == key) return row;
    return -1;
}

// Every row of the outliner as the list shows it (key and detail), to compare with a fresh model.
QStringList shownRows(const OutlinerModel &outliner)
{
    QStringList rows;
    for (int row = 0; row < outliner.rowCount(); ++row) {
        const QModelIndex i = outliner.index(row);
        rows << outliner.data(i, OutlinerModel::KeyRole).toString() + " | " +
                    outliner.data(i, OutlinerModel::DetailRole).toString() + " | " +
                    outliner.data(i, OutlinerModel::WaysRole).toString();
    }
    return rows;
}

// Gives the object the colour `hex` (its look property).
void setColour(document::Properties &properties, const std::string &hex)
{
    for (auto &p : properties)
        if (document::isLookProperty(p)) return void(p.value = document::Color{hex});
    properties.push_back({"colour", document::Color{hex}});
}

} // namespace

class TestListenerWork : public QObject {
    Q_OBJECT

    EditorController m_editor;
    LevelView m_plan;
    LevelScene3D m_scene;
    OutlinerModel m_outliner;

    // How many times each rail's 3D ribbon has been built.
    QList<int> ribbons()
    {
        QList<int> counts;
        for (const auto &rail : m_editor.document()->level().rails)
            counts << m_scene.ribbonBuilds(QString::fromStdString("rail:" + rail.id));
        return counts;
    }
    // The plan's rail paths built so far, after it has drawn (junctionPosition asks for the shapes,
    // as a paint does).
    int planPaths()
    {
        m_plan.junctionPosition(QStringLiteral("fork"));
        return m_plan.railPathBuilds();
    }
    // The outliner as a fresh model shows the level now: every in-place update must end there.
    QStringList freshOutliner()
    {
        OutlinerModel fresh;
        fresh.setDocument(m_editor.document());
        return shownRows(fresh);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_editor.files()->openFile(QStringLiteral(RAILFORGE_SOURCE_DIR "/tests/data/levels/network.yaml")));
        m_plan.setController(&m_editor);
        m_scene.setController(&m_editor);
        m_outliner.setDocument(m_editor.document());
        QVERIFY(m_editor.document()->level().rails.size() >= 3);
        QVERIFY(planPaths() >= int(m_editor.document()->level().rails.size()));
    }

    void aDefaultWayClickRebuildsNoRail()
    {
        const int paths = planPaths();
        const QList<int> built = ribbons();
        const int chunkFills = m_scene.chunkFills();
        const int junctionRow = rowOfKey(m_outliner, "junction:fork");
        QVERIFY(junctionRow >= 0);
        QSignalSpy resets(&m_outliner, &QAbstractItemModel::modelReset);
        QSignalSpy changedRows(&m_outliner, &QAbstractItemModel::dataChanged);
        const std::string before = m_editor.document()->level().junctions.front().defaultWay;

        QVERIFY(document::cycleJunctionDefault(*m_editor.document(), "fork"));
        QVERIFY(m_editor.document()->level().junctions.front().defaultWay != before);
        QCOMPARE(planPaths(), paths);
        QCOMPARE(ribbons(), built);
        QCOMPARE(m_scene.chunkFills(), chunkFills);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(changedRows.count(), 1); // the junction's row, its ways ticked anew
        QCOMPARE(changedRows.first().at(0).value<QModelIndex>().row(), junctionRow);
        QCOMPARE(shownRows(m_outliner), freshOutliner());

        m_editor.undo();
        QCOMPARE(m_editor.document()->level().junctions.front().defaultWay, before);
        QCOMPARE(planPaths(), paths);
        QCOMPARE(ribbons(), built);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(changedRows.count(), 2);
    }

    void aColourRebuildsOnlyThatRailsLook()
    {
        const int paths = planPaths();
        const QList<int> built = ribbons();
        const int row = rowOfKey(m_outliner, "rail:spur");
        QVERIFY(row >= 0);
        QSignalSpy resets(&m_outliner, &QAbstractItemModel::modelReset);
        QSignalSpy changedRows(&m_outliner, &QAbstractItemModel::dataChanged);

        const auto at = document::findObject(m_editor.document()->level(), {ObjectKind::Rail, "spur"});
        QVERIFY(at);
        document::Rail coloured = m_editor.document()->level().rails[at->index];
        setColour(coloured.properties, "#FF2000");
        QCOMPARE(document::changeObject(*m_editor.document(), *at, coloured, "colour"), std::string());
        QCOMPARE(planPaths(), paths);
        QCOMPARE(ribbons(), built);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(changedRows.count(), 1);
        QCOMPARE(changedRows.first().at(0).value<QModelIndex>().row(), row);
        m_editor.undo();
        QCOMPARE(planPaths(), paths);
        QCOMPARE(ribbons(), built);
    }

    void aNewWaypointIsOneInsertedRow()
    {
        const int paths = planPaths();
        const QList<int> built = ribbons();
        QSignalSpy resets(&m_outliner, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&m_outliner, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&m_outliner, &QAbstractItemModel::rowsRemoved);

        const std::string a = document::addWaypoint(*m_editor.document(), {5, 5, 0});
        const std::string b = document::addWaypoint(*m_editor.document(), {15, 5, 0});
        QVERIFY(document::connectWaypoints(*m_editor.document(), a, b, true));
        QCOMPARE(inserted.count(), 3); // two waypoints, one edge: one row each
        QCOMPARE(inserted.at(0).at(1).toInt(), rowOfKey(m_outliner, QString::fromStdString("waypoint:" + a)));
        QCOMPARE(inserted.at(0).at(1).toInt(), inserted.at(0).at(2).toInt());
        QCOMPARE(resets.count(), 0);
        QCOMPARE(shownRows(m_outliner), freshOutliner());
        QCOMPARE(planPaths(), paths);
        QCOMPARE(ribbons(), built);

        // Deleting a waypoint takes its edge along: two removed rows, no reset.
        document::deleteObjects(*m_editor.document(), {{ObjectKind::Waypoint, a}});
        QCOMPARE(removed.count(), 2);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(shownRows(m_outliner), freshOutliner());
        m_editor.undo(); // both back
        QCOMPARE(inserted.count(), 5);
        QCOMPARE(shownRows(m_outliner), freshOutliner());
        QCOMPARE(resets.count(), 0);
    }

    // The inspectors read the change too: a selected rail's inspector is not read again for a
    // junction's default way, and is for a change of that rail or a new object.
    void aRailsInspectorIgnoresAJunctionsChange()
    {
        m_editor.selection()->set({{document::ObjectKind::Rail, "main"}});
        QSignalSpy refreshed(m_editor.rail(), &RailInspector::changed);
        QVERIFY(document::cycleJunctionDefault(*m_editor.document(), "fork"));
        QCOMPARE(refreshed.count(), 0);
        m_editor.undo();
        QCOMPARE(refreshed.count(), 0);
        const core::Vec3 p = m_editor.document()->level().rails.front().points[0];
        QVERIFY(document::moveRailPoint(*m_editor.document(), "main", 0, p + core::Vec3{0, 0, 1}).empty());
        QCOMPARE(refreshed.count(), 1);
        QCOMPARE(m_editor.rail()->pointZs().at(0), p.z + 1);
        m_editor.undo();
        QCOMPARE(refreshed.count(), 2);
        QVERIFY(!document::addWaypoint(*m_editor.document(), {500, 500, 0}).empty());
        QCOMPARE(refreshed.count(), 3); // a list grew: the inspector's place in it may have moved
        m_editor.undo();
        m_editor.selection()->clear();
    }

    void anotherLevelIsOneReset()
    {
        QSignalSpy resets(&m_outliner, &QAbstractItemModel::modelReset);
        document::Level level = m_editor.document()->level();
        level.waypoints.clear();
        level.edges.clear();
        level.patrols.clear();
        m_editor.document()->setLevel(level);
        QCOMPARE(resets.count(), 1);
        QCOMPARE(shownRows(m_outliner), freshOutliner());
    }
};

QTEST_MAIN(TestListenerWork)
#include "test_listener_work.moc"
