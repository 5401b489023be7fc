// Which lines of one text are which of another's: the longest common subsequence of two texts' lines,
// found by Myers' O((N+M)·D) walk, so two versions of a big level with few differences compare in
// time near their length. The comment merge places one side's comment edits with it.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace railforge::document {

// A text's lines, each without its '\n' (a '\r' before it stays part of the line).
std::vector<std::string_view> textLines(std::string_view text);

// For each line of `a`, the line of `b` it is the same line as (none: a line `b` does not keep), or
// nothing at all when the two differ in more than `maxDifferences` lines (the walk's cost grows with
// its square).
std::optional<std::vector<std::optional<std::size_t>>> matchLines(const std::vector<std::string_view> &a,
                                                                  const std::vector<std::string_view> &b,
                                                                  std::size_t maxDifferences = 3000);

} // namespace railforge::document
