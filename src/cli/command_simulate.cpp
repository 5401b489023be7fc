#include "cli/command_simulate.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "document/export/profile_table.h"
#include "document/model/rail_geometry.h"
#include "document/model/ride_simulation.h"
#include "document/text/number_format.h"

namespace railforge::cli {
namespace {

document::ProfileTable rideTable(const document::RideSimulation &ride)
{
    document::ProfileTable table;
    table.columns = {"s", "t", "v", "vertical_g", "lateral_g"};
    for (const core::RideState &r : ride.states) table.rows.push_back({r.s, r.t, r.v, r.verticalG, r.lateralG});
    return table;
}

// `, "stall": null` or `, "stall": {"s": 29.35, "more_speed": 3.1}` (more_speed null when none helps).
std::string stallField(const document::RideSimulation &ride)
{
    if (!ride.stalled) return ", \"stall\": null";
    return ", \"stall\": {\"s\": " + document::formatNumber(ride.stallS) +
           ", \"more_speed\": " + (ride.moreSpeed ? document::formatNumber(*ride.moreSpeed) : std::string("null")) +
           "}";
}

} // namespace

int runSimulate(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "A rider coasting along a rail from speed --v0 (m/s): CSV rows s,t,v,vertical_g,lateral_g every S\n"
        "(s in level units, t in seconds, v in m/s, forces in g). Gravity, rolling friction MU on the normal\n"
        "force and air drag K (per metre) act; a `lift` channel holds a chain speed, a `brake` event trims the\n"
        "speed. Where the rider cannot go on, the rows stop and stderr says where it stalls and how much more\n"
        "start speed it needs (exit 0: the ride itself is the answer; --json gives it as \"stall\").");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({"rail", "The rail id.", "ID"});
    parser.addOption({"v0", "The speed at the rail's start in m/s (default 0).", "V", "0"});
    parser.addOption({"friction", "Rolling friction coefficient (default 0).", "MU", "0"});
    parser.addOption({"drag", "Air drag per metre: v^2 loses K v^2 per metre (default 0).", "K", "0"});
    parser.addOption({"spacing", "Arc length between rows (default 1).", "S", "1"});
    parser.addOption({"chain-speed", "A bool lift channel's chain speed in m/s (default 3).", "V", "3"});
    parser.addOption({"brake-speed", "The speed a bare `brake` event trims to, m/s (default 5).", "V", "5"});
    parser.addOption({"json", "JSON instead of CSV."});
    parser.addOption({"out", "Output file (default: stdout).", "FILE"});
    const Command &self = command("simulate");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (parser.positionalArguments().size() != 1) return usageError("simulate: expected one LEVEL.yaml", self);
    if (!parser.isSet("rail")) return usageError("simulate: --rail ID is required", self);
    document::RideSettings settings;
    const auto spacing = spacingOption(parser, self);
    const auto v0 = numberOption(parser, "v0", 0, 1000, false, self);
    const auto friction = numberOption(parser, "friction", 0, 10, false, self);
    const auto drag = numberOption(parser, "drag", 0, 10, false, self);
    const auto chain = numberOption(parser, "chain-speed", 0, 1000, true, self);
    const auto brake = numberOption(parser, "brake-speed", 0, 1000, false, self);
    if (!spacing || !v0 || !friction || !drag || !chain || !brake) return ExitUsage;
    settings = {*v0, *friction, *drag, *spacing, *chain, *brake, 1.0};
    const QString file = parser.positionalArguments().front();
    if (auto exit = checkOutputPath(parser.value("out"), file, self)) return *exit;

    const std::optional<document::Level> loaded = loadLevelReporting(file);
    if (!loaded) return ExitInvalidInput;
    const document::Level &level = *loaded;
    const std::string id = parser.value("rail").toStdString();
    const int rail = document::findRail(level, id);
    if (rail < 0) {
        printErr(file + ": no rail '" + parser.value("rail") + "'");
        return ExitInvalidInput;
    }
    const auto metres = metresPerUnitOf(level, file);
    if (!metres) return ExitInvalidInput;
    settings.metresPerUnit = *metres;
    // The ride integrates every 5 cm: 20 million steps (1000 km) at most.
    const double length =
        core::totalLength(core::buildArcLengthTable(document::railCurve(level.rails[std::size_t(rail)])));
    if (length * *metres / document::kRideStepMetres > 2e7 || length / *spacing > 1e7) {
        printErr(file + ": rail '" + parser.value("rail") +
                 "' is too long to simulate (at most 1000 km, 10 million rows)");
        return ExitInvalidInput;
    }

    const document::RideSimulation ride = document::simulateRail(level.rails[std::size_t(rail)], settings);
    if (ride.stalled)
        printErr(file + ": rail '" + parser.value("rail") + "' " + QString::fromStdString(document::stallText(ride)));
    const document::ProfileTable table = rideTable(ride);
    const std::string text =
        parser.isSet("json") ? document::profileJson(table, id, stallField(ride)) : document::profileCsv(table);
    return writeOutput(parser.value("out"), QByteArray::fromStdString(text)) ? ExitOk : ExitFailure;
}

} // namespace railforge::cli
