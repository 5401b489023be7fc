// Junctions as a rider meets them (docs/design.md "Rail networks"): where a junction sits on its
// trunk, the ways out of it (the trunk going on at a mid-rail junction, then each linked rail from
// its linked end, ridden away from it), its default way; and a level's rails and junctions as the
// core's network (core/rail_network.h) with each rail's arc-length table and frames, what the ride,
// the export, the loader's checks and the editor all read.
#pragma once

#include "core/frames.h"
#include "core/rail_network.h"
#include "document/model/level.h"
#include "document/model/rail_geometry_cache.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

// Arc length of a rail's end.
inline double railEndS(RailEnd end, double length) { return end == RailEnd::Start ? 0.0 : length; }

// A way out of a junction: onto `rail` at `s`, riding forward (s growing) or backward.
struct JunctionWay {
    std::string rail;
    double s = 0.0;
    bool forward = true;
};

// Where the junction sits on its trunk of length `trunkLength`.
double junctionS(const Junction &junction, double trunkLength);
// Riders reach it riding the trunk forward, except a junction at the trunk's start (backward).
bool arrivesForward(const Junction &junction);
// Its ways, in order: the trunk going on (mid-rail junctions only), then the links.
// `lengthOf(rail)` gives a rail's length.
std::vector<JunctionWay> junctionWays(const Junction &junction,
                                      const std::function<double(const std::string &)> &lengthOf);
// The index of its default way among `ways` (its `defaultWay` rail; the first when empty or unknown).
std::size_t defaultWayIndex(const Junction &junction, const std::vector<JunctionWay> &ways);
// The rails of its ways in junctionWays' order, and the index of the default among them: what the
// outliner and the inspector list (no lengths needed).
struct JunctionWayRails {
    std::vector<std::string> rails;
    std::size_t chosen = 0;
};
JunctionWayRails junctionWayRails(const Junction &junction);

// A junction as the views draw it: where its rails meet, the unit direction (3D) of each way out of
// it, in junctionWays' order, and of the trunk back towards where riders arrive from, and which way
// is the default. A way whose rail is missing has a zero direction.
struct JunctionShape {
    core::Vec3 place;
    std::vector<core::Vec3> ways;
    core::Vec3 arrival;
    std::size_t defaultWay = 0;
};
// The shape of `junction`, its rails' tables found by `tableNamed` (null for a rail it does not
// have); nothing when its trunk is missing or empty.
std::optional<JunctionShape>
junctionShape(const Junction &junction,
              const std::function<const core::ArcLengthTable *(const std::string &)> &tableNamed);

// A level's rails as the core's network, with what positions and frames need.
struct LevelNetwork {
    std::vector<core::NetworkRail> rails;           // level.rails' order
    std::vector<core::ArcLengthTable> tables;       // each rail's
    std::vector<core::FrameTable> frames;           // each rail's
    std::vector<core::NetworkJunction> junctions;   // level.junctions' order
    std::vector<std::vector<std::string>> wayRails; // each junction's ways' rail ids
};

// The network of a level (a loaded level: every junction names rails it has). Each rail's table
// and frames come from `geometryOf` when given (the editor's document, which has most of them
// built already), else are built here.
LevelNetwork buildLevelNetwork(const Level &level, const RailGeometryOf &geometryOf = {});

// The rider's place, travel direction (unit) and up at (rail, s) riding forward or not.
struct NetworkPose {
    core::Vec3 position, tangent, up;
};
NetworkPose networkPose(const LevelNetwork &network, std::size_t rail, double s, bool forward);

// A junction's point: its trunk at its s.
std::optional<core::Vec3> junctionPoint(const Level &level, const Junction &junction);

} // namespace railforge::document
