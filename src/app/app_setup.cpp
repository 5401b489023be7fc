#include "app/app_setup.h"

#include <QFont>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QPalette>
#include <QQmlEngine>
#include <QQuickStyle>

// Resources of a static library are registered by hand; Q_INIT_RESOURCE cannot sit in a namespace.
static void initFontResources() { Q_INIT_RESOURCE(railforge_fonts); }

namespace railforge::app {

bool loadProjectFonts()
{
    // Registered once however often this is called (the golden-image tests call it to check).
    static const bool loaded = [] {
        initFontResources();
        bool all = true;
        for (const char *file : {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf"})
            if (QFontDatabase::addApplicationFont(QStringLiteral(":/railforge/fonts/") + QLatin1String(file)) < 0) {
                qWarning("railforge: cannot load the font %s; text falls back to the system's fonts", file);
                all = false;
            }
        return all;
    }();
    // The family the project ships, at the size the platform chose: text looks the same on any
    // machine, and the golden images of tests/ui do not depend on the fonts installed there.
    QFont font = QGuiApplication::font();
    font.setFamilies({QStringLiteral("DejaVu Sans")});
    QGuiApplication::setFont(font);
    return loaded;
}

void setupApplicationStyle()
{
    loadProjectFonts();
    QQuickStyle::setStyle(QStringLiteral("Fusion"));
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2e, 0x34));
    dark.setColor(QPalette::WindowText, QColor(0xd7, 0xdc, 0xe2));
    dark.setColor(QPalette::Base, QColor(0x1f, 0x21, 0x25));
    dark.setColor(QPalette::AlternateBase, QColor(0x2b, 0x2e, 0x34));
    dark.setColor(QPalette::ToolTipBase, QColor(0x32, 0x36, 0x3d));
    dark.setColor(QPalette::ToolTipText, QColor(0xd7, 0xdc, 0xe2));
    dark.setColor(QPalette::Text, QColor(0xd7, 0xdc, 0xe2));
    dark.setColor(QPalette::Button, QColor(0x32, 0x36, 0x3d));
    dark.setColor(QPalette::ButtonText, QColor(0xd7, 0xdc, 0xe2));
    dark.setColor(QPalette::BrightText, Qt::white);
    dark.setColor(QPalette::Highlight, QColor(0x2f, 0x7d, 0xb3));
    dark.setColor(QPalette::HighlightedText, Qt::white);
    dark.setColor(QPalette::Link, QColor(0x4f, 0xc3, 0xf7));
    dark.setColor(QPalette::PlaceholderText, QColor(0x8b, 0x93, 0x9e));
    dark.setColor(QPalette::Disabled, QPalette::Text, QColor(0x6b, 0x72, 0x7c));
    dark.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x6b, 0x72, 0x7c));
    dark.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x6b, 0x72, 0x7c));
    QGuiApplication::setPalette(dark);
}

void setupEngine(QQmlEngine &engine) { engine.addImportPath(QStringLiteral("qrc:/qt/qml")); }

} // namespace railforge::app
