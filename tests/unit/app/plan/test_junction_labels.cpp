// Text never sits on text or on a rail at a junction: the junction's id goes in the widest gap
// between the rails that meet there (not on the branch line, where it used to be), and the bank
// labels of the profiled rail keep clear of the junction's ring and id.
#include "app/plan/junction_marks.h"
#include "app/plan/profile_marks.h"
#include "app/plan/rail_shapes.h"
#include "document/yaml/level_reader.h"

#include <QFont>
#include <QtTest>

#include <cmath>

using namespace railforge;
using namespace railforge::app;

namespace {

// A trunk east along y = 0 and a branch at s 40 that leaves it towards `branchEnd`; the trunk is
// banked at its points so that its bank labels compete for the space around the junction.
document::Level forkLevel(QPointF branchEnd)
{
    const std::string text = "railforge: 1\n"
                             "rails:\n"
                             "  - id: main\n"
                             "    points:\n"
                             "      - {at: [0, 0, 0], tilt: 20}\n"
                             "      - {at: [40, 0, 0], tilt: 25}\n"
                             "      - {at: [80, 0, 0], tilt: 20}\n"
                             "  - id: branch\n"
                             "    points: [[40, 0, 0], [" +
                             std::to_string(branchEnd.x()) + ", " + std::to_string(branchEnd.y()) +
                             ", 0]]\n"
                             "junctions:\n"
                             "  - id: fork\n"
                             "    at: {rail: main, s: 40}\n"
                             "    links: [{rail: branch, end: start}]\n";
    document::LoadResult loaded = document::readLevel(text, "fork.yaml");
    if (!loaded.level)
        qFatal("%s", loaded.diagnostics.empty() ? "no level" : loaded.diagnostics.front().message.c_str());
    return *loaded.level;
}

ViewTransform viewOn(QPointF world)
{
    ViewTransform view;
    view.center = world;
    view.scale = 4.0;
    view.viewport = {800, 600};
    return view;
}

// Whether the screen polyline of `rail` (densely sampled) passes through `box`.
bool railCrosses(const RailShapes &shapes, std::size_t rail, const ViewTransform &view, const QRectF &box)
{
    const core::ArcLengthTable &table = shapes.table(rail);
    const double length = core::totalLength(table);
    for (int i = 0; i <= 2000; ++i) {
        const core::Vec3 p = core::sampleAt(table, length * i / 2000).position;
        if (box.contains(view.toScreen({p.x, p.y}))) return true;
    }
    return false;
}

} // namespace

class TestJunctionLabels : public QObject {
    Q_OBJECT
private slots:
    void theIdIsWrittenClearOfEveryRail_data()
    {
        QTest::addColumn<QPointF>("branchEnd");
        // South-east was where the label always went, right on the branch.
        QTest::newRow("branch south-east") << QPointF(70, -30);
        QTest::newRow("branch north-east") << QPointF(70, 30);
        QTest::newRow("branch south") << QPointF(42, -40);
        QTest::newRow("branch north-west") << QPointF(15, 30);
    }
    void theIdIsWrittenClearOfEveryRail()
    {
        QFETCH(QPointF, branchEnd);
        const document::Level level = forkLevel(branchEnd);
        const RailShapes shapes = RailShapes::build(
            level, [&](std::size_t i) { return std::make_shared<const document::RailGeometry>(level.rails[i]); });
        const std::vector<JunctionMark> marks = junctionMarks(level, shapes);
        QCOMPARE(marks.size(), std::size_t(1));
        const ViewTransform view = viewOn(marks[0].world);
        const QPointF centre = view.toScreen(marks[0].world);
        const QRectF label = junctionLabelBox(marks[0], centre, QSizeF(30, 14));
        QVERIFY2(!railCrosses(shapes, 0, view, label), "not on the trunk");
        QVERIFY2(!railCrosses(shapes, 1, view, label), "not on the branch");
        // Beside the ring, not across the canvas.
        QVERIFY(QLineF(centre, label.center()).length() < 40);
        QVERIFY(!label.contains(centre));
    }

    void bankLabelsKeepClearOfTheJunction()
    {
        const document::Level level = forkLevel({70, -30});
        const RailShapes shapes = RailShapes::build(
            level, [&](std::size_t i) { return std::make_shared<const document::RailGeometry>(level.rails[i]); });
        const std::vector<JunctionMark> marks = junctionMarks(level, shapes);
        const ViewTransform view = viewOn(marks[0].world);
        const QPointF centre = view.toScreen(marks[0].world);
        const QRectF label = junctionLabelBox(marks[0], centre, QSizeF(30, 14));
        const QRectF ring(centre - QPointF(7, 7), QSizeF(14, 14));
        std::vector<QRectF> taken{ring, label};
        QFont font;
        font.setPixelSize(10);
        QVERIFY(shapes.banking(0));
        const std::vector<PlacedLabel> labels =
            bankLabels(font, view, level.rails[0], shapes.table(0), *shapes.banking(0), taken);
        // The point at the junction has its bank written too, in a free corner.
        QCOMPARE(labels.size(), std::size_t(3));
        for (const PlacedLabel &l : labels) {
            QVERIFY2(!l.box.intersects(ring), qPrintable(l.text));
            QVERIFY2(!l.box.intersects(label), qPrintable(l.text));
        }
        QVERIFY2(labels[1].text.contains(QStringLiteral("25")), qPrintable(labels[1].text));
        QVERIFY(QLineF(labels[1].box.center(), centre).length() < 50); // still beside its point
        QCOMPARE(taken.size(), std::size_t(5));                        // they joined the taken boxes
    }
};

QTEST_MAIN(TestJunctionLabels)
#include "test_junction_labels.moc"
