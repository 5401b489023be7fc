#include "cli/command_profile.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/reference_rules.h"
#include "cli/strategy_options.h"
#include "document/checks/route_checks.h"
#include "document/export/profile_table.h"
#include "document/files/level_file.h"
#include "document/model/rail_banking.h"
#include "document/model/rail_channel.h"
#include "document/model/rail_geometry.h"
#include "document/routing/patrol_route.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/yaml/level_rewriter.h"

#include <cmath>

namespace railforge::cli {
namespace {

// A finite, positive number option, or nothing after a usage error naming it.
std::optional<double> positiveOption(const QCommandLineParser &parser, const char *name, const Command &self,
                                     double most)
{
    bool ok = false;
    const double v = parser.value(name).toDouble(&ok);
    if (ok && std::isfinite(v) && v > 0 && v <= most) return v;
    usageError(QStringLiteral("%1: --%2 must be a number greater than 0 and at most %3, got '%4'")
                   .arg(self.name, name, QString::number(most), parser.value(name)),
               self);
    return std::nullopt;
}

} // namespace

int runProfile(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "A rail's profile: rows s,x,y,z,pitch,curvature,tilt,bank (pitch, tilt, bank in degrees, curvature in\n"
        "1/level unit), with lateral_g,vertical_g for --speed V (m/s), or without --speed, on a rail with a\n"
        "speed channel, lateral_g,vertical_g,speed at the channel's speed (m/s). A patrol's smoothed path:\n"
        "s,x,y,z,pitch.");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({"rail", "The rail id.", "ID"});
    parser.addOption({"patrol", "The patrol id.", "ID"});
    parser.addOption({"spacing", "Arc length between rows.", "S"});
    parser.addOption({"speed",
                      "The rider's speed in m/s (rails): adds lateral_g and vertical_g (default: the rail's speed "
                      "channel, when it has one).",
                      "V"});
    parser.addOption({"json", "JSON instead of CSV."});
    parser.addOption({"out", "Output file (default: stdout).", "FILE"});
    addStrategyOptions(parser);
    addReferenceRuleOptions(parser); // a patrol with an agent walks the navmesh of the ground
    const Command &self = command("profile");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (parser.positionalArguments().size() != 1) return usageError("profile: expected one LEVEL.yaml", self);
    if (parser.isSet("rail") == parser.isSet("patrol"))
        return usageError("profile: give --rail ID or --patrol ID", self);
    if (!parser.isSet("spacing")) return usageError("profile: --spacing S is required", self);
    const std::optional<double> spacing = spacingOption(parser, self);
    if (!spacing) return ExitUsage;
    std::optional<double> speed;
    if (parser.isSet("speed")) {
        if (parser.isSet("patrol")) return usageError("profile: --speed applies to rails", self);
        speed = positiveOption(parser, "speed", self, 1e6);
        if (!speed) return ExitUsage;
    }
    const QString file = parser.positionalArguments().front();
    if (auto exit = checkOutputPath(parser.value("out"), file, self)) return *exit;
    auto loaded = document::loadLevelFile(file);
    for (const auto &d : loaded.diagnostics) printError(d);
    if (!loaded.level) return ExitInvalidInput;
    const document::Level &level = *loaded.level;

    document::ProfileTable table;
    std::string id;
    try {
        if (parser.isSet("rail")) {
            id = parser.value("rail").toStdString();
            const int rail = document::findRail(level, id);
            if (rail < 0) {
                printErr(file + ": no rail '" + parser.value("rail") + "'");
                return ExitInvalidInput;
            }
            double metres = 1.0;
            if (speed || document::roleChannel(level.rails[std::size_t(rail)].channels, core::ChannelRole::Speed)) {
                const auto m = metresPerUnitOf(level, file);
                if (!m) return ExitInvalidInput;
                metres = *m;
            }
            table = document::railProfileTable(level.rails[std::size_t(rail)], *spacing, speed, metres);
        } else {
            id = parser.value("patrol").toStdString();
            const auto outcome = routeNamedPatrol(parser, loaded, file, id, "profile");
            if (!outcome.route) return outcome.exitCode;
            const document::PatrolRoute &route = *outcome.route;
            table = document::pathProfileTable(route.smoothed, *spacing);
        }
    } catch (const std::length_error &) {
        return usageError(
            "profile: --spacing " + parser.value("spacing") + " would make too many rows; use a larger one", self);
    }
    const std::string text = parser.isSet("json") ? document::profileJson(table, id) : document::profileCsv(table);
    return writeOutput(parser.value("out"), QByteArray::fromStdString(text)) ? ExitOk : ExitFailure;
}

int runBank(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Set each point's tilt of a rail so that a rider at --speed V (m/s), or at the speed the rail's `speed`\n"
        "channel gives at each point, feels no lateral force there (the rail leans into the turn), at most\n"
        "--max-bank degrees, rolling at most --max-roll-rate degrees a metre (neighbouring points' tilts held\n"
        "within it, as near as can be to the speed's bank: no point flips; where the bank is held short, the\n"
        "places are said); linked ends at the rail's junctions take their trunk's tilt; writes the level (the\n"
        "rest of the file kept).");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({"rail", "The rail id.", "ID"});
    parser.addOption({"speed", "The rider's speed in m/s (default: the rail's speed channel).", "V"});
    parser.addOption({"max-bank", "The largest bank in degrees (default 90).", "DEG", "90"});
    parser.addOption({"max-roll-rate",
                      "The fastest the rail may roll, in degrees a metre of rail (default 10): the tilt eases "
                      "between points, turning fastest midway, 1.5 times the segment's mean rate.",
                      "DEG", "10"});
    parser.addOption({{"o", "out"}, "The level file to write (may be LEVEL.yaml itself).", "OUT.yaml"});
    const Command &self = command("bank");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (parser.positionalArguments().size() != 1) return usageError("bank: expected one LEVEL.yaml", self);
    if (!parser.isSet("rail") || !parser.isSet("out"))
        return usageError("bank: --rail ID and -o OUT.yaml are required", self);
    std::optional<double> speed;
    if (parser.isSet("speed")) {
        speed = positiveOption(parser, "speed", self, 1e6);
        if (!speed) return ExitUsage;
    }
    const auto maxBank = positiveOption(parser, "max-bank", self, 180);
    if (!maxBank) return ExitUsage;
    const auto maxRollRate = positiveOption(parser, "max-roll-rate", self, 1000);
    if (!maxRollRate) return ExitUsage;
    const document::BankLimits limits{*maxBank, *maxRollRate};
    const QString file = parser.positionalArguments().front();
    if (auto exit = checkOutputPath(parser.value("out"), QString(), self)) return *exit;
    const QString railId = parser.value("rail");
    return rewriteRail(
        file, railId, parser.value("out"),
        [&](const document::Level &level, const document::Rail &rail) -> std::optional<document::Rail> {
            const auto metres = metresPerUnitOf(level, file);
            if (!metres) return std::nullopt;
            // A typed speed overrides the rail's speed channel.
            const auto banked = speed ? std::optional(document::bankedForSpeed(rail, *speed, *metres, limits))
                                      : document::bankedForSpeedChannel(rail, *metres, limits);
            if (!banked) {
                printErr(file + ": rail '" + railId + "' has no speed channel: give --speed V");
                return std::nullopt;
            }
            for (const auto &f : banked->shortfalls)
                printErr(QStringLiteral("bank: rail '%1' at s %2 to %3: held to %4 degrees a metre of roll, up to %5 "
                                        "degrees short of the speed's bank")
                             .arg(railId)
                             .arg(f.fromS, 0, 'f', 2)
                             .arg(f.toS, 0, 'f', 2)
                             .arg(*maxRollRate)
                             .arg(f.degrees, 0, 'f', 1));
            return banked->rail;
        },
        // A linked end takes its trunk's tilt: no tilt jump at a junction.
        [&](document::Level &level) { document::keepTiltAcrossJunctions(level, railId.toStdString()); });
}

} // namespace railforge::cli
