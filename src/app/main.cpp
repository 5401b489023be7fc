// railforge [LEVEL.yaml]: the Qt Quick level editor.
#include "app/app_setup.h"
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
    railforge::document::reportFileSizeLimitAsError();
    QGuiApplication::setApplicationName(QStringLiteral("RailForge"));
    QGuiApplication::setOrganizationName(QStringLiteral("RailForge"));
    QGuiApplication::setApplicationVersion(QString::fromLatin1(railforge::core::versionString()));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("RailForge level editor"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("LEVEL.yaml"), QStringLiteral("Level file to open."));
    parser.process(app);

    railforge::app::setupApplicationStyle();
    QQmlApplicationEngine engine;
    railforge::app::setupEngine(engine);
    const QStringList files = parser.positionalArguments();
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
