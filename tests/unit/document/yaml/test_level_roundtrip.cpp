// Load, save, load gives the same document; saving twice gives the same bytes.
#include "document/files/level_file.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_writer.h"

#include "random_level.h"

#include <QtTest>

using namespace railforge::document;

class TestLevelRoundtrip : public QObject {
    Q_OBJECT
private:
    static QString describe(const Diagnostics &diagnostics)
    {
        QStringList lines;
        for (const auto &d : diagnostics) lines << QString::fromStdString(formatDiagnostic(d));
        return lines.join('\n');
    }

private slots:
    void demoLoadsWithoutProblems()
    {
        const auto result = loadLevelFile(RAILFORGE_SOURCE_DIR "/resources/levels/demo.yaml");
        QVERIFY2(result.level, qPrintable(describe(result.diagnostics)));
        QVERIFY2(result.diagnostics.empty(), qPrintable(describe(result.diagnostics)));
        const Level &level = *result.level;
        QVERIFY(level.waypoints.size() >= 25);
        QCOMPARE(level.rails.size(), std::size_t(3));
        QCOMPARE(level.patrols.size(), std::size_t(2));
        QVERIFY(!level.obstacles.empty());
    }

    void demoRoundTrips()
    {
        const auto first = loadLevelFile(RAILFORGE_SOURCE_DIR "/resources/levels/demo.yaml");
        QVERIFY(first.level);
        const std::string saved = writeLevel(*first.level);
        const auto second = readLevel(saved, "saved.yaml");
        QVERIFY2(second.level, qPrintable(describe(second.diagnostics)));
        QVERIFY(*second.level == *first.level);
        QCOMPARE(writeLevel(*second.level), saved);
    }

    void savedFileReloadsIdentically()
    {
        QTemporaryDir dir;
        const auto demo = loadLevelFile(RAILFORGE_SOURCE_DIR "/resources/levels/demo.yaml");
        QVERIFY(demo.level);
        const QString path = dir.filePath("copy.yaml");
        QString error;
        QVERIFY2(saveLevelFile(path, *demo.level, &error), qPrintable(error));
        const auto reloaded = loadLevelFile(path);
        QVERIFY(reloaded.level);
        QVERIFY(*reloaded.level == *demo.level);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll().toStdString(), writeLevel(*demo.level));
    }

    void randomDocumentsRoundTrip()
    {
        std::mt19937_64 rng(20261122);
        int shaped = 0; // rails with stored handles: the new forms really took part
        int tilted = 0;
        for (int i = 0; i < 1000; ++i) {
            const Level level = railforge::testing::randomLevel(rng);
            for (const Rail &r : level.rails) {
                shaped += !r.handles.empty();
                tilted += !r.tilts.empty();
            }
            const std::string text = writeLevel(level);
            const auto loaded = readLevel(text, "random.yaml");
            if (!loaded.level)
                QFAIL(qPrintable(QString("document %1 failed to load:\n%2\n---\n%3")
                                     .arg(i)
                                     .arg(describe(loaded.diagnostics), QString::fromStdString(text))));
            if (!(*loaded.level == level))
                QFAIL(qPrintable(
                    QString("document %1 changed in the round trip:\n%2").arg(i).arg(QString::fromStdString(text))));
            QCOMPARE(writeLevel(*loaded.level), text);
        }
        QVERIFY2(shaped > 200 && tilted > 500,
                 qPrintable(QString("%1 shaped, %2 tilted rails").arg(shaped).arg(tilted)));
    }

    void bezierPointForms()
    {
        // Plain points are auto; a mirrored point may give only 'out'; handles without a mode are free;
        // tilt works on any rail type. Saving writes every handle and the mode explicitly.
        const auto loaded = readLevel("railforge: 1\nlevel: {name: L}\nrails:\n"
                                      "  - id: b\n    spline: {type: bezier, alpha: 1}\n    points:\n"
                                      "      - [0, 0, 0]\n"
                                      "      - {at: [4, 0, 0], out: [1, 2, 0], mode: mirrored, tilt: 45}\n"
                                      "      - {at: [8, 0, 0], in: [-1, 0, 0], out: [0, 3, 0]}\n"
                                      "      - {at: [9, 9, 0], mode: corner}\n"
                                      "  - {id: c, points: [{at: [0, 0]}, {at: [1, 1], tilt: -30}]}\n",
                                      "bezier.yaml");
        QVERIFY2(loaded.level, qPrintable(describe(loaded.diagnostics)));
        const Rail &b = loaded.level->rails[0];
        QVERIFY(b.spline == SplineKind::Bezier);
        QCOMPARE(b.alpha, 1.0);
        QCOMPARE(b.handles.size(), std::size_t(4));
        QVERIFY(b.handles[0] == PointHandles{});
        QVERIFY((b.handles[1] == PointHandles{HandleMode::Mirrored, {-1, -2, 0}, {1, 2, 0}}));
        QVERIFY((b.handles[2] == PointHandles{HandleMode::Free, {-1, 0, 0}, {0, 3, 0}}));
        QVERIFY(b.handles[3].mode == HandleMode::Corner);
        QCOMPARE(b.tilts, (std::vector<double>{0, 45, 0, 0}));
        const Rail &c = loaded.level->rails[1];
        QVERIFY(c.handles.empty());
        QCOMPARE(c.tilts, (std::vector<double>{0, -30}));
        const std::string text = writeLevel(*loaded.level);
        QVERIFY(text.find("      - {at: [4, 0, 0], in: [-1, -2, 0], out: [1, 2, 0], mode: mirrored, tilt: 45}\n") !=
                std::string::npos);
        QVERIFY(text.find("      - {at: [9, 9, 0], mode: corner}\n") != std::string::npos);
        QVERIFY(text.find("      - {at: [1, 1, 0], tilt: -30}\n") != std::string::npos);
        const auto again = readLevel(text, "again.yaml");
        QVERIFY(again.level && *again.level == *loaded.level);
    }

    void emptyLevelRoundTrips()
    {
        const Level empty;
        const auto loaded = readLevel(writeLevel(empty), "empty.yaml");
        QVERIFY(loaded.level);
        QVERIFY(*loaded.level == empty);
    }

    void shortFormsReadAsDefaults()
    {
        // Optional keys may be left out; 2D points get z = 0.
        const auto loaded = readLevel("railforge: 1\nlevel: {name: L}\n"
                                      "waypoints:\n  - {id: a, position: [1, 2]}\n  - {id: b, position: [3, 4]}\n"
                                      "edges:\n  - {from: a, to: b}\n"
                                      "rails:\n  - {id: r, points: [[0, 0], [1, 1]]}\n",
                                      "short.yaml");
        QVERIFY2(loaded.level, qPrintable(describe(loaded.diagnostics)));
        const Level &level = *loaded.level;
        QCOMPARE(level.info.units, std::string("m"));
        QCOMPARE(level.waypoints[0].position.z, 0.0);
        QVERIFY(level.edges[0].bidirectional);
        QVERIFY(!level.edges[0].cost);
        QVERIFY(!level.rails[0].closed);
        QVERIFY(level.rails[0].spline == SplineKind::CatmullRom);
        QCOMPARE(level.rails[0].alpha, 0.5);
    }

    void propertyTypesAreKept()
    {
        const auto loaded = readLevel("railforge: 1\nlevel: {name: L}\nwaypoints:\n"
                                      "  - {id: a, position: [0, 0, 0], properties: {wait: 2.0, count: 3, alert: true, "
                                      "tag: gate, tint: \"#ff8800\", quoted: \"12\"}}\n",
                                      "props.yaml");
        QVERIFY2(loaded.level, qPrintable(describe(loaded.diagnostics)));
        const Properties &p = loaded.level->waypoints[0].properties;
        QCOMPARE(p.size(), std::size_t(6));
        QVERIFY(std::get<double>(p[0].value) == 2.0);
        QVERIFY(std::get<std::int64_t>(p[1].value) == 3);
        QVERIFY(std::get<bool>(p[2].value));
        QVERIFY(std::get<std::string>(p[3].value) == "gate");
        QVERIFY(std::get<Color>(p[4].value).hex == "#ff8800");
        QVERIFY(std::get<std::string>(p[5].value) == "12");
        // The real keeps its decimal point so it stays a real after saving.
        QVERIFY(writeLevel(*loaded.level).find("wait: 2.0") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestLevelRoundtrip)
#include "test_level_roundtrip.moc"
