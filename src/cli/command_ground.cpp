#include "cli/command_ground.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/level_ground_input.h"
#include "cli/reference_rules.h"
#include "document/files/csv_points.h"
#include "document/files/level_file.h"
#include "document/ground/level_ground.h"
#include "document/ground/rail_drape.h"
#include "document/model/rail_geometry.h"
#include "document/report/ground_checks.h"
#include "document/yaml/level_rewriter.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace railforge::cli {

int runGround(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "The height of the level's ground (every mesh and heightmap reference with ground: true, or the one\n"
        "named) at points: x,y,z rows, z empty where no ground covers the point. With --below Z, the highest\n"
        "surface at or below Z (under a bridge: the road).");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({"at", "One query point.", "X,Y"});
    parser.addOption({"in", "A CSV of query points (x,y[,z] rows; z is ignored).", "FILE.csv"});
    parser.addOption({"below", "Only surfaces at or below this height.", "Z"});
    parser.addOption({"reference", "Only this reference answers (its ground flag or not).", "ID"});
    parser.addOption({"out", "Write here instead of stdout.", "FILE"});
    addReferenceRuleOptions(parser);
    const Command &self = command("ground");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    QString rulesError;
    const auto rules = referenceRules(parser, &rulesError);
    if (!rules) return usageError("ground: " + rulesError, self);
    if (parser.positionalArguments().size() != 1) return usageError("ground: expected one LEVEL.yaml", self);
    if (parser.isSet("at") == parser.isSet("in"))
        return usageError("ground: give exactly one of --at X,Y or --in FILE.csv", self);
    std::optional<double> below;
    if (parser.isSet("below")) {
        bool ok = false;
        below = parser.value("below").toDouble(&ok);
        if (!ok || !std::isfinite(*below))
            return usageError("ground: --below expects a number, got '" + parser.value("below") + "'", self);
    }
    std::vector<core::Vec3> queries;
    if (parser.isSet("at")) {
        const auto p = parsePointArgument(parser.value("at"));
        if (!p) return usageError("ground: --at expects X,Y, got '" + parser.value("at") + "'", self);
        queries.push_back(*p);
    }
    const QString file = parser.positionalArguments().front();
    if (auto exit = checkOutputPath(parser.value("out"), file, self)) return *exit;
    auto level = loadLevelReporting(file);
    if (!level) return ExitInvalidInput;
    if (parser.isSet("in")) {
        CsvInput csv = readCsvInput(parser.value("in"));
        if (!csv.path) return csv.exitCode;
        queries = std::move(csv.path->points);
    }
    const std::optional<std::string> only =
        parser.isSet("reference") ? std::optional(parser.value("reference").toStdString()) : std::nullopt;
    const auto ground = levelGroundReporting(*level, file, only, *rules);
    if (!ground) return ExitInvalidInput;
    std::string csv = "x,y,z\n";
    for (const core::Vec3 &q : queries) {
        const auto z = below ? ground->ground.highestBelow(q.x, q.y, *below) : ground->ground.highest(q.x, q.y);
        csv += document::formatCsvNumber(q.x) + "," + document::formatCsvNumber(q.y) + "," +
               (z ? document::formatCsvNumber(*z) : std::string()) + "\n";
    }
    return writeOutput(parser.value("out"), QByteArray::fromStdString(csv)) ? ExitOk : ExitFailure;
}

int runDrape(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Set each control point's height of a rail to the ground under it (the highest ground at or below the\n"
        "point, else the highest there) plus --clearance; writes the level (the rest of the file kept).");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({"rail", "The rail id.", "ID"});
    parser.addOption({"clearance", "Height above the ground (default 0).", "C", "0"});
    parser.addOption({"follow",
                      "Also add points where the rail strays from the ground by more than TOL between its "
                      "points, so it follows the terrain.",
                      "TOL"});
    parser.addOption({"max-grade",
                      "No stretch of the draped rail is steeper than this (default 35): where the ground falls "
                      "away faster (a cliff), points are lifted instead, and the stretches are named.",
                      "DEG"});
    parser.addOption({{"o", "out"}, "The level file to write (may be LEVEL.yaml itself).", "OUT.yaml"});
    addReferenceRuleOptions(parser);
    const Command &self = command("drape");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    QString rulesError;
    const auto rules = referenceRules(parser, &rulesError);
    if (!rules) return usageError("drape: " + rulesError, self);
    if (parser.positionalArguments().size() != 1) return usageError("drape: expected one LEVEL.yaml", self);
    if (!parser.isSet("rail") || !parser.isSet("out"))
        return usageError("drape: --rail ID and -o OUT.yaml are required", self);
    bool ok = false;
    const double clearance = parser.value("clearance").toDouble(&ok);
    if (!ok || !std::isfinite(clearance) || std::abs(clearance) > 1e6)
        return usageError("drape: --clearance expects a number within +-1e6, got '" + parser.value("clearance") + "'",
                          self);
    std::optional<double> follow;
    if (parser.isSet("follow")) {
        follow = parser.value("follow").toDouble(&ok);
        if (!ok || !(*follow > 0.0) || !std::isfinite(*follow))
            return usageError("drape: --follow expects a tolerance above 0, got '" + parser.value("follow") + "'",
                              self);
    }
    const QString file = parser.positionalArguments().front();
    if (auto exit = checkOutputPath(parser.value("out"), QString(), self)) return *exit;
    const QString railId = parser.value("rail");
    document::DrapeOptions options;
    options.clearance = clearance;
    options.follow = follow;
    if (parser.isSet("max-grade")) {
        options.maxGradeDegrees = parser.value("max-grade").toDouble(&ok);
        if (!ok || !(options.maxGradeDegrees > 0.0 && options.maxGradeDegrees < 90.0))
            return usageError("drape: --max-grade expects degrees above 0 and below 90, got '" +
                                  parser.value("max-grade") + "'",
                              self);
    }
    return rewriteRail(file, railId, parser.value("out"),
                       [&](const document::Level &level, const document::Rail &rail) -> std::optional<document::Rail> {
                           const auto ground = levelGroundReporting(level, file, std::nullopt, *rules);
                           if (!ground) return std::nullopt;
                           document::DrapeOptions given = options;
                           given.maxSamples = rules->maxRailSamples;
                           document::DrapeOutcome draped = document::drapeRail(rail, ground->ground, given);
                           if (!draped.error.empty()) {
                               printErr(file + ": rail '" + railId + "': " + QString::fromStdString(draped.error));
                               return std::nullopt;
                           }
                           // What it did, as the editor's status bar says it.
                           printErr(file + ": rail '" + railId + "': " +
                                    QString::fromStdString(document::describeDrape(draped, options.maxGradeDegrees)));
                           return std::move(draped.rail);
                       });
}

} // namespace railforge::cli
