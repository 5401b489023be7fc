// File > Export for engine and File > Import CSV path: the engine export (atomic, with a default
// path beside the level) and CSV paths brought in as a rail or a patrol.
#pragma once

#include "document/editing/level_document.h"
#include "document/model/number_limits.h"
#include "document/strategy/strategy_registry.h"

#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class FileSession;
class Selection;

class ImportExport : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by EditorController")
    Q_PROPERTY(QString defaultExportPath READ defaultExportPath NOTIFY defaultExportPathChanged)
    // The sample spacings an export takes (the document's spacing rule, document/checks/edit_rules.h), for the dialog's field.
    Q_PROPERTY(double minSpacing READ minSpacing CONSTANT)
    Q_PROPERTY(double maxSpacing READ maxSpacing CONSTANT)
public:
    ImportExport(document::LevelDocument &document, Selection &selection, const document::StrategyRegistry &registry,
                 FileSession &files, QObject *parent = nullptr);

    // Where an export goes when the designer names no file: "<level>.export.json" beside the level,
    // or "untitled.export.json" in the home folder for a level never saved. JSON, so that an export
    // is never offered among the level files (*.yaml) of the Open dialog.
    QString defaultExportPath() const;
    static double minSpacing() { return document::kMinSpacing; }
    static double maxSpacing() { return document::kMaxSpacing; }
    // Why an export may not go to `pathOrUrl` (empty: it may): the open level itself (the export
    // would replace it), a folder, or a name that is neither .json nor .yaml/.yml. The dialog says it
    // under the field as the designer types; exportTo refuses the same.
    Q_INVOKABLE QString whyNotExportTo(const QString &pathOrUrl) const;
    // Writes the engine export (atomically) with samples every `spacing`; an empty path means the
    // default. Says where it was written (status), or why not (failed).
    Q_INVOKABLE bool exportTo(const QString &pathOrUrl, double spacing);
    // Imports a CSV path as a new rail, or as a patrol over new waypoints (one per point); when
    // `strategy` is not empty the points first go through that strategy with its defaults.
    // Returns the new object's key, or "" (and the file session reports the located problems).
    Q_INVOKABLE QString importCsv(const QString &pathOrUrl, bool asPatrol, const QString &strategy);

signals:
    void defaultExportPathChanged();
    void failed(const QString &message);
    void status(const QString &message);

private:
    document::LevelDocument &m_document;
    Selection &m_selection;
    const document::StrategyRegistry &m_registry;
    FileSession &m_files;
};

} // namespace railforge::app
