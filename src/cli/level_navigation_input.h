// The agents' navigation for the commands that route, check or export patrols (route, profile,
// export, validate): the level's ground references read once, with their triangles kept for baking,
// under the project's file rules (the same options as every reference read).
#pragma once

#include "document/files/project_files.h"
#include "document/model/level.h"
#include "document/navigation/level_navigation.h"

#include <QString>

#include <memory>
#include <optional>

namespace railforge::cli {

// Whether any patrol names an agent (only then is the ground read for navigation).
bool patrolsHaveAgents(const document::Level &level);

// The level's navigation (its ground read with what could not be read said as warnings at the
// reference's place), or nothing after saying why when a reference breaks a rule of the project.
// A level whose patrols name no agent (with `everyAgent`, that has no agent) reads nothing and gives
// an empty navigation.
std::optional<document::LevelNavigationRead> levelNavigationReporting(const document::Level &level, const QString &file,
                                                                      const document::FileRules &rules,
                                                                      bool everyAgent = false);

} // namespace railforge::cli
