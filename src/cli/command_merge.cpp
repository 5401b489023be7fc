#include "cli/command_merge.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/level_text_input.h"
#include "document/files/level_file.h"
#include "document/merge/conflicted_level.h"
#include "document/merge/level_merge.h"
#include "document/merge/value_text.h"
#include "document/text/line_endings.h"
#include "document/yaml/level_reader.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QProcess>

#include <algorithm>
#include <system_error>
#include <thread>
#include <vector>

namespace railforge::cli {
namespace {

// git's own line merge, with its markers, written to `out`: for files that are not levels (as if no
// driver were set) and for levels the merge cannot take apart by object (a side that does not load),
// so that a side is never lost: `why` says which. Returns git's answer (0 clean, 1 conflicts left).
int lineMerge(const QStringList &files, const QString &out, const QString &why)
{
    QProcess git;
    git.start("git", {"merge-file", "-p", "-L", "ours", "-L", "base", "-L", "theirs", files[1], files[0], files[2]});
    // git merge-file exits with the number of conflicts, or 255 (and prints nothing) when it cannot merge.
    if (!git.waitForFinished(-1) || git.exitStatus() != QProcess::NormalExit || git.exitCode() > 127) {
        const QString error = QString::fromUtf8(git.readAllStandardError()).trimmed();
        printErr("railforge-cli merge: " + why + ", and git's line merge could not merge them: " +
                 (error.isEmpty() ? git.errorString() : error) + "; nothing was written");
        return ExitInvalidInput;
    }
    if (!writeOutput(out, git.readAllStandardOutput())) return ExitFailure;
    return git.exitCode() == 0 ? ExitOk : ExitFailure; // git: the number of conflicts
}

} // namespace

int runMerge(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Merge two versions of a level made from one BASE, by object and field: a change on one side is taken,\n"
        "the same change on both is taken once, different changes to one field conflict. Renames are followed.\n"
        "The result is OURS' own text with THEIRS' changes written in (comments and layout kept). Each\n"
        "conflicting object is written twice, between git's markers. As git's merge driver:\n"
        "  railforge-cli merge %O %A %B -o %A --name %P      (railforge-cli git-setup writes this)\n"
        "Files that are not RailForge levels, levels over the size limit, and levels a side of which does not\n"
        "load are merged line by line by git, with its markers (never one side alone); the messages say why.\n"
        "The result keeps OURS' line endings. Exit 0 clean, 1 conflicts.");
    parser.addHelpOption();
    parser.addPositionalArgument("BASE", "The common ancestor.");
    parser.addPositionalArgument("OURS", "Our version (git's %A).");
    parser.addPositionalArgument("THEIRS", "Their version.");
    parser.addOption({{"o", "output"}, "Where the merge goes (may be OURS; '-' for stdout).", "OUT"});
    parser.addOption({"name",
                      "The file's path in the repository (git's %P), to name it in messages instead of "
                      "git's temporary files.",
                      "PATH"});
    const Command &self = command("merge");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    const QStringList files = parser.positionalArguments();
    if (files.size() != 3) return usageError("merge: expected BASE OURS THEIRS", self);
    if (!parser.isSet("output")) return usageError("merge: missing -o OUT", self);
    const QString out = parser.value("output");

    // A file over the level size limit is no level this tool can load: git's line merge takes it, as it
    // takes any other file (reading it whole first would only be refused).
    // Messages name the file as the repository does ("level.yaml (theirs)"), not git's temporary copies.
    const QString name = parser.value("name");
    const QStringList sideNames = {"base", "ours", "theirs"};
    const auto shownName = [&](int i) {
        return name.isEmpty() ? files[i].toStdString()
                              : QStringLiteral("%1 (%2)").arg(name, sideNames[i]).toStdString();
    };
    for (const QString &file : files)
        if (QFileInfo(file).size() > document::kMaxLevelFileBytes)
            return lineMerge(files, out, "a side is over the level size limit");
    std::string text[3];
    for (int i = 0; i < 3; ++i) {
        auto read = readLevelText(files[i]);
        if (!read) return ExitInvalidInput;
        text[i] = std::move(*read);
    }
    const std::string &base = text[0], &ours = text[1], &theirs = text[2];
    if (!looksLikeLevel(base) || !looksLikeLevel(ours) || !looksLikeLevel(theirs))
        return lineMerge(files, out, "the inputs are not RailForge levels");

    // The three read side by side (a big level's reading leaves a core idle part of the time), each
    // tree kept: the merge is written over these texts without parsing them again.
    document::LoadResult loaded[3];
    {
        const auto read = [&](int i) {
            loaded[i] = document::readLevel(text[i], shownName(i), document::KeepTree::Yes);
        };
        std::vector<std::thread> readers;
        for (int i = 0; i < 3; ++i) {
            try {
                readers.emplace_back(read, i);
            } catch (const std::system_error &) { // no thread to be had: read here
                read(i);
            }
        }
        for (std::thread &reader : readers) reader.join();
    }
    QStringList unloaded;
    for (int i = 0; i < 3; ++i) {
        for (const auto &d : loaded[i].diagnostics) printError(d);
        if (!loaded[i].level) unloaded << sideNames[i];
    }
    if (!unloaded.isEmpty()) {
        // Neither side is dropped for it: git's markers keep both, and git lists the file as unmerged.
        const QString shown = name.isEmpty() ? files[1] : name;
        printErr(QStringLiteral("railforge-cli merge: %1: %2 does not load as a level (above), so it is merged line by "
                                "line, with git's markers; resolve them, check it with railforge-cli validate, then "
                                "git add it")
                     .arg(shown, unloaded.join(" and ")));
        lineMerge(files, out, unloaded.join(" and ") + " does not load as a level");
        return ExitFailure;
    }
    document::LevelMerge merge;
    document::MergedText merged;
    try {
        merge = document::mergeLevels(*loaded[0].level, *loaded[1].level, *loaded[2].level);
        const auto side = [&](int i) { return document::MergeSide{text[i], &*loaded[i].level, loaded[i].tree.get()}; };
        merged = document::writeMergedLevel({side(0), side(1), side(2)}, merge);
    } catch (const std::exception &e) { // a bug of the merge by object: still neither side is lost
        printErr(QStringLiteral("railforge-cli merge: the merge by object failed (%1): merged line by line instead")
                     .arg(QString::fromUtf8(e.what())));
        lineMerge(files, out, "the merge by object failed");
        return ExitFailure;
    }
    if (const std::string ends = document::withLineEndingsOf(text[1], merged.text); ends != merged.text) {
        merged.text = ends;
        merged.readBack.reset(); // its places counted other line ends
    }
    if (!writeOutput(out, QByteArray::fromStdString(merged.text))) return ExitFailure;
    for (const auto &r : merge.renames)
        printErr(QStringLiteral("railforge-cli merge: followed the rename of %1 %2 to %3")
                     .arg(document::namedKindName(r.kind), QString::fromStdString(document::quotedId(r.from)),
                          QString::fromStdString(document::quotedId(r.to))));
    for (const std::string &c : merged.commentConflicts)
        printErr(QStringLiteral("railforge-cli merge: conflict: %1").arg(QString::fromStdString(c)));
    for (const std::string &u : merged.unplacedComments)
        printErr(QStringLiteral("railforge-cli merge: a comment (%1) has no place in the merge: the other side changed "
                                "or deleted the lines it stood by; add it by hand if it still applies")
                     .arg(QString::fromStdString(u)));
    if (merged.commentsTooDifferent)
        printErr("railforge-cli merge: base and a side differ in too many lines to carry comment edits over one by "
                 "one: each object's comments are those of the side whose lines it has");
    const bool clean = merge.clean() && merged.commentConflicts.empty();
    const std::string outName = !name.isEmpty() ? name.toStdString() : out == "-" ? "<stdout>" : out.toStdString();
    // Conflicts, and (for a merge with none) the rules the merged level would break: each a conflict.
    document::LoadResult check =
        merged.readBack ? std::move(*merged.readBack) : document::readLevel(merged.text, outName);
    for (document::Diagnostic &d : check.diagnostics) d.file = outName;
    for (const auto &d : check.diagnostics) {
        if (clean && d.severity == document::Severity::Error) {
            document::Diagnostic rule = d;
            rule.message = "conflict: the merged level breaks a rule: " + d.message;
            printError(rule);
        } else {
            printError(d);
        }
    }
    if (!clean || !check.level) {
        printErr(QStringLiteral("railforge-cli merge: %1 conflict(s) left in %2")
                     .arg(clean ? qsizetype(1) : qsizetype(merge.conflicts.size() + merged.commentConflicts.size()))
                     .arg(QString::fromStdString(outName)));
        return ExitFailure;
    }
    return ExitOk;
}

} // namespace railforge::cli
