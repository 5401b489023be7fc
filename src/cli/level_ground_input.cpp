#include "cli/level_ground_input.h"

#include "cli/console.h"
#include "document/files/level_file.h"
#include "document/report/ground_checks.h"

#include <QFileInfo>

#include <algorithm>

namespace railforge::cli {

std::optional<document::LevelGround> levelGroundReporting(const document::Level &level, const QString &file,
                                                          const std::optional<std::string> &only,
                                                          const document::FileRules &rules)
{
    if (only) {
        const auto r = std::find_if(level.references.begin(), level.references.end(),
                                    [&](const document::Reference &x) { return x.id == *only; });
        if (r == level.references.end()) {
            printErr(file + ": no reference '" + QString::fromStdString(*only) + "'");
            return std::nullopt;
        }
        if (r->kind == document::ReferenceKind::Image) {
            printErr(file + ": reference '" + QString::fromStdString(*only) + "' is an image, not ground");
            return std::nullopt;
        }
    }
    const document::ProjectFiles files(QFileInfo(file).absolutePath(), rules);
    document::LevelGround ground = document::loadLevelGround(level, files, document::ReadBudget(rules.timeLimit), only);
    if (!ground.unread.empty()) {
        // Said where the reference is in the file (read again for its places: this is the rare path).
        const document::LoadResult placed = document::loadLevelFile(file);
        document::LevelGround unreadOnly;
        unreadOnly.unread = ground.unread;
        for (const auto &d : document::groundProblems(level, placed.marks, unreadOnly, file.toStdString()))
            printError(d);
    }
    if (ground.refusedAny()) return std::nullopt;
    if (ground.sources == 0) {
        printErr(file + (ground.unread.empty() ? ": the level has no ground (a mesh or heightmap reference with "
                                                 "ground: true)"
                                               : ": none of its ground references could be read"));
        return std::nullopt;
    }
    return ground;
}

} // namespace railforge::cli
