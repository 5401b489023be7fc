#include "document/editing/level_document.h"

#include "document/checks/level_rules.h"
#include "document/files/level_file.h"

#include <QDir>
#include <QFileInfo>

#include <set>
#include <type_traits>

namespace railforge::document {

LevelDocument::LevelDocument(QObject *parent) : QObject(parent)
{
    connect(&m_undoStack, &QUndoStack::cleanChanged, this, &LevelDocument::modifiedChanged);
}

void LevelDocument::reset()
{
    m_undoStack.clear();
    m_level = Level{};
    m_railGeometry.keepOnly(m_level);
    m_filePath.clear();
    m_fileText.clear();
    m_seenText.reset();
    m_fileNotes.clear();
    m_fileLevel.reset();
    emit levelChanged(ChangeSet{});
    emit filePathChanged();
    emit modifiedChanged();
    emit replaced();
}

namespace {

// The loader's warnings less those the level's rules give (by their text).
Diagnostics textNotes(const Diagnostics &diagnostics, const Level &level)
{
    std::set<std::string> ruled;
    for (const LevelProblem &p : levelRuleProblems(level)) ruled.insert(p.message);
    Diagnostics out;
    for (const Diagnostic &d : diagnostics)
        if (d.severity == Severity::Warning && !ruled.count(d.message)) out.push_back(d);
    return out;
}

} // namespace

LoadResult LevelDocument::load(const QString &path)
{
    LoadResult result = loadLevelFile(path);
    if (result.level) takeFile(path, result, std::nullopt);
    return result;
}

void LevelDocument::loadOurs(const QString &path, const LoadResult &ours, std::string diskText)
{
    takeFile(path, ours, std::move(diskText));
}

void LevelDocument::takeFile(const QString &path, const LoadResult &loaded, std::optional<std::string> seenText)
{
    m_undoStack.clear();
    m_level = *loaded.level;
    m_railGeometry.keepOnly(m_level);
    const bool anotherFile = path != m_filePath;
    m_filePath = path;
    m_fileText = loaded.text;
    m_seenText = std::move(seenText);
    m_fileNotes = textNotes(loaded.diagnostics, m_level);
    m_fileLevel = m_level;
    // What a save would write differs from the file on disk: the level starts modified.
    if (m_seenText) m_undoStack.resetClean();
    emit levelChanged(ChangeSet{});
    emit filePathChanged();
    emit modifiedChanged();
    // The same file read again (Revert, a teammate's change reloaded) keeps the designer's view.
    if (anotherFile) emit replaced();
}

bool LevelDocument::save(const QString &path, QString *error, Overwrite overwrite)
{
    const QString target = path.isEmpty() ? m_filePath : path;
    if (target.isEmpty()) {
        if (error) *error = tr("no file name given");
        return false;
    }
    if (target == m_filePath && overwrite == Overwrite::OnlyWhatWasSeen && diskState() == DiskState::Changed) {
        if (error)
            *error = tr("%1 changed on disk since it was opened or last saved; it was not overwritten").arg(target);
        return false;
    }
    SavedLevel saved = saveLevelFileOver(target, m_level, m_fileText, m_fileLevel ? &*m_fileLevel : nullptr, error);
    if (!saved.ok) return false;
    m_fileText = std::move(saved.text);
    m_seenText.reset();
    m_fileLevel = m_level;
    m_undoStack.setClean();
    if (target != m_filePath) {
        m_filePath = target;
        emit filePathChanged();
    }
    emit modifiedChanged();
    return true;
}

LevelDocument::DiskState LevelDocument::diskState(std::string *diskText) const
{
    if (m_filePath.isEmpty()) return DiskState::Unchanged;
    std::optional<std::string> disk = readFileText(m_filePath);
    if (!disk) return DiskState::Missing;
    const DiskState state = *disk == m_seenText.value_or(m_fileText) ? DiskState::Unchanged : DiskState::Changed;
    if (diskText) *diskText = std::move(*disk);
    return state;
}

void LevelDocument::baseOnDisk()
{
    if (m_filePath.isEmpty()) return;
    const LoadResult disk = loadLevelFile(m_filePath);
    m_fileText = disk.text;
    m_seenText.reset();
    m_fileLevel = disk.level; // nothing when it does not load: the save then reads the text itself
}

namespace {

template <typename T>
void applyTo(Level &level, const LevelDocument::Edit &edit)
{
    auto &list = listOf<T>(level);
    switch (edit.type) {
    case LevelDocument::Edit::Type::Replace: list.at(edit.at.index) = std::get<T>(edit.object); break;
    case LevelDocument::Edit::Type::Insert:
        list.insert(list.begin() + std::ptrdiff_t(std::min(edit.at.index, list.size())), std::get<T>(edit.object));
        break;
    case LevelDocument::Edit::Type::Remove: list.erase(list.begin() + std::ptrdiff_t(edit.at.index)); break;
    }
}

} // namespace

void LevelDocument::apply(const std::vector<Edit> &edits)
{
    ChangeSet change{false, {}};
    change.objects.reserve(edits.size());
    for (const Edit &edit : edits) {
        const ObjectParts parts =
            edit.type == Edit::Type::Replace ? changedParts(objectAt(m_level, edit.at), edit.object) : kEveryPart;
        change.objects.push_back({edit.type, edit.at, parts});
        switch (edit.at.kind) {
        case ObjectKind::Waypoint: applyTo<Waypoint>(m_level, edit); break;
        case ObjectKind::Edge: applyTo<Edge>(m_level, edit); break;
        case ObjectKind::Obstacle: applyTo<Obstacle>(m_level, edit); break;
        case ObjectKind::Rail: applyTo<Rail>(m_level, edit); break;
        case ObjectKind::Patrol: applyTo<Patrol>(m_level, edit); break;
        case ObjectKind::Junction: applyTo<Junction>(m_level, edit); break;
        case ObjectKind::Reference: applyTo<Reference>(m_level, edit); break;
        case ObjectKind::Agent: applyTo<Agent>(m_level, edit); break;
        }
    }
    // Rails gone (or renamed) leave their geometry behind: drop it when the list of rails changes.
    if (change.listChanged(ObjectKind::Rail)) m_railGeometry.keepOnly(m_level);
    emit levelChanged(change);
}

void LevelDocument::setLevel(Level level)
{
    m_level = std::move(level);
    m_railGeometry.keepOnly(m_level);
    emit levelChanged(ChangeSet{});
}

std::shared_ptr<const RailGeometry> LevelDocument::railGeometry(std::size_t index) const
{
    return m_railGeometry.of(m_level.rails.at(index));
}

void LevelDocument::setInfo(LevelInfo info)
{
    ChangeSet change{false, {}};
    change.info = true;
    m_level.info = std::move(info);
    emit levelChanged(change);
}

QString LevelDocument::folderPath() const
{
    return m_filePath.isEmpty() ? QDir::currentPath() : QFileInfo(m_filePath).absolutePath();
}

} // namespace railforge::document
