// Semantic checks of a parsed level: ids, references, degenerate geometry.
#pragma once

#include "document/checks/level_marks.h"
#include "document/model/level.h"
#include "document/yaml/yaml_node_reader.h"

namespace railforge::document {

// Reports duplicate ids, dangling references, self-loops and degenerate obstacles at their places;
// warns about patrols whose stops all lie at one place.
void checkLevel(const Level &level, const LevelMarks &marks, NodeReader &reader);

// Refuses a rail whose points all coincide (at `railMark`: it has no length and no direction) and
// two consecutive points closer than kMinRailSegment but not equal (at the second one).
void checkRailSegments(const Rail &rail, const YAML::Mark &railMark, const std::vector<YAML::Mark> &pointMarks,
                       NodeReader &reader);

// Largest polygon (in vertices) whose simplicity is checked; the check is quadratic.
inline constexpr std::size_t kMaxCheckedPolygonVertices = 4096;

} // namespace railforge::document
