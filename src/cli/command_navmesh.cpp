#include "cli/command_navmesh.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/reference_rules.h"
#include "document/files/level_file.h"
#include "document/navigation/navmesh_file.h"
#include "document/report/ground_checks.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <algorithm>

namespace railforge::cli {

int runNavmesh(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Bake an agent's navigation mesh from the level's ground (its mesh and heightmap references with\n"
        "ground: true, walls and all) and its obstacles, with Recast, and write it for an engine: glTF 2.0\n"
        "(.glb binary, .gltf with its buffer inside) or OBJ; metres, y up (a level point x, y, z is x, z, -y).\n"
        "One node named after the agent, its sizes in the node's extras; every corner on the walkable\n"
        "surface under it.");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({"agent", "The agent whose navmesh to write.", "ID"});
    parser.addOption({{"o", "out"}, "The file to write: OUT.glb, OUT.gltf or OUT.obj.", "OUT"});
    parser.addOption({"stats", "Print the polygons, tiles and bake time to standard output."});
    addReferenceRuleOptions(parser);
    const Command &self = command("navmesh");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (parser.positionalArguments().size() != 1) return usageError("navmesh: expected one LEVEL.yaml", self);
    if (!parser.isSet("agent")) return usageError("navmesh: --agent ID is required", self);
    if (!parser.isSet("out")) return usageError("navmesh: -o OUT.glb, OUT.gltf or OUT.obj is required", self);
    const QString out = parser.value("out");
    const bool glb = out.endsWith(QStringLiteral(".glb"), Qt::CaseInsensitive);
    const bool gltf = out.endsWith(QStringLiteral(".gltf"), Qt::CaseInsensitive);
    const bool obj = out.endsWith(QStringLiteral(".obj"), Qt::CaseInsensitive);
    if (!glb && !gltf && !obj) return usageError("navmesh: the output must end in .glb, .gltf or .obj", self);
    QString rulesError;
    const auto rules = referenceRules(parser, &rulesError);
    if (!rules) return usageError("navmesh: " + rulesError, self);
    const QString file = parser.positionalArguments().front();
    if (auto exit = checkOutputPath(out, file, self)) return *exit;
    const document::LoadResult loaded = document::loadLevelFile(file);
    for (const auto &d : loaded.diagnostics) printError(d);
    if (!loaded.level) return ExitInvalidInput;
    const document::Level &level = *loaded.level;
    const std::string id = parser.value("agent").toStdString();
    const auto agent =
        std::find_if(level.agents.begin(), level.agents.end(), [&](const document::Agent &a) { return a.id == id; });
    if (agent == level.agents.end()) {
        printErr(file + ": no agent '" + parser.value("agent") + "'");
        return ExitInvalidInput;
    }
    const auto perUnit = metresPerUnitOf(level, file);
    if (!perUnit) return ExitInvalidInput;
    const document::ProjectFiles files(QFileInfo(file).absolutePath(), *rules);
    const document::LevelNavigationRead read =
        document::readLevelNavigation(level, files, document::ReadBudget(rules->timeLimit));
    if (!read.unread.empty()) {
        document::LevelGround unreadOnly;
        unreadOnly.unread = read.unread;
        for (const auto &d : document::groundProblems(level, loaded.marks, unreadOnly, file.toStdString()))
            printError(d);
    }
    if (read.refusedAny) return ExitInvalidInput;
    std::string why;
    const auto mesh = read.navigation->mesh(id, &why);
    if (!mesh) {
        printErr(file + ": " + QString::fromStdString(why));
        return ExitInvalidInput;
    }
    std::string error;
    const std::string bytes = obj ? document::navmeshObj(*agent, *mesh, *read.navigation, *perUnit, &error)
                                  : document::navmeshGltf(*agent, *mesh, *read.navigation, *perUnit, glb, &error);
    if (bytes.empty()) {
        printErr(file + ": " + QString::fromStdString(error));
        return ExitInvalidInput;
    }
    if (!writeOutput(out, QByteArray::fromStdString(bytes))) return ExitFailure;
    if (parser.isSet("stats")) {
        const nav::BakeStats stats = read.navigation->stats(id);
        printOut(QStringLiteral("agent %1: %2 polygons in %3 tiles, baked in %4 s (%5 tiles baked, cell %6)")
                     .arg(parser.value("agent"))
                     .arg(stats.polygons)
                     .arg(stats.tiles)
                     .arg(stats.seconds, 0, 'f', 3)
                     .arg(stats.baked)
                     .arg(mesh->settings().cell));
    }
    return ExitOk;
}

} // namespace railforge::cli
