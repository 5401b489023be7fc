// Autosave and recovery end to end: a real process edits a level and is killed with SIGKILL; a new
// editor finds the recovery copy, restores it, and has every edit (unsaved), then saving clears it.
#include "app/editor/editor_controller.h"
#include "document/files/level_file.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestCrashRecovery : public QObject {
    Q_OBJECT
private slots:
    void editsSurviveAKill()
    {
        QTemporaryDir dir;
        const QString level = dir.filePath("level.yaml");
        QVERIFY(QFile::copy(RAILFORGE_SOURCE_DIR "/tests/data/levels/small.yaml", level));
        QFile::setPermissions(level, QFile::ReadOwner | QFile::WriteOwner);
        const QString recovery = dir.filePath("recovery");
        qputenv("RAILFORGE_RECOVERY_DIR", QFile::encodeName(recovery));

        QProcess crash;
        crash.setProcessEnvironment([&] {
            auto env = QProcessEnvironment::systemEnvironment();
            env.insert("RAILFORGE_RECOVERY_DIR", recovery);
            env.insert("QT_QPA_PLATFORM", "offscreen");
            return env;
        }());
        crash.start(RAILFORGE_CRASH_EDITOR, {level});
        QVERIFY(crash.waitForFinished(30000));
        QCOMPARE(crash.exitStatus(), QProcess::CrashExit); // it really was killed
        // The file on disk never got the edits.
        QCOMPARE(railforge::document::loadLevelFile(level).level->waypoints.size(), std::size_t(3));

        railforge::app::EditorController editor;
        QVERIFY(editor.files()->openFile(level));
        const QVariantList candidates = editor.recovery()->candidates();
        QCOMPARE(candidates.size(), 1);
        QCOMPARE(candidates[0].toMap()["original"].toString(), QFileInfo(level).absoluteFilePath());
        QVERIFY(editor.recovery()->restore(candidates[0].toMap()["recovery"].toString()));
        const auto &restored = editor.document()->level();
        QCOMPARE(restored.waypoints.size(), std::size_t(5));
        QCOMPARE(restored.edges.size(), std::size_t(3));
        QCOMPARE(restored.waypoints[0].position.x, 0.5); // the move of waypoint a
        QCOMPARE(restored.waypoints[4].position.z, 1.0);
        QVERIFY(editor.files()->modified());
        QCOMPARE(editor.files()->filePath(), level);
        QVERIFY(editor.files()->save());
        QCOMPARE(editor.recovery()->candidates().size(), 0);
        QCOMPARE(railforge::document::loadLevelFile(level).level->waypoints.size(), std::size_t(5));
    }
};

QTEST_MAIN(TestCrashRecovery)
#include "test_crash_recovery.moc"
