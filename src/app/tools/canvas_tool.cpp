#include "app/tools/canvas_tool.h"

#include "app/plan/canvas_hit_test.h"
#include "document/editing/level_editing.h"

namespace railforge::app {

void CanvasTool::secondaryPress(const ToolEvent &event)
{
    const auto hit = hitTest(host().level(), host().rails(), host().view(), event.screen, host().layers());
    if (!hit || hit->type != CanvasHit::Type::RailPoint) return;
    std::vector<std::string> gone;
    if (!document::removeRailPoint(host().document(), hit->object.id, hit->point, &gone) || gone.empty()) return;
    // A junction at the deleted end goes with it (one undo step): say so, as a delete of a rail does.
    QStringList names;
    for (const std::string &id : gone) names << QStringLiteral("'%1'").arg(QString::fromStdString(id));
    host().showStatus(
        QObject::tr("Deleted the end point of rail '%1': junction %2 went with it (Ctrl+Z brings both back)")
            .arg(QString::fromStdString(hit->object.id), names.join(QStringLiteral(", "))));
}

} // namespace railforge::app
