// Qt Quick Test runner of the golden-image states (golden_states.qml): the real RailForge module,
// rendered the same way on every machine, and `golden`, the check that compares with the baselines.
#include "app/app_setup.h"

#include "golden_check.h"

#include <QDir>
#include <QFile>
#include <QFont>
#include <QGuiApplication>
#include <QLocale>
#include <QQmlContext>
#include <QQmlEngine>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>
#include <QStyleHints>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>
#include <QtQuickTest>

Q_IMPORT_QML_PLUGIN(RailForgePlugin)

namespace {

QString fromEnvironment(const char *name, const char *fallback)
{
    const QString value = qEnvironmentVariable(name);
    return value.isEmpty() ? QString::fromUtf8(fallback) : value;
}

// Where the bad level is opened from: its path is on screen (the problems dialog), so it is the
// same fixed path on every machine and in every worktree, not a random temporary folder.
constexpr const char *kProblemsFile = "/tmp/railforge-ui-golden/broken.yaml";

// Copies `from` to kProblemsFile atomically: golden tests run in parallel, and one may be reading
// the file while another process puts it in place again.
void placeProblemsFile(const QString &from)
{
    QFile source(from);
    QDir().mkpath(QFileInfo(QString::fromUtf8(kProblemsFile)).absolutePath());
    QSaveFile target(QString::fromUtf8(kProblemsFile));
    if (!source.open(QIODevice::ReadOnly) || !target.open(QIODevice::WriteOnly) || target.write(source.readAll()) < 0 ||
        !target.commit())
        qFatal("cannot put %s in place", kProblemsFile);
}

} // namespace

class Setup : public QObject {
    Q_OBJECT
public slots:
    void applicationAvailable()
    {
        railforge::app::setupApplicationStyle();
        // Golden images are only worth comparing in the project's own font (already loaded: this
        // asks whether that worked).
        if (!railforge::app::loadProjectFonts()) qFatal("the fonts of resources/fonts did not load");
        // Pixel-stable text: the shipped font at a fixed pixel size, no hinting (fontconfig's
        // hinting settings differ between machines), and a text cursor that does not blink.
        QFont font = QGuiApplication::font();
        font.setPixelSize(12);
        font.setHintingPreference(QFont::PreferNoHinting);
        QGuiApplication::setFont(font);
        QGuiApplication::styleHints()->setCursorFlashTime(0);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        qputenv("RAILFORGE_RECOVERY_DIR", QFile::encodeName(m_scratch.filePath("recovery")));
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("RailForgeGoldenTests");
        QSettings().clear(); // no setting of an earlier run (time limit, recent files) shows
    }

    void qmlEngineAvailable(QQmlEngine *engine)
    {
        railforge::app::setupEngine(*engine);
        using railforge::golden::GoldenCheck;
        const bool update = qEnvironmentVariable("RAILFORGE_UPDATE_BASELINES") == QLatin1String("1");
        auto *golden = new GoldenCheck(fromEnvironment("RAILFORGE_BASELINE_DIR", RAILFORGE_BASELINE_DIR),
                                       fromEnvironment("RAILFORGE_GOLDEN_OUTPUT", RAILFORGE_GOLDEN_OUTPUT),
                                       update ? GoldenCheck::Mode::Update : GoldenCheck::Mode::Compare, engine);
        engine->rootContext()->setContextProperty("golden", golden);

        const QString source = QStringLiteral(RAILFORGE_SOURCE_DIR);
        placeProblemsFile(source + "/tests/data/levels/broken.yaml");
        engine->rootContext()->setContextProperty(
            "testData", QVariantMap{{"demo", source + "/resources/levels/demo.yaml"},
                                    {"banked", source + "/resources/levels/banked.yaml"},
                                    {"coaster", source + "/resources/levels/coaster.yaml"},
                                    {"hills", source + "/resources/levels/hills.yaml"},
                                    {"small", source + "/tests/data/levels/small.yaml"},
                                    {"pipeline", source + "/tests/data/levels/pipeline.yaml"},
                                    {"channels", source + "/tests/data/levels/channels.yaml"},
                                    {"network", source + "/tests/data/levels/network.yaml"},
                                    {"junctionDraft", source + "/tests/data/levels/junction-draft.yaml"},
                                    {"broken", QString::fromUtf8(kProblemsFile)}});
    }

private:
    QTemporaryDir m_scratch;
};

int main(int argc, char **argv)
{
    // The same pixels on every machine: the offscreen platform with the software scene graph at
    // device pixel ratio 1 and only the project's fonts, whatever the caller's environment says.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("QT_QUICK_BACKEND", "software");
    qputenv("QT_ENABLE_HIGHDPI_SCALING", "0");
    qputenv("QT_SCALE_FACTOR", "1");
    qunsetenv("QT_SCREEN_SCALE_FACTORS");
    qunsetenv("QT_FONT_DPI");
    // No system font is visible (no-system-fonts.conf): text is drawn in the fonts the project
    // ships, or the missing glyph shows in the image.
    qputenv("FONTCONFIG_FILE", RAILFORGE_GOLDEN_FONTCONFIG);
    Setup setup;
    return quick_test_main_with_setup(argc, argv, "railforge_golden", QUICK_TEST_SOURCE_DIR, &setup);
}

#include "main.moc"
