#include "document/editing/add_remove_objects_command.h"

#include <algorithm>

namespace railforge::document {
namespace {
bool byPlace(const AddRemoveObjectsCommand::Item &a, const AddRemoveObjectsCommand::Item &b)
{
    return std::pair(int(a.at.kind), a.at.index) < std::pair(int(b.at.kind), b.at.index);
}
} // namespace

AddRemoveObjectsCommand::AddRemoveObjectsCommand(LevelDocument *document, const QString &text, Direction direction,
                                                 std::vector<Item> items, QUndoCommand *parent)
    : QUndoCommand(text, parent), m_document(document), m_direction(direction), m_items(std::move(items))
{
    std::sort(m_items.begin(), m_items.end(), byPlace);
}

std::vector<AddRemoveObjectsCommand::Item> AddRemoveObjectsCommand::itemsAt(const Level &level,
                                                                            std::vector<ObjectIndex> indices)
{
    std::vector<Item> items;
    for (const ObjectIndex &at : indices) items.push_back({at, objectAt(level, at)});
    return items;
}

// Ascending inserts put each object back at its original index.
void AddRemoveObjectsCommand::insertAll()
{
    std::vector<LevelDocument::Edit> edits;
    for (const Item &item : m_items) edits.push_back({LevelDocument::Edit::Type::Insert, item.at, item.object});
    m_document->apply(edits);
}

// Descending removals keep the remaining indices valid.
void AddRemoveObjectsCommand::removeAll()
{
    std::vector<LevelDocument::Edit> edits;
    for (auto item = m_items.rbegin(); item != m_items.rend(); ++item)
        edits.push_back({LevelDocument::Edit::Type::Remove, item->at, item->object});
    m_document->apply(edits);
}

void AddRemoveObjectsCommand::redo() { m_direction == Direction::Add ? insertAll() : removeAll(); }

void AddRemoveObjectsCommand::undo() { m_direction == Direction::Add ? removeAll() : insertAll(); }

} // namespace railforge::document
