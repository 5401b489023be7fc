// railforge-cli: the headless front end over the level document (docs/design.md "CLI contract").
#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/command_apply_curves.h"
#include "cli/command_diff.h"
#include "cli/command_export.h"
#include "cli/command_export_mesh.h"
#include "cli/command_fit_heights.h"
#include "cli/command_git_setup.h"
#include "cli/command_ground.h"
#include "cli/command_merge.h"
#include "cli/command_navmesh.h"
#include "cli/command_nearest.h"
#include "cli/command_plugins.h"
#include "cli/command_profile.h"
#include "cli/command_ride.h"
#include "cli/command_route.h"
#include "cli/command_sample.h"
#include "cli/command_simulate.h"
#include "cli/command_smooth.h"
#include "cli/command_validate.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "core/version.h"
#include "document/files/output_file.h"
#include "document/text/finite_output.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <new>

namespace railforge::cli {

const std::vector<Command> &commands()
{
    static const std::vector<Command> list = {
        {"plugins", "plugins [--json]", "list the smoothing strategies and their parameters", runPlugins},
        {"validate",
         "validate LEVEL.yaml [--allow-missing-plugins] [--allow-outside-project] | validate --export "
         "EXPORT.json|EXPORT.yaml",
         "check a level file (or an engine export); list every problem as FILE:LINE:COLUMN", runValidate},
        {"smooth",
         "smooth --strategy ID [--param NAME=VALUE]... [--level LEVEL.yaml] [--closed] [--in FILE.csv] [--out "
         "FILE.csv] [--timeout SECONDS]",
         "smooth a CSV path with one strategy", runSmooth},
        {"nearest", "nearest LEVEL.yaml [--rail ID] (--at X,Y[,Z] | --in FILE.csv) [--range R] [--json]",
         "nearest point on the rails: rail,segment,t,s,x,y,z,distance", runNearest},
        {"sample", "sample LEVEL.yaml --rail ID --spacing S",
         "a rail at equal arc-length steps: s,x,y,z,tx,ty,tz,ux,uy,uz", runSample},
        {"route", "route LEVEL.yaml --patrol ID [--timeout SECONDS]",
         "a patrol's path (A* + smoothing) as s,x,y,z,tx,ty,tz,ux,uy,uz rows", runRoute},
        {"ride",
         "ride LEVEL.yaml --rail ID [--from start|end] --speed V --duration T --dt DT "
         "[--choose default|random:SEED|sequence:WAY,WAY,...] [--out FILE]",
         "a rider along the rail network, across junctions: t,rail,s,x,y,z,tx,ty,tz,ux,uy,uz", runRide},
        {"export", "export LEVEL.yaml -o OUT.json|OUT.yaml [--format json|yaml] [--spacing S] [--timeout SECONDS]",
         "the engine export, JSON or YAML (samples, frames, Bezier knots, stops, graph)", runExport},
        {"profile", "profile LEVEL.yaml (--rail ID | --patrol ID) --spacing S [--speed V] [--json] [--out FILE]",
         "height, pitch, curvature, tilt, bank and rider forces along a rail (or a patrol's pitch)", runProfile},
        {"simulate",
         "simulate LEVEL.yaml --rail ID [--v0 V] [--friction MU] [--drag K] [--spacing S] [--chain-speed V] "
         "[--brake-speed V] [--follow-junctions [--distance D]] [--json] [--out FILE]",
         "ride physics along a rail: speed, time and forces of a coasting rider (s,t,v,vertical_g,lateral_g)",
         runSimulate},
        {"bank", "bank LEVEL.yaml --rail ID [--speed V] [--max-bank DEG] [--max-roll-rate DEG] -o OUT.yaml",
         "tilt a rail's points so a rider at speed V feels no lateral force", runBank},
        {"ground",
         "ground LEVEL.yaml (--at X,Y | --in FILE.csv) [--below Z] [--reference ID] [--out FILE] "
         "[--allow-outside-project]",
         "the height of the level's ground (mesh and heightmap references) at points: x,y,z", runGround},
        {"drape",
         "drape LEVEL.yaml --rail ID [--clearance C] [--follow TOL] [--max-grade DEG] -o OUT.yaml "
         "[--allow-outside-project]",
         "set a rail's point heights onto the ground under them", runDrape},
        {"fit-heights",
         "fit-heights LEVEL.yaml --rail ID --clearance C --max-grade DEG [--tolerance T] [--keep-ends] -o OUT.yaml "
         "[--allow-outside-project]",
         "set a rail's heights to the lowest profile that keeps a clearance above the ground and a grade",
         runFitHeights},
        {"export-mesh",
         "export-mesh LEVEL.yaml -o OUT.glb|OUT.gltf [--rail ID]... [--style rails|tube|ribbon|cable] [--size M] "
         "[--chord-error M] [--plain]",
         "the level's rails as track meshes in glTF 2.0 (one node per rail with its ties and supports, metres, y up)",
         runExportMesh},
        {"navmesh", "navmesh LEVEL.yaml --agent ID -o OUT.glb|OUT.gltf|OUT.obj [--stats] [--max-navmesh-cells N]",
         "an agent's navigation mesh baked from the level's ground and obstacles, for an engine (metres, y up)",
         runNavmesh},
        {"merge", "merge BASE OURS THEIRS -o OUT",
         "three-way merge of levels by object and field (git's merge driver: merge %O %A %B -o %A)", runMerge},
        {"diff", "diff A B [--json] | diff --git PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE NEW-HEX NEW-MODE",
         "what changed between two levels, by object and field (git's diff for levels)", runDiff},
        {"apply-curves", "apply-curves LEVEL.yaml --from CURVES.json -o OUT.yaml",
         "write curves from Blender (the RailForge add-on) into a level: changed rails updated, new ones added",
         runApplyCurves},
        {"git-setup", "git-setup [--global] [--pattern GLOB]",
         "make git merge and diff levels with railforge-cli (.gitattributes and git config)", runGitSetup},
    };
    return list;
}

int usageError(const QString &message, const Command &command)
{
    printErr("railforge-cli: " + message);
    printErr(
        QStringLiteral("usage: railforge-cli %1  (see railforge-cli %2 --help)").arg(command.synopsis, command.name));
    return ExitUsage;
}

const Command &command(const char *name)
{
    const auto &list = commands();
    return *std::find_if(list.begin(), list.end(), [&](const Command &c) { return qstrcmp(c.name, name) == 0; });
}

std::optional<int> parseArguments(QCommandLineParser &parser, const QStringList &arguments, const Command &command)
{
    // The project rule holds for every file a command reads or writes, so every command can lift it.
    parser.addOption({"allow-outside-project",
                      "Read reference files outside the level's project (the nearest folder up with .git or "
                      "railforge-project.yaml), and write an output through a link that leads out of its project "
                      "(the link is replaced, not written through). Only for levels and folders you trust."});
    if (!parser.parse(arguments)) return usageError(parser.errorText(), command);
    allowOutputsOutsideProject(parser.isSet("allow-outside-project"));
    if (parser.isSet("help")) {
        printOut(parser.helpText());
        return ExitOk;
    }
    return std::nullopt;
}

namespace {
void printHelp()
{
    printOut("usage: railforge-cli COMMAND [OPTIONS]\n\nRailForge level tools for build pipelines.\n\nCommands:");
    for (const Command &c : commands()) printOut(QStringLiteral("  %1\n      %2").arg(c.synopsis, c.summary));
    printOut("\nOptions:\n  -h, --help     show this help (COMMAND --help for a command's own)\n"
             "  -v, --version  show the version\n\n"
             "Exit codes: 0 ok, 1 runtime failure, 2 usage error, 3 invalid input.");
}
} // namespace

} // namespace railforge::cli

int main(int argc, char **argv)
{
    using namespace railforge::cli;
    QCoreApplication app(argc, argv);
    railforge::document::reportFileSizeLimitAsError();
    QCoreApplication::setApplicationName("railforge-cli");
    QCoreApplication::setApplicationVersion(railforge::core::versionString());

    QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() < 2) {
        printHelp();
        return ExitUsage;
    }
    const QString first = arguments.at(1);
    if (first == "-h" || first == "--help" || first == "help") {
        printHelp();
        return ExitOk;
    }
    if (first == "-v" || first == "--version") {
        printOut(QStringLiteral("railforge-cli %1").arg(railforge::core::versionString()));
        return ExitOk;
    }
    const auto &list = commands();
    auto command = std::find_if(list.begin(), list.end(), [&](const Command &c) { return first == c.name; });
    if (command == list.end()) {
        printErr("railforge-cli: unknown command '" + first + "' (see railforge-cli --help)");
        return ExitUsage;
    }
    arguments.removeAt(1);
    arguments[0] = QStringLiteral("railforge-cli %1").arg(command->name);
    try {
        return command->run(arguments);
    } catch (const railforge::document::NonFiniteOutput &e) {
        // Outputs are built whole before they are written, so nothing has been written yet.
        printErr(QStringLiteral("railforge-cli %1: internal error: %2; nothing was written")
                     .arg(command->name, QString::fromUtf8(e.what())));
        return ExitFailure;
    } catch (const std::bad_alloc &) {
        // Every piece of work has a limit of its own (docs/design.md); this is the floor under them all:
        // a level, raised limits and a machine whose memory ran out first. Outputs are written whole or
        // not at all, so nothing was written.
        printErr(QStringLiteral("railforge-cli %1: ran out of memory: the work this level and these options ask "
                                "for does not fit in this machine's memory; nothing was written")
                     .arg(command->name));
        return ExitInvalidInput;
    }
}
