// What a canvas tool says about itself (docs/ui.md "Tools and shortcuts"): the toolbar, the Tools
// menu, the F1 sheet, the status bar, the plan and the 3D view read these, so a tool is described in
// one place, and a tool is its entry: there is no other list of tools.
#pragma once

#include <Qt>

#include <memory>

namespace railforge::app {

class CanvasTool;
class ToolHost;
class PlanToolHost;

struct ToolDescription {
    const char *id;         // its name for the editor's `tool`, scripts and tests ("rail")
    const char *name;       // menu text and toolbar tooltip (untranslated)
    const char *key;        // its one-key shortcut
    const char *hint;       // the status bar's line while the tool is idle
    Qt::CursorShape cursor; // the cursor while the tool is active
    std::unique_ptr<CanvasTool> (*makeForPlan)(PlanToolHost &); // a fresh tool for the plan
    // A fresh tool for any view (the 3D view hosts it too), or null for a tool of the plan alone.
    std::unique_ptr<CanvasTool> (*makeForAnyView)(ToolHost &) = nullptr;
    // A press on an object grabs it for the tool's drag (the select tool); a press on nothing is the
    // view's (the 3D view turns its camera). Else a view gives the tool its clicks (the placing tools).
    bool grabsObjects = false;
};

// The makers of a description: a tool of the plan alone, and one that works in any view.
template <typename T>
std::unique_ptr<CanvasTool> makePlanTool(PlanToolHost &host)
{
    return std::make_unique<T>(host);
}
template <typename T>
std::unique_ptr<CanvasTool> makeAnyViewTool(ToolHost &host)
{
    return std::make_unique<T>(host);
}

// The translation context of the descriptions' texts.
inline constexpr const char *kToolTextContext = "Tools";

} // namespace railforge::app
