// Makes the document layer's LevelDocument known to QML (as an uncreatable type),
// without the document layer depending on QML.
#pragma once

#include "document/editing/level_document.h"

#include <QtQml/qqml.h>

namespace railforge::app {

struct LevelDocumentForeign {
    Q_GADGET
    QML_FOREIGN(railforge::document::LevelDocument)
    QML_NAMED_ELEMENT(LevelDocument)
    QML_UNCREATABLE("LevelDocument is owned by the EditorController")
};

} // namespace railforge::app
