// Qt Quick Test runner for the editor: loads the real RailForge module and gives the tests
// their data files and a scratch folder.
#include "app/app_setup.h"
#include "document/ground/reference_reader.h"

#include "frame_waiter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QQmlContext>
#include <QQmlEngine>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuickTest>

#include <cstdio>
#include <sys/stat.h>

Q_IMPORT_QML_PLUGIN(RailForgePlugin)
#ifdef RAILFORGE_HAS_VIEW3D
Q_IMPORT_QML_PLUGIN(RailForge_View3DPlugin)
#endif

// File access for the tests' checks (reading what the editor wrote, preparing inputs).
class TestFiles : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    Q_INVOKABLE QString read(const QString &path) const
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }
    Q_INVOKABLE bool write(const QString &path, const QString &text) const
    {
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.write(text.toUtf8()) >= 0;
    }
    // Replaces a file the way git pull and most editors do: a new file written beside it, renamed over it.
    Q_INVOKABLE bool replace(const QString &path, const QString &text) const
    {
        const QString temporary = path + QStringLiteral(".incoming");
        return write(temporary, text) &&
               std::rename(QFile::encodeName(temporary).constData(), QFile::encodeName(path).constData()) == 0;
    }
    Q_INVOKABLE bool exists(const QString &path) const { return QFile::exists(path); }
    // Decodes this process has had its readers make (document/ground/reference_reader.h).
    Q_INVOKABLE double decodesStarted() const { return double(railforge::document::decodesStarted()); }
    Q_INVOKABLE bool rename(const QString &from, const QString &to) const
    {
        return std::rename(QFile::encodeName(from).constData(), QFile::encodeName(to).constData()) == 0;
    }
    Q_INVOKABLE bool remove(const QString &path) const { return QFile::remove(path); }
    // Hostile inputs (issue: a level from anywhere is safe to open), made where the test says.
    Q_INVOKABLE bool mkpath(const QString &path) const { return QDir().mkpath(path); }
    Q_INVOKABLE bool mkfifo(const QString &path) const
    {
        QDir().mkpath(QFileInfo(path).absolutePath());
        return ::mkfifo(QFile::encodeName(path).constData(), 0600) == 0;
    }
    Q_INVOKABLE bool writeBase64(const QString &path, const QString &base64) const
    {
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.write(QByteArray::fromBase64(base64.toLatin1())) >= 0;
    }
    Q_INVOKABLE bool symlink(const QString &target, const QString &link) const { return QFile::link(target, link); }
    // A file of `bytes` bytes that takes no disk (a hole).
    Q_INVOKABLE bool sparse(const QString &path, double bytes) const
    {
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.resize(qint64(bytes));
    }
    // An OBJ grid of n x n squares (2 n^2 triangles) over [0, n] x [0, n], z = 0: a reference slow to read.
    Q_INVOKABLE bool writeGridObj(const QString &path, int n) const
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly)) return false;
        QByteArray text;
        text.reserve(64 << 20);
        for (int y = 0; y <= n; ++y)
            for (int x = 0; x <= n; ++x) text += "v " + QByteArray::number(x) + ' ' + QByteArray::number(y) + " 0\n";
        for (int y = 0; y < n; ++y)
            for (int x = 0; x < n; ++x) {
                const int a = y * (n + 1) + x + 1, b = a + 1, c = a + n + 1, d = c + 1;
                text += "f " + QByteArray::number(a) + ' ' + QByteArray::number(b) + ' ' + QByteArray::number(d) +
                        "\nf " + QByteArray::number(a) + ' ' + QByteArray::number(d) + ' ' + QByteArray::number(c) +
                        '\n';
            }
        return file.write(text) == text.size();
    }
    // Every file of a folder, by path.
    Q_INVOKABLE QStringList list(const QString &folder) const
    {
        QStringList out;
        for (const QFileInfo &info : QDir(folder).entryInfoList(QDir::Files, QDir::Name)) out << info.filePath();
        return out;
    }
    // Copies a file, making the folders of `to` first.
    // Runs a program to its end: {code, out, err} (code -1 when it could not start or took a minute).
    Q_INVOKABLE QVariantMap run(const QString &program, const QStringList &arguments) const
    {
        QProcess process;
        process.start(program, arguments);
        const bool finished = process.waitForFinished(60000);
        return {{"code", finished && process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1},
                {"out", QString::fromUtf8(process.readAllStandardOutput())},
                {"err", QString::fromUtf8(process.readAllStandardError())}};
    }
    Q_INVOKABLE bool copy(const QString &from, const QString &to) const
    {
        QFile::remove(to);
        QDir().mkpath(QFileInfo(to).absolutePath());
        return QFile::copy(from, to);
    }
};

class Setup : public QObject {
    Q_OBJECT
public slots:
    void applicationAvailable()
    {
        railforge::app::setupApplicationStyle();
        // Recovery copies and settings of the tests stay in the scratch folder.
        qputenv("RAILFORGE_RECOVERY_DIR", QFile::encodeName(m_scratch.filePath("recovery")));
        // The navmesh tile cache too: each run starts with none, as a first opening does.
        qputenv("RAILFORGE_NAVMESH_CACHE", QFile::encodeName(m_scratch.filePath("navmesh-cache")));
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("RailForgeTests");
    }

    void qmlEngineAvailable(QQmlEngine *engine)
    {
        railforge::app::setupEngine(*engine);
        engine->rootContext()->setContextProperty("frames", new railforge::testing::FrameWaiter(engine));
        engine->rootContext()->setContextProperty("files", new TestFiles(engine));
        const QString source = QStringLiteral(RAILFORGE_SOURCE_DIR);
        engine->rootContext()->setContextProperty(
            "testData", QVariantMap{{"demo", source + "/resources/levels/demo.yaml"},
                                    {"small", source + "/tests/data/levels/small.yaml"},
                                    {"broken", source + "/tests/data/levels/broken.yaml"},
                                    {"pipeline", source + "/tests/data/levels/pipeline.yaml"},
                                    {"bezier", source + "/tests/data/levels/bezier.yaml"},
                                    {"coaster", source + "/resources/levels/coaster.yaml"},
                                    {"channels", source + "/tests/data/levels/channels.yaml"},
                                    {"network", source + "/tests/data/levels/network.yaml"},
                                    {"junctionDraft", source + "/tests/data/levels/junction-draft.yaml"},
                                    {"hills", source + "/resources/levels/hills.yaml"},
                                    {"banked", source + "/resources/levels/banked.yaml"},
                                    {"hostile", source + "/tests/data/levels/hostile.yaml"},
                                    {"badLevels", source + "/tests/data/bad"},
                                    {"mine", source + "/tests/data/levels/mine/mine.yaml"},
                                    {"quarry", source + "/tests/data/levels/quarry/quarry.yaml"},
                                    {"trestle", source + "/tests/data/levels/trestle/trestle.yaml"},
                                    {"yard", source + "/tests/data/levels/yard/yard.yaml"},
                                    {"fuzzLevels", source + "/tests/fuzz/corpus/level"},
                                    {"cli", QStringLiteral(RAILFORGE_CLI)},
                                    {"repository", source},
                                    {"scratch", m_scratch.path()},
                                    {"recovery", m_scratch.filePath("recovery")}});
    }

private:
    QTemporaryDir m_scratch;
};

QUICK_TEST_MAIN_WITH_SETUP(railforge_ui, Setup)

#include "main.moc"
