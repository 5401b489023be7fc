// Every canvas tool, registered once in toolbar order (V W E R O P M U). Adding a tool is a class
// with its describe() and one line in tool_registry.cpp.
#pragma once

#include "app/tools/tool_description.h"

#include <QString>

#include <vector>

namespace railforge::app {

// All tools, in toolbar order.
const std::vector<ToolDescription> &toolDescriptions();
// The description of one tool.
const ToolDescription &describeTool(EditorController::Tool tool);
// A description's text in the user's language.
QString toolText(const char *text);

} // namespace railforge::app
