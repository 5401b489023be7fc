#include "cli/command_nearest.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "document/files/csv_points.h"
#include "document/model/number_limits.h"
#include "document/model/rail_geometry.h"
#include "document/text/finite_output.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace railforge::cli {
namespace {

std::string csvRow(const document::Level &level, const std::optional<core::RailHit> &hit)
{
    if (!hit) return ",,,,,,,\n"; // nothing within range: an empty row keeps rows aligned with queries
    std::string row = document::csvField(level.rails[std::size_t(hit->rail)].id);
    for (double v : {double(hit->segment), hit->u, hit->s, hit->point.x, hit->point.y, hit->point.z, hit->distance}) {
        row += ',';
        row += document::formatCsvNumber(v);
    }
    return row + '\n';
}

QJsonValue jsonHit(const document::Level &level, const core::Vec3 &query, const std::optional<core::RailHit> &hit)
{
    QJsonObject o{{"query", QJsonArray{query.x, query.y, query.z}}};
    if (!hit) {
        o["rail"] = QJsonValue::Null;
        return o;
    }
    // Every number through the guard: QJsonValue would silently turn NaN into null.
    using document::requireFinite;
    const core::Vec3 point = requireFinite(hit->point);
    const core::Vec3 tangent = document::requireUnitTangent(hit->tangent);
    o["rail"] = QString::fromStdString(level.rails[std::size_t(hit->rail)].id);
    o["segment"] = qint64(hit->segment);
    o["t"] = requireFinite(hit->u);
    o["s"] = requireFinite(hit->s);
    o["point"] = QJsonArray{point.x, point.y, point.z};
    o["distance"] = requireFinite(hit->distance);
    o["tangent"] = QJsonArray{tangent.x, tangent.y, tangent.z};
    return o;
}

} // namespace

int runNearest(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Nearest point on a rail's curve for each query point.\n"
                                     "CSV columns: rail,segment,t,s,x,y,z,distance (t local on the segment,\n"
                                     "s arc length from the rail's start). With --range, a query with no rail\n"
                                     "within R gets an empty row.");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOptions({
        {"rail", "Only this rail (default: the nearest of all rails).", "ID"},
        {"at", "One query point.", "X,Y[,Z]"},
        {"in", "Query points as CSV, one a line (- for stdin).", "FILE.csv"},
        {"range", "Only answer when a rail is within R.", "R"},
        {"json", "Print JSON instead of CSV."},
        {"out", "Output file (default: stdout), written atomically.", "FILE"},
    });
    const Command &self = command("nearest");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (parser.positionalArguments().size() != 1) return usageError("nearest: expected one LEVEL.yaml", self);
    if (parser.isSet("at") == parser.isSet("in"))
        return usageError("nearest: give exactly one of --at X,Y[,Z] or --in FILE.csv", self);
    std::optional<double> range;
    if (parser.isSet("range")) {
        bool ok = false;
        range = parser.value("range").toDouble(&ok);
        if (!ok || !(*range >= 0) || !std::isfinite(*range))
            return usageError("nearest: --range must be a number >= 0, got '" + parser.value("range") + "'", self);
    }
    std::vector<core::Vec3> queries;
    if (parser.isSet("at")) {
        auto p = parsePointArgument(parser.value("at"));
        if (!p) return usageError("nearest: --at expects X,Y or X,Y,Z, got '" + parser.value("at") + "'", self);
        if (!document::withinCoordinateRange(p->x) || !document::withinCoordinateRange(p->y) ||
            !document::withinCoordinateRange(p->z))
            return usageError("nearest: --at must lie within the coordinate range [-1e9, 1e9], got '" +
                                  parser.value("at") + "'",
                              self);
        queries.push_back(*p);
    }

    const QString file = parser.positionalArguments().front();
    if (auto exit = checkOutputPath(parser.value("out"), file, self)) return *exit;
    auto level = loadLevelReporting(file);
    if (!level) return ExitInvalidInput;
    int onlyRail = -1;
    if (parser.isSet("rail")) {
        onlyRail = document::findRail(*level, parser.value("rail").toStdString());
        if (onlyRail < 0) {
            printErr(file + ": no rail '" + parser.value("rail") + "'");
            return ExitInvalidInput;
        }
    }
    if (parser.isSet("in")) {
        CsvInput csv = readCsvInput(parser.value("in"));
        if (!csv.path) return csv.exitCode;
        queries = std::move(csv.path->points);
    }

    const core::RailIndex index = document::buildRailIndex(*level);
    // Every query at once, on every core (answers come back in input order).
    core::BatchOptions batch;
    if (onlyRail >= 0) batch.rail = onlyRail;
    std::vector<std::optional<core::RailHit>> hits = index.nearestBatch(queries, batch);
    if (range)
        for (auto &hit : hits)
            if (hit && hit->distance > *range) hit.reset();
    QByteArray output;
    if (parser.isSet("json")) {
        QJsonArray list;
        for (std::size_t i = 0; i < queries.size(); ++i) list.append(jsonHit(*level, queries[i], hits[i]));
        output = QJsonDocument(list).toJson(QJsonDocument::Indented);
    } else {
        std::string csv = "rail,segment,t,s,x,y,z,distance\n";
        csv.reserve(queries.size() * 150 + 40);
        for (const auto &hit : hits) csv += csvRow(*level, hit);
        output = QByteArray::fromStdString(csv);
    }
    return writeOutput(parser.value("out"), output) ? ExitOk : ExitFailure;
}

} // namespace railforge::cli
