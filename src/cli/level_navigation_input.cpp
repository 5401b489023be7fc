#include "cli/level_navigation_input.h"

#include "cli/console.h"
#include "document/files/level_file.h"
#include "document/report/ground_checks.h"

#include <QFileInfo>

#include <algorithm>

namespace railforge::cli {

bool patrolsHaveAgents(const document::Level &level)
{
    return std::any_of(level.patrols.begin(), level.patrols.end(),
                       [](const document::Patrol &p) { return !p.agent.empty(); });
}

std::optional<document::LevelNavigationRead> levelNavigationReporting(const document::Level &level, const QString &file,
                                                                      const document::FileRules &rules, bool everyAgent)
{
    if (everyAgent ? level.agents.empty() : !patrolsHaveAgents(level)) return document::LevelNavigationRead{};
    const document::ProjectFiles files(QFileInfo(file).absolutePath(), rules);
    document::LevelNavigationRead read =
        document::readLevelNavigation(level, files, document::ReadBudget(rules.timeLimit));
    if (!read.unread.empty()) {
        // Said where the reference is in the file (read again for its places: this is the rare path).
        const document::LoadResult placed = document::loadLevelFile(file);
        document::LevelGround unreadOnly;
        unreadOnly.unread = read.unread;
        for (const auto &d : document::groundProblems(level, placed.marks, unreadOnly, file.toStdString()))
            printError(d);
    }
    if (read.refusedAny) return std::nullopt;
    return read;
}

} // namespace railforge::cli
