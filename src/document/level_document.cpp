#include "document/level_document.h"

#include "document/level_file.h"

namespace railforge::document {

LevelDocument::LevelDocument(QObject *parent) : QObject(parent)
{
    connect(&m_undoStack, &QUndoStack::cleanChanged, this, &LevelDocument::modifiedChanged);
}

void LevelDocument::reset()
{
    m_undoStack.clear();
    m_level = Level{};
    m_filePath.clear();
    emit levelChanged();
    emit filePathChanged();
    emit modifiedChanged();
}

LoadResult LevelDocument::load(const QString &path)
{
    LoadResult result = loadLevelFile(path);
    if (!result.level) return result;
    m_undoStack.clear();
    m_level = *result.level;
    m_filePath = path;
    emit levelChanged();
    emit filePathChanged();
    emit modifiedChanged();
    return result;
}

bool LevelDocument::save(const QString &path, QString *error)
{
    const QString target = path.isEmpty() ? m_filePath : path;
    if (target.isEmpty()) {
        if (error) *error = tr("no file name given");
        return false;
    }
    if (!saveLevelFile(target, m_level, error)) return false;
    m_undoStack.setClean();
    if (target != m_filePath) {
        m_filePath = target;
        emit filePathChanged();
    }
    emit modifiedChanged();
    return true;
}

void LevelDocument::setLevel(Level level)
{
    m_level = std::move(level);
    emit levelChanged();
}

} // namespace railforge::document
