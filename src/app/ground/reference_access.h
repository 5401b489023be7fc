// The rules the editor reads reference files under (document/files/project_files.h) for the open
// level: inside its project, regular files, size limits, what a level's images and meshes may cost
// (Level > Reference Limits); no time limit (reads run off the UI thread and can be cancelled
// instead). Reading outside the project is a setting for trusted machines, off by default. Both are
// kept in QSettings.
#pragma once

#include "document/editing/level_document.h"
#include "document/files/project_files.h"

#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

// The most pixels a view keeps of a reference image on either side (larger ones are scaled down once,
// when read): more than a screen shows, a quarter of a 16384-pixel image's memory.
inline constexpr int kMaxShownImageSide = 4096;

class ReferenceAccess : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("belongs to the EditorController")
    Q_PROPERTY(bool allowOutsideProject READ allowOutsideProject WRITE setAllowOutsideProject NOTIFY rulesChanged)
    // The open level's project folder, where its references must be.
    Q_PROPERTY(QString projectRoot READ projectRoot NOTIFY rulesChanged)
    // The decoded pixels of the level's images and heightmaps together, in MiB (FileRules::maxImageBytes).
    Q_PROPERTY(double maxImageMemoryMiB READ maxImageMemoryMiB WRITE setMaxImageMemoryMiB NOTIFY rulesChanged)
    // The level's mesh triangles after instancing (FileRules::maxTriangles).
    Q_PROPERTY(double maxTriangles READ maxTriangles WRITE setMaxTriangles NOTIFY rulesChanged)
    // One mesh file's scene nodes after instancing (FileRules::maxMeshNodes).
    Q_PROPERTY(double maxMeshNodes READ maxMeshNodes WRITE setMaxMeshNodes NOTIFY rulesChanged)
public:
    explicit ReferenceAccess(document::LevelDocument &document, QObject *parent = nullptr);

    bool allowOutsideProject() const { return m_rules.allowOutsideProject; }
    void setAllowOutsideProject(bool allow);
    QString projectRoot() const { return files().root(); }
    double maxImageMemoryMiB() const { return double(m_rules.maxImageBytes >> 20); }
    void setMaxImageMemoryMiB(double mib);
    double maxTriangles() const { return double(m_rules.maxTriangles); }
    void setMaxTriangles(double count);
    double maxMeshNodes() const { return double(m_rules.maxMeshNodes); }
    void setMaxMeshNodes(double count);
    // Every limit back to what the CLI starts with.
    Q_INVOKABLE void resetLimits();
    const document::FileRules &rules() const { return m_rules; }
    // The rules for the document's folder as it is now.
    document::ProjectFiles files() const;

signals:
    // The rules or the project changed: what was read must be read again.
    void rulesChanged();

private:
    // Sets one limit (a whole number of at least 1), keeps it in QSettings under `key`, and says so.
    void setLimit(std::int64_t &limit, double value, const QString &key);

    document::LevelDocument &m_document;
    document::FileRules m_rules;
};

} // namespace railforge::app
