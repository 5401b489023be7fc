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
        "the surface under it and at least --headroom below any surface over it, and is nowhere steeper than\n"
        "--max-grade. Over or under a deck is kept per stretch as the rail is drawn. At a design speed (--speed,\n"
        "else the fastest of the rail's speed channel) its crests and valleys are rounded so the rider's\n"
        "vertical force stays within --min-g and --max-g. The rail becomes a Bezier rail following that profile\n"
        "within --tolerance, its handles along the profile's slope; points are added only where one cubic\n"
        "cannot follow it; the plan path moves less than the tolerance. Writes the level (the rest of the file\n"
        "kept); says on stderr what changed. Exit 1 (the fit still written) where no profile within the grade\n"
        "keeps both the clearance and the headroom: it says where and what grade would.");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({"rail", "The rail id.", "ID"});
    parser.addOption({"clearance", "Least height above the surface under the rail (level units).", "C"});
    parser.addOption({"headroom", "Least room below a surface over the rail (default: the clearance + 1).", "H"});
    parser.addOption({"max-grade", "Steepest pitch allowed, degrees.", "DEG"});
    parser.addOption({"speed",
                      "Design speed (m/s) the forces are kept at (default: the fastest of the rail's speed channel; "
                      "without one the profile is only smoothed).",
                      "V"});
    parser.addOption({"min-g", "Least vertical force on a crest, in g (default -0.5).", "G", "-0.5"});
    parser.addOption({"max-g", "Most vertical force in a valley, in g (default 3.5).", "G", "3.5"});
    parser.addOption({"tolerance",
                      "How closely the rail follows the profile (default 0.25): larger gives fewer points.", "T",
                      "0.25"});
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
    if (parser.isSet("headroom")) {
        const auto headroom = numberOption(parser, "headroom", 0, 1e6, false, self);
        if (!headroom) return ExitUsage;
        options.headroom = *headroom;
    }
    if (parser.isSet("speed")) {
        const auto speed = numberOption(parser, "speed", 0, 1e4, false, self);
        if (!speed) return ExitUsage;
        options.speed = *speed;
    }
    const auto minG = numberOption(parser, "min-g", -100, 100, false, self);
    if (!minG) return ExitUsage;
    const auto maxG = numberOption(parser, "max-g", -100, 100, false, self);
    if (!maxG) return ExitUsage;
    options.minG = *minG;
    options.maxG = *maxG;
    bool blocked = false;
    const QString file = parser.positionalArguments().front();
    if (auto exit = checkOutputPath(parser.value("out"), QString(), self)) return *exit;
    const QString railId = parser.value("rail");
    const int exit =
        rewriteRail(file, railId, parser.value("out"),
                    [&](const document::Level &level, const document::Rail &rail) -> std::optional<document::Rail> {
                        const auto ground = levelGroundReporting(level, file, std::nullopt, *rules);
                        if (!ground) return std::nullopt;
                        const auto perUnit = metresPerUnitOf(level, file);
                        if (!perUnit) return std::nullopt;
                        document::FitHeightsOptions given = options;
                        given.metresPerUnit = *perUnit;
                        given.maxSamples = rules->maxRailSamples;
                        document::FitHeightsOutcome fitted = document::fitRailHeights(rail, ground->ground, given);
                        blocked = !fitted.blocked.empty();
                        const QString said =
                            file + ": rail '" + railId + "': " + QString::fromStdString(document::describeFit(fitted));
                        printErr(said);
                        if (!fitted.error.empty()) return std::nullopt;
                        return std::move(fitted.rail);
                    });
    return exit == ExitOk && blocked ? ExitFailure : exit;
}

} // namespace railforge::cli
