// Canvas labels never cover each other: two broken patrols that share an end (the same anchor) get
// their reasons one under the other, both inside the canvas.
#include "app/plan/label_placement.h"

#include <QtTest>

#include <random>

using railforge::app::placeLabel;

class TestLabelPlacement : public QObject {
    Q_OBJECT
private slots:
    void twoLabelsAtOneAnchorDoNotOverlap()
    {
        const QRectF canvas(0, 0, 800, 600);
        std::vector<QRectF> taken;
        const QRectF first = placeLabel(QRectF(100, 100, 300, 20), canvas, taken);
        const QRectF second = placeLabel(QRectF(100, 100, 300, 20), canvas, taken);
        QVERIFY(!first.intersects(second));
        QVERIFY(canvas.contains(first) && canvas.contains(second));
        QCOMPARE(second.left(), first.left()); // stacked under, not scattered
    }

    void atTheBottomTheyStackUpwards()
    {
        const QRectF canvas(0, 0, 800, 600);
        std::vector<QRectF> taken;
        const QRectF first = placeLabel(QRectF(100, 590, 300, 30), canvas, taken);
        const QRectF second = placeLabel(QRectF(100, 590, 300, 30), canvas, taken);
        QVERIFY(canvas.contains(first) && canvas.contains(second));
        QVERIFY(!first.intersects(second));
    }

    void manyRandomLabelsStayApartWhileThereIsRoom()
    {
        std::mt19937 random(5);
        const QRectF canvas(0, 0, 1000, 800);
        std::vector<QRectF> taken;
        for (int i = 0; i < 12; ++i) {
            const double x = std::uniform_real_distribution<double>(0, 900)(random);
            const double y = std::uniform_real_distribution<double>(0, 300)(random);
            placeLabel(QRectF(x, y, 200, 18), canvas, taken);
        }
        for (std::size_t a = 0; a < taken.size(); ++a) {
            QVERIFY(canvas.contains(taken[a]));
            for (std::size_t b = a + 1; b < taken.size(); ++b) QVERIFY(!taken[a].intersects(taken[b]));
        }
    }
};

QTEST_GUILESS_MAIN(TestLabelPlacement)
#include "test_label_placement.moc"
