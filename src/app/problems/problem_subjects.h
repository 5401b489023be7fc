// What the editor does with a problem's subject (document/checks/level_problem.h): the object a click
// selects, the words that name it in the list, the spot the plan marks.
#pragma once

#include "document/checks/level_problem.h"
#include "document/model/level.h"

#include <optional>
#include <string>

namespace railforge::app {

// The selection key ("rail:main") of the object the problem is about; "" when it is about nothing
// the canvas can select (the level, a reference). A junction selects its trunk.
std::string selectionKeyOf(const document::Level &level, const document::ProblemSubject &subject);

// "rail 'main', point 4", "junction 'j1', link 2", "edge a > b".
std::string subjectName(const document::Level &level, const document::ProblemSubject &subject);

// Where on the level the problem is: the check's own spot, else the subject's place (a point, a
// waypoint, an edge's middle, an obstacle's centre, a junction's point, a stop's waypoint); nothing
// for the level as a whole or a reference.
std::optional<core::Vec3> spotOf(const document::Level &level, const document::LevelProblem &problem);

} // namespace railforge::app
