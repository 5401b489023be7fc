#include "cli/command_smooth.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/strategy_options.h"
#include "document/files/csv_points.h"
#include "document/files/level_file.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/strategy/strategy_parameters.h"
#include "document/strategy/strategy_registry.h"

#include <QFile>

namespace railforge::cli {

int runSmooth(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Smooth a CSV path (x,y or x,y,z per line) with one strategy.");
    parser.addHelpOption();
    parser.addOptions({
        {"strategy", "The strategy id (see railforge-cli plugins).", "ID"},
        {"param", "A parameter value; repeat for several. Bools true/false, enums by name.", "NAME=VALUE"},
        {"level", "Level whose obstacles line-of-sight strategies avoid.", "LEVEL.yaml"},
        {"closed", "The path is a closed loop."},
        {"in", "Input CSV (default, or -: stdin).", "FILE.csv"},
        {"out", "Output CSV (default: stdout), written atomically.", "FILE.csv"},
    });
    addStrategyOptions(parser);
    const Command &self = command("smooth");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (!parser.positionalArguments().isEmpty()) return usageError("smooth takes its files as --in/--out", self);
    if (!parser.isSet("strategy")) return usageError("smooth: --strategy ID is required", self);

    const auto registry = strategyRegistry(parser, "smooth");
    if (!registry) return ExitUsage;
    const std::string id = parser.value("strategy").toStdString();
    const document::StrategyInfo *info = registry->find(id);
    if (!info)
        return usageError("smooth: unknown strategy '" + QString::fromStdString(id) + "' (see railforge-cli plugins)",
                          self);

    document::Properties params;
    for (const QString &assignment : parser.values("param")) {
        const auto eq = assignment.indexOf('=');
        if (eq <= 0) return usageError("smooth: --param expects NAME=VALUE, got '" + assignment + "'", self);
        const std::string name = assignment.left(eq).toStdString();
        const std::string text = assignment.mid(eq + 1).toStdString();
        auto spec = std::find_if(info->parameters.begin(), info->parameters.end(),
                                 [&](const auto &p) { return p.name == name; });
        if (spec == info->parameters.end()) {
            params.push_back({name, text}); // reported by resolveParameters with the list of known names
            continue;
        }
        std::string error;
        auto value = document::parseParameterText(*spec, text, &error);
        if (!value) return usageError("smooth: " + QString::fromStdString(error), self);
        params.push_back({name, *value});
    }
    if (auto resolved = document::resolveParameters(*info, params); !resolved.values) {
        for (const auto &e : resolved.errors) printErr("railforge-cli: smooth: " + QString::fromStdString(e));
        return ExitUsage;
    }

    if (auto exit = checkOutputPath(parser.value("out"), parser.value("level"), self)) return *exit;
    document::Level level;
    if (parser.isSet("level")) {
        auto loaded = document::loadLevelFile(parser.value("level"));
        for (const auto &d : loaded.diagnostics) printError(d);
        if (!loaded.level) return ExitInvalidInput;
        level = std::move(*loaded.level);
    }
    const CsvInput input = readCsvInput(parser.value("in"));
    if (!input.path) return input.exitCode;

    const document::LevelObstacleContext context(level);
    auto result = registry->run(id, params, input.path->points, parser.isSet("closed"), context);
    if (!result.ok()) {
        printErr("railforge-cli: smooth: " + QString::fromStdString(result.error));
        return result.status == document::StepResult::Status::StrategyFailed ? ExitFailure : ExitUsage;
    }
    const std::string csv = document::writeCsvPoints(result.points, input.path->dimension);
    return writeOutput(parser.value("out"), QByteArray::fromStdString(csv)) ? ExitOk : ExitFailure;
}

} // namespace railforge::cli
