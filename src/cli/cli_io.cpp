#include "cli/cli_io.h"

#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/level_navigation_input.h"
#include "cli/reference_rules.h"
#include "cli/strategy_options.h"
#include "document/checks/edit_rules.h"
#include "document/checks/route_checks.h"
#include "document/editing/junction_keeping.h"
#include "document/files/level_file.h"
#include "document/files/output_file.h"
#include "document/model/length_units.h"
#include "document/model/rail_geometry.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/yaml/level_rewriter.h"

#include <QFile>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace railforge::cli {

QString inputName(const QString &path) { return path.isEmpty() ? QStringLiteral("<stdin>") : path; }

Input readInput(const QString &path, qint64 limit)
{
    const QString name = inputName(path);
    auto tooLarge = [&] {
        printErr(name + ":1:1: input is larger than the limit of " + QString::number(limit) + " bytes");
        return Input{std::nullopt, ExitInvalidInput};
    };
    QFile file;
    if (path.isEmpty()) {
        file.open(stdin, QIODevice::ReadOnly);
    } else {
        file.setFileName(path);
        if (!file.open(QIODevice::ReadOnly)) {
            printErr(name + ": cannot open: " + file.errorString());
            return {std::nullopt, ExitInvalidInput};
        }
        if (!file.isSequential() && file.size() > limit) return tooLarge();
    }
    // Read one byte past the limit to tell "exactly at the limit" from "over it" (pipes have no size).
    QByteArray bytes = file.read(limit + 1);
    if (file.error() != QFileDevice::NoError) {
        printErr(name + ": cannot read: " + file.errorString());
        return {std::nullopt, ExitFailure};
    }
    if (bytes.size() > limit) return tooLarge();
    return {std::move(bytes), ExitOk};
}

CsvInput readCsvInput(const QString &path)
{
    const QString file = path == "-" ? QString() : path;
    const Input input = readInput(file, qint64(document::kMaxCsvBytes));
    if (!input.bytes) return {std::nullopt, input.exitCode};
    document::Diagnostics diagnostics;
    auto points = document::readCsvPoints(std::string_view(input.bytes->constData(), std::size_t(input.bytes->size())),
                                          inputName(file).toStdString(), diagnostics);
    for (const auto &d : diagnostics) printError(d);
    if (!points) return {std::nullopt, ExitInvalidInput};
    return {std::move(points), ExitOk};
}

std::optional<double> spacingOption(const QCommandLineParser &parser, const Command &command)
{
    bool ok = false;
    const double spacing = parser.value("spacing").toDouble(&ok);
    const std::string why = ok ? document::whyBadSpacing(spacing) : document::whyBadSpacing(-1);
    if (why.empty()) return spacing;
    usageError(QString(command.name) + ": --spacing: " + QString::fromStdString(why) + ", got '" +
                   parser.value("spacing") + "'",
               command);
    return std::nullopt;
}

std::optional<double> numberOption(const QCommandLineParser &parser, const char *name, double low, double high,
                                   bool open, const Command &command)
{
    bool ok = false;
    const double v = parser.value(name).toDouble(&ok);
    if (ok && std::isfinite(v) && (open ? v > low : v >= low) && v <= high) return v;
    usageError(QStringLiteral("%1: --%2 must be a number %3 %4 and at most %5, got '%6'")
                   .arg(command.name, name, open ? ">" : ">=", QString::number(low), QString::number(high),
                        parser.value(name)),
               command);
    return std::nullopt;
}

std::optional<double> metresPerUnitOf(const document::Level &level, const QString &file)
{
    if (auto m = document::metresPerUnit(level.info.units)) return m;
    printErr(file + ": the level's units '" + QString::fromStdString(level.info.units) +
             "' are not a known length, so speeds in m/s cannot be used (give units such as m, cm, ft)");
    return std::nullopt;
}

namespace {
bool outputsMayLeaveProject = false;
} // namespace

void allowOutputsOutsideProject(bool allow) { outputsMayLeaveProject = allow; }

bool writeOutput(const QString &path, const QByteArray &bytes)
{
    QString error;
    if (path.isEmpty() || path == "-") {
        if (document::writeToStream(stdout, bytes, &error)) return true;
        printErr("railforge-cli: cannot write to standard output: " + error);
        return false;
    }
    if (const auto leaves = document::outputLeavesProject(path); leaves && !outputsMayLeaveProject) {
        printErr("railforge-cli: " + *leaves +
                 "; nothing was written (--allow-outside-project writes there, "
                 "replacing the link)");
        return false;
    }
    if (document::writeFileAtomically(path, bytes, &error)) return true;
    printErr("railforge-cli: " + error);
    return false;
}

std::optional<int> checkOutputPath(const QString &out, const QString &level, const Command &command)
{
    if (out.isEmpty() || out == "-") return std::nullopt;
    const QString name(command.name);
    if (document::outputTarget(out) == document::OutputTarget::Folder)
        return usageError(name + ": the output " + out + " is a folder; name a file in it", command);
    if (const auto leaves = document::outputLeavesProject(out); leaves && !outputsMayLeaveProject) {
        printErr("railforge-cli " + name + ": " + *leaves +
                 "; nothing was written (--allow-outside-project writes there, replacing the link)");
        return ExitInvalidInput;
    }
    if (!level.isEmpty() && document::sameFile(out, level))
        return usageError(name + ": the output " + out + " is the level " + level +
                              " itself; writing it would replace the level. Name another file",
                          command);
    return std::nullopt;
}

std::optional<document::Level> loadLevelReporting(const QString &path)
{
    auto loaded = document::loadLevelFile(path);
    for (const auto &d : loaded.diagnostics) printError(d);
    return std::move(loaded.level);
}

RouteOutcome routeNamedPatrol(const QCommandLineParser &parser, const document::LoadResult &loaded, const QString &file,
                              const std::string &id, const char *command)
{
    const document::Level &level = *loaded.level;
    const auto patrol =
        std::find_if(level.patrols.begin(), level.patrols.end(), [&](const auto &p) { return p.id == id; });
    if (patrol == level.patrols.end()) {
        printErr(file + ": no patrol '" + QString::fromStdString(id) + "'");
        return {std::nullopt, ExitInvalidInput};
    }
    // A patrol with an agent walks its agent's navmesh, baked from the ground references.
    QString rulesError;
    const auto rules = referenceRules(parser, &rulesError);
    if (!rules) {
        printErr(QString::fromLatin1(command) + ": " + rulesError);
        return {std::nullopt, ExitUsage};
    }
    document::Level onlyThis;
    onlyThis.references = level.references;
    onlyThis.agents = level.agents;
    onlyThis.obstacles = level.obstacles;
    onlyThis.patrols = {*patrol};
    auto navigation = levelNavigationReporting(onlyThis, file, *rules);
    if (!navigation) return {std::nullopt, ExitInvalidInput};
    const document::WalkFinder *walker = navigation->navigation.get();
    const auto unreachable = document::checkPatrolRoutes(level, loaded.marks, file.toStdString(), id, walker);
    for (const auto &d : unreachable) printError(d);
    if (!unreachable.empty()) return {std::nullopt, ExitInvalidInput};
    const auto registry = strategyRegistry(parser, command);
    if (!registry) return {std::nullopt, ExitUsage};
    const document::LevelObstacleContext context(level);
    document::PatrolRoute route = document::routePatrol(level, *patrol, *registry, context, walker);
    if (!route.ok()) {
        printErr(file + ": " + QString::fromStdString(route.error));
        return {std::nullopt, route.strategyFailed ? ExitFailure : ExitInvalidInput};
    }
    return {std::move(route), ExitOk};
}

std::optional<core::Vec3> parsePointArgument(const QString &text)
{
    const QStringList parts = text.split(',');
    if (parts.size() < 2 || parts.size() > 3) return std::nullopt;
    double v[3] = {0, 0, 0};
    for (qsizetype i = 0; i < parts.size(); ++i) {
        bool ok = false;
        v[i] = parts[i].trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(v[i])) return std::nullopt;
    }
    return core::Vec3{v[0], v[1], v[2]};
}

int rewriteLevelFile(const QString &file, const QString &out, const std::function<bool(document::Level &)> &edit)
{
    auto loaded = document::loadLevelFile(file);
    for (const auto &d : loaded.diagnostics) printError(d);
    if (!loaded.level) return ExitInvalidInput;
    document::Level level = *loaded.level;
    if (!edit(level)) return ExitInvalidInput;
    // Kept whole as the editor keeps it: places along the rail stay, linked ends follow their junctions.
    for (const std::string &gone : document::keepLevelWhole(*loaded.level, level))
        printErr(file + ": junction '" + QString::fromStdString(gone) + "' was removed: its segment went");
    const auto text = document::rewriteLevel(loaded.text, level, &*loaded.level).text;
    // One set of rules: what this writes must load. If it would not, nothing is written.
    const auto check = document::readLevel(text, out.toStdString());
    if (document::hasErrors(check.diagnostics)) {
        for (const auto &d : check.diagnostics)
            if (d.severity == document::Severity::Error) printError(d);
        printErr(out + ": not written: the edited level would break the rules above");
        return ExitInvalidInput;
    }
    return writeOutput(out, QByteArray::fromStdString(text)) ? ExitOk : ExitFailure;
}

int rewriteRail(
    const QString &file, const QString &railId, const QString &out,
    const std::function<std::optional<document::Rail>(const document::Level &, const document::Rail &)> &edit,
    const std::function<void(document::Level &)> &whole)
{
    return rewriteLevelFile(file, out, [&](document::Level &level) {
        const int rail = document::findRail(level, railId.toStdString());
        if (rail < 0) {
            printErr(file + ": no rail '" + railId + "'");
            return false;
        }
        auto edited = edit(level, level.rails[std::size_t(rail)]);
        if (!edited) return false;
        level.rails[std::size_t(rail)] = std::move(*edited);
        if (whole) whole(level);
        return true;
    });
}

} // namespace railforge::cli
