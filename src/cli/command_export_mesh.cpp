#include "cli/command_export_mesh.h"

#include "cli/cli_io.h"
#include "cli/command.h"
#include "cli/console.h"
#include "cli/exit_codes.h"
#include "cli/level_ground_input.h"
#include "cli/reference_rules.h"
#include "document/export/track_gltf.h"

#include <QCommandLineParser>

#include <algorithm>

namespace railforge::cli {

int runExportMesh(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Write the level's rails as track meshes in glTF 2.0: each rail's section (its track style, or\n"
        "--style) swept along the frames the export writes, within --chord-error of it; one node per rail named\n"
        "by its id, with its id, length and style in the node's extras, its ties and supports as child nodes\n"
        "of instanced boxes (EXT_mesh_gpu_instancing; --plain for a node each); supports stand on the level's\n"
        "ground; metres, y up (a level point x, y, z is x, z, -y). A .glb is binary; a .gltf has its buffer\n"
        "inside.");
    parser.addHelpOption();
    parser.addPositionalArgument("LEVEL.yaml", "The level file.");
    parser.addOption({{"o", "out"}, "The file to write: OUT.glb or OUT.gltf.", "OUT"});
    parser.addOption({"rail", "Only this rail (may be given more than once).", "ID"});
    parser.addOption(
        {"style", "Every rail's section, in place of its own track style: rails, tube, ribbon or cable.", "S"});
    parser.addOption({"size",
                      "Every rail's section size in metres, in place of its own: the gauge, the diameter or "
                      "the width.",
                      "M"});
    parser.addOption({"plain", "Ties and supports as one node each instead of EXT_mesh_gpu_instancing."});
    parser.addOption(
        {"chord-error", "How far the mesh may lie from the swept section, metres (default 0.005).", "M", "0.005"});
    parser.addOption({"max-mesh-triangles",
                      "The triangles the swept tracks of the whole export may have together (default 8000000).", "N"});
    parser.addOption(
        {"max-track-parts", "The ties, supports and footings of the whole export together (default 1000000).", "N"});
    addReferenceRuleOptions(parser);
    const Command &self = command("export-mesh");
    if (auto exit = parseArguments(parser, arguments, self)) return *exit;
    if (parser.positionalArguments().size() != 1) return usageError("export-mesh: expected one LEVEL.yaml", self);
    if (!parser.isSet("out")) return usageError("export-mesh: -o OUT.glb or OUT.gltf is required", self);
    const QString out = parser.value("out");
    const bool binary = out.endsWith(QStringLiteral(".glb"), Qt::CaseInsensitive);
    if (!binary && !out.endsWith(QStringLiteral(".gltf"), Qt::CaseInsensitive))
        return usageError("export-mesh: the output must end in .glb or .gltf", self);
    QString rulesError;
    const auto rules = referenceRules(parser, &rulesError);
    if (!rules) return usageError("export-mesh: " + rulesError, self);
    document::TrackMeshOptions options;
    if (parser.isSet("size")) {
        const auto size = numberOption(parser, "size", 0, 1e6, true, self);
        if (!size) return ExitUsage;
        options.sizeMetres = *size;
    }
    if (parser.isSet("style")) options.style = parser.value("style").toStdString();
    options.instancing = !parser.isSet("plain");
    const auto chord = numberOption(parser, "chord-error", 0, 1e6, true, self);
    if (!chord) return ExitUsage;
    if (parser.isSet("max-mesh-triangles")) {
        const auto most = numberOption(parser, "max-mesh-triangles", 1, 1e15, false, self);
        if (!most) return ExitUsage;
        options.maxTriangles = std::int64_t(*most);
    }
    if (parser.isSet("max-track-parts")) {
        const auto most = numberOption(parser, "max-track-parts", 0, 1e15, false, self);
        if (!most) return ExitUsage;
        options.maxParts = std::int64_t(*most);
    }
    const QString file = parser.positionalArguments().front();
    if (auto exit = checkOutputPath(out, file, self)) return *exit;
    const auto level = loadLevelReporting(file);
    if (!level) return ExitInvalidInput;
    const auto perUnit = metresPerUnitOf(*level, file);
    if (!perUnit) return ExitInvalidInput;
    options.chordErrorMetres = *chord;
    for (const QString &id : parser.values("rail")) options.rails.push_back(id.toStdString());
    // Supports stand on the level's ground: read only when a rail has some and the level has ground.
    std::optional<document::LevelGround> ground;
    const bool supports = std::any_of(level->rails.begin(), level->rails.end(), [&](const document::Rail &r) {
        const document::TrackStyle style = document::railTrackStyle(r.track, level->info.track);
        return style.supports.every > 0 || !style.supports.at.empty();
    });
    const bool hasGround =
        std::any_of(level->references.begin(), level->references.end(),
                    [](const document::Reference &r) { return r.ground && r.kind != document::ReferenceKind::Image; });
    if (supports && hasGround) {
        ground = levelGroundReporting(*level, file, std::nullopt, *rules);
        if (!ground) return ExitInvalidInput;
        options.ground = &ground->ground;
    }
    std::string error;
    std::vector<std::string> notes;
    const std::string bytes = document::trackGltf(*level, *perUnit, options, binary, &error, &notes);
    if (!error.empty()) {
        printErr(file + ": " + QString::fromStdString(error));
        return ExitInvalidInput;
    }
    for (const std::string &note : notes) printErr(file + ": warning: " + QString::fromStdString(note));
    if (!writeOutput(out, QByteArray::fromStdString(bytes))) return ExitFailure;
    return ExitOk;
}

} // namespace railforge::cli
