#include "cli/command_export_mesh.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "document/export/track_gltf.h"

#include <QCommandLineParser>

namespace railforge::cli {

int runExportMesh(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Write the level's rails as track meshes in glTF 2.0: each rail's section (--style) swept along the\n"
        "frames the export writes, within --chord-error of it; one node per rail named by its id, with its id,\n"
        "length and style in the node's extras; metres, y up (a level point x, y, z is x, z, -y). A .glb is\n"
        "binary; a .gltf has its buffer inside.");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({{"o", "out"}, "The file to write: OUT.glb or OUT.gltf.", "OUT"});
    parser.addOption({"rail", "Only this rail (may be given more than once).", "ID"});
    parser.addOption({"style", "The track's section: rails (default), tube, ribbon or cable.", "S", "rails"});
    parser.addOption(
        {"size", "The section's size in metres: the gauge, the diameter or the width (default 1.435).", "M", "1.435"});
    parser.addOption(
        {"chord-error", "How far the mesh may lie from the swept section, metres (default 0.005).", "M", "0.005"});
    const Command &self = command("export-mesh");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (parser.positionalArguments().size() != 1) return usageError("export-mesh: expected one LEVEL.yaml", self);
    if (!parser.isSet("out")) return usageError("export-mesh: -o OUT.glb or OUT.gltf is required", self);
    const QString out = parser.value("out");
    const bool binary = out.endsWith(QStringLiteral(".glb"), Qt::CaseInsensitive);
    if (!binary && !out.endsWith(QStringLiteral(".gltf"), Qt::CaseInsensitive))
        return usageError("export-mesh: the output must end in .glb or .gltf", self);
    const auto size = numberOption(parser, "size", 0, 1e6, true, self);
    if (!size) return ExitUsage;
    const auto chord = numberOption(parser, "chord-error", 0, 1e6, true, self);
    if (!chord) return ExitUsage;
    const QString file = parser.positionalArguments().front();
    if (auto exit = checkOutputPath(out, file, self)) return *exit;
    const auto level = loadLevelReporting(file);
    if (!level) return ExitInvalidInput;
    const auto perUnit = metresPerUnitOf(*level, file);
    if (!perUnit) return ExitInvalidInput;
    document::TrackMeshOptions options;
    options.style = parser.value("style").toStdString();
    options.sizeMetres = *size;
    options.chordErrorMetres = *chord;
    for (const QString &id : parser.values("rail")) options.rails.push_back(id.toStdString());
    std::string error;
    const std::string bytes = document::trackGltf(*level, *perUnit, options, binary, &error);
    if (!error.empty()) {
        printErr(file + ": " + QString::fromStdString(error));
        return ExitInvalidInput;
    }
    if (!writeOutput(out, QByteArray::fromStdString(bytes))) return ExitFailure;
    return ExitOk;
}

} // namespace railforge::cli
