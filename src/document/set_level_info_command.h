// Undo command: the level's name or units change.
#pragma once

#include "document/level_document.h"

#include <QUndoCommand>

namespace railforge::document {

class SetLevelInfoCommand : public QUndoCommand {
public:
    SetLevelInfoCommand(LevelDocument *document, LevelInfo info);
    void redo() override { m_document->setInfo(m_after); }
    void undo() override { m_document->setInfo(m_before); }

private:
    LevelDocument *m_document;
    LevelInfo m_before;
    LevelInfo m_after;
};

} // namespace railforge::document
