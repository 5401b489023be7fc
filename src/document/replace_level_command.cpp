#include "document/replace_level_command.h"

namespace railforge::document {

ReplaceLevelCommand::ReplaceLevelCommand(LevelDocument *document, const QString &text, Level replacement)
    : QUndoCommand(text), m_document(document), m_before(document->level()), m_after(std::move(replacement))
{
}

} // namespace railforge::document
