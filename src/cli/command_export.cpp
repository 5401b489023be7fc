#include "cli/command_export.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/level_navigation_input.h"
#include "cli/reference_rules.h"
#include "cli/strategy_options.h"
#include "document/checks/route_checks.h"
#include "document/export/engine_export.h"
#include "document/files/level_file.h"
#include "document/model/number_limits.h"
#include "document/navigation/navmesh_file.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/strategy/strategy_registry.h"

#include <cmath>

namespace railforge::cli {

int runExport(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Write the engine export (version 2): rails sampled at equal arc-length steps with\n"
        "their frames and as exact cubic Bezier knots, patrols with their stops, the\n"
        "waypoint graph. JSON for OUT.json, YAML for OUT.yaml / OUT.yml (same content).");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({{"o", "out"},
                      "The export file to write (.json, .yaml or .yml; a device or FIFO is written in place; "
                      "- is standard output, with --format).",
                      "OUT.json"});
    parser.addOption({"format", "json or yaml, for an output name with another extension.", "FORMAT"});
    parser.addOption({"spacing", "Arc length between samples (default 0.5).", "S", "0.5"});
    addStrategyOptions(parser);
    addReferenceRuleOptions(parser); // a patrol with an agent walks the navmesh of the ground
    const Command &self = command("export");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (parser.positionalArguments().size() != 1) return usageError("export: expected one LEVEL.yaml", self);
    if (!parser.isSet("out")) return usageError("export: -o OUT.json or -o OUT.yaml is required", self);
    if (auto exit = checkOutputPath(parser.value("out"), parser.positionalArguments().front(), self)) return *exit;
    std::optional<document::TreeFormat> format = document::exportFormatForPath(parser.value("out").toStdString());
    if (parser.isSet("format")) {
        const QString name = parser.value("format");
        if (name == "json")
            format = document::TreeFormat::Json;
        else if (name == "yaml")
            format = document::TreeFormat::Yaml;
        else
            return usageError("export: --format must be json or yaml, got '" + name + "'", self);
    }
    if (!format && parser.value("out") == "-")
        return usageError("export: -o - writes to standard output: give --format json or --format yaml", self);
    if (!format)
        return usageError("export: cannot tell the format of '" + parser.value("out") +
                              "': name it .json, .yaml or .yml, or give --format json|yaml",
                          self);
    const std::optional<double> spacing = spacingOption(parser, self);
    if (!spacing) return ExitUsage;

    const QString file = parser.positionalArguments().front();
    auto loaded = document::loadLevelFile(file);
    for (const auto &d : loaded.diagnostics) printError(d);
    if (!loaded.level) return ExitInvalidInput;
    // Patrols with agents walk their navmeshes, baked from the ground references.
    QString rulesError;
    const auto rules = referenceRules(parser, &rulesError);
    if (!rules) return usageError("export: " + rulesError, self);
    // Every agent's navigation mesh goes to the engine too (agents[].navmesh).
    const auto navigation = levelNavigationReporting(*loaded.level, file, *rules, true);
    if (!navigation) return ExitInvalidInput;
    const document::WalkFinder *walker = navigation->navigation.get();
    const document::ExportedNavMeshes navmeshes =
        navigation->navigation ? document::exportedNavMeshes(*loaded.level, *navigation->navigation)
                               : document::ExportedNavMeshes{};
    // Patrol stops the graph (or the navmesh) cannot reach, at the stop, before any work.
    const auto unreachable = document::checkPatrolRoutes(*loaded.level, loaded.marks, file.toStdString(), {}, walker);
    for (const auto &d : unreachable) printError(d);
    if (!unreachable.empty()) return ExitInvalidInput;
    const std::optional<document::Level> &level = loaded.level;
    const auto registry = strategyRegistry(parser, "export");
    if (!registry) return ExitUsage;
    const document::LevelObstacleContext context(*level);
    std::string error;
    bool internalError = false;
    auto text = document::writeEngineExport(*level, *spacing, *registry, context, &error, &internalError, *format,
                                            walker, &navmeshes);
    if (!text) {
        printErr(file + ": " + QString::fromStdString(error));
        return internalError ? ExitFailure : ExitInvalidInput;
    }
    // fromRawData: the text can be hundreds of MB; write it where it is instead of copying it.
    const QByteArray bytes = QByteArray::fromRawData(text->data(), qsizetype(text->size()));
    return writeOutput(parser.value("out"), bytes) ? ExitOk : ExitFailure;
}

} // namespace railforge::cli
