// Level problems (level_problem.h) at their places in the file the level was read from.
#pragma once

#include "document/checks/level_marks.h"
#include "document/checks/level_problem.h"

#include <string>

namespace railforge::document {

// Where the subject stood in the file (its id, the item itself or the point); a null mark when the
// marks do not reach it (the level as a whole).
YAML::Mark markOf(const ProblemSubject &subject, const LevelMarks &marks);

// Each problem as FILE:LINE:COLUMN (line 0 when it has no place), in the problems' order.
Diagnostics locateProblems(const LevelProblems &problems, const LevelMarks &marks, const std::string &file);

} // namespace railforge::document
