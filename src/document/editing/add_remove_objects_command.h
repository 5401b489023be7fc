// Undo command: objects are added to the level, or removed from it (the removed values are kept).
#pragma once

#include "document/editing/level_document.h"

#include <QUndoCommand>

namespace railforge::document {

class AddRemoveObjectsCommand : public QUndoCommand {
public:
    enum class Direction { Add, Remove };

    // Add: `objects` go in at their indices (ascending). Remove: the objects at `objects[i].at` are taken
    // out (their values are captured now, from the document).
    struct Item {
        ObjectIndex at;
        AnyObject object;
    };
    AddRemoveObjectsCommand(LevelDocument *document, const QString &text, Direction direction, std::vector<Item> items,
                            QUndoCommand *parent = nullptr);
    // Remove the objects at these indices.
    static std::vector<Item> itemsAt(const Level &level, std::vector<ObjectIndex> indices);

    void redo() override;
    void undo() override;

private:
    void insertAll();
    void removeAll();
    LevelDocument *m_document;
    Direction m_direction;
    std::vector<Item> m_items; // sorted by (kind, index) ascending
};

} // namespace railforge::document
