// The loader's semantic checks of a parsed level: the level's rules (level_rules.h) reported at their
// places in the file.
#pragma once

#include "document/checks/level_marks.h"
#include "document/model/level.h"
#include "document/yaml/yaml_node_reader.h"

namespace railforge::document {

// Reports every rule the level breaks (level_rules.h) at its place; rail points are checked as they
// are read (checkRailSegments), so not again here.
void checkLevel(const Level &level, const LevelMarks &marks, NodeReader &reader);

// Reports the points of `rail` (rails[index]) that break a rule, at `marks`' places.
void checkRailSegments(const Rail &rail, std::size_t index, const LevelMarks &marks, NodeReader &reader);

} // namespace railforge::document
