#include "cli/command_route.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/reference_rules.h"
#include "cli/strategy_options.h"
#include "core/frames.h"
#include "core/polyline.h"
#include "document/checks/route_checks.h"
#include "document/files/csv_points.h"
#include "document/files/level_file.h"
#include "document/routing/patrol_route.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/strategy/strategy_registry.h"

namespace railforge::cli {

int runRoute(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Print a patrol's path (A* between its stops, then its smoothing pipeline)\n"
                                     "as CSV rows s,x,y,z,tx,ty,tz,ux,uy,uz (unit tangent, unit up), one per vertex. "
                                     "Loop and pingpong paths end at their first stop.");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({"patrol", "The patrol id.", "ID"});
    parser.addOption({"out", "Output CSV (default: stdout), written atomically.", "FILE.csv"});
    addStrategyOptions(parser);
    addReferenceRuleOptions(parser); // a patrol with an agent walks the navmesh of the ground
    const Command &self = command("route");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (parser.positionalArguments().size() != 1) return usageError("route: expected one LEVEL.yaml", self);
    if (!parser.isSet("patrol")) return usageError("route: --patrol ID is required", self);

    const QString file = parser.positionalArguments().front();
    if (auto exit = checkOutputPath(parser.value("out"), file, self)) return *exit;
    auto loaded = document::loadLevelFile(file);
    for (const auto &d : loaded.diagnostics) printError(d);
    if (!loaded.level) return ExitInvalidInput;
    const auto outcome = routeNamedPatrol(parser, loaded, file, parser.value("patrol").toStdString(), "route");
    if (!outcome.route) return outcome.exitCode;
    const document::PatrolRoute &route = *outcome.route;
    const std::vector<core::CurveSample> rows = core::polylineRows(route.smoothed, false);
    const std::string csv = document::writeSampleCsv(rows, core::polylineUps(rows, route.loops));
    return writeOutput(parser.value("out"), QByteArray::fromStdString(csv)) ? ExitOk : ExitFailure;
}

} // namespace railforge::cli
