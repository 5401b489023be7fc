#include "cli/command_apply_curves.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/level_text_input.h"
#include "document/dcc/curve_application.h"
#include "document/dcc/curve_merge.h"
#include "document/merge/level_renames.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace railforge::cli {
namespace {

QString quotedList(const std::vector<std::string> &ids)
{
    QStringList names;
    for (const auto &id : ids) names << "'" + QString::fromStdString(id) + "'";
    return names.isEmpty() ? QStringLiteral("none") : names.join(", ");
}

QJsonArray jsonList(const std::vector<std::string> &ids)
{
    QJsonArray out;
    for (const auto &id : ids) out.append(QString::fromStdString(id));
    return out;
}

// What Blender's curves did, in words, one line each (the add-on shows them to the artist).
void printApplied(const document::CurvesApplied &a)
{
    QStringList renames;
    for (const auto &r : a.renamed)
        renames << QStringLiteral("'%1' to '%2'").arg(QString::fromStdString(r.from), QString::fromStdString(r.to));
    QString line = QStringLiteral("apply-curves: from Blender: changed %1; added %2")
                       .arg(quotedList(a.changed), quotedList(a.added));
    if (!renames.isEmpty()) line += "; renamed " + renames.join(", ");
    if (!a.deleted.empty()) line += "; deleted " + quotedList(a.deleted);
    printErr(line + QStringLiteral("; %1 unchanged").arg(a.unchanged));
    for (std::size_t k = 0; k < a.targets.size(); ++k)
        if (!a.targets[k].copyOf.empty())
            printErr(
                QStringLiteral("apply-curves: '%1' is a new rail: a copy of '%2' or a second spline of its object")
                    .arg(QString::fromStdString(a.targets[k].railId), QString::fromStdString(a.targets[k].copyOf)));
    for (const auto &n : a.notes)
        printErr(QStringLiteral("apply-curves: rail '%1' %2")
                     .arg(QString::fromStdString(n.rail), QString::fromStdString(n.text)));
    if (!a.missing.empty())
        printErr("apply-curves: kept, though Blender's scene has no curve for them (without --base a deletion cannot "
                 "be told from a rail added since the import): " +
                 quotedList(a.missing));
}

// The report the add-on reads: where each curve went, and what happened.
QJsonObject reportOf(const document::CurvesApplied &a, const std::vector<std::string> &changedOnDisk,
                     const std::vector<std::string> &conflicts, bool written)
{
    QJsonArray targets, renamed, notes;
    for (const auto &t : a.targets)
        targets.append(QJsonObject{{"rail", QString::fromStdString(t.renameTo.empty() ? t.railId : t.renameTo)},
                                   {"new", t.isNew}});
    for (const auto &r : a.renamed)
        renamed.append(QJsonObject{{"from", QString::fromStdString(r.from)}, {"to", QString::fromStdString(r.to)}});
    for (const auto &n : a.notes)
        notes.append(QJsonObject{{"rail", QString::fromStdString(n.rail)}, {"text", QString::fromStdString(n.text)}});
    return {{"format", "railforge-curves-report"},
            {"version", 1},
            {"written", written},
            {"targets", targets},
            {"changed", jsonList(a.changed)},
            {"added", jsonList(a.added)},
            {"renamed", renamed},
            {"deleted", jsonList(a.deleted)},
            {"changed_on_disk", jsonList(changedOnDisk)},
            {"conflicts", jsonList(conflicts)},
            {"notes", notes}};
}

bool writeReport(const QString &path, const QJsonObject &report)
{
    return path.isEmpty() || writeOutput(path, QJsonDocument(report).toJson(QJsonDocument::Indented));
}

} // namespace

int runApplyCurves(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Write curves from Blender (the RailForge add-on's curves file) into a level. With --base (the level as\n"
        "the add-on imported it) the curves are merged three-way, as `merge` merges: a rail changed only in the\n"
        "level since the import keeps its change, one changed only in Blender takes Blender's, both changing one\n"
        "field is a conflict (exit 1, nothing written unless --markers). A curve with a rail's id updates that\n"
        "rail where it moved beyond Blender's single precision; a new curve, a copy (Shift+D) or a second spline\n"
        "of an object becomes a new rail; an object renamed in Blender renames its rail; with --base, a rail whose\n"
        "curve left the scene is deleted. The level keeps its own text: one moved point changes one line.");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level to write the curves into (as it is on disk now).");
    parser.addOption({"from", "The curves file the add-on wrote.", "CURVES.json"});
    parser.addOption(
        {"base", "The level as it was imported into Blender (the add-on keeps it in the .blend).", "BASE.yaml"});
    parser.addOption({"markers", "With --base: on conflicts, write the level with git's markers around each."});
    parser.addOption({"report", "Also write what happened, as JSON, for the add-on.", "REPORT.json"});
    parser.addOption({{"o", "output"}, "Where the level goes (may be LEVEL itself).", "OUT"});
    const Command &self = command("apply-curves");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1) return usageError("apply-curves: expected one level file", self);
    if (!parser.isSet("from")) return usageError("apply-curves: missing --from CURVES.json", self);
    if (!parser.isSet("output")) return usageError("apply-curves: missing -o OUT", self);
    if (parser.isSet("markers") && !parser.isSet("base"))
        return usageError("apply-curves: --markers needs --base", self);
    const QString curvesFile = parser.value("from"), reportPath = parser.value("report");
    const Input input = readInput(curvesFile, 256LL * 1024 * 1024);
    if (!input.bytes) return input.exitCode;
    document::Diagnostics diagnostics;
    const auto curves =
        document::readCurvesFile(std::string_view(input.bytes->constData(), std::size_t(input.bytes->size())),
                                 curvesFile.toStdString(), diagnostics);
    for (const auto &d : diagnostics) printError(d);
    if (!curves) return ExitInvalidInput;

    if (!parser.isSet("base")) {
        printErr("apply-curves: no --base (the level as imported into Blender): each curve is written over the level "
                 "as it is now, so a rail changed in the level since the import takes Blender's older shape");
        document::CurvesApplied applied;
        const int exit = rewriteLevelFile(files.front(), parser.value("output"), [&](document::Level &level) {
            applied = document::applyCurves(level, *curves);
            level = applied.level;
            printApplied(applied);
            return true;
        });
        writeReport(reportPath, reportOf(applied, {}, {}, exit == ExitOk));
        return exit;
    }
    const auto baseText = readLevelText(parser.value("base"));
    const auto oursText = readLevelText(files.front());
    if (!baseText || !oursText) return ExitInvalidInput;
    const document::CurvesMerged merged =
        document::mergeCurves(*baseText, *oursText, files.front().toStdString(), *curves, parser.isSet("markers"));
    for (const auto &d : merged.diagnostics) printError(d);
    if (merged.diagnostics.empty() || !merged.conflicts.empty() || merged.text) {
        printApplied(merged.blender);
        if (!merged.changedOnDisk.empty())
            printErr("apply-curves: changed in the level since the import, kept: " + quotedList(merged.changedOnDisk));
    }
    for (const auto &c : merged.conflicts) printErr("apply-curves: conflict: " + QString::fromStdString(c));
    const bool written = merged.text && writeOutput(parser.value("output"), QByteArray::fromStdString(*merged.text));
    writeReport(reportPath, reportOf(merged.blender, merged.changedOnDisk, merged.conflicts, written));
    if (!merged.conflicts.empty()) {
        printErr(written ? QStringLiteral("apply-curves: %1 conflict(s) written with markers into %2")
                               .arg(merged.conflicts.size())
                               .arg(parser.value("output"))
                         : QStringLiteral("apply-curves: %1 conflict(s): nothing written (--markers writes them)")
                               .arg(merged.conflicts.size()));
        return ExitFailure;
    }
    if (!merged.text) {
        printErr(parser.value("output") + ": not written: the merged level would break the rules above");
        return ExitInvalidInput;
    }
    return written ? ExitOk : ExitFailure;
}

} // namespace railforge::cli
