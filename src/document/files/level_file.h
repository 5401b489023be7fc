// Level files on disk: size-limited loading and atomic saving (QSaveFile).
#pragma once

#include "document/yaml/level_reader.h"

#include <QString>

namespace railforge::document {

// Files larger than this are refused before parsing (docs/design.md "Input limits").
inline constexpr qint64 kMaxLevelFileBytes = 64 * 1024 * 1024;

// Reads and validates a level file; diagnostics name `path` as the file.
LoadResult loadLevelFile(const QString &path);

// Writes `bytes` to `path` atomically: the old file stays intact unless the whole write succeeds.
bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error);

// Saves a level atomically; on failure returns false with a message in `error`.
bool saveLevelFile(const QString &path, const Level &level, QString *error);

} // namespace railforge::document
