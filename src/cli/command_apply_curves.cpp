#include "cli/command_apply_curves.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "document/dcc/curve_application.h"

#include <QCommandLineParser>

namespace railforge::cli {

int runApplyCurves(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Write curves from Blender (the RailForge add-on's curves file) into a level: a curve with a rail's\n"
        "id updates that rail where it moved beyond Blender's single precision (points, handles, tilt,\n"
        "closed, frame), a new id becomes a new Bezier rail. The level keeps its own text: nothing edited\n"
        "in Blender writes the same bytes, one moved point changes one line.");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level to write the curves into.");
    parser.addOption({"from", "The curves file the add-on wrote.", "CURVES.json"});
    parser.addOption({{"o", "output"}, "Where the level goes (may be LEVEL itself).", "OUT"});
    const Command &self = command("apply-curves");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1) return usageError("apply-curves: expected one level file", self);
    if (!parser.isSet("from")) return usageError("apply-curves: missing --from CURVES.json", self);
    if (!parser.isSet("output")) return usageError("apply-curves: missing -o OUT", self);
    const QString curvesFile = parser.value("from");
    const Input input = readInput(curvesFile, 256LL * 1024 * 1024);
    if (!input.bytes) return input.exitCode;
    document::Diagnostics diagnostics;
    const auto curves =
        document::readCurvesFile(std::string_view(input.bytes->constData(), std::size_t(input.bytes->size())),
                                 curvesFile.toStdString(), diagnostics);
    for (const auto &d : diagnostics) printError(d);
    if (!curves) return ExitInvalidInput;
    return rewriteLevelFile(files.front(), parser.value("output"), [&](document::Level &level) {
        const document::CurvesApplied applied = document::applyCurves(level, *curves);
        level = applied.level;
        const auto list = [](const std::vector<std::string> &ids) {
            QStringList names;
            for (const auto &id : ids) names << "'" + QString::fromStdString(id) + "'";
            return names.isEmpty() ? QStringLiteral("none") : names.join(", ");
        };
        printErr(QStringLiteral("apply-curves: changed %1; added %2; %3 unchanged")
                     .arg(list(applied.changed), list(applied.added))
                     .arg(applied.unchanged));
        return true;
    });
}

} // namespace railforge::cli
