// Plugins are found, checked before they load, skipped with a reason, and their failures reported.
#include "document/strategy/strategy_registry.h"

#include <QtTest>

using namespace railforge;
using namespace railforge::document;

namespace {

const std::vector<Vec3> path = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}};
} // namespace

class TestStrategyRegistry : public QObject {
    Q_OBJECT
private:
    StrategyRegistry registry;
    const LevelObstacleContext field{Level{}}; // no obstacles: every segment is clear

private slots:
    void initTestCase() { registry.loadLocation(RAILFORGE_TEST_PLUGIN_DIR); }

    void loadsAGoodPlugin()
    {
        const StrategyInfo *info = registry.find("misbehaving");
        QVERIFY2(info, qPrintable(registry.problems().join('\n')));
        QCOMPARE(info->name, std::string("Misbehaving (test)"));
        QCOMPARE(info->parameters.size(), std::size_t(2));
        QVERIFY(info->parameters[0].type == ParameterSpec::Type::Enum);
        QCOMPARE(info->parameters[0].choices.size(), std::size_t(4));
        QVERIFY(info->filePath.endsWith(".so"));
    }

    void skipsAPluginBuiltForAnotherApiVersion()
    {
        QVERIFY(!registry.find("wrong-iid"));
        const QStringList hits = registry.problems().filter("railforge_test_wrong_iid");
        QCOMPARE(hits.size(), 1);
        QVERIFY(hits.front().contains("org.railforge.SmoothingStrategy/0"));
        QVERIFY(hits.front().contains("skipped"));
    }

    void skipsAPluginWithBrokenMetadata()
    {
        QVERIFY(!registry.find("bad-metadata"));
        const QStringList hits = registry.problems().filter("railforge_test_bad_metadata");
        QCOMPARE(hits.size(), 1);
        QVERIFY2(hits.front().contains("'iterations'") && hits.front().contains("outside [min, max]"),
                 qPrintable(hits.front()));
    }

    void aSecondCopyOfAStrategyIsSkipped()
    {
        StrategyRegistry twice;
        twice.loadLocation(RAILFORGE_TEST_PLUGIN_DIR);
        twice.loadLocation(RAILFORGE_TEST_PLUGIN_DIR);
        QCOMPARE(twice.strategies().size(), std::size_t(1));
        QVERIFY(!twice.problems().filter("already provided").isEmpty());
    }

    void pluginPathVariableIsSearched()
    {
        qputenv("RAILFORGE_PLUGIN_PATH", "/nonexistent:" RAILFORGE_TEST_PLUGIN_DIR);
        StrategyRegistry fromEnvironment;
        fromEnvironment.loadDefaultLocations();
        qunsetenv("RAILFORGE_PLUGIN_PATH");
        QVERIFY(fromEnvironment.find("misbehaving"));
    }

    void runsAndChecksOutput_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("identity") << "identity" << int(StepResult::Status::Ok) << "";
        QTest::newRow("error") << "error" << int(StepResult::Status::StrategyFailed) << "asked to fail";
        QTest::newRow("nan") << "nan" << int(StepResult::Status::StrategyFailed) << "not finite (point 3)";
        QTest::newRow("too many points") << "huge" << int(StepResult::Status::StrategyFailed) << "more than the limit";
    }

    void runsAndChecksOutput()
    {
        QFETCH(QString, mode);
        QFETCH(int, status);
        QFETCH(QString, fragment);
        const StepResult result = registry.run("misbehaving", {{"mode", mode.toStdString()}}, path, false, field);
        QCOMPARE(int(result.status), status);
        QVERIFY2(QString::fromStdString(result.error).contains(fragment), result.error.c_str());
        if (result.ok())
            QVERIFY(result.points == path);
        else
            QVERIFY(result.points.empty());
    }

    void refusesBadParameters_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QVariant>("value");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("enum not a choice")
            << "mode" << QVariant("sometimes") << "must be one of identity, error, nan, huge";
        QTest::newRow("int out of range") << "count" << QVariant(9) << "outside [0, 5]";
        QTest::newRow("int as text") << "count" << QVariant("two") << "must be a whole number";
        QTest::newRow("int with fraction") << "count" << QVariant(1.5) << "must be a whole number";
        QTest::newRow("unknown name") << "speed" << QVariant(2) << "has no parameter 'speed' (it takes mode, count)";
    }

    void refusesBadParameters()
    {
        QFETCH(QString, name);
        QFETCH(QVariant, value);
        QFETCH(QString, fragment);
        PropertyValue v;
        if (value.typeId() == QMetaType::QString)
            v = value.toString().toStdString();
        else if (value.typeId() == QMetaType::Double)
            v = value.toDouble();
        else
            v = std::int64_t(value.toInt());
        const StepResult result = registry.run("misbehaving", {{name.toStdString(), v}}, path, false, field);
        QVERIFY(result.status == StepResult::Status::BadParameters);
        QVERIFY2(QString::fromStdString(result.error).contains(fragment), result.error.c_str());
    }

    void unknownStrategyListsTheKnownOnes()
    {
        const StepResult result = registry.run("bezier-magic", {}, path, false, field);
        QVERIFY(result.status == StepResult::Status::UnknownStrategy);
        QVERIFY2(QString::fromStdString(result.error).contains("available: misbehaving"), result.error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestStrategyRegistry)
#include "test_strategy_registry.moc"
