// railforge-cli diff A B [--json]: what changed between two levels, by object and field; also git's
// external diff for levels (`--git`, git's seven arguments).
#pragma once

#include <QStringList>

namespace railforge::cli {

// Exit 0 (whether or not the levels differ, as git's external diff must), 2 usage, 3 invalid input.
int runDiff(const QStringList &arguments);

} // namespace railforge::cli
