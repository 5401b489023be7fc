// Files from other editors (a UTF-8 byte-order mark loads and is not written back) and the writers'
// guard of the rule "no NaN ever leaves RailForge": a non-finite number or a non-unit tangent makes
// the writer fail with an internal error and write nothing.
#include "core/arc_length.h"
#include "document/export/engine_export.h"
#include "document/files/csv_points.h"
#include "document/files/level_file.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/strategy/strategy_registry.h"
#include "document/text/finite_output.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_writer.h"

#include <QtTest>

#include <limits>

using namespace railforge;
using namespace railforge::document;

namespace {
const std::string kLevel = "railforge: 1\nlevel: {name: L, units: m}\nwaypoints:\n  - {id: a, position: [0, 0, 0]}\n"
                           "  - {id: b, position: [3, 4, 0]}\nrails:\n  - id: r\n    points: [[0, 0, 0], [10, 5, 0]]\n";
const QByteArray kBom("\xEF\xBB\xBF");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TestForeignFilesAndWriters : public QObject {
    Q_OBJECT
private slots:
    void byteOrderMarkLoadsAndIsNotSaved()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("bom.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kBom + QByteArray::fromStdString(kLevel));
        f.close();

        const LoadResult loaded = loadLevelFile(path);
        QVERIFY2(loaded.diagnostics.empty(),
                 loaded.diagnostics.empty() ? "" : formatDiagnostic(loaded.diagnostics.front()).c_str());
        QVERIFY(loaded.level);
        QVERIFY(*loaded.level == *readLevel(kLevel, "plain.yaml").level);

        QString error;
        QVERIFY2(saveLevelFile(path, *loaded.level, &error), qPrintable(error));
        const QByteArray saved = readAll(path);
        QVERIFY(!saved.startsWith(kBom));
        QCOMPARE(saved, QByteArray::fromStdString(writeLevel(*loaded.level)));
    }

    void byteOrderMarkDoesNotShiftPlaces()
    {
        // The mark is not a column: an error on line 1 is still at column 1 of what the editor shows.
        const auto result = readLevel("\xEF\xBB\xBF"
                                      "railforge: 2\n",
                                      "bad.yaml");
        QVERIFY(!result.level);
        QCOMPARE(result.diagnostics.front().line, 1);
        QCOMPARE(result.diagnostics.front().column, 12);
    }

    void tabsOutsideIndentationAreFine()
    {
        // YAML allows tabs in a quoted scalar's continuation and inside a flow list: only tabs that
        // indent are refused.
        const auto quoted = readLevel("railforge: 1\nlevel: {name: \"a\n\tb\", units: m}\n", "quoted.yaml");
        QVERIFY(quoted.level);
        QCOMPARE(quoted.level->info.name, std::string("a b"));
        const auto flow = readLevel("railforge: 1\nrails:\n  - id: r\n    points: [[0, 0],\n\t[1, 1]]\n", "flow.yaml");
        QVERIFY(flow.level);
        const auto blank = readLevel("railforge: 1\n\t\n", "blank.yaml");
        QVERIFY(!blank.level);
        QCOMPARE(
            formatDiagnostic(blank.diagnostics.front()),
            std::string(
                "blank.yaml:2:1: tab in indentation: tabs are not allowed in YAML indentation; indent with spaces"));
    }

    void saveRefusesNonFiniteAndKeepsTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("level.yaml");
        Level level = *readLevel(kLevel, "plain.yaml").level;
        QString error;
        QVERIFY(saveLevelFile(path, level, &error));
        const QByteArray before = readAll(path);

        level.waypoints[1].position.y = std::numeric_limits<double>::quiet_NaN(); // what a bug could do
        QVERIFY(!saveLevelFile(path, level, &error));
        QVERIFY2(error.contains("internal error"), qPrintable(error));
        QCOMPARE(readAll(path), before);
        QVERIFY(!saveLevelFile(dir.filePath("new.yaml"), level, &error));
        QVERIFY(!QFile::exists(dir.filePath("new.yaml")));
    }

    void exportReportsNonFiniteAsInternalError()
    {
        Level level = *readLevel(kLevel, "plain.yaml").level;
        level.rails[0].points[1].x = std::numeric_limits<double>::infinity();
        const StrategyRegistry registry;
        const LevelObstacleContext context(level);
        std::string error;
        bool internalError = false;
        for (TreeFormat format : {TreeFormat::Yaml, TreeFormat::Json}) {
            error.clear();
            internalError = false;
            QVERIFY(!writeEngineExport(level, 0.5, registry, context, &error, &internalError, format));
            QVERIFY(internalError);
            QVERIFY2(error.rfind("internal error", 0) == 0, error.c_str());
        }
        // A NaN in a property or a waypoint (what a bug could do) is caught in JSON too.
        Level other = *readLevel(kLevel, "plain.yaml").level;
        other.waypoints[0].position.z = std::numeric_limits<double>::quiet_NaN();
        QVERIFY(!writeEngineExport(other, 0.5, registry, context, &error, &internalError, TreeFormat::Json));
        QVERIFY(internalError);
    }

    void csvWritersRefuseNonFiniteAndZeroTangents()
    {
        QVERIFY_THROWS_EXCEPTION(NonFiniteOutput, formatCsvNumber(std::numeric_limits<double>::quiet_NaN()));
        QVERIFY_THROWS_EXCEPTION(NonFiniteOutput,
                                 writeCsvPoints({{0, 0, 0}, {1, -std::numeric_limits<double>::infinity(), 0}}, 2));
        core::CurveSample row;
        row.tangent = {0, 0, 0};
        QVERIFY_THROWS_EXCEPTION(NonFiniteOutput, writeSampleCsv({row}, {{0, 0, 1}}));
        row.tangent = {0.6, 0.8, 0};
        QVERIFY_THROWS_EXCEPTION(NonFiniteOutput, writeSampleCsv({row}, {{0, 0, 0}}));        // up not unit
        QVERIFY_THROWS_EXCEPTION(NonFiniteOutput, writeSampleCsv({row}, {{0.8, -0.6, 0.1}})); // not orthogonal
        QVERIFY_THROWS_EXCEPTION(NonFiniteOutput, writeSampleCsv({row}, {}));                 // counts differ
        QCOMPARE(writeSampleCsv({row}, {{0, 0, 1}}),
                 std::string("s,x,y,z,tx,ty,tz,ux,uy,uz\n0,0,0,0,0.59999999999999998,0.80000000000000004,0,0,0,1\n"));
    }
};

QTEST_MAIN(TestForeignFilesAndWriters)
#include "test_foreign_files_and_writers.moc"
