#include "app/session/import_export.h"

#include "app/selection/selection.h"
#include "app/session/file_session.h"
#include "document/editing/level_editing.h"
#include "document/export/engine_export.h"
#include "document/files/csv_points.h"
#include "document/files/level_file.h"
#include "document/files/output_file.h"
#include "document/strategy/level_obstacle_context.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace railforge::app {

ImportExport::ImportExport(document::LevelDocument &document, Selection &selection,
                           const document::StrategyRegistry &registry, FileSession &files, QObject *parent)
    : QObject(parent), m_document(document), m_selection(selection), m_registry(registry), m_files(files)
{
    connect(&m_document, &document::LevelDocument::filePathChanged, this, &ImportExport::defaultExportPathChanged);
}

QString ImportExport::defaultExportPath() const
{
    const QString level = m_document.filePath();
    if (level.isEmpty()) return QDir::home().filePath(QStringLiteral("untitled.export.json"));
    const QFileInfo info(level);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral(".export.json"));
}

namespace {
QString exportPathOf(const QString &pathOrUrl, const QString &fallback)
{
    const QString path = FileSession::toLocalPath(pathOrUrl.trimmed());
    return path.isEmpty() ? fallback : path;
}
} // namespace

QString ImportExport::whyNotExportTo(const QString &pathOrUrl) const
{
    const QString path = exportPathOf(pathOrUrl, defaultExportPath());
    const QString level = m_document.filePath();
    if (!level.isEmpty() &&
        (document::sameFile(path, level) || QFileInfo(path).absoluteFilePath() == QFileInfo(level).absoluteFilePath()))
        return tr("This is the level itself: exporting here would replace it. Choose another file.");
    if (document::outputTarget(path) == document::OutputTarget::Folder)
        return tr("This is a folder: name a file in it.");
    if (!document::exportFormatForPath(path.toStdString())) return tr("Name the file .json (JSON) or .yaml (YAML).");
    return {};
}

bool ImportExport::exportTo(const QString &pathOrUrl, double spacing)
{
    const QString path = exportPathOf(pathOrUrl, defaultExportPath());
    if (const QString why = whyNotExportTo(path); !why.isEmpty()) {
        emit failed(tr("Export refused: %1 (%2)").arg(why, QDir::toNativeSeparators(path)));
        return false;
    }
    const auto format = document::exportFormatForPath(path.toStdString());
    const document::LevelObstacleContext context(m_document.level());
    std::string error;
    auto text = document::writeEngineExport(m_document.level(), spacing, m_registry, context, &error, nullptr, *format);
    if (!text) {
        emit failed(tr("Export failed: %1").arg(QString::fromStdString(error)));
        return false;
    }
    QString writeError;
    if (!document::writeFileAtomically(path, QByteArray::fromRawData(text->data(), qsizetype(text->size())),
                                       &writeError)) {
        emit failed(tr("Export failed: %1").arg(writeError));
        return false;
    }
    emit status(tr("Exported to %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

QString ImportExport::importCsv(const QString &pathOrUrl, bool asPatrol, const QString &strategy)
{
    const QString path = FileSession::toLocalPath(pathOrUrl);
    QFile file(path);
    QStringList problems;
    std::optional<document::CsvPoints> csv;
    if (!file.open(QIODevice::ReadOnly)) {
        problems << path + ": cannot open: " + file.errorString();
    } else {
        const QByteArray bytes = file.read(qint64(document::kMaxCsvBytes) + 1);
        document::Diagnostics diagnostics;
        csv = document::readCsvPoints(std::string_view(bytes.constData(), std::size_t(bytes.size())),
                                      path.toStdString(), diagnostics);
        for (const auto &d : diagnostics) problems << QString::fromStdString(document::formatDiagnostic(d));
        if (csv && csv->points.size() < 2) {
            problems << path + ": a path needs at least 2 points";
            csv.reset();
        }
    }
    std::vector<core::Vec3> points = csv ? csv->points : std::vector<core::Vec3>{};
    if (csv && !strategy.isEmpty()) {
        const document::LevelObstacleContext context(m_document.level());
        auto result = m_registry.run(strategy.toStdString(), {}, points, false, context);
        if (!result.ok())
            problems << path + ": " + QString::fromStdString(result.error);
        else
            points = std::move(result.points);
    }
    if (!problems.isEmpty() || points.size() < 2) {
        m_files.reportProblems(path, problems);
        return {};
    }
    const QString name = QFileInfo(path).fileName();
    if (!asPatrol) {
        auto id = document::addRail(m_document, std::move(points), false);
        if (!id) return {};
        m_selection.set({{document::ObjectKind::Rail, *id}});
        emit status(tr("Imported %1 as rail %2").arg(name, QString::fromStdString(*id)));
        return "rail:" + QString::fromStdString(*id);
    }
    // A patrol over a chain of new waypoints, all in one undo step.
    auto *stack = m_document.undoStack();
    stack->beginMacro(tr("Import patrol from %1").arg(name));
    std::vector<std::string> ids;
    for (const auto &p : points) {
        ids.push_back(document::addWaypoint(m_document, p));
        if (ids.size() >= 2) document::connectWaypoints(m_document, ids[ids.size() - 2], ids.back(), true);
    }
    auto patrol = document::addPatrol(m_document, {ids.front(), ids.back()});
    stack->endMacro();
    if (!patrol) return {};
    m_selection.set({{document::ObjectKind::Patrol, *patrol}});
    emit status(tr("Imported %1 as patrol %2").arg(name, QString::fromStdString(*patrol)));
    return "patrol:" + QString::fromStdString(*patrol);
}

} // namespace railforge::app
