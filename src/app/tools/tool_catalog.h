// The tool registry as QML reads it: EditorActions makes one Action per tool from it, and the
// toolbar, the Tools menu and the F1 sheet show those.
#pragma once

#include <QObject>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class ToolCatalog : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    // [{id, name, key, hint, cursor}] in toolbar order; id is what EditorController.tool takes, cursor
    // a Qt.CursorShape.
    Q_PROPERTY(QVariantList tools READ tools CONSTANT)
public:
    using QObject::QObject;
    QVariantList tools() const;
};

} // namespace railforge::app
