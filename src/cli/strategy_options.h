// The options shared by every command that runs smoothing strategies: the per-step time limit and
// the helper's memory limit.
#pragma once

#include "document/strategy/strategy_registry.h"

#include <QCommandLineParser>

#include <optional>

namespace railforge::cli {

// Adds --timeout SECONDS and --memory-limit MB.
void addStrategyOptions(QCommandLineParser &parser);

// Builds a registry with the default plugin locations and the parsed limits, warning about skipped
// plugins on stderr; nothing (after a usage message naming `command`) when a limit is not valid.
std::unique_ptr<document::StrategyRegistry> strategyRegistry(const QCommandLineParser &parser, const char *command);

} // namespace railforge::cli
