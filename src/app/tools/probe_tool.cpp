#include "app/tools/probe_tool.h"

namespace railforge::app {

ToolDescription ProbeTool::describe()
{
    return {"probe",
            QT_TRANSLATE_NOOP("Tools", "Proximity probe"),
            "M",
            QT_TRANSLATE_NOOP("Tools", "Move to probe the nearest rail; click or drag to place the player marker"),
            Qt::CrossCursor,
            &makePlanTool<ProbeTool>,
            &makeAnyViewTool<ProbeTool>};
}

void ProbeTool::press(const ToolEvent &event) { host().probeAt(event.world, true); }

} // namespace railforge::app
