// Undo command: the whole level is replaced (restoring autosaved work, reverting to the file),
// keeping the previous level to go back to.
#pragma once

#include "document/level_document.h"

#include <QUndoCommand>

namespace railforge::document {

class ReplaceLevelCommand : public QUndoCommand {
public:
    ReplaceLevelCommand(LevelDocument *document, const QString &text, Level replacement);
    void redo() override { m_document->setLevel(m_after); }
    void undo() override { m_document->setLevel(m_before); }

private:
    LevelDocument *m_document;
    Level m_before;
    Level m_after;
};

} // namespace railforge::document
