// Makes the canvas tool for a tool key (V W E R O P M U).
#pragma once

#include "app/editor/editor_controller.h"
#include "app/tools/canvas_tool.h"

#include <memory>

namespace railforge::app {

std::unique_ptr<CanvasTool> makeTool(EditorController::Tool tool, ToolHost &host);

} // namespace railforge::app
