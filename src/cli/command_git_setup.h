// railforge-cli git-setup [--global] [--pattern GLOB]: makes git merge and diff levels with RailForge.
#pragma once

#include <QStringList>

namespace railforge::cli {

// Writes the .gitattributes line and the git config of the merge driver and the diff, and prints them.
int runGitSetup(const QStringList &arguments);

} // namespace railforge::cli
