// The rules an edit of a level must keep, each with the reason a designer is told when an edit
// breaks it. One place for them, so the canvas tools, the inspector and the loader agree.
// Each returns "" when the edit is allowed, else the reason.
#pragma once

#include "document/model/level.h"
#include "document/model/object_ref.h"

#include <string>
#include <utility>
#include <vector>

namespace railforge::document {

// A closed rail needs at least 3 points (2 would trace one segment back and forth).
std::string whyRailCannotClose(const Rail &rail);
// Consecutive rail points (a closed rail's last and first too) are equal or at least kMinRailSegment
// apart, so every segment has a direction: each pair (i, i + 1) that is not, in order.
std::vector<std::pair<std::size_t, std::size_t>> railPointsTooClose(const Rail &rail);
// "rail 'r' points 3 and 4 are 2e-07 apart: closer than the resolution 1e-6 but not equal; ..." for
// the pair (i, j) of railPointsTooClose.
std::string tooCloseMessage(const Rail &rail, std::size_t i, std::size_t j);
// The first such pair's message, or "" when there is none.
std::string whyRailPointsTooClose(const Rail &rail);
// A rail keeps at least 2 control points.
std::string whyRailPointCannotGo(const Rail &rail);
// Catmull-Rom alpha lies in [0, 1].
std::string whyBadAlpha(double alpha);
// A rail point's tilt is finite and within +-kMaxTiltDegrees.
std::string whyBadTilt(double degrees);
// Coordinates (and heights) lie within the level's coordinate range (number_limits.h), so the editor
// never saves what the loader would refuse.
std::string whyBadCoordinate(double value, const std::string &what);
// A sample spacing (`sample`, `export`, the editor's export) lies within [kMinSpacing, kMaxSpacing].
std::string whyBadSpacing(double spacing);
// A circle's radius is greater than 0 and within the coordinate range.
std::string whyBadRadius(double radius);
// An edge's cost is greater than 0 and at most kMaxEdgeCost (no cost: its length).
std::string whyBadCost(double cost);
// Connecting `from` to `to`: not to itself, both known, not twice (a two-way edge covers both ways;
// one-way edges a->b and b->a may coexist).
std::string whyCannotConnect(const Level &level, const std::string &from, const std::string &to, bool bidirectional);
// Making an existing edge two-way: no other edge may already run the other way.
std::string whyEdgeCannotBeTwoWay(const Level &level, const Edge &edge);
// An id is not empty and not taken by another object of the same kind.
std::string whyBadId(const Level &level, ObjectKind kind, const std::string &oldId, const std::string &newId);
// Why an object's values break the rules above ("" when none does): every coordinate (points,
// handle offsets, a circle's centre) within the coordinate range, a circle's radius, an edge's cost,
// a rail's alpha, tilts and track style. Every edit of an object (level_editing.h) is checked by it,
// so no caller needs to check first.
std::string whyBadValues(const AnyObject &object);
// A patrol needs at least 2 stops.
std::string whyTooFewStops(std::size_t stops);

// The numbers of an agent, in the file's order.
enum class AgentField { Radius, Height, Climb, Slope, Cell };
inline constexpr std::size_t kAgentFieldCount = 5;
// "radius", "height", "climb", "slope", "cell".
const char *agentFieldName(AgentField field);
// Each number of an agent that breaks its rule, with why: radius and height greater than 0, climb 0 or
// more, all within the coordinate range; the slope between 0 and 90 degrees (both left out); a navmesh
// cell, when given, greater than 0 and within the coordinate range.
std::vector<std::pair<AgentField, std::string>> agentProblems(const Agent &agent);

} // namespace railforge::document
