#include "cli/command_validate.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/level_navigation_input.h"
#include "cli/reference_rules.h"
#include "document/checks/problem_places.h"
#include "document/export/export_validation.h"
#include "document/files/git_status.h"
#include "document/files/level_file.h"
#include "document/report/level_report.h"
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
    // A merge git has not seen finished is not a level to ship, whatever its text says.
    const bool unmerged = document::gitListsUnmerged(files.front());
    if (unmerged) printError({document::Severity::Error, files.front().toStdString(), 1, 1, document::kUnmergedInGit});
    if (!result.level) return ExitInvalidInput;
    const auto &level = *result.level;
    // Reading metadata runs no plugin code, so validating stays safe with any plugin installed.
    document::StrategyRegistry registry;
    registry.loadDefaultLocations();
    for (const QString &problem : registry.problems()) printErr("warning: " + problem);
    const auto missing = parser.isSet("allow-missing-plugins") ? document::MissingStrategies::AreWarnings
                                                               : document::MissingStrategies::AreErrors;
    // Reference files refused by the project's rules (errors) or unreadable, for the ground checks; the
    // ground's triangles kept to bake the agents' navmeshes when patrols have agents.
    document::LevelNavigationRead ground;
    ground.ground = std::make_shared<const core::GroundSet>();
    if (patrolsHaveAgents(level)) // with nothing to walk on: said once, and routed on the graph
        ground.navigation =
            std::make_unique<document::LevelNavigation>(level, ground.ground, nullptr, document::ReadBudget(), 0);
    if (!level.references.empty()) {
        const document::ProjectFiles projectFiles(QFileInfo(files.front()).absolutePath(), *rules);
        const document::ReadBudget budget(rules->timeLimit);
        ground = document::readLevelNavigation(level, projectFiles, budget, patrolsHaveAgents(level));
        for (auto &unread : document::checkOtherReferences(level, projectFiles, budget))
            ground.unread.push_back(std::move(unread));
    }
    // What the editor's Problems panel lists beside the loader's rules (document/report/level_report.h):
    // pipelines, stops the graph (or the navmesh) cannot reach, edges and paths through obstacles,
    // walkability, references, ground.
    const document::LevelProblems report =
        document::levelReport(level, {registry, missing, ground.unread, *ground.ground, {}, ground.navigation.get()});
    const auto problems = document::locateProblems(report, result.marks, files.front().toStdString());
    for (const auto &problem : problems) printError(problem);
    if (document::hasErrors(problems) || unmerged) return ExitInvalidInput;
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
