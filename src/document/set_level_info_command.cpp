#include "document/set_level_info_command.h"

#include <QCoreApplication>

namespace railforge::document {

SetLevelInfoCommand::SetLevelInfoCommand(LevelDocument *document, LevelInfo info)
    : QUndoCommand(QCoreApplication::translate("LevelEditing", "Change level settings")), m_document(document),
      m_before(document->level().info), m_after(std::move(info))
{
}

} // namespace railforge::document
