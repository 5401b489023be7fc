#include "cli/command_fit_heights.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/level_ground_input.h"
#include "cli/reference_rules.h"
#include "document/ground/rail_height_fit.h"

#include <QCommandLineParser>

namespace railforge::cli {

int runFitHeights(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Set a rail's heights to the lowest profile along its plan path that stays at least --clearance above\n"
        "the ground under it and is nowhere steeper than --max-grade, within --tolerance above that profile.\n"
        "Points are added only where the spline cannot follow it otherwise; the plan path moves less than the\n"
        "tolerance. Writes the level (the rest of the file kept); says on stderr what changed.");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({"rail", "The rail id.", "ID"});
    parser.addOption({"clearance", "Least height above the ground (level units).", "C"});
    parser.addOption({"max-grade", "Steepest pitch allowed, degrees.", "DEG"});
    parser.addOption({"tolerance", "Heights within this above the lowest profile (default 0.25).", "T", "0.25"});
    parser.addOption({"keep-ends", "The first and last points keep their heights."});
    parser.addOption({{"o", "out"}, "The level file to write (may be LEVEL.yaml itself).", "OUT.yaml"});
    addReferenceRuleOptions(parser);
    const Command &self = command("fit-heights");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    QString rulesError;
    const auto rules = referenceRules(parser, &rulesError);
    if (!rules) return usageError("fit-heights: " + rulesError, self);
    if (parser.positionalArguments().size() != 1) return usageError("fit-heights: expected one LEVEL.yaml", self);
    if (!parser.isSet("rail") || !parser.isSet("out") || !parser.isSet("clearance") || !parser.isSet("max-grade"))
        return usageError("fit-heights: --rail ID, --clearance C, --max-grade DEG and -o OUT.yaml are required", self);
    document::FitHeightsOptions options;
    const auto clearance = numberOption(parser, "clearance", -1e6, 1e6, false, self);
    if (!clearance) return ExitUsage;
    const auto grade = numberOption(parser, "max-grade", 0, 89, true, self);
    if (!grade) return ExitUsage;
    const auto tolerance = numberOption(parser, "tolerance", 0, 1e6, true, self);
    if (!tolerance) return ExitUsage;
    options.clearance = *clearance;
    options.maxGradeDegrees = *grade;
    options.tolerance = *tolerance;
    options.keepEnds = parser.isSet("keep-ends");
    const QString file = parser.positionalArguments().front();
    if (auto exit = checkOutputPath(parser.value("out"), QString(), self)) return *exit;
    const QString railId = parser.value("rail");
    return rewriteRail(file, railId, parser.value("out"),
                       [&](const document::Level &level, const document::Rail &rail) -> std::optional<document::Rail> {
                           const auto ground = levelGroundReporting(level, file, std::nullopt, *rules);
                           if (!ground) return std::nullopt;
                           document::FitHeightsOutcome fitted = document::fitRailHeights(rail, ground->ground, options);
                           const QString said = file + ": rail '" + railId +
                                                "': " + QString::fromStdString(document::describeFit(fitted));
                           printErr(said);
                           if (!fitted.error.empty()) return std::nullopt;
                           return std::move(fitted.rail);
                       });
}

} // namespace railforge::cli
