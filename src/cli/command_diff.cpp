#include "cli/command_diff.h"

#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/level_text_input.h"
#include "document/merge/comment_diff.h"
#include "document/merge/level_diff.h"
#include "document/yaml/level_reader.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <cstdio>

namespace railforge::cli {
namespace {

// How git names the file: its path before and after (they differ for a rename) and, for a rename or
// copy, git's own header lines about it (its ninth argument: "similarity index 92%", "rename from ...").
struct GitName {
    QString before, after, renameLines;
};

// git's own diff of two files, printed. Given the paths git names the file by, its headers name those
// paths, not the temporary files git handed over, so the output is a patch `git apply` takes (an
// added or deleted level: one side is /dev/null; a renamed one: git's rename lines).
int textDiff(const QString &a, const QString &b, const GitName &name)
{
    QProcess git;
    git.start("git", {"diff", "--no-index", "--no-ext-diff", "--no-color", "--", a, b});
    if (!git.waitForFinished(-1) || git.exitStatus() != QProcess::NormalExit || git.exitCode() > 1) {
        printErr("railforge-cli diff: git's diff could not run: " + git.errorString() + " " +
                 QString::fromUtf8(git.readAllStandardError()).trimmed());
        return ExitFailure;
    }
    QString out = QString::fromUtf8(git.readAllStandardOutput());
    if (!name.before.isEmpty()) {
        QStringList lines = out.split('\n');
        const QString header = "diff --git a/" + name.before + " b/" + name.after;
        // A pure rename has no lines of its own to show: git's header says it all.
        if (out.isEmpty() && !name.renameLines.isEmpty()) lines = QStringList{header};
        for (int i = 0; i < lines.size(); ++i) {
            QString &line = lines[i];
            if (line.startsWith("diff --git ")) {
                line = header;
                if (!name.renameLines.isEmpty()) lines.insert(i + 1, name.renameLines.trimmed());
            } else if (line.startsWith("--- ") && line != "--- /dev/null") {
                line = "--- a/" + name.before;
            } else if (line.startsWith("+++ ") && line != "+++ /dev/null") {
                line = "+++ b/" + name.after;
            } else if (line.startsWith("@@")) {
                break; // the headers end here
            }
        }
        out = lines.join('\n');
        if (!out.endsWith('\n')) out += '\n';
    }
    std::fputs(out.toUtf8().constData(), stdout);
    std::fflush(stdout);
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
        "git's seven arguments PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE (nine for a rename):\n"
        "the changes by object, then git's own patch of the file named by git's path, so that\n"
        "`git diff > p.patch; git apply p.patch` carries it. Comment lines added or removed and channel key\n"
        "values are listed too. Files that are not RailForge levels, added and deleted levels, and levels a\n"
        "side of which does not load (a conflicted file) are shown by git's own diff alone. `git log -p` and\n"
        "`git show` use it only with --ext-diff. Exit 0 whether or not they differ.");
    parser.addHelpOption();
    parser.addPositionalArgument("A", "The level before.");
    parser.addPositionalArgument("B", "The level after.");
    parser.addOption({"json", "One JSON object: {\"changes\": [{kind, id, change, to?, fields?}]}."});
    parser.addOption({"git", "Take git's external diff arguments (PATH OLD-FILE ... NEW-FILE ...)."});
    const Command &self = command("diff");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    const QStringList args = parser.positionalArguments();
    QString a, b, name;
    GitName gitName;
    if (parser.isSet("git")) {
        if (args.size() != 7 && args.size() != 9)
            return usageError("diff --git: expected git's seven arguments (nine for a rename)", self);
        name = args[0];
        a = args[1];
        b = args[4];
        // A rename or copy: git adds the new path and its own lines about it.
        gitName = {name, args.size() == 9 ? args[7] : name, args.size() == 9 ? args[8] : QString()};
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
    if (!textA || !textB) return parser.isSet("git") ? textDiff(a, b, gitName) : ExitInvalidInput;
    const bool git = parser.isSet("git");
    // Added and deleted levels are whole files: git's own patch of them.
    if (git && (a == "/dev/null" || b == "/dev/null")) return textDiff(a, b, gitName);
    if (!looksLikeLevel(*textA) || !looksLikeLevel(*textB)) {
        if (git) return textDiff(a, b, gitName);
        printErr(QStringLiteral("railforge-cli diff: %1 is not a RailForge level").arg(looksLikeLevel(*textA) ? b : a));
        return ExitInvalidInput;
    }
    const std::string nameA = git ? name.toStdString() + " (before)" : a.toStdString();
    const std::string nameB = git ? name.toStdString() + " (after)" : b.toStdString();
    const auto levelA = document::readLevel(*textA, nameA);
    const auto levelB = document::readLevel(*textB, nameB);
    if (!levelA.level || !levelB.level) {
        // For git, a level that does not load (a conflicted one) is still shown: as text.
        if (git) return textDiff(a, b, gitName);
        for (const auto &d : levelA.diagnostics) printError(d);
        for (const auto &d : levelB.diagnostics) printError(d);
        return ExitInvalidInput;
    }
    const auto changes = document::diffLevels(*levelA.level, *levelB.level);
    if (parser.isSet("json")) {
        QJsonArray list;
        for (const auto &c : changes) list.append(changeJson(c));
        printOut(
            QString::fromUtf8(QJsonDocument(QJsonObject{{"changes", list}}).toJson(QJsonDocument::Indented)).trimmed());
        return ExitOk;
    }
    if (!name.isEmpty()) printOut("railforge diff " + (gitName.after == name ? name : name + " -> " + gitName.after));
    for (const auto &c : changes)
        for (const auto &line : c.lines()) printOut(QString::fromStdString(line));
    for (const auto &line : document::commentChanges(*textA, *textB)) printOut(QString::fromStdString(line));
    // For git, the lines follow as git's own patch: a reviewer reads the changes by object above, and
    // `git diff > p.patch; git apply p.patch` still carries the level (git apply skips the lines above).
    if (git) return textDiff(a, b, gitName);
    return ExitOk;
}

} // namespace railforge::cli
