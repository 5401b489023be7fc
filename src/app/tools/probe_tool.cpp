#include "app/tools/probe_tool.h"

namespace railforge::app {

void ProbeTool::press(const ToolEvent &event) { host().probeAt(event.world, true); }

} // namespace railforge::app
