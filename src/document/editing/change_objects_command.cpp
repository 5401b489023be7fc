#include "document/editing/change_objects_command.h"

#include "document/editing/junction_keeping.h"
#include "document/editing/list_edits.h"

namespace railforge::document {

ChangeObjectsCommand::ChangeObjectsCommand(LevelDocument *document, const QString &text, std::vector<Change> changes,
                                           int mergeKey, QUndoCommand *parent)
    : QUndoCommand(text, parent), m_document(document), m_mergeKey(mergeKey)
{
    KeptEdit kept = withLevelKept(document->level(), std::move(changes));
    m_changes = std::move(kept.changes);
    m_junctions = std::move(kept.junctions);
    m_removedJunctions = std::move(kept.removedJunctions);
}

void ChangeObjectsCommand::redo()
{
    std::vector<LevelDocument::Edit> edits;
    for (const Change &c : m_changes) edits.push_back({LevelDocument::Edit::Type::Replace, c.at, c.after});
    // The junctions the change kept at their rails, after them (they are placed on the new rails).
    if (m_junctions)
        for (auto &e : editsBetween(ObjectKind::Junction, m_document->level().junctions, m_junctions->second))
            edits.push_back(e);
    m_document->apply(edits);
}

void ChangeObjectsCommand::undo()
{
    std::vector<LevelDocument::Edit> edits;
    if (m_junctions) edits = editsBetween(ObjectKind::Junction, m_document->level().junctions, m_junctions->first);
    for (auto c = m_changes.rbegin(); c != m_changes.rend(); ++c)
        edits.push_back({LevelDocument::Edit::Type::Replace, c->at, c->before});
    m_document->apply(edits);
}

bool ChangeObjectsCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = dynamic_cast<const ChangeObjectsCommand *>(other);
    if (!next || next->m_mergeKey != m_mergeKey || next->m_changes.size() != m_changes.size()) return false;
    for (std::size_t i = 0; i < m_changes.size(); ++i)
        if (!(next->m_changes[i].at == m_changes[i].at)) return false;
    // Keep our "before", take their "after": one step from the start of the drag to its end.
    for (std::size_t i = 0; i < m_changes.size(); ++i) m_changes[i].after = next->m_changes[i].after;
    if (next->m_junctions) {
        if (m_junctions)
            m_junctions->second = next->m_junctions->second;
        else
            m_junctions = next->m_junctions; // its "before" is ours: we left the junctions alone
    }
    for (const auto &id : next->m_removedJunctions) m_removedJunctions.push_back(id);
    return true;
}

} // namespace railforge::document
