// What git says of a level file in its working tree, for the checks a merge needs after it: a file
// git still lists as unmerged is a merge not finished, whether or not its text has markers (a
// driver that could not run leaves OURS' text as it was, and a commit would then drop THEIRS).
#pragma once

#include <QString>

namespace railforge::document {

// True when `path` lies in a git working tree whose index still holds it unmerged (`git ls-files -u`:
// stages of a conflict). False when it does not, or git or the repository cannot be asked.
bool gitListsUnmerged(const QString &path);

// The words every tool uses for it.
inline constexpr const char *kUnmergedInGit =
    "git still lists this file as unmerged: a merge of it is not finished, even where its text shows no "
    "markers (the other side may be missing): resolve it (git checkout --merge, or by hand), then git add it";

} // namespace railforge::document
