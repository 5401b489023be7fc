// The inputs of merge and diff: files read whole as text, and told apart as levels or other files.
#pragma once

#include <QString>

#include <optional>
#include <string>
#include <string_view>

namespace railforge::cli {

// The file's bytes; nothing after printing why it cannot be read (missing, a folder, too large).
std::optional<std::string> readLevelText(const QString &path);

// Whether a text is meant as a RailForge level: a top-level `railforge:` key on a line of its own.
// (A level with errors still is one, and is reported as such; any other file is left to git.)
bool looksLikeLevel(std::string_view text);

} // namespace railforge::cli
