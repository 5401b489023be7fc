#include "cli/reference_rules.h"

#include <cmath>

namespace railforge::cli {

void addReferenceRuleOptions(QCommandLineParser &parser)
{
    parser.addOption({"max-reference-size", "The largest reference file read, in MiB (default 1024).", "MIB"});
    parser.addOption(
        {"read-timeout", "Give up reading the references after this many seconds (default 30; 0: never).", "SECONDS"});
    parser.addOption(
        {"max-image-side", "The widest or tallest reference image decoded, in pixels (default 16384).", "PIXELS"});
    parser.addOption({"max-image-memory",
                      "The memory the decoded pixels of the level's images and heightmaps may take together, in MiB "
                      "(default 768: one 16384 x 16384 16-bit heightmap; a file named twice counts once).",
                      "MIB"});
    parser.addOption({"max-triangles",
                      "The triangles the level's meshes may hold together once their nodes are placed (default "
                      "4000000).",
                      "N"});
    parser.addOption({"max-mesh-nodes",
                      "The nodes one mesh file's scene may have once every node is placed as often as it is used "
                      "(default 100000).",
                      "N"});
    parser.addOption({"max-rail-samples",
                      "The samples fit-heights and drape may take along one rail (default 10000000; a larger "
                      "--tolerance takes fewer).",
                      "N"});
    parser.addOption({"max-navmesh-cells",
                      "The plan cells one agent's navigation mesh may take (default 200000000; a larger "
                      "'navmesh: {cell: ...}' on the agent takes fewer).",
                      "N"});
}

std::optional<document::FileRules> referenceRules(const QCommandLineParser &parser, QString *error)
{
    document::FileRules rules;
    rules.allowOutsideProject = parser.isSet("allow-outside-project");
    auto number = [&](const char *name, double lowest) -> std::optional<double> {
        bool ok = false;
        const double v = parser.value(name).toDouble(&ok);
        if (ok && std::isfinite(v) && v >= lowest && v <= 1e9) return v;
        *error = QStringLiteral("--%1 expects a number of at least %2, got '%3'")
                     .arg(QLatin1String(name))
                     .arg(lowest)
                     .arg(parser.value(name));
        return std::nullopt;
    };
    if (parser.isSet("max-reference-size")) {
        const auto mib = number("max-reference-size", 1);
        if (!mib) return std::nullopt;
        rules.maxFileBytes = std::int64_t(*mib * 1024 * 1024);
    }
    if (parser.isSet("read-timeout")) {
        const auto seconds = number("read-timeout", 0);
        if (!seconds) return std::nullopt;
        rules.timeLimit = std::chrono::milliseconds(std::llround(*seconds * 1000));
    }
    if (parser.isSet("max-image-side")) {
        const auto side = number("max-image-side", 2);
        if (!side) return std::nullopt;
        rules.maxImageSide = int(std::min(*side, 1e6));
    }
    if (parser.isSet("max-image-memory")) {
        const auto mib = number("max-image-memory", 1);
        if (!mib) return std::nullopt;
        rules.maxImageBytes = std::int64_t(*mib * 1024 * 1024);
    }
    if (parser.isSet("max-triangles")) {
        const auto count = number("max-triangles", 1);
        if (!count) return std::nullopt;
        rules.maxTriangles = std::int64_t(*count);
    }
    if (parser.isSet("max-navmesh-cells")) {
        const auto count = number("max-navmesh-cells", 1);
        if (!count) return std::nullopt;
        rules.maxNavmeshCells = std::int64_t(*count);
    }
    if (parser.isSet("max-rail-samples")) {
        const auto count = number("max-rail-samples", 2);
        if (!count) return std::nullopt;
        rules.maxRailSamples = std::int64_t(std::min(*count, 1e15));
    }
    if (parser.isSet("max-mesh-nodes")) {
        const auto count = number("max-mesh-nodes", 1);
        if (!count) return std::nullopt;
        rules.maxMeshNodes = std::int64_t(*count);
    }
    return rules;
}

} // namespace railforge::cli
