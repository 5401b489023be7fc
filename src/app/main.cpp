// railforge [LEVEL.yaml]: the Qt Quick level editor.
#include "app/app_setup.h"
#include "app/screenshot.h"
#include "core/version.h"
#include "document/files/output_file.h"

#include <QCommandLineParser>
#include <QDir>
#include <QGuiApplication>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QtQml/qqmlextensionplugin.h>

#include <cstdio>
#include <memory>

Q_IMPORT_QML_PLUGIN(RailForgePlugin)
#ifdef RAILFORGE_HAS_VIEW3D
#include <QSurfaceFormat>
#include <QtQuick3D/qquick3d.h>
Q_IMPORT_QML_PLUGIN(RailForge_View3DPlugin)
#endif

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        std::fputs("railforge: no display found. Run it on a desktop, under xvfb-run -a, "
                   "or headless with QT_QPA_PLATFORM=offscreen.\n",
                   stderr);
        return 1;
    }
    QGuiApplication app(argc, argv);
#ifdef RAILFORGE_HAS_VIEW3D
    // The depth buffer and GL version the 3D view needs, before the first window (Qt's advice; it
    // probes the GL driver, so it needs the application, and is pointless without GL).
    if (QGuiApplication::platformName() != QLatin1String("offscreen"))
        QSurfaceFormat::setDefaultFormat(QQuick3D::idealSurfaceFormat());
#endif
    railforge::document::reportFileSizeLimitAsError();
    QGuiApplication::setApplicationName(QStringLiteral("RailForge"));
    QGuiApplication::setOrganizationName(QStringLiteral("RailForge"));
    QGuiApplication::setApplicationVersion(QString::fromLatin1(railforge::core::versionString()));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("RailForge level editor"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("LEVEL.yaml"), QStringLiteral("Level file to open."));
    parser.addOption({QStringLiteral("screenshot"), QStringLiteral("Render one view of LEVEL.yaml to a PNG and quit."),
                      QStringLiteral("OUT.png")});
    parser.addOption({QStringLiteral("view"), QStringLiteral("With --screenshot: plan (default), 3d or profile."),
                      QStringLiteral("VIEW"), QStringLiteral("plan")});
    parser.addOption(
        {QStringLiteral("camera"),
         QStringLiteral("With --view 3d: orbit:YAW,PITCH,DISTANCE[,X,Y,Z], eye:X,Y,Z,TX,TY,TZ or ride:RAIL,S."),
         QStringLiteral("CAMERA")});
    parser.addOption({QStringLiteral("select"),
                      QStringLiteral("With --screenshot: select this object first (e.g. rail:coaster)."),
                      QStringLiteral("KEY")});
    parser.addOption({QStringLiteral("tracks"),
                      QStringLiteral("With --view 3d: show the track meshes (sections, ties, supports).")});
    parser.process(app);

    railforge::app::setupApplicationStyle();
    QQmlApplicationEngine engine;
    railforge::app::setupEngine(engine);
    const QStringList files = parser.positionalArguments();
    if (parser.isSet(QStringLiteral("screenshot"))) {
        const railforge::app::ScreenshotRequest request{
            parser.value(QStringLiteral("screenshot")),
            files.isEmpty() ? QString() : QDir::current().absoluteFilePath(files.front()),
            parser.value(QStringLiteral("view")),
            parser.value(QStringLiteral("camera")),
            parser.value(QStringLiteral("select")),
            parser.isSet(QStringLiteral("tracks"))};
        QString why = files.size() == 1 ? railforge::app::whyNotScreenshot(request)
                                        : QStringLiteral("--screenshot needs one LEVEL.yaml");
        if (!why.isEmpty()) {
            std::fprintf(stderr, "railforge: %s\n", qPrintable(why));
            return 2;
        }
        return railforge::app::takeScreenshot(engine, request);
    }
    if (!files.isEmpty())
        engine.setInitialProperties({{QStringLiteral("startupFile"), QDir::current().absoluteFilePath(files.front())}});
    QObject::connect(
        &engine, &QQmlApplicationEngine::objectCreationFailed, &app, [] { QCoreApplication::exit(1); },
        Qt::QueuedConnection);
    engine.load(QUrl(QStringLiteral("qrc:/qt/qml/RailForge/Main.qml")));
    if (engine.rootObjects().isEmpty()) return 1;
    // Keys go to the editor from its first frame: without a window manager (or before it acts), a
    // window that is not activated gets no key events, and Ctrl+Q, F1 or a tool key would wait for
    // a first click. Activation is asked once the window is on screen (asked earlier, X ignores it).
    if (auto *window = qobject_cast<QQuickWindow *>(engine.rootObjects().constFirst())) {
        auto activate = std::make_shared<QMetaObject::Connection>();
        *activate = QObject::connect(window, &QQuickWindow::frameSwapped, window, [window, activate] {
            QObject::disconnect(*activate);
            window->requestActivate();
        });
    }
    return QGuiApplication::exec();
}
