// The rules the editor reads reference files under (document/files/project_files.h) for the open
// level: inside its project, regular files, size limits; no time limit (reads run off the UI thread
// and can be cancelled instead). Reading outside the project is a setting for trusted machines, off
// by default and kept in QSettings.
#pragma once

#include "document/editing/level_document.h"
#include "document/files/project_files.h"

#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class ReferenceAccess : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("belongs to the EditorController")
    Q_PROPERTY(bool allowOutsideProject READ allowOutsideProject WRITE setAllowOutsideProject NOTIFY rulesChanged)
    // The open level's project folder, where its references must be.
    Q_PROPERTY(QString projectRoot READ projectRoot NOTIFY rulesChanged)
public:
    explicit ReferenceAccess(document::LevelDocument &document, QObject *parent = nullptr);

    bool allowOutsideProject() const { return m_rules.allowOutsideProject; }
    void setAllowOutsideProject(bool allow);
    QString projectRoot() const { return files().root(); }
    const document::FileRules &rules() const { return m_rules; }
    // The rules for the document's folder as it is now.
    document::ProjectFiles files() const;

signals:
    // The rules or the project changed: what was read must be read again.
    void rulesChanged();

private:
    document::LevelDocument &m_document;
    document::FileRules m_rules;
};

} // namespace railforge::app
