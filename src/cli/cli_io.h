// Input and output files of the CLI: stdin/stdout when no file is given (or "-"), atomic writes otherwise.
#pragma once

#include "cli/command.h"
#include "document/files/csv_points.h"
#include "document/model/level.h"
#include "document/routing/patrol_route.h"
#include "document/yaml/level_reader.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <optional>

namespace railforge::cli {

// The bytes of an input, or the exit code to stop with (its reason already printed).
struct Input {
    std::optional<QByteArray> bytes;
    int exitCode = 0; // 3 for a missing or oversized file, 1 for a read failure
};

// Reads `path` (stdin when empty), refusing more than `limit` bytes (a file's size is checked
// before reading it).
Input readInput(const QString &path, qint64 limit);

// Reads the CSV points of `path` (stdin when empty or "-"), printing every problem at
// FILE:LINE:COLUMN; the points, or nothing and the exit code to stop with.
struct CsvInput {
    std::optional<document::CsvPoints> path;
    int exitCode = 0;
};
CsvInput readCsvInput(const QString &path);

// The value of the --spacing option (a sample spacing: document::whyBadSpacing); nothing after
// printing a usage error that names the allowed range.
std::optional<double> spacingOption(const QCommandLineParser &parser, const Command &command);

// The finite number option `name` within [low, high] (low excluded when `open`); nothing after a
// usage error that names the range.
std::optional<double> numberOption(const QCommandLineParser &parser, const char *name, double low, double high,
                                   bool open, const Command &command);

// Writes `bytes` to `path`: stdout when empty or "-", a device or FIFO in place, a file atomically
// (document/files/output_file.h); on failure prints which file and why, and returns false. A path
// that leads out of its project through a link is refused (exit 3 is the caller's) unless allowed.
bool writeOutput(const QString &path, const QByteArray &bytes);

// Whether writeOutput may write through links leading out of the project (--allow-outside-project).
void allowOutputsOutsideProject(bool allow);

// Refuses (exit 2, before any work) an output that is a folder, or that is the level file `level`
// the command reads (which the write would replace), and (exit 3) one that leads out of its project
// through a link unless allowed; nothing when the output may be written.
std::optional<int> checkOutputPath(const QString &out, const QString &level, const Command &command);

// The name diagnostics use for an input: the path, or "<stdin>".
QString inputName(const QString &path);

// Loads a level, printing every diagnostic (warnings too); nothing when it has errors.
std::optional<document::Level> loadLevelReporting(const QString &path);

// A patrol's route as `route`, `profile` and their kind build it: the patrol found by id, its stops
// checked (located), its legs walked on its agent's navmesh when it follows one, its pipeline run; or
// the exit code to stop with, every reason printed. The parser holds the reference rule options
// (reference_rules.h).
struct RouteOutcome {
    std::optional<document::PatrolRoute> route;
    int exitCode = 0;
};
RouteOutcome routeNamedPatrol(const QCommandLineParser &parser, const document::LoadResult &loaded, const QString &file,
                              const std::string &id, const char *command);

// What every command that edits a level file shares: the level `file` loaded (problems printed),
// edited by edit(level) (which returns false after printing why it cannot), kept whole as the
// editor keeps it, and written to `out` over the file's own text as a save writes it, only when it
// loads. Returns the exit code.
int rewriteLevelFile(const QString &file, const QString &out, const std::function<bool(document::Level &)> &edit);
// What `bank` and `drape` share: the level `file` loaded (problems printed), its rail `railId` replaced
// by edit(level, rail) and the level written to `out` over the file's own text, as a save writes it.
// `edit` returns nothing after printing why it cannot; the exit code is returned.
// `whole`, when given, does what the edit needs besides the rail itself (bank: the tilt kept across
// junctions).
int rewriteRail(
    const QString &file, const QString &railId, const QString &out,
    const std::function<std::optional<document::Rail>(const document::Level &, const document::Rail &)> &edit,
    const std::function<void(document::Level &)> &whole = {});

// The level's metres per unit, for speeds and forces (its units must name a length); nothing after
// saying why not on stderr.
std::optional<double> metresPerUnitOf(const document::Level &level, const QString &file);

// Parses "X,Y" or "X,Y,Z" (a point given on the command line).
std::optional<core::Vec3> parsePointArgument(const QString &text);

} // namespace railforge::cli
