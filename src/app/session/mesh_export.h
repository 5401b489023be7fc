// File > Export meshes: the level's rails as track meshes in glTF 2.0 (document/export/track_gltf.h),
// each with its own track style, ties and supports standing on the ground the editor has read; the
// same file `railforge-cli export-mesh` writes. Atomic, with a default path beside the level.
#pragma once

#include "document/editing/level_document.h"

#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class GroundModel;

class MeshExport : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by EditorController")
    Q_PROPERTY(QString defaultPath READ defaultPath NOTIFY defaultPathChanged)
public:
    MeshExport(document::LevelDocument &document, const GroundModel &ground, QObject *parent = nullptr);

    // "<level>.glb" beside the level, or "untitled.glb" in the home folder for a level never saved.
    QString defaultPath() const;
    // Why the meshes may not go to `pathOrUrl` ("" when they may): a folder, or a name that is
    // neither .glb nor .gltf. The dialog says it as the designer types; exportTo refuses the same.
    Q_INVOKABLE QString whyNotExportTo(const QString &pathOrUrl) const;
    // Writes the file (an empty path: the default); says where and what (status), or why not (failed).
    Q_INVOKABLE bool exportTo(const QString &pathOrUrl);

signals:
    void defaultPathChanged();
    void failed(const QString &message);
    void status(const QString &message);

private:
    document::LevelDocument &m_document;
    const GroundModel &m_ground;
};

} // namespace railforge::app
