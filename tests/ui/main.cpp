// Qt Quick Test runner for the editor: loads the real RailForge module and gives the tests
// their data files and a scratch folder.
#include "app/app_setup.h"

#include <QDir>
#include <QFile>
#include <QQmlContext>
#include <QQmlEngine>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuickTest>

Q_IMPORT_QML_PLUGIN(RailForgePlugin)

class Setup : public QObject {
    Q_OBJECT
public slots:
    void applicationAvailable() { railforge::app::setupApplicationStyle(); }

    void qmlEngineAvailable(QQmlEngine *engine)
    {
        railforge::app::setupEngine(*engine);
        const QString source = QStringLiteral(RAILFORGE_SOURCE_DIR);
        engine->rootContext()->setContextProperty(
            "testData", QVariantMap{{"demo", source + "/resources/levels/demo.yaml"},
                                    {"small", source + "/tests/data/levels/small.yaml"},
                                    {"broken", source + "/tests/data/levels/broken.yaml"},
                                    {"pipeline", source + "/tests/data/levels/pipeline.yaml"},
                                    {"scratch", m_scratch.path()}});
    }

private:
    QTemporaryDir m_scratch;
};

QUICK_TEST_MAIN_WITH_SETUP(railforge_ui, Setup)

#include "main.moc"
