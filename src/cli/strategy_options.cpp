#include "cli/strategy_options.h"

#include "cli/command.h"
#include "cli/console.h"

#include <cmath>

namespace railforge::cli {

namespace {

// A day: a limit beyond it is a typo, and milliseconds of it still fit comfortably.
constexpr double kMaxTimeoutSeconds = 86'400;
// Below this a helper cannot even load Qt; above it the limit means nothing on any machine.
constexpr double kMinMemoryMb = 64, kMaxMemoryMb = 1 << 24;

} // namespace

void addStrategyOptions(QCommandLineParser &parser)
{
    parser.addOption({"timeout",
                      "Time limit per smoothing step in seconds (default 10); a step that takes longer fails.",
                      "SECONDS", "10"});
    parser.addOption(
        {"memory-limit", "Memory limit of the process strategies run in, in MB (default 4096).", "MB", "4096"});
}

std::unique_ptr<document::StrategyRegistry> strategyRegistry(const QCommandLineParser &parser, const char *name)
{
    const Command &self = command(name);
    bool ok = false;
    const double seconds = parser.value("timeout").toDouble(&ok);
    if (!ok || !(seconds > 0 && seconds <= kMaxTimeoutSeconds)) {
        usageError(QStringLiteral("%1: --timeout must be a number of seconds in (0, 86400], got '%2'")
                       .arg(name, parser.value("timeout")),
                   self);
        return nullptr;
    }
    const double megabytes = parser.value("memory-limit").toDouble(&ok);
    if (!ok || !(megabytes >= kMinMemoryMb && megabytes <= kMaxMemoryMb) || megabytes != std::floor(megabytes)) {
        usageError(QStringLiteral("%1: --memory-limit must be a whole number of MB from 64 to 16777216, got '%2'")
                       .arg(name, parser.value("memory-limit")),
                   self);
        return nullptr;
    }
    auto registry = std::make_unique<document::StrategyRegistry>();
    registry->setLimits({std::chrono::milliseconds(std::llround(seconds * 1000)), std::size_t(megabytes)});
    registry->loadDefaultLocations();
    for (const QString &problem : registry->problems()) printErr("warning: " + problem);
    return registry;
}

} // namespace railforge::cli
