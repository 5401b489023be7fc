// Qt Quick Test runner of the 3D view: the real RailForge and RailForge.View3D modules in a real
// window on an X server (Qt Quick 3D draws nothing offscreen), `golden` to compare the view with
// its baselines, and the levels the tests open. run_under_xvfb.sh starts the X server and checks
// the renderer this runner names before any test starts.
#include "app/app_setup.h"

#include "frame_waiter.h"
#include "golden_check.h"

#include <QFont>
#include <QGuiApplication>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QQmlContext>
#include <QQmlEngine>
#include <QStandardPaths>
#include <QSurfaceFormat>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuick3D/qquick3d.h>
#include <QtQuickTest>

#include <cstdio>

Q_IMPORT_QML_PLUGIN(RailForgePlugin)
Q_IMPORT_QML_PLUGIN(RailForge_View3DPlugin)

// The OpenGL renderer of this display, asked on the GUI thread before any window exists, with a
// context of the same format the scene graph will use. Qt's own QSG_INFO log would tell it too, but
// it logs from the render thread through QtTest's message handler while the tests run, and that
// handler is not safe to call from two threads: it crashed one run in two under load.
QByteArray openGlRenderer()
{
    QOffscreenSurface surface;
    surface.setFormat(QSurfaceFormat::defaultFormat());
    surface.create();
    QOpenGLContext context;
    context.setFormat(QSurfaceFormat::defaultFormat());
    if (!context.create() || !context.makeCurrent(&surface)) return {};
    const auto *name = context.functions()->glGetString(GL_RENDERER);
    QByteArray renderer = name ? QByteArray(reinterpret_cast<const char *>(name)) : QByteArray();
    context.doneCurrent();
    return renderer;
}

class Setup : public QObject {
    Q_OBJECT
public slots:
    void applicationAvailable()
    {
        QSurfaceFormat::setDefaultFormat(QQuick3D::idealSurfaceFormat());
        // run_under_xvfb.sh reads this line: the golden images are llvmpipe's pictures.
        std::fprintf(stderr, "RENDERER: %s\n", openGlRenderer().constData());
        railforge::app::setupApplicationStyle();
        QFont font = QGuiApplication::font();
        font.setPixelSize(12);
        font.setHintingPreference(QFont::PreferNoHinting);
        QGuiApplication::setFont(font);
        qputenv("RAILFORGE_RECOVERY_DIR", QFile::encodeName(m_scratch.filePath("recovery")));
        qputenv("RAILFORGE_NAVMESH_CACHE", QFile::encodeName(m_scratch.filePath("navmesh-cache")));
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("RailForge3DTests");
    }

    void qmlEngineAvailable(QQmlEngine *engine)
    {
        railforge::app::setupEngine(*engine);
        engine->rootContext()->setContextProperty("frames", new railforge::testing::FrameWaiter(engine));
        using railforge::golden::GoldenCheck;
        const bool update = qEnvironmentVariable("RAILFORGE_UPDATE_BASELINES") == QLatin1String("1");
        engine->rootContext()->setContextProperty(
            "golden", new GoldenCheck(QStringLiteral(RAILFORGE_BASELINE_DIR), QStringLiteral(RAILFORGE_GOLDEN_OUTPUT),
                                      update ? GoldenCheck::Mode::Update : GoldenCheck::Mode::Compare, engine));
        const QString source = QStringLiteral(RAILFORGE_SOURCE_DIR);
        engine->rootContext()->setContextProperty(
            "testData", QVariantMap{{"demo", source + "/resources/levels/demo.yaml"},
                                    {"coaster", source + "/resources/levels/coaster.yaml"},
                                    {"banked", source + "/resources/levels/banked.yaml"},
                                    {"hills", source + "/resources/levels/hills.yaml"},
                                    {"network", source + "/tests/data/levels/network.yaml"},
                                    {"mine", source + "/tests/data/levels/mine/mine.yaml"},
                                    {"viaduct", source + "/tests/data/levels/viaduct/viaduct.yaml"},
                                    {"trestle", source + "/tests/data/levels/trestle/trestle.yaml"},
                                    {"yard", source + "/tests/data/levels/yard/yard.yaml"},
                                    {"scratch", m_scratch.path()}});
    }

private:
    QTemporaryDir m_scratch;
};

QUICK_TEST_MAIN_WITH_SETUP(railforge_ui3d, Setup)

#include "main.moc"
