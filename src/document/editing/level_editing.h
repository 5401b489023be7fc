// The designer's edits of a level, each pushed as one undoable command on the document's stack.
// These keep the document valid: ids stay unique and references never dangle.
#pragma once

#include "document/editing/level_document.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

// An unused id of the form prefix + number ("w31").
std::string uniqueId(const Level &level, ObjectKind kind, const std::string &prefix);

// Adds a waypoint; returns its new id.
std::string addWaypoint(LevelDocument &document, Vec3 position);

// Connects two waypoints; false (nothing pushed) when they are the same, unknown, or already connected.
bool connectWaypoints(LevelDocument &document, const std::string &from, const std::string &to, bool bidirectional);

// Adds a rail through `points` (at least 2); returns its id, or nothing.
std::optional<std::string> addRail(LevelDocument &document, std::vector<Vec3> points, bool closed);

// Adds an obstacle (its id is replaced by a fresh one); returns the id.
std::string addObstacle(LevelDocument &document, Obstacle obstacle);

// Adds a patrol through existing waypoints (at least 2 stops); returns its id, or nothing.
std::optional<std::string> addPatrol(LevelDocument &document, std::vector<std::string> stops);

// Moves waypoints, rails (all their points), obstacles and unlocked references by `delta`. Calls with the same non-zero
// mergeKey in a row (one drag) become one undo step.
// `waypointHeight`, when given, sets each moved waypoint's z from its new position (keeping
// waypoints on the ground while they are dragged).
void moveObjects(LevelDocument &document, const std::vector<ObjectId> &objects, Vec3 delta, int mergeKey = 0,
                 const std::function<double(Vec3 moved)> &waypointHeight = {});

// Moves one control point of a rail to `position` (merging like moveObjects). "" when done, else why
// not (a point left neither on nor 1e-6 from its neighbour: checks/edit_rules.h, as the loader).
std::string moveRailPoint(LevelDocument &document, const std::string &rail, std::size_t point, Vec3 position,
                          int mergeKey = 0);

// Inserts a control point into a rail before index `point`; "" when done, else why not.
std::string insertRailPoint(LevelDocument &document, const std::string &rail, std::size_t point, Vec3 position);

// Removes a control point from a rail (rails keep at least 2 points: false otherwise). The junctions
// that went with it (at the rail's end point, or linked by it) go to `removedJunctions`.
bool removeRailPoint(LevelDocument &document, const std::string &rail, std::size_t point,
                     std::vector<std::string> *removedJunctions = nullptr);

// What a delete did beyond the objects asked for, so the designer can be told.
struct DeleteReport {
    std::size_t deleted = 0;                      // objects asked for that existed
    std::size_t edgesWithWaypoints = 0;           // edges that went with their waypoints
    std::vector<std::string> patrolsShortened;    // patrols that lost stops but remain
    std::vector<std::string> patrolsRemoved;      // patrols left with fewer than 2 stops, deleted too
    std::vector<std::string> junctionsRemoved;    // junctions on a deleted rail or left without links
    std::vector<std::string> junctionsUnlinked;   // junctions that lost the link to a deleted rail
    std::vector<std::string> patrolsWithoutAgent; // patrols whose agent was deleted
};

// Pushes the edit of one rail (found by id) as one undo step; false when there is no such rail or
// the edit changes nothing.
bool editRail(LevelDocument &document, const std::string &id, const std::function<Rail(const Rail &)> &edit,
              const QString &text, int mergeKey = 0);

// Deletes objects. Deleting a waypoint also deletes its edges and takes it out of patrols; a patrol
// left with fewer than 2 stops is deleted too. A patrol whose agent is deleted keeps walking the graph,
// with no agent. Deleting a rail takes its links out of junctions; a
// junction on it, or left with no links, is deleted too. A junction deleted leaves its rails as they
// are, unjoined. All in one undo step.
DeleteReport deleteObjects(LevelDocument &document, const std::vector<ObjectId> &objects);

// Replaces one object with an edited copy (inspector edits). Ids must not change here (see renameObject).
// Refused, with the reason, when the copy breaks an edit rule (checks/edit_rules.h whyBadValues).
std::string changeObject(LevelDocument &document, ObjectIndex at, AnyObject edited, const QString &text,
                         int mergeKey = 0);

// Replaces several objects with edited copies in one undo step (an edit of many selected objects);
// refused as a whole, with the first reason, when a copy breaks an edit rule.
std::string changeObjects(LevelDocument &document, std::vector<std::pair<ObjectIndex, AnyObject>> edited,
                          const QString &text);

// Gives an object a new id, updating every reference to it (edges and patrol stops for waypoints,
// patrols' agents for agents).
// False with a reason when the id is empty or taken.
bool renameObject(LevelDocument &document, const ObjectId &object, const std::string &newId, std::string *error);

// Copies of the objects (for the clipboard / duplicate): waypoints, the edges among them, rails,
// obstacles, references, patrols whose stops are all copied, and the junctions whose rails are all
// copied (a junction asked for brings its rails).
Level extractObjects(const Level &level, const std::vector<ObjectId> &objects);

// Adds the objects of `fragment` shifted by `offset`, with fresh ids (references remapped); returns
// the ids of the new objects. One undo step.
std::vector<ObjectId> pasteObjects(LevelDocument &document, const Level &fragment, Vec3 offset);

// Sets the level's name, units and default track (one undo step named `text`, "Change level
// settings" when none; nothing when they are unchanged).
void setLevelInfo(LevelDocument &document, LevelInfo info, const QString &text = {});

// Adds a reference after the others, its id made unique ("hill", else "hill2", "hill3", ...) as one
// undo step named `text`; returns the id it got.
std::string addReference(LevelDocument &document, Reference reference, const QString &text);
// Adds an agent after the others, its id made unique as addReference does, as one undo step named
// `text`; returns the id it got ("" when its sizes break the rules).
std::string addAgent(LevelDocument &document, Agent agent, const QString &text);
// Removes the reference with this id (one undo step named `text`); false when there is none.
bool removeReference(LevelDocument &document, const std::string &id, const QString &text);

// Replaces the whole level (restoring autosaved work) as one undo step named `text`.
void replaceLevel(LevelDocument &document, const QString &text, Level level);

} // namespace railforge::document
