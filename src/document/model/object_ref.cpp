#include "document/model/object_ref.h"

namespace railforge::document {

static_assert(std::variant_size_v<AnyObject> == kObjectKindCount, "one variant alternative per kind");

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
    case ObjectKind::Junction: return level.junctions.size();
    case ObjectKind::Reference: return level.references.size();
    case ObjectKind::Agent: return level.agents.size();
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
    case ObjectKind::Junction: return level.junctions.at(at.index);
    case ObjectKind::Reference: return level.references.at(at.index);
    case ObjectKind::Agent: return level.agents.at(at.index);
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
    case ObjectKind::Junction: return level.junctions.at(at.index).id;
    case ObjectKind::Reference: return level.references.at(at.index).id;
    case ObjectKind::Agent: return level.agents.at(at.index).id;
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

Properties *propertiesOf(AnyObject &object)
{
    return std::visit(
        [](auto &o) -> Properties * {
            if constexpr (requires { o.properties; })
                return &o.properties;
            else
                return nullptr;
        },
        object);
}

const Properties *propertiesOf(const AnyObject &object) { return propertiesOf(const_cast<AnyObject &>(object)); }

const char *kindName(ObjectKind kind)
{
    static constexpr const char *names[] = {"waypoint", "edge",     "obstacle",  "rail",
                                            "patrol",   "junction", "reference", "agent"};
    return names[static_cast<int>(kind)];
}

} // namespace railforge::document
