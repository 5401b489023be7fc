// Semantic checks of a parsed level: ids, references, degenerate geometry.
#pragma once

#include "document/level.h"
#include "document/level_marks.h"
#include "document/yaml_node_reader.h"

namespace railforge::document {

// Reports duplicate ids, dangling references, self-loops and degenerate obstacles at their places.
void checkLevel(const Level &level, const LevelMarks &marks, NodeReader &reader);

// Largest polygon (in vertices) whose simplicity is checked; the check is quadratic.
inline constexpr std::size_t kMaxCheckedPolygonVertices = 4096;

} // namespace railforge::document
