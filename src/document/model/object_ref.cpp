#include "document/model/object_ref.h"

namespace railforge::document {

ObjectKind kindOf(const AnyObject &object) { return static_cast<ObjectKind>(object.index()); }

std::string edgeId(const Edge &edge) { return edge.from + ">" + edge.to; }

std::size_t objectCount(const Level &level, ObjectKind kind)
{
    switch (kind) {
    case ObjectKind::Waypoint: return level.waypoints.size();
    case ObjectKind::Edge: return level.edges.size();
    case ObjectKind::Obstacle: return level.obstacles.size();
    case ObjectKind::Rail: return level.rails.size();
    case ObjectKind::Patrol: return level.patrols.size();
    }
    return 0;
}

AnyObject objectAt(const Level &level, ObjectIndex at)
{
    switch (at.kind) {
    case ObjectKind::Waypoint: return level.waypoints.at(at.index);
    case ObjectKind::Edge: return level.edges.at(at.index);
    case ObjectKind::Obstacle: return level.obstacles.at(at.index);
    case ObjectKind::Rail: return level.rails.at(at.index);
    case ObjectKind::Patrol: return level.patrols.at(at.index);
    }
    return level.waypoints.at(at.index);
}

std::string objectIdAt(const Level &level, ObjectIndex at)
{
    switch (at.kind) {
    case ObjectKind::Waypoint: return level.waypoints.at(at.index).id;
    case ObjectKind::Edge: return edgeId(level.edges.at(at.index));
    case ObjectKind::Obstacle: return level.obstacles.at(at.index).id;
    case ObjectKind::Rail: return level.rails.at(at.index).id;
    case ObjectKind::Patrol: return level.patrols.at(at.index).id;
    }
    return {};
}

std::optional<ObjectIndex> findObject(const Level &level, const ObjectId &id)
{
    const std::size_t n = objectCount(level, id.kind);
    for (std::size_t i = 0; i < n; ++i)
        if (objectIdAt(level, {id.kind, i}) == id.id) return ObjectIndex{id.kind, i};
    return std::nullopt;
}

const char *kindName(ObjectKind kind)
{
    static constexpr const char *names[] = {"waypoint", "edge", "obstacle", "rail", "patrol"};
    return names[static_cast<int>(kind)];
}

} // namespace railforge::document
