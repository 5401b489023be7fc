// railforge-cli merge BASE OURS THEIRS -o OUT: the three-way merge of levels by object and field,
// usable as git's merge driver (docs/design.md "Merging levels").
#pragma once

#include <QStringList>

namespace railforge::cli {

// Exit 0 when clean, 1 with conflicts (written as markers around whole objects), 2 usage, 3 when an
// input is a level with errors. Files that are not levels are merged line by line by git.
int runMerge(const QStringList &arguments);

} // namespace railforge::cli
