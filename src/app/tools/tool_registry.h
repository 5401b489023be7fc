// Every canvas tool, registered once in toolbar order (V W E R O P M U). Adding a tool is a class
// with its describe() and one line in tool_registry.cpp.
#pragma once

#include "app/tools/tool_description.h"

#include <QString>

#include <vector>

namespace railforge::app {

// All tools, in toolbar order.
const std::vector<ToolDescription> &toolDescriptions();
// The description of the tool with this id, or null when there is none.
const ToolDescription *findTool(const QString &id);
// Its place in toolDescriptions(), or -1.
int toolIndex(const QString &id);
// A description's text in the user's language.
QString toolText(const char *text);

} // namespace railforge::app
