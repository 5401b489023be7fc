#include "cli/command_simulate.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "document/export/profile_table.h"
#include "document/files/csv_points.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"
#include "document/model/ride_simulation.h"
#include "document/routing/network_simulation.h"
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

// A JSON string of an id (ids are plain names, but quote what needs it).
std::string jsonString(const std::string &text)
{
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

// The ride across junctions: the single rail's columns, then the rail the rider is on and its s there.
std::string networkText(const document::Level &level, const document::NetworkSimulation &ride, const std::string &id,
                        bool json)
{
    auto numbers = [](const document::NetworkSimulationRow &r, const char *sep) {
        std::string line;
        for (const double v : {r.state.s, r.state.t, r.state.v, r.state.verticalG, r.state.lateralG})
            line += document::formatCsvNumber(v) + sep;
        return line;
    };
    if (!json) {
        std::string csv = "s,t,v,vertical_g,lateral_g,rail,rail_s\n";
        for (const auto &r : ride.rows)
            csv += numbers(r, ",") + level.rails[r.rail].id + "," + document::formatCsvNumber(r.railS) + "\n";
        return csv;
    }
    std::string text =
        "{\"id\": " + jsonString(id) +
        ", \"columns\": [\"s\", \"t\", \"v\", \"vertical_g\", \"lateral_g\", \"rail\", \"rail_s\"], \"rows\": [";
    for (std::size_t i = 0; i < ride.rows.size(); ++i)
        text += std::string(i ? ", " : "") + "[" + numbers(ride.rows[i], ", ") +
                jsonString(level.rails[ride.rows[i].rail].id) + ", " + document::formatCsvNumber(ride.rows[i].railS) +
                "]";
    text += "], \"stall\": ";
    if (!ride.stalled) return text + "null}\n";
    return text + "{\"s\": " + document::formatNumber(ride.stallS) +
           ", \"rail\": " + jsonString(level.rails[ride.stallRail].id) +
           ", \"rail_s\": " + document::formatNumber(ride.stallRailS) +
           ", \"more_speed\": " + (ride.moreSpeed ? document::formatNumber(*ride.moreSpeed) : std::string("null")) +
           "}}\n";
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
    parser.addOption({"follow-junctions",
                      "Ride on across junctions, taking each one's default way, until an open end, a stall or "
                      "--distance; rows gain rail,rail_s (the rail the rider is on and its arc length there)."});
    parser.addOption({"distance",
                      "With --follow-junctions: the most to ride, level units (default: every rail's "
                      "length added up, once round any loop).",
                      "D"});
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
    const double length = document::geometryOfShape(level.rails[std::size_t(rail)])->length();
    if (length * *metres / document::kRideStepMetres > 2e7 || length / *spacing > 1e7) {
        printErr(file + ": rail '" + parser.value("rail") +
                 "' is too long to simulate (at most 1000 km, 10 million rows)");
        return ExitInvalidInput;
    }

    if (parser.isSet("follow-junctions")) {
        double distance = 0.0;
        for (const document::Rail &r : level.rails) distance += document::geometryOfShape(r)->length();
        if (parser.isSet("distance")) {
            const auto d = numberOption(parser, "distance", 0, 1e9, true, self);
            if (!d) return ExitUsage;
            distance = *d;
        }
        if (distance * *metres / document::kRideStepMetres > 2e7 || distance / *spacing > 1e7) {
            printErr(file + ": a ride of " + QString::number(distance) +
                     " is too long to simulate (at most 1000 km, 10 million rows)");
            return ExitInvalidInput;
        }
        const document::NetworkSimulation ride = document::simulateNetwork(level, id, settings, distance);
        if (ride.stalled)
            printErr(file + QString::fromStdString(
                                ": the ride from '" + id + "' stalls at s " + document::formatRounded(ride.stallS, 2) +
                                " (on rail '" + level.rails[ride.stallRail].id + "' at s " +
                                document::formatRounded(ride.stallRailS, 2) + ")" +
                                (ride.moreSpeed ? "; it needs " + document::formatRounded(*ride.moreSpeed, 1) +
                                                      " m/s more at the start"
                                                : std::string())));
        return writeOutput(parser.value("out"),
                           QByteArray::fromStdString(networkText(level, ride, id, parser.isSet("json"))))
                   ? ExitOk
                   : ExitFailure;
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
