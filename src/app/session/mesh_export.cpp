#include "app/session/mesh_export.h"

#include "app/ground/ground_model.h"
#include "app/session/file_session.h"
#include "document/export/track_gltf.h"
#include "document/files/output_file.h"
#include "document/model/length_units.h"

#include <QDir>
#include <QFileInfo>

namespace railforge::app {

MeshExport::MeshExport(document::LevelDocument &document, const GroundModel &ground, QObject *parent)
    : QObject(parent), m_document(document), m_ground(ground)
{
    connect(&m_document, &document::LevelDocument::filePathChanged, this, &MeshExport::defaultPathChanged);
}

QString MeshExport::defaultPath() const
{
    const QString level = m_document.filePath();
    if (level.isEmpty()) return QDir::home().filePath(QStringLiteral("untitled.glb"));
    const QFileInfo info(level);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral(".glb"));
}

namespace {
QString pathOf(const QString &pathOrUrl, const QString &fallback)
{
    const QString path = FileSession::toLocalPath(pathOrUrl.trimmed());
    return path.isEmpty() ? fallback : path;
}
} // namespace

QString MeshExport::whyNotExportTo(const QString &pathOrUrl) const
{
    const QString path = pathOf(pathOrUrl, defaultPath());
    if (document::outputTarget(path) == document::OutputTarget::Folder)
        return tr("This is a folder: name a file in it.");
    if (!path.endsWith(QStringLiteral(".glb"), Qt::CaseInsensitive) &&
        !path.endsWith(QStringLiteral(".gltf"), Qt::CaseInsensitive))
        return tr("Name the file .glb (binary) or .gltf (text with the buffer inside).");
    return {};
}

bool MeshExport::exportTo(const QString &pathOrUrl)
{
    const QString path = pathOf(pathOrUrl, defaultPath());
    if (const QString why = whyNotExportTo(path); !why.isEmpty()) {
        emit failed(tr("Export refused: %1 (%2)").arg(why, QDir::toNativeSeparators(path)));
        return false;
    }
    const document::Level &level = m_document.level();
    const auto perUnit = document::metresPerUnit(level.info.units);
    if (!perUnit) {
        emit failed(
            tr("Export failed: the level's units '%1' are not a length").arg(QString::fromStdString(level.info.units)));
        return false;
    }
    // The ground as the editor has read it: supports stand on what the designer sees.
    const auto ground = m_ground.ground();
    document::TrackMeshOptions options;
    if (ground && !ground->empty()) options.ground = ground.get();
    std::string error;
    std::vector<std::string> notes;
    const std::string bytes = document::trackGltf(
        level, *perUnit, options, path.endsWith(QStringLiteral(".glb"), Qt::CaseInsensitive), &error, &notes);
    if (!error.empty()) {
        emit failed(tr("Export failed: %1").arg(QString::fromStdString(error)));
        return false;
    }
    QString writeError;
    if (!document::writeFileAtomically(path, QByteArray::fromStdString(bytes), &writeError)) {
        emit failed(tr("Export failed: %1").arg(writeError));
        return false;
    }
    QString said = tr("Meshes exported to %1").arg(QDir::toNativeSeparators(path));
    if (!notes.empty())
        said +=
            tr(" (%n support(s) left out: %1)", nullptr, int(notes.size())).arg(QString::fromStdString(notes.front()));
    emit status(said);
    return true;
}

} // namespace railforge::app
