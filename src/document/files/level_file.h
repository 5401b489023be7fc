// Level files on disk: size-limited loading and atomic saving (output_file.h).
#pragma once

#include "document/files/output_file.h"
#include "document/yaml/level_reader.h"

#include <QString>

#include <optional>
#include <string>

namespace railforge::document {

// Files larger than this are refused before parsing (docs/design.md "Input limits").
inline constexpr qint64 kMaxLevelFileBytes = 64 * 1024 * 1024;

// Reads and validates a level file; diagnostics name `path` as the file.
LoadResult loadLevelFile(const QString &path);

// The bytes of a file (up to one byte past kMaxLevelFileBytes, enough to tell it changed), or
// nothing when it cannot be read (missing, a folder, no permission).
std::optional<std::string> readFileText(const QString &path);

// Saves a level atomically; on failure returns false with a message in `error`.
bool saveLevelFile(const QString &path, const Level &level, QString *error);

// What a save over a file's previous text wrote.
struct SavedLevel {
    bool ok = false;
    std::string text;              // the bytes now in the file (when ok)
    bool keptPreviousText = false; // the previous layout and comments were kept (level_rewriter.h)
};

// Saves a level atomically over `previousText` (the file as loaded or last saved; empty for a new
// file), changing only what differs from it; `previousLevel` (may be null) is what that text reads
// as. On failure `ok` is false with a message in `error`.
SavedLevel saveLevelFileOver(const QString &path, const Level &level, const std::string &previousText,
                             const Level *previousLevel, QString *error);

} // namespace railforge::document
