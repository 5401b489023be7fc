// Level files on disk: size-limited loading and atomic saving (QSaveFile).
#pragma once

#include "document/yaml/level_reader.h"

#include <QString>

#include <string>

namespace railforge::document {

// Files larger than this are refused before parsing (docs/design.md "Input limits").
inline constexpr qint64 kMaxLevelFileBytes = 64 * 1024 * 1024;

// Reads and validates a level file; diagnostics name `path` as the file.
LoadResult loadLevelFile(const QString &path);

// Writes `bytes` to `path` atomically: the old file stays intact unless the whole write succeeds.
bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error);

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
