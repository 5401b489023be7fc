#include "cli/command_git_setup.h"

#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/git_driver_lines.h"
#include "document/files/output_file.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

namespace railforge::cli {
namespace {

// Runs git; its trimmed output, or nothing after printing why it failed.
std::optional<QString> git(const QStringList &args)
{
    QProcess p;
    p.start("git", args);
    if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit) {
        printErr("railforge-cli git-setup: git could not run: " + p.errorString());
        return std::nullopt;
    }
    if (p.exitCode() != 0) {
        const QString why = QString::fromUtf8(p.readAllStandardError()).trimmed();
        printErr("railforge-cli git-setup: git " + args.join(' ') + ": " + why);
        return std::nullopt;
    }
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

// The attributes file: the repository's top-level .gitattributes, or the user's own with --global.
std::optional<QString> attributesFile(bool global)
{
    if (!global) {
        const auto top = git({"rev-parse", "--show-toplevel"});
        if (!top) return std::nullopt;
        return QDir(*top).filePath(".gitattributes");
    }
    QProcess p;
    p.start("git", {"config", "--global", "--get", "core.attributesFile"});
    p.waitForFinished(-1);
    const QString set = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
    if (!set.isEmpty()) return set.startsWith("~/") ? QDir::home().filePath(set.mid(2)) : set;
    const QString xdg = qEnvironmentVariable("XDG_CONFIG_HOME", QDir::home().filePath(".config"));
    return QDir(xdg).filePath("git/attributes");
}

// A value of git's config, or nothing when it is not set.
std::optional<QString> configValue(const QStringList &scope, const QString &key)
{
    QProcess p;
    p.start("git", scope + QStringList{"--get", key});
    if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) return std::nullopt;
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

// The path a shell word (as shellWord writes it) stands for.
QString unquoted(QString word)
{
    word.replace("'\\''", "'");
    if (word.startsWith('\'') && word.endsWith('\'') && word.size() >= 2) word = word.mid(1, word.size() - 2);
    return word;
}

// What `git-setup --check` finds: whether this repository and this user would merge and show levels
// with the driver, line by line; exit 0 when they would.
int checkSetup(bool global, const QString &pattern)
{
    const QStringList scope = global ? QStringList{"config", "--global"} : QStringList{"config"};
    bool ok = true;
    const auto say = [&](bool good, const QString &what) {
        ok = ok && good;
        printOut((good ? "ok: " : "problem: ") + what);
    };
    // The attributes as git sees them for a file the pattern matches (whichever attributes file says so).
    QString sample = pattern;
    sample.replace('*', "level").replace('?', 'x');
    QProcess attr;
    attr.start("git", {"check-attr", "merge", "diff", "--", sample});
    attr.waitForFinished(-1);
    const QString attrs = QString::fromUtf8(attr.readAllStandardOutput());
    say(attrs.contains(": merge: railforge") && attrs.contains(": diff: railforge"),
        QStringLiteral("%1 is merged and shown by RailForge (%2)")
            .arg(sample,
                 attrs.trimmed().isEmpty() ? QStringLiteral("git check-attr says nothing") : attrs.simplified()));
    const auto driver = configValue(scope, "merge.railforge.driver");
    const auto diff = configValue(scope, "diff.railforge.command");
    say(driver && driver->contains("merge %O %A %B -o %A --name %P"),
        driver ? (driver->contains("--name %P") ? QStringLiteral("merge.railforge.driver is set")
                                                : QStringLiteral("merge.railforge.driver was set by an older "
                                                                 "railforge-cli: run railforge-cli git-setup again"))
               : QStringLiteral("merge.railforge.driver is not set: run railforge-cli git-setup"));
    say(diff.has_value(), diff ? QStringLiteral("diff.railforge.command is set")
                               : QStringLiteral("diff.railforge.command is not set: run railforge-cli git-setup"));
    // Which railforge-cli the driver would run: the one on PATH, else the path it was set up from.
    QString runs = QStandardPaths::findExecutable("railforge-cli");
    QString where = "on PATH";
    if (runs.isEmpty() && driver) {
        const int from = int(driver->indexOf("[ -x ")), to = int(driver->indexOf(" ]", from));
        if (from >= 0 && to > from) {
            QString recorded = unquoted(driver->mid(from + 5, to - from - 5));
            recorded.replace("%%", "%");
            if (QFileInfo(recorded).isExecutable()) {
                runs = recorded;
                where = "where git-setup was run from; not on PATH";
            }
        }
    }
    say(!runs.isEmpty(), runs.isEmpty()
                             ? QStringLiteral("no railforge-cli can be found (not on PATH, nor where git-setup "
                                              "was run from): levels would be merged line by line")
                             : QStringLiteral("the driver runs %1 (%2)").arg(runs, where));
    if (!runs.isEmpty()) {
        QProcess version;
        version.start(runs, {"--version"});
        version.waitForFinished(30000);
        const QString theirs = QString::fromUtf8(version.readAllStandardOutput()).trimmed();
        const QString mine = QStringLiteral("railforge-cli %1").arg(QCoreApplication::applicationVersion());
        say(theirs == mine, theirs == mine ? QStringLiteral("its version is this one's (%1)").arg(mine)
                                           : QStringLiteral("its version is '%1', this one is '%2'").arg(theirs, mine));
    }
    printOut(ok ? "levels merge and show by object here" : "levels do not merge by object here yet: see above");
    return ok ? ExitOk : ExitFailure;
}

} // namespace

int runGitSetup(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Make git merge levels by object and field and show their diffs by object: adds\n"
        "  PATTERN merge=railforge diff=railforge\n"
        "to .gitattributes (the repository's, or with --global the user's attributes file), and sets\n"
        "merge.railforge.driver and diff.railforge.command in git's config (the repository's or the user's).\n"
        "Both run the railforge-cli found on PATH at the time, else this one (by its path now), else git's own\n"
        "line merge (with markers) and diff: a build moved or rebuilt elsewhere still merges, and no side is\n"
        "ever lost. Files the pattern matches that are not RailForge levels are still merged and shown line by\n"
        "line, and so are levels a side of which does not load. Running it again says what was already there.\n"
        "--check says whether this repository and this user would merge levels with the driver (for a teammate\n"
        "who cloned later): attributes, config, which railforge-cli runs, its version. Exit 0 when they would.");
    parser.addHelpOption();
    parser.addOption({"global", "Set it up for every repository of this user."});
    parser.addOption({"pattern", "The files that may be levels (default *.yaml).", "GLOB", "*.yaml"});
    parser.addOption({"check", "Change nothing; say whether levels would merge and show by object here."});
    const Command &self = command("git-setup");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (!parser.positionalArguments().isEmpty()) return usageError("git-setup: takes no file", self);
    const bool global = parser.isSet("global");
    const QString pattern = parser.value("pattern");
    if (pattern.isEmpty() || pattern.contains(QRegularExpression("\\s")))
        return usageError("git-setup: --pattern must be one glob without spaces", self);
    if (parser.isSet("check")) return checkSetup(global, pattern);

    const auto attributes = attributesFile(global);
    if (!attributes) return ExitFailure;
    const QString line = pattern + " merge=railforge diff=railforge";
    QFile file(*attributes);
    QByteArray text;
    if (file.exists()) {
        if (!file.open(QIODevice::ReadOnly)) {
            printErr("railforge-cli git-setup: cannot read " + *attributes + ": " + file.errorString());
            return ExitFailure;
        }
        text = file.readAll();
        file.close();
    }
    const bool present = QString::fromUtf8(text).split('\n').contains(line);
    if (!present) {
        if (!text.isEmpty() && !text.endsWith('\n')) text += '\n';
        text += line.toUtf8() + '\n';
        QDir().mkpath(QFileInfo(*attributes).absolutePath());
        QString error;
        if (!document::writeFileAtomically(*attributes, text, &error)) {
            printErr("railforge-cli git-setup: " + error);
            return ExitFailure;
        }
    }
    printOut(QStringLiteral("%1: %2%3").arg(*attributes, line, present ? "  (already there)" : ""));

    const QString cli = QCoreApplication::applicationFilePath();
    const QStringList scope = global ? QStringList{"config", "--global"} : QStringList{"config"};
    const QList<QPair<QString, QString>> settings = {
        {"merge.railforge.name", "RailForge level merge (by object and field)"},
        {"merge.railforge.driver", mergeDriverLine(cli)},
        {"diff.railforge.command", diffCommandLine(cli)},
    };
    for (const auto &[key, value] : settings) {
        const auto before = configValue(scope, key);
        if (before == value) {
            printOut(QStringLiteral("git %1 %2  (already set)").arg(scope.join(' '), key));
            continue;
        }
        if (!git(scope + QStringList{key, value})) return ExitFailure;
        printOut(QStringLiteral("git %1 %2 %3%4")
                     .arg(scope.join(' '), key, shellWord(value),
                          before ? QStringLiteral("  (was %1)").arg(shellWord(*before)) : QString()));
    }
    return ExitOk;
}

} // namespace railforge::cli
