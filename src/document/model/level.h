// The level document: plain value types with stable string ids (docs/design.md "Domain model").
#pragma once

#include "core/frames.h"
#include "core/spline.h"
#include "core/vec3.h"
#include "document/model/property.h"
#include "document/model/rail_channel.h"
#include "document/model/reference.h"
#include "document/model/track_style.h"

#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace railforge::document {

using core::Vec3;

// A node of the waypoint graph.
struct Waypoint {
    std::string id;
    Vec3 position;
    Properties properties;
    friend bool operator==(const Waypoint &, const Waypoint &) = default;
};

// A connection between two waypoints; cost defaults to the Euclidean length.
struct Edge {
    std::string from;
    std::string to;
    bool bidirectional = true;
    std::optional<double> cost;
    Properties properties;
    friend bool operator==(const Edge &, const Edge &) = default;
};

// A 2D point of an obstacle outline (obstacles live in the ground plane).
struct Point2 {
    double x = 0.0;
    double y = 0.0;
    friend bool operator==(Point2, Point2) = default;
};

// A circle obstacle.
struct Circle {
    Point2 center;
    double radius = 0.0;
    friend bool operator==(const Circle &, const Circle &) = default;
};

// Blocked space: a simple polygon (interior blocked) or a circle.
struct Obstacle {
    enum class Shape { Polygon, Circle };
    std::string id;
    Shape shape = Shape::Polygon;
    std::vector<Point2> polygon; // used when shape == Polygon
    Circle circle;               // used when shape == Circle
    Properties properties;
    // Two obstacles are equal when they block the same space: the unused shape is not saved, so it
    // does not count (a level read back from its file equals the level that was saved).
    friend bool operator==(const Obstacle &a, const Obstacle &b)
    {
        if (a.id != b.id || a.shape != b.shape || a.properties != b.properties) return false;
        return a.shape == Shape::Polygon ? a.polygon == b.polygon : a.circle == b.circle;
    }
};

// How a rail's curve passes through its control points.
enum class SplineKind { CatmullRom, Linear, Bezier };

using core::FrameMode;
using core::HandleMode;
using core::PointHandles;

// A spline a player or vehicle rides: the curve through its control points.
// Per-point extras live in vectors beside `points` that are either empty (every point has the
// default) or exactly as long as `points` (rail_points.h keeps them so on edits).
struct Rail {
    std::string id;
    std::vector<Vec3> points;
    bool closed = false;
    SplineKind spline = SplineKind::CatmullRom;
    double alpha = 0.5; // 0 uniform, 0.5 centripetal, 1 chordal
    // How its up vector is carried (core/frames.h). A file that names none keeps the frames levels had
    // before modes existed (minimal twist); rails the editor makes are upright.
    FrameMode frame = FrameMode::MinimalTwist;
    Properties properties;
    std::vector<PointHandles> handles = {}; // Bezier rails: handle mode and offsets per point (default Auto)
    std::vector<double> tilts = {};         // any rail: degrees about the tangent per point (default 0)
    std::vector<RailChannel> channels = {}; // data along the rail (rail_channel.h), in the file's order
    std::optional<TrackStyle> track = {};   // how the engine shows it (none: the default style)
    // Equal when every point has the same extras, whether stored or defaulted (empty vectors).
    friend bool operator==(const Rail &a, const Rail &b);
};

// How a patrol walks its stops.
enum class PatrolMode { Loop, PingPong, Once };

// What a patrol's legs between stops follow: the waypoint graph's edges (A*), or the walkable ground
// of its agent's navigation mesh (Detour).
enum class PatrolFollow { Graph, NavMesh };

// Who walks a patrol (docs/design.md "Patrols on the level"): the size that decides where it can go,
// in the level's units. Each agent has a navigation mesh of its own, baked from the ground.
struct Agent {
    std::string id;
    double radius = 0.4;
    double height = 1.8;
    double climb = 0.4;         // the highest step it walks up or down
    double slope = 45.0;        // the steepest ground it walks, degrees
    std::optional<double> cell; // its navmesh's cell across (none: a third of the radius)
    Properties properties;
    friend bool operator==(const Agent &, const Agent &) = default;
};

// One step of a smoothing pipeline: a strategy id and its parameter values.
struct SmoothingStep {
    std::string strategy;
    Properties params;
    bool enabled = true;
    friend bool operator==(const SmoothingStep &, const SmoothingStep &) = default;
};

// A route agents follow: A* between consecutive stops (or its agent's navmesh), then the smoothing
// pipeline.
struct Patrol {
    std::string id;
    std::vector<std::string> stops;
    PatrolMode mode = PatrolMode::Loop;
    std::string agent;                         // who walks it ("": no one in particular)
    PatrolFollow follow = PatrolFollow::Graph; // navmesh: needs an agent
    std::vector<SmoothingStep> smoothing;
    Properties properties;
    friend bool operator==(const Patrol &, const Patrol &) = default;
};

// Which end of a rail: its first point (s = 0) or its last (s = length).
enum class RailEnd { Start, End };

// A rail end joined to a junction.
struct JunctionLink {
    std::string rail;
    RailEnd end = RailEnd::Start;
    friend bool operator==(const JunctionLink &, const JunctionLink &) = default;
};

// A switch where rails meet (docs/design.md "Rail networks"): on its trunk rail at one of its ends or
// at an arc length; riders arriving along the trunk take one of its ways (the trunk going on, for a
// mid-rail junction, and each linked rail, ridden from the linked end), the default unless told.
struct Junction {
    std::string id;
    std::string rail;           // the trunk
    std::optional<RailEnd> end; // at this end of the trunk, or
    double s = 0.0;             // at this arc length along it (when end is empty)
    std::vector<JunctionLink> links;
    std::string defaultWay; // the rail of the way taken unless told ("": the first way)
    Properties properties;
    friend bool operator==(const Junction &, const Junction &) = default;
};

// Level-wide settings.
struct LevelInfo {
    std::string name = "Untitled";
    std::string units = "m";
    std::optional<TrackStyle> track; // every rail's track that has none of its own (none: two rails)
    friend bool operator==(const LevelInfo &, const LevelInfo &) = default;
};

// The whole document.
struct Level {
    LevelInfo info;
    std::vector<Reference> references; // never exported
    std::vector<Waypoint> waypoints;
    std::vector<Edge> edges;
    std::vector<Obstacle> obstacles;
    std::vector<Rail> rails;
    std::vector<Patrol> patrols;
    std::vector<Junction> junctions; // after the rails they join
    std::vector<Agent> agents;       // who walks the patrols
    friend bool operator==(const Level &, const Level &) = default;
};

// The YAML spellings of the enums.
const char *splineKindName(SplineKind kind);
const char *handleModeName(HandleMode mode);
// "upright", "minimal-twist".
const char *frameModeName(FrameMode mode);
std::optional<FrameMode> frameModeFromName(const std::string &name);
std::optional<HandleMode> handleModeFromName(const std::string &name);
const char *patrolModeName(PatrolMode mode);
// "graph", "navmesh".
const char *patrolFollowName(PatrolFollow follow);
std::optional<PatrolFollow> patrolFollowFromName(const std::string &name);
std::optional<SplineKind> splineKindFromName(const std::string &name);
std::optional<PatrolMode> patrolModeFromName(const std::string &name);
// "start", "end".
const char *railEndName(RailEnd end);
std::optional<RailEnd> railEndFromName(const std::string &name);

// The level's list of objects of type T (Waypoint, Edge, Obstacle, Rail, Patrol, Junction, Reference or Agent), for
// code written once for every kind.
template <typename T>
std::vector<T> &listOf(Level &level)
{
    if constexpr (std::is_same_v<T, Reference>)
        return level.references;
    else if constexpr (std::is_same_v<T, Waypoint>)
        return level.waypoints;
    else if constexpr (std::is_same_v<T, Edge>)
        return level.edges;
    else if constexpr (std::is_same_v<T, Obstacle>)
        return level.obstacles;
    else if constexpr (std::is_same_v<T, Rail>)
        return level.rails;
    else if constexpr (std::is_same_v<T, Junction>)
        return level.junctions;
    else if constexpr (std::is_same_v<T, Agent>)
        return level.agents;
    else
        return level.patrols;
}
template <typename T>
const std::vector<T> &listOf(const Level &level)
{
    return listOf<T>(const_cast<Level &>(level)); // the same lists, read only
}

} // namespace railforge::document
