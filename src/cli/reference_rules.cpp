#include "cli/reference_rules.h"

#include <cmath>

namespace railforge::cli {

void addReferenceRuleOptions(QCommandLineParser &parser)
{
    parser.addOption({"allow-outside-project",
                      "Read reference files outside the level's project (the nearest folder up with .git or "
                      "railforge-project.yaml). Only for levels you trust."});
    parser.addOption({"max-reference-size", "The largest reference file read, in MiB (default 1024).", "MIB"});
    parser.addOption(
        {"read-timeout", "Give up reading the references after this many seconds (default 30; 0: never).", "SECONDS"});
    parser.addOption(
        {"max-image-side", "The widest or tallest reference image decoded, in pixels (default 16384).", "PIXELS"});
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
    return rules;
}

} // namespace railforge::cli
