// One subcommand of railforge-cli: its name, one-line summary and entry point.
#pragma once

#include <QCommandLineParser>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace railforge::cli {

// A subcommand; `run` receives argv starting with the program name followed by the command's own arguments.
struct Command {
    const char *name;
    const char *synopsis;
    const char *summary;
    std::function<int(const QStringList &arguments)> run;
};

// Every subcommand, in the order `--help` lists them.
const std::vector<Command> &commands();

// The subcommand called `name` (which must exist).
const Command &command(const char *name);

// Prints `message` and the command's usage to stderr; returns ExitUsage.
int usageError(const QString &message, const Command &command);

// Parses a command's arguments; returns an exit code when the command must stop here
// (0 after --help, ExitUsage on an unknown option or missing value), nothing to go on.
std::optional<int> parseArguments(QCommandLineParser &parser, const QStringList &arguments, const Command &command);

} // namespace railforge::cli
