#include "cli/command_git_setup.h"

#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "document/files/output_file.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>

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

// A path as a shell word in git's config (git runs drivers with sh).
QString shellWord(const QString &text)
{
    QString quoted = text;
    quoted.replace("'", "'\\''");
    return "'" + quoted + "'";
}

// A shell word for git's merge driver line, where git first replaces %O, %A, %B, %L and %P (%P by the
// merged file's name in quotes of its own) and turns %% into %: a % of the word itself is doubled, or
// a folder named "%P" would end this word's quotes early and let a file's name run as a command.
QString mergeDriverWord(const QString &text)
{
    QString word = shellWord(text);
    word.replace("%", "%%");
    return word;
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

} // namespace

int runGitSetup(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Make git merge levels by object and field and show their diffs by object: adds\n"
        "  PATTERN merge=railforge diff=railforge\n"
        "to .gitattributes (the repository's, or with --global the user's attributes file), and sets\n"
        "merge.railforge.driver and diff.railforge.command in git's config (the repository's or the user's).\n"
        "Files the pattern matches that are not RailForge levels are still merged and shown line by line.");
    parser.addHelpOption();
    parser.addOption({"global", "Set it up for every repository of this user."});
    parser.addOption({"pattern", "The files that may be levels (default *.yaml).", "GLOB", "*.yaml"});
    const Command &self = command("git-setup");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (!parser.positionalArguments().isEmpty()) return usageError("git-setup: takes no file", self);
    const bool global = parser.isSet("global");
    const QString pattern = parser.value("pattern");
    if (pattern.isEmpty() || pattern.contains(QRegularExpression("\\s")))
        return usageError("git-setup: --pattern must be one glob without spaces", self);

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
    // git runs both with sh; only the merge driver's line goes through git's % substitution first.
    const QList<QPair<QString, QString>> settings = {
        {"merge.railforge.name", "RailForge level merge (by object and field)"},
        {"merge.railforge.driver", mergeDriverWord(cli) + " merge %O %A %B -o %A"},
        {"diff.railforge.command", shellWord(cli) + " diff --git"},
    };
    for (const auto &[key, value] : settings) {
        if (!git(scope + QStringList{key, value})) return ExitFailure;
        printOut(QStringLiteral("git %1 %2 %3").arg(scope.join(' '), key, shellWord(value)));
    }
    return ExitOk;
}

} // namespace railforge::cli
