#include "app/tools/tool_catalog.h"

#include "app/tools/tool_registry.h"

#include <QVariantMap>

namespace railforge::app {

QVariantList ToolCatalog::tools() const
{
    QVariantList list;
    for (const auto &description : toolDescriptions())
        list.append(QVariantMap{{"id", QString::fromLatin1(description.id)},
                                {"name", toolText(description.name)},
                                {"key", QString::fromLatin1(description.key)},
                                {"hint", toolText(description.hint)},
                                {"cursor", int(description.cursor)}});
    return list;
}

} // namespace railforge::app
