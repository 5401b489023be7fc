#include "cli/command_diff.h"

#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/level_text_input.h"
#include "document/merge/level_diff.h"
#include "document/yaml/level_reader.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

namespace railforge::cli {
namespace {

// Files that are not levels (or a side git shows as /dev/null for a new or deleted file): git's own diff.
int textDiff(const QString &a, const QString &b)
{
    QProcess git;
    git.setProcessChannelMode(QProcess::ForwardedChannels);
    git.start("git", {"diff", "--no-index", "--no-ext-diff", "--", a, b});
    if (!git.waitForFinished(-1)) {
        printErr("railforge-cli diff: git's diff could not run: " + git.errorString());
        return ExitFailure;
    }
    return ExitOk;
}

QJsonObject changeJson(const document::ObjectChange &c)
{
    QJsonObject o{{"kind", QString::fromStdString(c.kind)},
                  {"id", QString::fromStdString(c.id)},
                  {"change", document::changeName(c.what)}};
    if (c.what == document::ObjectChange::What::Renamed) o["to"] = QString::fromStdString(c.renamedTo);
    QJsonArray fields;
    for (const auto &f : c.fields) fields.append(QString::fromStdString(f));
    if (!fields.isEmpty()) o["fields"] = fields;
    return o;
}

} // namespace

int runDiff(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "What changed from level A to level B, one line per object and field:\n"
        "  rail 'main': point 3 moved by (0.5, 0, 0)\n"
        "  junction 'j1' added\n"
        "  waypoint 'w7' renamed to 'gate'\n"
        "As git's diff for levels (railforge-cli git-setup writes this): railforge-cli diff --git, given\n"
        "git's seven arguments PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE.\n"
        "Files that are not RailForge levels are shown by git's own diff. Exit 0 whether or not they differ.");
    parser.addHelpOption();
    parser.addPositionalArgument("A", "The level before.");
    parser.addPositionalArgument("B", "The level after.");
    parser.addOption({"json", "One JSON object: {\"changes\": [{kind, id, change, to?, fields?}]}."});
    parser.addOption({"git", "Take git's external diff arguments (PATH OLD-FILE ... NEW-FILE ...)."});
    const Command &self = command("diff");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    const QStringList args = parser.positionalArguments();
    QString a, b, name;
    if (parser.isSet("git")) {
        if (args.size() < 7) return usageError("diff --git: expected git's seven arguments", self);
        name = args[0];
        a = args[1];
        b = args[4];
    } else {
        if (args.size() != 2) return usageError("diff: expected two level files A B", self);
        a = args[0];
        b = args[1];
    }
    // git shows a new or deleted file as /dev/null: an empty side, not a level.
    const auto read = [](const QString &path) {
        return path == "/dev/null" ? std::optional<std::string>(std::string()) : readLevelText(path);
    };
    const auto textA = read(a);
    const auto textB = read(b);
    if (!textA || !textB) return ExitInvalidInput;
    if (!looksLikeLevel(*textA) || !looksLikeLevel(*textB)) {
        if (parser.isSet("git")) return textDiff(a, b);
        printErr(QStringLiteral("railforge-cli diff: %1 is not a RailForge level").arg(looksLikeLevel(*textA) ? b : a));
        return ExitInvalidInput;
    }
    const auto levelA = document::readLevel(*textA, a.toStdString());
    const auto levelB = document::readLevel(*textB, b.toStdString());
    for (const auto &d : levelA.diagnostics) printError(d);
    for (const auto &d : levelB.diagnostics) printError(d);
    if (!levelA.level || !levelB.level) return ExitInvalidInput;
    const auto changes = document::diffLevels(*levelA.level, *levelB.level);
    if (parser.isSet("json")) {
        QJsonArray list;
        for (const auto &c : changes) list.append(changeJson(c));
        printOut(
            QString::fromUtf8(QJsonDocument(QJsonObject{{"changes", list}}).toJson(QJsonDocument::Indented)).trimmed());
        return ExitOk;
    }
    if (!name.isEmpty()) printOut("railforge diff " + name);
    for (const auto &c : changes)
        for (const auto &line : c.lines()) printOut(QString::fromStdString(line));
    return ExitOk;
}

} // namespace railforge::cli
