#include "cli/command_ride.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "document/files/csv_points.h"
#include "document/model/number_limits.h"
#include "document/routing/network_ride.h"

#include <cmath>

namespace railforge::cli {
namespace {

// Rows one ride may print (a typo in --dt must not fill the disk).
constexpr double kMaxRideRows = 1e7;

} // namespace

int runRide(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Ride the level's rail network at a speed (typed, or the rails' speed channels): CSV rows "
        "t,rail,s,x,y,z,tx,ty,tz,ux,uy,uz every DT\n"
        "seconds from t = 0 to T. s is the arc length on that rail from its start, whichever way it is\n"
        "ridden; the tangent is the unit direction of travel, up the rail's unit up there. At each junction\n"
        "reached along its trunk the rider takes the default way, a random one, or the next of a sequence;\n"
        "the distance left over at a junction goes on along the next rail. An open end stops the ride.");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({"rail", "The rail the rider starts on.", "ID"});
    parser.addOption({"from", "Start at the rail's start riding forward (default) or at its end riding backward.",
                      "start|end", "start"});
    parser.addOption({"speed",
                      "Level units per second (>= 0). Default: each rail's speed channel where the rider is "
                      "(a key of 0 crawls at 0.1); a rail without one keeps the speed the rider had.",
                      "V"});
    parser.addOption({"duration", "Seconds to ride (>= 0).", "T"});
    parser.addOption({"dt", "Seconds between rows (> 0).", "DT"});
    parser.addOption({"choose",
                      "The way at each junction: default, random:SEED, or sequence:WAY,WAY,... (the rail taken at "
                      "each junction reached, in order, a mid-rail junction's own rail included; then defaults).",
                      "HOW", "default"});
    parser.addOption({"out", "Output CSV (default: stdout), written atomically.", "FILE.csv"});
    const Command &self = command("ride");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (parser.positionalArguments().size() != 1) return usageError("ride: expected one LEVEL.yaml", self);
    for (const char *required : {"rail", "duration", "dt"})
        if (!parser.isSet(required)) return usageError("ride: --rail ID, --duration T and --dt DT are required", self);
    document::NetworkRideOptions options;
    options.rail = parser.value("rail").toStdString();
    const QString from = parser.value("from");
    if (from != "start" && from != "end") return usageError("ride: --from is start or end, got '" + from + "'", self);
    options.fromEnd = from == "end";
    // Without --speed the rider follows each rail's speed channel.
    std::optional<double> speed;
    if (parser.isSet("speed") && !(speed = numberOption(parser, "speed", 0, document::kMaxCoordinate, false, self)))
        return ExitUsage;
    const auto duration = numberOption(parser, "duration", 0, 1e9, false, self);
    const auto dt = numberOption(parser, "dt", 0, 1e9, true, self);
    if (!duration || !dt) return ExitUsage;
    if (*duration / *dt > kMaxRideRows)
        return usageError(QStringLiteral("ride: --duration / --dt would print more than %1 rows").arg(kMaxRideRows),
                          self);
    options.speed = speed, options.duration = *duration, options.dt = *dt;
    std::string why;
    if (!document::parseRideChoice(parser.value("choose").toStdString(), options, &why))
        return usageError("ride: " + QString::fromStdString(why), self);

    const QString file = parser.positionalArguments().front();
    if (auto exit = checkOutputPath(parser.value("out"), file, self)) return *exit;
    auto level = loadLevelReporting(file);
    if (!level) return ExitInvalidInput;
    const document::NetworkRide ride = document::rideNetwork(*level, options);
    if (!ride.error.empty()) {
        printErr(file + ": " + QString::fromStdString(ride.error));
        return ExitInvalidInput;
    }
    std::string csv = "t,rail,s,x,y,z,tx,ty,tz,ux,uy,uz\n";
    auto n = [](double v) { return document::formatCsvNumber(v); };
    for (const document::NetworkRideRow &row : ride.rows) {
        const auto &p = row.pose;
        csv += n(row.t) + "," + document::csvField(level->rails[row.rail].id) + "," + n(row.s) + "," + n(p.position.x) +
               "," + n(p.position.y) + "," + n(p.position.z) + "," + n(p.tangent.x) + "," + n(p.tangent.y) + "," +
               n(p.tangent.z) + "," + n(p.up.x) + "," + n(p.up.y) + "," + n(p.up.z) + "\n";
    }
    return writeOutput(parser.value("out"), QByteArray::fromStdString(csv)) ? ExitOk : ExitFailure;
}

} // namespace railforge::cli
