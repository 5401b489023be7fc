// Undo command: some objects change (moved, renamed, re-typed...), old and new values kept.
// Continuous drags merge into one step when they share a merge key and the same objects. The level
// is kept whole in the same step (junction_keeping.h): places along changed rails stay where they
// were put, rails linked at junctions follow.
#pragma once

#include "document/editing/level_document.h"

#include <QUndoCommand>

#include <optional>

namespace railforge::document {

class ChangeObjectsCommand : public QUndoCommand {
public:
    // One object's old and new value.
    struct Change {
        ObjectIndex at;
        AnyObject before;
        AnyObject after;
    };

    // mergeKey 0 never merges; equal non-zero keys merge consecutive changes of the same objects.
    ChangeObjectsCommand(LevelDocument *document, const QString &text, std::vector<Change> changes, int mergeKey = 0,
                         QUndoCommand *parent = nullptr);

    void redo() override;
    void undo() override;
    int id() const override { return m_mergeKey == 0 ? -1 : 1; }
    bool mergeWith(const QUndoCommand *other) override;
    // Junctions the edit removed because their segment went (their rail's end point deleted).
    const std::vector<std::string> &removedJunctions() const { return m_removedJunctions; }

private:
    LevelDocument *m_document;
    std::vector<Change> m_changes;
    // The level's junctions before and after, when keeping the level whole changed them.
    std::optional<std::pair<std::vector<Junction>, std::vector<Junction>>> m_junctions;
    std::vector<std::string> m_removedJunctions;
    int m_mergeKey;
};

} // namespace railforge::document
