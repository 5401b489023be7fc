// CSV paths: comments, a header, 2D and 3D, located errors; full-precision output.
#include "document/files/csv_points.h"

#include <QtTest>

using namespace railforge::document;

class TestCsvPoints : public QObject {
    Q_OBJECT
private slots:
    void readsCommentsHeaderAndDimensions()
    {
        Diagnostics d;
        auto csv =
            readCsvPoints("# recorded path\nx,y,z\n0,0,0\n 1.5 , -2 , 3 # inline comment\n\n2e1,0,1\n", "p.csv", d);
        QVERIFY(csv);
        QCOMPARE(csv->dimension, 3);
        QCOMPARE(csv->points.size(), std::size_t(3));
        QCOMPARE(csv->points[1].x, 1.5);
        QCOMPARE(csv->points[2].x, 20.0);
        auto flat = readCsvPoints("1,2\n3,4", "q.csv", d);
        QVERIFY(flat);
        QCOMPARE(flat->dimension, 2);
        QCOMPARE(flat->points[1].z, 0.0);
        QVERIFY(d.empty());
    }

    void reportsBadLines_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("not a number") << QByteArray("0,0\n1,abc\n") << 2 << 3 << "'abc' is not a number";
        QTest::newRow("nan") << QByteArray("0,0\n1, nan\n") << 2 << 4 << "not a number";
        QTest::newRow("inf") << QByteArray("0,0\n1,.inf\n") << 2 << 3 << "not a finite number";
        QTest::newRow("beyond the coordinate range")
            << QByteArray("0,0\n1,-1.0e300\n") << 2 << 3 << "outside the coordinate range";
        QTest::newRow("one field") << QByteArray("0,0\n7\n") << 2 << 1 << "expected x,y or x,y,z";
        QTest::newRow("mixed dimensions") << QByteArray("0,0\n1,1,1\n") << 2 << 1 << "expected 2 fields";
        QTest::newRow("empty field") << QByteArray("0,0,0\n1,,2\n") << 2 << 3 << "'' is not a number";
        QTest::newRow("binary") << QByteArray("0,0\n\x01\x02", 6) << 2 << 1 << "binary";
        QTest::newRow("second header") << QByteArray("x,y\n0,0\nx,y\n") << 3 << 1 << "'x' is not a number";
    }

    void reportsBadLines()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, fragment);
        Diagnostics d;
        auto csv = readCsvPoints(std::string_view(text.constData(), std::size_t(text.size())), "bad.csv", d);
        QVERIFY(!csv);
        QVERIFY(!d.empty());
        const QString first = QString::fromStdString(formatDiagnostic(d.front()));
        QVERIFY2(first.startsWith(QString("bad.csv:%1:%2: ").arg(line).arg(column)), qPrintable(first));
        QVERIFY2(first.contains(fragment), qPrintable(first));
    }

    void writesFullPrecision()
    {
        const std::vector<railforge::core::Vec3> points = {{0.1, 1.0 / 3, 0}, {-2.5e-300, -999999999.99999988, 7}};
        const std::string text = writeCsvPoints(points, 3);
        QVERIFY(text.find("0.10000000000000001,0.33333333333333331,0\n") != std::string::npos);
        Diagnostics d;
        auto back = readCsvPoints(text, "round.csv", d);
        QVERIFY(back);
        QVERIFY(back->points == points);
    }
};

QTEST_APPLESS_MAIN(TestCsvPoints)
#include "test_csv_points.moc"
