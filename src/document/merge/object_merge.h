// The field-by-field three-way merge of one level object present on both sides (docs/design.md
// "Merging levels"): scalar fields whole, a rail's points per index while both sides keep their count,
// channels by name and their keys by place, properties by key, a pipeline step by step.
#pragma once

#include "document/merge/three_way.h"
#include "document/model/level.h"

namespace railforge::document {

// Each merges one object that both sides hold from `base`.
Waypoint mergeObject(const Waypoint &base, const Waypoint &ours, const Waypoint &theirs, Side prefer, Disputes &d);
Edge mergeObject(const Edge &base, const Edge &ours, const Edge &theirs, Side prefer, Disputes &d);
Obstacle mergeObject(const Obstacle &base, const Obstacle &ours, const Obstacle &theirs, Side prefer, Disputes &d);
Rail mergeObject(const Rail &base, const Rail &ours, const Rail &theirs, Side prefer, Disputes &d);
Patrol mergeObject(const Patrol &base, const Patrol &ours, const Patrol &theirs, Side prefer, Disputes &d);
Junction mergeObject(const Junction &base, const Junction &ours, const Junction &theirs, Side prefer, Disputes &d);
Reference mergeObject(const Reference &base, const Reference &ours, const Reference &theirs, Side prefer, Disputes &d);
Agent mergeObject(const Agent &base, const Agent &ours, const Agent &theirs, Side prefer, Disputes &d);
LevelInfo mergeObject(const LevelInfo &base, const LevelInfo &ours, const LevelInfo &theirs, Side prefer, Disputes &d);

// Properties merged by name (a value changed on one side, added, deleted).
Properties mergeProperties(const Properties &base, const Properties &ours, const Properties &theirs, Side prefer,
                           Disputes &d);

} // namespace railforge::document
