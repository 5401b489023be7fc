#include "cli/command_export.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/strategy_options.h"
#include "document/number_limits.h"
#include "document/engine_export.h"
#include "document/level_obstacles.h"
#include "document/strategy_registry.h"

#include <cmath>

namespace railforge::cli {

int runExport(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Write the engine export: rails and patrols sampled at equal arc-length steps,\n"
                                     "rails also as exact cubic Bezier knots.");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({{"o", "out"}, "The export file to write.", "OUT.yaml"});
    parser.addOption({"spacing", "Arc length between samples (default 0.5).", "S", "0.5"});
    addStrategyOptions(parser);
    const Command &self = command("export");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (parser.positionalArguments().size() != 1) return usageError("export: expected one LEVEL.yaml", self);
    if (!parser.isSet("out")) return usageError("export: -o OUT.yaml is required", self);
    bool ok = false;
    const double spacing = parser.value("spacing").toDouble(&ok);
    if (!ok || !(spacing >= document::kMinSpacing && spacing <= document::kMaxSpacing))
        return usageError("export: --spacing must be a number within [1e-6, 1e9], got '" + parser.value("spacing") + "'", self);

    const QString file = parser.positionalArguments().front();
    auto level = loadLevelReporting(file);
    if (!level) return ExitInvalidInput;
    const auto registry = strategyRegistry(parser, "export");
    if (!registry) return ExitUsage;
    const document::LevelObstacleContext context(*level);
    std::string error;
    bool internalError = false;
    auto text = document::writeEngineExport(*level, spacing, *registry, context, &error, &internalError);
    if (!text) {
        printErr(file + ": " + QString::fromStdString(error));
        return internalError ? ExitFailure : ExitInvalidInput;
    }
    return writeOutput(parser.value("out"), QByteArray::fromStdString(*text)) ? ExitOk : ExitFailure;
}

} // namespace railforge::cli
