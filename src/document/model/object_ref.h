// Addressing the objects of a level: by kind and index (for edits) or kind and id (for selection).
#pragma once

#include "document/model/level.h"

#include <string>
#include <variant>

namespace railforge::document {

// The kinds of level object. Every kind shares the object identity (ObjectId), the selection, the
// add/remove/change commands, copy/paste, delete and the per-kind show/lock layers; what differs per
// kind is listed in docs/architecture.md "Adding an object kind". Append new kinds: the order is
// the variant's below.
enum class ObjectKind { Waypoint, Edge, Obstacle, Rail, Patrol, Junction, Reference, Agent };
inline constexpr std::size_t kObjectKindCount = 8;

// Any one level object, by value (what undo commands keep); its index is its ObjectKind.
using AnyObject = std::variant<Waypoint, Edge, Obstacle, Rail, Patrol, Junction, Reference, Agent>;

// The kind of an AnyObject.
ObjectKind kindOf(const AnyObject &object);

// An object's position in its kind's list.
struct ObjectIndex {
    ObjectKind kind = ObjectKind::Waypoint;
    std::size_t index = 0;
    friend bool operator==(const ObjectIndex &, const ObjectIndex &) = default;
};

// An object named by kind and id, stable across inserts and removals. Edges have no id of their
// own: theirs is "from>to".
struct ObjectId {
    ObjectKind kind = ObjectKind::Waypoint;
    std::string id;
    friend bool operator==(const ObjectId &, const ObjectId &) = default;
    friend auto operator<=>(const ObjectId &, const ObjectId &) = default;
};

// The id an edge is selected by: "from>to".
std::string edgeId(const Edge &edge);

// What matches an object across versions of a level (merges, diffs): its id; an edge's edgeId.
inline std::string objectKey(const Edge &edge) { return edgeId(edge); }
template <typename T>
std::string objectKey(const T &object)
{
    return object.id;
}

// Number of objects of a kind.
std::size_t objectCount(const Level &level, ObjectKind kind);
// The object at an index (which must exist), copied.
AnyObject objectAt(const Level &level, ObjectIndex at);
// The id of the object at an index.
std::string objectIdAt(const Level &level, ObjectIndex at);
// Where the object with this id is, or nothing.
std::optional<ObjectIndex> findObject(const Level &level, const ObjectId &id);

// The custom properties of an object, or nullptr for a kind that has none (references).
const Properties *propertiesOf(const AnyObject &object);
Properties *propertiesOf(AnyObject &object);

// Lower-case singular name of a kind ("waypoint").
const char *kindName(ObjectKind kind);

} // namespace railforge::document
