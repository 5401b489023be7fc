#include "app/editor/rail_point_removal.h"

#include "document/editing/level_editing.h"

#include <QStringList>

namespace railforge::app {

std::optional<QString> removeRailPointSaying(document::LevelDocument &document, const std::string &rail,
                                             std::size_t point)
{
    std::vector<std::string> gone;
    if (!document::removeRailPoint(document, rail, point, &gone)) return std::nullopt;
    if (gone.empty()) return QString();
    // A junction at the deleted end goes with it (one undo step): say so, as a delete of a rail does.
    QStringList names;
    for (const std::string &id : gone) names << QStringLiteral("'%1'").arg(QString::fromStdString(id));
    return QObject::tr("Deleted the end point of rail '%1': junction %2 went with it (Ctrl+Z brings both back)")
        .arg(QString::fromStdString(rail), names.join(QStringLiteral(", ")));
}

} // namespace railforge::app
