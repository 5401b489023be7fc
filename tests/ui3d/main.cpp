// Qt Quick Test runner of the 3D view: the real RailForge and RailForge.View3D modules in a real
// window on an X server (Qt Quick 3D draws nothing offscreen), `golden` to compare the view with
// its baselines, and the levels the tests open. run_under_xvfb.sh starts the X server.
#include "app/app_setup.h"

#include "golden_check.h"

#include <QFont>
#include <QGuiApplication>
#include <QQmlContext>
#include <QQmlEngine>
#include <QStandardPaths>
#include <QSurfaceFormat>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuick3D/qquick3d.h>
#include <QtQuickTest>

Q_IMPORT_QML_PLUGIN(RailForgePlugin)
Q_IMPORT_QML_PLUGIN(RailForge_View3DPlugin)

class Setup : public QObject {
    Q_OBJECT
public slots:
    void applicationAvailable()
    {
        QSurfaceFormat::setDefaultFormat(QQuick3D::idealSurfaceFormat());
        railforge::app::setupApplicationStyle();
        QFont font = QGuiApplication::font();
        font.setPixelSize(12);
        font.setHintingPreference(QFont::PreferNoHinting);
        QGuiApplication::setFont(font);
        qputenv("RAILFORGE_RECOVERY_DIR", QFile::encodeName(m_scratch.filePath("recovery")));
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("RailForge3DTests");
    }

    void qmlEngineAvailable(QQmlEngine *engine)
    {
        railforge::app::setupEngine(*engine);
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
                                    {"scratch", m_scratch.path()}});
    }

private:
    QTemporaryDir m_scratch;
};

QUICK_TEST_MAIN_WITH_SETUP(railforge_ui3d, Setup)

#include "main.moc"
