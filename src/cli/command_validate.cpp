#include "cli/command_validate.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/reference_rules.h"
#include "document/checks/ground_checks.h"
#include "document/checks/pipeline_checks.h"
#include "document/checks/route_checks.h"
#include "document/checks/route_warnings.h"
#include "document/export/export_validation.h"
#include "document/files/level_file.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/strategy/strategy_registry.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace railforge::cli {
namespace {

// Exports can be much larger than levels (sample rows): their own size limit.
constexpr qint64 kMaxExportBytes = 512LL * 1024 * 1024;

int validateExport(const QString &file)
{
    const Input input = readInput(file, kMaxExportBytes);
    if (!input.bytes) return input.exitCode;
    const auto check = document::checkExport(
        std::string_view(input.bytes->constData(), std::size_t(input.bytes->size())), file.toStdString());
    for (const auto &diagnostic : check.diagnostics) printError(diagnostic);
    if (document::hasErrors(check.diagnostics)) return ExitInvalidInput;
    printOut(QStringLiteral("%1: ok: a RailForge engine export (version 2): %2 rails, %3 patrols, %4 graph nodes")
                 .arg(file)
                 .arg(check.rails)
                 .arg(check.patrols)
                 .arg(check.waypoints));
    return ExitOk;
}

// Edges and smoothed patrol paths through obstacles, paths against one-way edges, steps in height the
// waypoint path does not have (document/checks/route_warnings.h), each at its object's place.
document::Diagnostics routeWarnings(const document::Level &level, const document::LevelMarks &marks,
                                    const document::StrategyRegistry &registry, const std::string &file)
{
    const document::LevelObstacleContext obstacles(level);
    document::Diagnostics out;
    auto at = [&](const YAML::Mark &mark, const std::string &message) {
        const bool located = mark.line >= 0;
        out.push_back(
            {document::Severity::Warning, file, located ? mark.line + 1 : 0, located ? mark.column + 1 : 0, message});
    };
    const auto edges = document::edgeWarnings(level, obstacles);
    for (const auto &w : edges) {
        for (std::size_t i = 0; i < level.edges.size(); ++i)
            if (document::edgeId(level.edges[i]) == w.object.id && i < marks.edgeFrom.size())
                at(marks.edgeFrom[i], w.message);
    }
    for (std::size_t p = 0; p < level.patrols.size(); ++p) {
        const document::PatrolRoute route = document::routePatrol(level, level.patrols[p], registry, obstacles);
        for (const auto &w : document::pathWarnings(level, level.patrols[p], route, obstacles))
            at(p < marks.patrols.size() ? marks.patrols[p] : YAML::Mark::null_mark(), w.message);
    }
    return out;
}

} // namespace

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
    parser.addOption({"export", "The file is an engine export (JSON or YAML): check it against the export's "
                                "schema instead."});
    addReferenceRuleOptions(parser);
    const Command &self = command("validate");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    QString rulesError;
    const auto rules = referenceRules(parser, &rulesError);
    if (!rules) return usageError("validate: " + rulesError, self);
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1)
        return usageError(files.isEmpty() ? "validate: missing LEVEL.yaml" : "validate: expected one level file", self);

    if (parser.isSet("export")) return validateExport(files.front());

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
    // What the designer would see go wrong although every route builds: warnings, at the edge or patrol.
    for (const auto &warning : routeWarnings(level, result.marks, registry, files.front().toStdString()))
        printError(warning);
    // Reference files refused by the project's rules (errors) or unreadable, and rails below the ground.
    if (!level.references.empty()) {
        const document::ProjectFiles projectFiles(QFileInfo(files.front()).absolutePath(), *rules);
        const document::ReadBudget budget(rules->timeLimit);
        auto ground = document::loadLevelGround(level, projectFiles, budget);
        for (auto &unread : document::checkOtherReferences(level, projectFiles, budget))
            ground.unread.push_back(std::move(unread));
        const auto problems = document::groundProblems(level, result.marks, ground, files.front().toStdString());
        for (const auto &problem : problems) printError(problem);
        if (document::hasErrors(problems)) return ExitInvalidInput;
    }
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
