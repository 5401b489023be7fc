// What a canvas tool says about itself (docs/ui.md "Tools and shortcuts"): the toolbar, the Tools
// menu, the F1 sheet, the status bar and the canvas read these, so a tool is described in one place.
#pragma once

#include "app/editor/editor_controller.h"

#include <Qt>

#include <memory>

namespace railforge::app {

class CanvasTool;
class ToolHost;

struct ToolDescription {
    EditorController::Tool tool;
    const char *id;                                  // stable name for scripts and tests ("rail")
    const char *name;                                // menu text and toolbar tooltip (untranslated)
    const char *key;                                 // its one-key shortcut
    const char *hint;                                // the status bar's line while the tool is idle
    Qt::CursorShape cursor;                          // the canvas cursor while the tool is active
    std::unique_ptr<CanvasTool> (*make)(ToolHost &); // a fresh tool for a canvas
};

// The translation context of the descriptions' texts.
inline constexpr const char *kToolTextContext = "Tools";

} // namespace railforge::app
