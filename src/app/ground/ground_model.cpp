#include "app/ground/ground_model.h"

#include "document/ground/level_ground.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

namespace railforge::app {

GroundModel::GroundModel(document::LevelDocument &document, QObject *parent) : QObject(parent), m_document(document)
{
    connect(&m_document, &document::LevelDocument::levelChanged, this, &GroundModel::reloadIfNeeded);
    connect(&m_document, &document::LevelDocument::filePathChanged, this, &GroundModel::reloadIfNeeded);
    connect(&m_watcher, &QFutureWatcher<Loaded>::finished, this, [this] {
        Loaded loaded = m_watcher.result();
        m_ground = std::move(loaded.ground);
        m_warnings = std::move(loaded.warnings);
        m_busy = false;
        emit groundChanged();
        emit busyChanged();
        if (m_pending) start();
    });
    reloadIfNeeded();
}

GroundModel::~GroundModel() { m_watcher.waitForFinished(); }

void GroundModel::reloadIfNeeded()
{
    const std::vector<document::Reference> &references = m_document.level().references;
    const QString folder = m_document.folderPath();
    if (m_loadedOnce && references == m_references && folder == m_folder) return;
    m_loadedOnce = true;
    m_references = references;
    m_folder = folder;
    start();
}

void GroundModel::start()
{
    if (m_busy) {
        m_pending = true;
        return;
    }
    m_pending = false;
    m_busy = true;
    emit busyChanged();
    document::Level level;
    level.references = m_references;
    m_watcher.setFuture(QtConcurrent::run([level = std::move(level), folder = m_folder] {
        document::LevelGround read = document::loadLevelGround(level, folder);
        Loaded out;
        out.ground = std::make_shared<core::GroundSet>(std::move(read.ground));
        for (const std::string &w : read.warnings) out.warnings << QString::fromStdString(w);
        return out;
    }));
}

QVariant GroundModel::heightAt(double x, double y) const
{
    const auto h = m_ground->highest(x, y);
    return h ? QVariant(*h) : QVariant();
}

void GroundModel::waitForGround()
{
    while (m_busy || m_pending) {
        m_watcher.waitForFinished();
        QCoreApplication::processEvents();
    }
}

} // namespace railforge::app
