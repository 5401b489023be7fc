#include "cli/command_sample.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "core/arc_length.h"
#include "document/export/channel_columns.h"
#include "document/files/csv_points.h"
#include "document/model/number_limits.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"

#include <cmath>
#include <stdexcept>

namespace railforge::cli {

int runSample(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Sample a rail at equal arc-length steps: CSV rows s,x,y,z,tx,ty,tz,ux,uy,uz\n"
                                     "(unit tangent; unit up: rotation-minimising frame turned by the points' tilt),\n"
                                     "first at s = 0, last at s = the rail's length.");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({"rail", "The rail id.", "ID"});
    parser.addOption({"spacing", "Arc length between samples (> 0).", "S"});
    parser.addOption({"out", "Output CSV (default: stdout), written atomically.", "FILE.csv"});
    parser.addOption({"channels",
                      "Add a column per channel of the rail after uz, named by it: its value at the row's s "
                      "(colours #RRGGBBAA; an event on the first row at or after it)."});
    const Command &self = command("sample");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (parser.positionalArguments().size() != 1) return usageError("sample: expected one LEVEL.yaml", self);
    if (!parser.isSet("rail") || !parser.isSet("spacing"))
        return usageError("sample: --rail ID and --spacing S are required", self);
    const std::optional<double> spacing = spacingOption(parser, self);
    if (!spacing) return ExitUsage;

    const QString file = parser.positionalArguments().front();
    if (auto exit = checkOutputPath(parser.value("out"), file, self)) return *exit;
    auto level = loadLevelReporting(file);
    if (!level) return ExitInvalidInput;
    const int rail = document::findRail(*level, parser.value("rail").toStdString());
    if (rail < 0) {
        printErr(file + ": no rail '" + parser.value("rail") + "'");
        return ExitInvalidInput;
    }
    const document::Rail &chosen = level->rails[std::size_t(rail)];
    const auto geometry = document::geometryOfShape(chosen);
    const core::ArcLengthTable &table = geometry->table();
    std::vector<core::CurveSample> rows;
    try {
        rows = core::sample(table, *spacing);
    } catch (const std::length_error &) {
        printErr("railforge-cli: sample: spacing " + parser.value("spacing") + " would make more than " +
                 QString::number(core::kDefaultMaxSamples) + " samples; use a larger spacing");
        return ExitUsage;
    }
    const std::vector<core::Vec3> ups = core::upVectors(geometry->frames(), rows);
    std::string csv;
    if (parser.isSet("channels")) {
        const document::ChannelColumns columns = document::channelColumns(chosen, table, rows);
        csv = document::writeSampleCsv(rows, ups, columns.names, columns.cells);
    } else {
        csv = document::writeSampleCsv(rows, ups);
    }
    return writeOutput(parser.value("out"), QByteArray::fromStdString(csv)) ? ExitOk : ExitFailure;
}

} // namespace railforge::cli
