// The project rule and the file rules of document/files/project_files.h on real folders: which folder
// is the project, which paths resolve inside it (relative, absolute, symlinked, through siblings),
// and which files open (regular ones within the size limit; FIFOs, devices and folders refused by
// their type, at once).
#include "document/files/project_files.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

#include <sys/stat.h>

using namespace railforge::document;

class TestProjectFiles : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_game; // <tmp>/game with .git, levels/, art/

    QString path(const QString &relative) const { return QDir(m_tmp.path()).filePath(relative); }
    void writeFile(const QString &relative, const QByteArray &bytes)
    {
        QDir().mkpath(QFileInfo(path(relative)).absolutePath());
        QFile f(path(relative));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY(QDir().mkpath(path("game/.git")));
        QVERIFY(QDir().mkpath(path("game/levels/deep")));
        writeFile("game/art/hill.obj", "v 0 0 0\n");
        writeFile("secret.txt", "secret");
        QVERIFY(QFile::link(path("secret.txt"), path("game/art/link.obj")));
        QVERIFY(QFile::link(path("game/art/hill.obj"), path("game/levels/inner_link.obj")));
        QVERIFY(::mkfifo(QFile::encodeName(path("game/art/pipe.bin")).constData(), 0600) == 0);
        writeFile("marked/railforge-project.yaml", "");
        QVERIFY(QDir().mkpath(path("marked/levels")));
        QVERIFY(QDir().mkpath(path("lone")));
        m_game = QFileInfo(path("game")).canonicalFilePath();
    }

    void projectRoot_data()
    {
        QTest::addColumn<QString>("levelFolder");
        QTest::addColumn<QString>("root");
        QTest::newRow("a .git two folders up") << "game/levels/deep"
                                               << "game";
        QTest::newRow("a .git one folder up") << "game/levels"
                                              << "game";
        QTest::newRow("railforge-project.yaml") << "marked/levels"
                                                << "marked";
        QTest::newRow("no marker: the level's folder") << "lone"
                                                       << "lone";
    }
    void projectRoot()
    {
        QFETCH(QString, levelFolder);
        QFETCH(QString, root);
        QCOMPARE(projectRootFor(path(levelFolder)), QFileInfo(path(root)).canonicalFilePath());
    }

    void resolve_data()
    {
        QTest::addColumn<QString>("written");
        QTest::addColumn<bool>("allowOutside");
        QTest::addColumn<int>("problem"); // -1: resolves
        const int outside = int(FileProblem::Kind::Outside), missing = int(FileProblem::Kind::Missing);
        QTest::newRow("a sibling folder under the same .git") << "../art/hill.obj" << false << -1;
        QTest::newRow("a symlink that stays inside") << "inner_link.obj" << false << -1;
        QTest::newRow("climbing out") << "../../secret.txt" << false << outside;
        QTest::newRow("climbing out and back in does not help") << "../../game/../secret.txt" << false << outside;
        QTest::newRow("an absolute path out") << "/etc/passwd" << false << outside;
        QTest::newRow("a symlink pointing out") << "../art/link.obj" << false << outside;
        QTest::newRow("a missing file inside") << "../art/none.obj" << false << missing;
        QTest::newRow("a missing file outside is outside") << "../../none.obj" << false << outside;
        QTest::newRow("allowed: climbing out") << "../../secret.txt" << true << -1;
        QTest::newRow("allowed: a symlink out") << "../art/link.obj" << true << -1;
    }
    void resolve()
    {
        QFETCH(QString, written);
        QFETCH(bool, allowOutside);
        QFETCH(int, problem);
        FileRules rules;
        rules.allowOutsideProject = allowOutside;
        const ProjectFiles files(path("game/levels"), rules);
        QCOMPARE(files.root(), m_game);
        FileProblem why;
        const auto resolved = files.resolve(files.levelFolder(), written, &why);
        QCOMPARE(resolved.has_value(), problem < 0);
        if (problem >= 0) {
            QCOMPARE(int(why.kind), problem);
            QVERIFY(why.breaksRule() == (why.kind == FileProblem::Kind::Outside));
            if (why.kind == FileProblem::Kind::Outside)
                QVERIFY2(
                    why.message(written.toStdString()).find("outside the project (" + m_game.toStdString() + ")") !=
                        std::string::npos,
                    why.message(written.toStdString()).c_str());
        } else {
            QVERIFY(QFileInfo(*resolved).isAbsolute());
        }
    }

    // Not regular files: refused by their type before any read, at once.
    void notRegular_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("type");
        QTest::newRow("a FIFO") << "game/art/pipe.bin"
                                << "a FIFO";
        QTest::newRow("a folder") << "game/art"
                                  << "a folder";
        QTest::newRow("/dev/zero") << "/dev/zero"
                                   << "a character device";
    }
    void notRegular()
    {
        QFETCH(QString, file);
        QFETCH(QString, type);
        FileRules rules;
        rules.allowOutsideProject = true; // /dev/zero is outside: the type rule must hold on its own
        const ProjectFiles files(path("game/levels"), rules);
        QElapsedTimer clock;
        clock.start();
        FileProblem why;
        const OpenedFile opened = files.open(file.startsWith('/') ? file : path(file), &why);
        QVERIFY(clock.elapsed() < 2000);
        QVERIFY(!opened.isOpen());
        QCOMPARE(why.kind, FileProblem::Kind::NotRegular);
        QCOMPARE(QString::fromStdString(why.message("x")), "'x' is " + type + ", not a regular file");
    }

    void sizeLimit()
    {
        // A sparse 4 GiB file: refused by its size, without reading it.
        const QString sparse = path("game/art/huge.bin");
        {
            QFile f(sparse);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(qint64(4) << 30));
        }
        const ProjectFiles files(path("game/levels"), {});
        QElapsedTimer clock;
        clock.start();
        FileProblem why;
        QVERIFY(!files.open(sparse, &why).isOpen());
        QVERIFY(clock.elapsed() < 1000);
        QCOMPARE(why.kind, FileProblem::Kind::TooLarge);
        QCOMPARE(QString::fromStdString(why.message("huge.bin")),
                 QStringLiteral("'huge.bin' is 4 GiB, over the limit of 1 GiB for a reference file"));
        FileRules small;
        small.maxFileBytes = 8;
        const ProjectFiles strict(path("game/levels"), small);
        QVERIFY(strict.open(path("game/art/hill.obj"), &why).isOpen());
        writeFile("game/art/nine.bin", "123456789");
        QVERIFY(!strict.open(path("game/art/nine.bin"), &why).isOpen());
        QCOMPARE(why.kind, FileProblem::Kind::TooLarge);
        QFile::remove(sparse);
    }

    void opensRegularFiles()
    {
        const ProjectFiles files(path("game/levels"), {});
        FileProblem why;
        const OpenedFile opened = files.openWritten(files.levelFolder(), "../art/hill.obj", &why);
        QVERIFY(opened.isOpen());
        QCOMPARE(opened.size(), qint64(8));
        QCOMPARE(opened.path(), QFileInfo(path("game/art/hill.obj")).canonicalFilePath());
        char buffer[8];
        QCOMPARE(::pread(opened.descriptor(), buffer, 8, 0), ssize_t(8));
        QCOMPARE(QByteArray(buffer, 8), QByteArray("v 0 0 0\n"));
    }

    void budget()
    {
        auto cancelled = std::make_shared<std::atomic_bool>(false);
        const ReadBudget open(std::chrono::milliseconds(0), cancelled);
        QVERIFY(!open.exhausted());
        cancelled->store(true);
        QVERIFY(open.exhausted());
        QCOMPARE(open.reason(), std::string("reading was cancelled"));
        const ReadBudget brief(std::chrono::milliseconds(1));
        QTest::qWait(5);
        QVERIFY(brief.exhausted());
        QVERIFY(brief.reason().find("longer than the limit of 0.001 s") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestProjectFiles)
#include "test_project_files.moc"
