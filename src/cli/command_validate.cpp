#include "cli/command_validate.h"

#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "document/checks/pipeline_checks.h"
#include "document/checks/route_checks.h"
#include "document/files/level_file.h"
#include "document/strategy/strategy_registry.h"

#include <QCommandLineParser>

namespace railforge::cli {

int runValidate(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Check a level file and list every problem as FILE:LINE:COLUMN: message.\n"
                                     "Every patrol's smoothing pipeline is checked against the installed strategies:\n"
                                     "unknown strategies and parameters out of range are errors, and so is a\n"
                                     "patrol stop the waypoint graph cannot reach.");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file to check.");
    parser.addOption({"allow-missing-plugins", "Strategies not installed here are warnings, not errors (the parameters "
                                               "of installed ones are still checked)."});
    const Command &self = command("validate");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1)
        return usageError(files.isEmpty() ? "validate: missing LEVEL.yaml" : "validate: expected one level file", self);

    const auto result = document::loadLevelFile(files.front());
    for (const auto &diagnostic : result.diagnostics) printError(diagnostic);
    if (!result.level) return ExitInvalidInput;
    const auto &level = *result.level;
    // Reading metadata runs no plugin code, so validating stays safe with any plugin installed.
    document::StrategyRegistry registry;
    registry.loadDefaultLocations();
    for (const QString &problem : registry.problems()) printErr("warning: " + problem);
    const auto missing = parser.isSet("allow-missing-plugins") ? document::MissingStrategies::AreWarnings
                                                               : document::MissingStrategies::AreErrors;
    const auto pipelineProblems =
        document::checkPipelines(level, result.marks, registry, files.front().toStdString(), missing);
    for (const auto &diagnostic : pipelineProblems) printError(diagnostic);
    // The stops route and export would fail on, said here too, at the stop.
    const auto routeProblems = document::checkPatrolRoutes(level, result.marks, files.front().toStdString());
    for (const auto &diagnostic : routeProblems) printError(diagnostic);
    if (document::hasErrors(pipelineProblems) || !routeProblems.empty()) return ExitInvalidInput;
    printOut(QStringLiteral("%1: ok: %2 waypoints, %3 edges, %4 obstacles, %5 rails, %6 patrols")
                 .arg(files.front())
                 .arg(level.waypoints.size())
                 .arg(level.edges.size())
                 .arg(level.obstacles.size())
                 .arg(level.rails.size())
                 .arg(level.patrols.size()));
    return ExitOk;
}

} // namespace railforge::cli
