#include "document/model/object_change.h"

#include "document/model/rail_points.h"

#include <algorithm>
#include <tuple>

namespace railforge::document {
namespace {

// The properties less those that only say how the object is drawn, and those alone.
Properties dataProperties(const Properties &properties)
{
    Properties out;
    std::copy_if(properties.begin(), properties.end(), std::back_inserter(out),
                 [](const Property &p) { return !isLookProperty(p); });
    return out;
}
Properties lookProperties(const Properties &properties)
{
    Properties out;
    std::copy_if(properties.begin(), properties.end(), std::back_inserter(out), isLookProperty);
    return out;
}

bool sameShapeOf(const Waypoint &a, const Waypoint &b) { return a.position == b.position; }
bool sameShapeOf(const Edge &a, const Edge &b) { return a.from == b.from && a.to == b.to; }
bool sameShapeOf(const Obstacle &a, const Obstacle &b)
{
    if (a.shape != b.shape) return false;
    return a.shape == Obstacle::Shape::Polygon ? a.polygon == b.polygon : a.circle == b.circle;
}
bool sameShapeOf(const Rail &a, const Rail &b) { return sameShape(a, b); }
// Who walks a patrol and what it follows decide where its path goes.
bool sameShapeOf(const Patrol &a, const Patrol &b)
{
    return a.stops == b.stops && a.mode == b.mode && a.agent == b.agent && a.follow == b.follow;
}
// An agent's sizes decide its navigation mesh.
bool sameShapeOf(const Agent &a, const Agent &b)
{
    return std::tie(a.radius, a.height, a.climb, a.slope, a.cell) ==
           std::tie(b.radius, b.height, b.climb, b.slope, b.cell);
}
bool sameShapeOf(const Junction &a, const Junction &b)
{
    return a.rail == b.rail && a.end == b.end && a.s == b.s && a.links == b.links;
}

// A rail's track style is how it looks (what the engine is shown), not its shape or data.
bool sameTrack(const Rail &a, const Rail &b) { return a.track == b.track; }
template <typename T>
bool sameTrack(const T &, const T &)
{
    return true;
}

// The object with its shape and look taken from `from`: what is left to differ is its data.
void takeShapeAndLook(Waypoint &to, const Waypoint &from) { to.position = from.position; }
void takeShapeAndLook(Edge &to, const Edge &from) { to.from = from.from, to.to = from.to; }
void takeShapeAndLook(Obstacle &to, const Obstacle &from)
{
    to.shape = from.shape, to.polygon = from.polygon, to.circle = from.circle;
}
void takeShapeAndLook(Rail &to, const Rail &from)
{
    to.points = from.points, to.closed = from.closed, to.spline = from.spline, to.alpha = from.alpha;
    to.frame = from.frame, to.handles = from.handles, to.tilts = from.tilts, to.track = from.track;
}
void takeShapeAndLook(Patrol &to, const Patrol &from)
{
    to.stops = from.stops, to.mode = from.mode, to.agent = from.agent, to.follow = from.follow;
}
void takeShapeAndLook(Agent &to, const Agent &from)
{
    to.radius = from.radius, to.height = from.height, to.climb = from.climb, to.slope = from.slope, to.cell = from.cell;
}
void takeShapeAndLook(Junction &to, const Junction &from)
{
    to.rail = from.rail, to.end = from.end, to.s = from.s, to.links = from.links;
}

// A reference has no properties: its shape is where it lies (and what it is), its look how it is
// drawn, its data the rest (id, lock, whether it is ground).
ObjectParts partsOf(const Reference &before, const Reference &after)
{
    if (before == after) return 0;
    const auto shape = [](const Reference &r) {
        return std::tie(r.kind, r.file, r.rect, r.zRange, r.up, r.scale, r.rotate, r.translate);
    };
    const auto look = [](const Reference &r) { return std::tie(r.opacity, r.visible, r.color); };
    const auto data = [](const Reference &r) { return std::tie(r.id, r.locked, r.ground); };
    ObjectParts parts = 0;
    if (shape(before) != shape(after)) parts |= kShapePart;
    if (look(before) != look(after)) parts |= kLookPart;
    if (data(before) != data(after)) parts |= kDataPart;
    return parts;
}

template <typename T>
ObjectParts partsOf(const T &before, const T &after)
{
    if (before == after) return 0;
    ObjectParts parts = 0;
    if (!sameShapeOf(before, after)) parts |= kShapePart;
    if (lookProperties(before.properties) != lookProperties(after.properties) || !sameTrack(before, after))
        parts |= kLookPart;
    T rest = after;
    takeShapeAndLook(rest, before);
    rest.properties = before.properties;
    const bool sameData = rest == before && dataProperties(before.properties) == dataProperties(after.properties);
    if (!sameData) parts |= kDataPart;
    return parts;
}

} // namespace

ObjectParts changedParts(const AnyObject &before, const AnyObject &after)
{
    if (before.index() != after.index()) return kEveryPart;
    return std::visit(
        [&](const auto &b) -> ObjectParts {
            using T = std::decay_t<decltype(b)>;
            return partsOf(b, std::get<T>(after));
        },
        before);
}

} // namespace railforge::document
