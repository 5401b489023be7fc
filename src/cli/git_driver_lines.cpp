#include "cli/git_driver_lines.h"

namespace railforge::cli {

QString shellWord(const QString &text)
{
    QString quoted = text;
    quoted.replace("'", "'\\''");
    return "'" + quoted + "'";
}

QString mergeDriverLine(const QString &fallback)
{
    QString cli = shellWord(fallback);
    cli.replace("%", "%%");
    // `exec` hands the exit code over: 0 merged, 1 conflicts left (with markers). %P is only ever a
    // word of its own: git quotes it, and inside other quotes its own quotes would end them.
    return QStringLiteral("if command -v railforge-cli >/dev/null 2>&1; then exec railforge-cli merge %O %A %B -o %A "
                          "--name %P; elif [ -x %1 ]; then exec %1 merge %O %A %B -o %A --name %P; else echo "
                          "'railforge: railforge-cli is neither on PATH nor at' %1 '- merged line by line:' %P >&2; "
                          "exec git merge-file -L ours -L base -L theirs %A %O %B; fi")
        .arg(cli);
}

QString diffCommandLine(const QString &fallback)
{
    const QString cli = shellWord(fallback);
    // A function, so that the seven arguments git appends reach whichever runs; git's own diff exits
    // 1 when the files differ, which git would take for a diff that died.
    return QStringLiteral("railforge_diff() { if command -v railforge-cli >/dev/null 2>&1; then railforge-cli diff "
                          "--git \"$@\"; elif [ -x %1 ]; then %1 diff --git \"$@\"; else git diff --no-index "
                          "--no-ext-diff -- \"$2\" \"$5\"; true; fi; }; railforge_diff")
        .arg(cli);
}

} // namespace railforge::cli
