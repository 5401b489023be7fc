// The commands git-setup writes into git's config, for git to run with sh. Each finds railforge-cli
// where the user has it now (on PATH) before the path it was set up from, so a build that moved, was
// rebuilt elsewhere or was upgraded still merges; and when neither can run, git's own line merge or
// diff takes over, so a side is never lost and a diff never dies.
#pragma once

#include <QString>

namespace railforge::cli {

// A path as one sh word: single-quoted, a quote in it as '\''.
QString shellWord(const QString &text);

// merge.railforge.driver: railforge-cli merge %O %A %B -o %A --name %P, found on PATH, else at
// `fallback`, else `git merge-file` with markers (and a line on stderr saying why). git replaces %O,
// %A, %B and %P in it first (%P in quotes of its own) and turns %% into %: every % of `fallback` is
// doubled, or a folder named "%P" would end its quotes early.
QString mergeDriverLine(const QString &fallback);

// diff.railforge.command: railforge-cli diff --git, found as above, else git's own diff of the two
// files. git appends its seven arguments ("$@").
QString diffCommandLine(const QString &fallback);

} // namespace railforge::cli
