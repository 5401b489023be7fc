// Shared start-up of the editor and of its Qt Quick Tests: style, palette, import paths.
#pragma once

class QQmlEngine;

namespace railforge::app {

// Registers the fonts in resources/fonts (DejaVu Sans, Bold, Mono) and makes DejaVu Sans the
// application font; false when a font could not be loaded. setupApplicationStyle() calls it.
bool loadProjectFonts();

// The project's fonts, Fusion style with a dark palette; call before the QML engine exists.
void setupApplicationStyle();

// Makes the statically linked RailForge module importable by `engine` (Qt 6.4 needs qrc:/qt/qml).
void setupEngine(QQmlEngine &engine);

} // namespace railforge::app
