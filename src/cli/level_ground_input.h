// The level's ground for the commands that work on it (ground, drape, fit-heights): its mesh and
// heightmap references read under the project's file rules, with what could not be read said.
#pragma once

#include "document/files/project_files.h"
#include "document/ground/level_ground.h"
#include "document/model/level.h"

#include <QString>

#include <optional>
#include <string>

namespace railforge::cli {

// The level's ground (every reference with ground: true, or only the one named), or nothing after
// saying why: no ground reference, an unknown or image one, a file refused by the rules, or none of
// its files readable. Missing or unreadable files are warnings when others still answer.
std::optional<document::LevelGround> levelGroundReporting(const document::Level &level, const QString &file,
                                                          const std::optional<std::string> &only,
                                                          const document::FileRules &rules);

} // namespace railforge::cli
