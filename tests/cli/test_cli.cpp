// railforge-cli as a build pipeline calls it: exit codes and messages of docs/design.md "CLI contract".
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {
struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run runCli(const QStringList &arguments)
{
    QProcess process;
    process.start(RAILFORGE_CLI, arguments);
    if (!process.waitForFinished(30000)) {
        process.kill();
        return {};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &content)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    file.write(content);
    return path;
}
} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void helpListsCommands()
    {
        const Run run = runCli({"--help"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("validate LEVEL.yaml"));
        QVERIFY(run.out.contains("Exit codes"));
    }

    void versionIsPrinted()
    {
        const Run run = runCli({"--version"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(QRegularExpression("^railforge-cli \\d+\\.\\d+\\.\\d+").match(run.out).hasMatch());
    }

    void usageErrorsExit2()
    {
        QCOMPARE(runCli({}).exitCode, 2);
        QCOMPARE(runCli({"frobnicate"}).exitCode, 2);
        QCOMPARE(runCli({"validate"}).exitCode, 2);
        const Run unknownOption = runCli({"validate", "--bogus", "x.yaml"});
        QCOMPARE(unknownOption.exitCode, 2);
        QVERIFY(unknownOption.err.contains("bogus"));
    }

    void validateAcceptsTheDemo()
    {
        const Run run = runCli({"validate", RAILFORGE_SOURCE_DIR "/resources/levels/demo.yaml"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
        QVERIFY(run.out.contains("ok"));
    }

    void validateListsEveryProblemLocated()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, "broken.yaml",
                                       "railforge: 1\n"
                                       "level: {name: Broken}\n"
                                       "waypoints:\n"
                                       "  - {id: a, position: [0, 0, 0]}\n"
                                       "  - {id: a, position: [1, .nan, 0]}\n"
                                       "edges:\n"
                                       "  - {from: a, to: ghost}\n"
                                       "rails:\n"
                                       "  - {id: r, spline: {type: hermite}, points: [[0, 0]]}\n");
        const Run run = runCli({"validate", path});
        QCOMPARE(run.exitCode, 3);
        const QStringList lines = run.err.split('\n', Qt::SkipEmptyParts);
        QVERIFY2(lines.size() >= 5, qPrintable(run.err));
        for (const QString &line : lines)
            QVERIFY2(QRegularExpression("^" + QRegularExpression::escape(path) + ":\\d+:\\d+: ").match(line).hasMatch(),
                     qPrintable(line));
        QVERIFY(run.err.contains(path + ":5:27: ")); // the NaN
        QVERIFY(run.err.contains(path + ":7:19: ")); // the dangling edge
        QVERIFY(run.err.contains("hermite"));
    }

    void validateMissingFileIsInvalidInput()
    {
        const Run run = runCli({"validate", "/nonexistent/level.yaml"});
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.err.startsWith("/nonexistent/level.yaml: cannot open"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
