// Autosave, recovery and two editors on one level, end to end with real processes (editor_stand_in):
// a killed editor's edits come back in the next one; two editors keep their own recovery copies, so
// one's crash and the other's clean quit cost nothing; a teammate's save is never overwritten unseen.
#include "app/editor/editor_controller.h"
#include "document/editing/level_editing.h"
#include "document/files/level_file.h"

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

namespace {

// A private copy of small.yaml and a private recovery folder for one test.
struct Scratch {
    QTemporaryDir dir;
    QString level = dir.filePath("level.yaml");
    QString recovery = dir.filePath("recovery");

    Scratch()
    {
        QFile::copy(RAILFORGE_SOURCE_DIR "/tests/data/levels/small.yaml", level);
        QFile::setPermissions(level, QFile::ReadOwner | QFile::WriteOwner);
        qputenv("RAILFORGE_RECOVERY_DIR", QFile::encodeName(recovery));
    }
    // Starts another editor process on the level.
    void start(QProcess &process, const char *mode) const
    {
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert("RAILFORGE_RECOVERY_DIR", recovery);
        env.insert("QT_QPA_PLATFORM", "offscreen");
        process.setProcessEnvironment(env);
        process.start(RAILFORGE_EDITOR_STAND_IN, {mode, level});
    }
    QStringList copies() const { return QDir(recovery).entryList({"*.recovery.yaml"}, QDir::Files); }
    // The copy written by the process `pid`.
    QString copyOf(qint64 pid) const
    {
        for (const QString &name : copies())
            if (name.contains(QStringLiteral(".%1-").arg(pid))) return QDir(recovery).filePath(name);
        return {};
    }
    std::size_t waypointsOnDisk() const { return railforge::document::loadLevelFile(level).level->waypoints.size(); }
};

} // namespace

class TestCrashRecovery : public QObject {
    Q_OBJECT
private slots:
    void editsSurviveAKill()
    {
        Scratch scratch;
        QProcess crash;
        scratch.start(crash, "crash");
        QVERIFY(crash.waitForFinished(30000));
        QCOMPARE(crash.exitStatus(), QProcess::CrashExit);   // it really was killed
        QCOMPARE(scratch.waypointsOnDisk(), std::size_t(3)); // the file never got the edits

        railforge::app::EditorController editor;
        QVERIFY(editor.files()->openFile(scratch.level));
        const QVariantList candidates = editor.recovery()->candidates();
        QCOMPARE(candidates.size(), 1);
        QCOMPARE(candidates[0].toMap()["original"].toString(), QFileInfo(scratch.level).absoluteFilePath());
        QVERIFY(editor.recovery()->restore(candidates[0].toMap()["recovery"].toString()));
        const auto &restored = editor.document()->level();
        QCOMPARE(restored.waypoints.size(), std::size_t(5));
        QCOMPARE(restored.edges.size(), std::size_t(3));
        QCOMPARE(restored.waypoints[0].position.x, 0.5); // the move of waypoint a
        QCOMPARE(restored.waypoints[4].position.z, 1.0);
        QVERIFY(editor.files()->modified());
        QCOMPARE(editor.files()->filePath(), scratch.level);
        // The restored work is this editor's now: its own copy, and the dead one's is gone.
        QVERIFY(!editor.recovery()->ownCopy().isEmpty());
        QCOMPARE(scratch.copies().size(), 1);
        QVERIFY(editor.files()->save());
        QCOMPARE(editor.recovery()->candidates().size(), 0);
        QCOMPARE(scratch.copies().size(), 0);
        QCOMPARE(scratch.waypointsOnDisk(), std::size_t(5));
    }

    // `railforge --screenshot` renders the level alone: a copy left by a killed editor is neither
    // drawn over it (the "Restore unsaved work?" dialog) nor taken away from the next editor.
    void aScreenshotOffersNothing()
    {
        Scratch scratch;
        QProcess crash;
        scratch.start(crash, "crash");
        QVERIFY(crash.waitForFinished(30000));
        QCOMPARE(scratch.copies().size(), 1);
        auto shoot = [&](const QString &out) {
            QProcess editor;
            auto env = QProcessEnvironment::systemEnvironment();
            env.insert("RAILFORGE_RECOVERY_DIR", scratch.recovery);
            env.insert("QT_QPA_PLATFORM", "offscreen");
            editor.setProcessEnvironment(env);
            editor.start(RAILFORGE_EDITOR, {"--screenshot", out, "--view", "plan", scratch.level});
            QVERIFY(editor.waitForFinished(60000));
            QVERIFY2(editor.exitCode() == 0, editor.readAllStandardError().constData());
        };
        const QString withCopy = scratch.dir.filePath("with-copy.png");
        shoot(withCopy);
        QCOMPARE(scratch.copies().size(), 1); // still there for the next editor
        QVERIFY(QDir(scratch.recovery).rename(scratch.copies().front(), "aside.yaml"));
        const QString without = scratch.dir.filePath("without.png");
        shoot(without);
        const QImage a(withCopy), b(without);
        QVERIFY(!a.isNull() && a.size() == b.size());
        QVERIFY2(a == b, "the picture with a recovery copy waiting is the picture without one");
    }

    // A copy's edits began before a teammate's save: restoring them asks, instead of letting the next
    // Save replace the teammate's level unseen.
    void restoringOverATeammatesSaveAsks()
    {
        Scratch scratch;
        QProcess crash;
        scratch.start(crash, "crash");
        QVERIFY(crash.waitForFinished(30000));
        QProcess teammate;
        scratch.start(teammate, "save");
        QVERIFY(teammate.waitForFinished(30000));
        QCOMPARE(teammate.exitCode(), 0);

        railforge::app::EditorController editor;
        QSignalSpy asked(editor.files(), &railforge::app::FileSession::changedOnDisk);
        const QVariantList offered = editor.recovery()->candidates();
        QCOMPARE(offered.size(), 1);
        QVERIFY(editor.recovery()->restore(offered[0].toMap()["recovery"].toString()));
        QCOMPARE(asked.count(), 1);
        QCOMPARE(editor.document()->level().waypoints.size(), std::size_t(5));
    }

    // Two designers on one level; one editor is killed after its autosave. The other's clean quit
    // does not delete the killed one's copy, neither autosaves over the other, and a third editor is
    // offered only the dead one's copy while the second still runs.
    void aKillOfOneOfTwoEditorsLosesNothing()
    {
        Scratch scratch;
        QProcess staying;
        scratch.start(staying, "stay");
        QVERIFY(staying.waitForStarted(30000));
        QProcess crash;
        scratch.start(crash, "crash");
        QVERIFY(crash.waitForStarted(30000));
        const qint64 crashPid = crash.processId(); // gone once it has ended
        QVERIFY(crash.waitForFinished(30000));
        QCOMPARE(crash.exitStatus(), QProcess::CrashExit);
        QVERIFY(staying.waitForReadyRead(30000));
        QCOMPARE(staying.readLine().trimmed(), QByteArray("ready"));

        QCOMPARE(scratch.copies().size(), 2); // one copy each
        const QString dead = scratch.copyOf(crashPid);
        const QString alive = scratch.copyOf(staying.processId());
        QVERIFY(!dead.isEmpty() && !alive.isEmpty());

        railforge::app::EditorController third;
        QVERIFY(third.files()->openFile(scratch.level));
        QVariantList offered = third.recovery()->candidates();
        QCOMPARE(offered.size(), 1);
        QCOMPARE(offered[0].toMap()["recovery"].toString(), dead);
        third.recovery()->discardFile(alive); // a running editor's copy is not anyone else's to remove
        QVERIFY(QFile::exists(alive));

        staying.write("quit\n");
        staying.closeWriteChannel();
        QVERIFY(staying.waitForFinished(30000));
        QCOMPARE(staying.exitStatus(), QProcess::NormalExit);
        QCOMPARE(staying.exitCode(), 0);
        QVERIFY(!QFile::exists(alive)); // its own copy went with its clean quit
        QVERIFY(QFile::exists(dead));   // the killed editor's work is still there
        offered = third.recovery()->candidates();
        QCOMPARE(offered.size(), 1);
        QVERIFY(third.recovery()->restore(dead));
        QCOMPARE(third.document()->level().waypoints.size(), std::size_t(5));
    }

    // Two editors on one file: the second saves while the first has unsaved changes. The first's
    // save asks instead of overwriting; a clean editor reloads the new file by itself.
    void aSecondEditorsSaveIsNeverOverwrittenUnseen()
    {
        Scratch scratch;
        railforge::app::EditorController mine;
        QVERIFY(mine.files()->openFile(scratch.level));
        railforge::document::addWaypoint(*mine.document(), {3, 7, 0});
        railforge::app::EditorController clean;
        QVERIFY(clean.files()->openFile(scratch.level));

        QProcess teammate;
        scratch.start(teammate, "save");
        QVERIFY(teammate.waitForFinished(30000));
        QCOMPARE(teammate.exitCode(), 0);
        const QByteArray theirs = [&] {
            QFile f(scratch.level);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        QVERIFY(theirs.contains("[42, 42, 0]"));

        QSignalSpy asked(mine.files(), &railforge::app::FileSession::changedOnDisk);
        QVERIFY(!mine.files()->save());
        QVERIFY(asked.count() >= 1);
        QCOMPARE(asked.last().at(1).toBool(), true); // asked by Save
        QFile file(scratch.level);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), theirs);
        QVERIFY(mine.files()->modified());

        // The clean editor took the teammate's level in without a word from anyone.
        QTRY_COMPARE_WITH_TIMEOUT(clean.document()->level().waypoints.size(), std::size_t(4), 5000);
        QVERIFY(!clean.files()->modified());

        // Overwrite theirs, when the designer says so.
        QVERIFY(mine.files()->overwriteDisk());
        QCOMPARE(scratch.waypointsOnDisk(), std::size_t(4));
        QVERIFY(!railforge::document::loadLevelFile(scratch.level).text.empty());
        QVERIFY(railforge::document::loadLevelFile(scratch.level).text.find("[42, 42, 0]") == std::string::npos);
    }
};

QTEST_MAIN(TestCrashRecovery)
#include "test_crash_recovery.moc"
