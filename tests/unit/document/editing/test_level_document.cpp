// The open document: a failed open keeps what was open; saves are atomic.
#include "document/editing/level_document.h"
#include "document/files/level_file.h"

#include <QDir>
#include <QSignalSpy>
#include <QtTest>

#include <csignal>
#include <sys/resource.h>

using namespace railforge::document;

class TestLevelDocument : public QObject {
    Q_OBJECT
private:
    const QString demo = QStringLiteral(RAILFORGE_SOURCE_DIR "/resources/levels/demo.yaml");

private slots:
    void opensTheDemo()
    {
        LevelDocument document;
        QSignalSpy changed(&document, &LevelDocument::levelChanged);
        const auto result = document.load(demo);
        QVERIFY(result.level);
        QCOMPARE(document.filePath(), demo);
        QVERIFY(!document.isModified());
        QCOMPARE(changed.count(), 1);
        QVERIFY(!document.level().waypoints.empty());
    }

    void failedOpenKeepsTheCurrentLevel()
    {
        LevelDocument document;
        QVERIFY(document.load(demo).level);
        const Level before = document.level();
        QTemporaryDir dir;
        const QString bad = dir.filePath("bad.yaml");
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("railforge: 1\nwaypoints:\n  - {id: a, position: [0, nope, 0]}\n");
        file.close();
        QSignalSpy changed(&document, &LevelDocument::levelChanged);
        const auto result = document.load(bad);
        QVERIFY(!result.level);
        QCOMPARE(result.diagnostics.front().line, 3);
        QVERIFY(document.level() == before);
        QCOMPARE(document.filePath(), demo);
        QCOMPARE(changed.count(), 0);
    }

    void missingFileIsReported()
    {
        const auto result = loadLevelFile("/nonexistent/level.yaml");
        QVERIFY(!result.level);
        QVERIFY(QString::fromStdString(formatDiagnostic(result.diagnostics.front()))
                    .startsWith("/nonexistent/level.yaml: cannot open"));
    }

    void oversizedFileIsRefused()
    {
        QTemporaryDir dir;
        const QString huge = dir.filePath("huge.yaml");
        QFile file(huge);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(kMaxLevelFileBytes + 1));
        file.close();
        const auto result = loadLevelFile(huge);
        QVERIFY(!result.level);
        QVERIFY(QString::fromStdString(result.diagnostics.front().message).contains("limit"));
    }

    void saveAsMovesTheDocumentToTheNewFile()
    {
        LevelDocument document;
        QVERIFY(document.load(demo).level);
        QTemporaryDir dir;
        const QString copy = dir.filePath("copy.yaml");
        QString error;
        QVERIFY2(document.save(copy, &error), qPrintable(error));
        QCOMPARE(document.filePath(), copy);
        QVERIFY(loadLevelFile(copy).level.value() == document.level());
    }

    void failedSaveLeavesTheOldFileAsItWas()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("keep.yaml");
        const QByteArray before("railforge: 1\n# the designer's file\n");
        QFile original(path);
        QVERIFY(original.open(QIODevice::WriteOnly));
        original.write(before);
        original.close();
        LevelDocument document;
        QVERIFY(document.load(demo).level);
        // A disk that fills up mid-write: cap this process's file size below the level's size.
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit old{};
        getrlimit(RLIMIT_FSIZE, &old);
        rlimit small = old;
        small.rlim_cur = 512;
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        QString error;
        const bool saved = document.save(path, &error);
        setrlimit(RLIMIT_FSIZE, &old);
        QVERIFY(!saved);
        QVERIFY(!error.isEmpty());
        QVERIFY(document.isModified() == false);
        QCOMPARE(document.filePath(), demo);
        QVERIFY(original.open(QIODevice::ReadOnly));
        QCOMPARE(original.readAll(), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"keep.yaml"});
    }

    void newLevelIsEmptyAndUntitled()
    {
        LevelDocument document;
        QVERIFY(document.load(demo).level);
        document.reset();
        QVERIFY(document.level() == Level{});
        QVERIFY(document.filePath().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLevelDocument)
#include "test_level_document.moc"
