// A rider moving along a network of rails joined by junctions (railway switches), in arc length
// only: a rail is an index, a length and whether it is closed; positions come from (rail, s)
// elsewhere (ride_pose.h).
//
// A junction sits on its trunk rail at s and is reached by a rider riding the trunk in its arrival
// direction (arriveForward): the rider takes one of the junction's ways (chosen per visit) and leaves
// on the way's rail at the way's s in the way's direction. A rider riding along a way in reverse
// (back to the way's s against its direction) merges onto the trunk: it leaves at the junction's s
// against arriveForward, with no choice. A mid-rail junction lists the trunk's own continuation
// {trunk, s, forward} among its ways, so riding the trunk backward through it passes straight on.
//
// Rules at the edges, all chosen so that one long move equals many short ones:
// - a trigger point (a junction's trunk point, or a way's point in reverse) is reached when the move
//   passes it or ends exactly on it: a move ending exactly on a junction takes it, and the rider
//   sits on the new rail with nothing left to go;
// - only points strictly ahead are reached: a rider sitting on a trigger point (where it starts, or
//   where a junction put it) does not reach it again without moving a lap round. The one exception
//   is a rider sitting at an open rail's end facing out of it: a junction there is taken at once
//   (the rider has nowhere else to go);
// - several triggers at one point: the lowest junction index wins, its trunk before its ways;
// - an open rail's end without a junction stops the rider there (stopped, unless the move ended
//   exactly on the end); a closed rail runs on round (s modulo length), reaching its junctions lap
//   after lap; a junction at s = length on a closed rail is the one at s = 0;
// - rider, junction and way s are clamped to the rail (wrapped on closed rails; a rider s that is
//   not finite starts at 0); a junction whose rail, way rails or default way are out of range, or
//   whose s or ways' s are not finite, is ignored;
// - at most networkMaxHops junctions per move (loops of zero or tiny rails): the rider then stays at
//   the last point reached, with `capped` set.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

namespace railforge::core {

// One rail of the network: its arc length (> 0) and whether it runs round.
struct NetworkRail {
    double length = 0.0;
    bool closed = false;
};

// A way out of a junction: leave onto `rail` at `s`, riding forward (s increasing) or backward.
struct NetworkWay {
    std::size_t rail = 0;
    double s = 0.0;
    bool forward = true;
};

// A switch on its trunk rail at s, reached riding the trunk in direction arriveForward (forward at a
// mid-rail or end junction, backward at one on the trunk's start).
struct NetworkJunction {
    std::size_t rail = 0;
    double s = 0.0;
    bool arriveForward = true;
    std::vector<NetworkWay> ways; // the ways to choose from (mid-rail: the trunk continuation too)
    std::size_t defaultWay = 0;   // taken when no chooser is given or it answers out of range
};

// Where a rider is: on which rail, at which arc length, riding which way.
struct NetworkRider {
    std::size_t rail = 0;
    double s = 0.0;
    bool forward = true;
    friend bool operator==(const NetworkRider &, const NetworkRider &) = default;
};

// The outcome of a move: the rider after it, whether an open end cut it short, how far it went.
struct NetworkStep {
    NetworkRider rider;
    bool stopped = false; // an open rail's end (without a junction) stopped the rider before the distance
    bool capped = false;  // the hop cap stopped the rider (a pathological loop)
    double travelled = 0; // distance actually moved: the distance asked unless stopped or capped
};

// Picks a way index at junction `junction` reached from its trunk (out of range: its defaultWay).
using NetworkChooser = std::function<std::size_t(std::size_t junction)>;

// The most junctions one move passes before giving up (see `capped`).
inline constexpr std::size_t networkMaxHops = 100000;

// Moves `rider` `distance` (>= 0; otherwise, or not finite, nothing moves) along the network,
// choosing at junctions with `choose` (empty: each junction's defaultWay). Fills `crossed`, if given,
// with the junctions passed in order, merges included. A rider on a rail out of range or of no
// length does not move (stopped).
NetworkStep networkAdvance(const std::vector<NetworkRail> &rails, const std::vector<NetworkJunction> &junctions,
                           NetworkRider rider, double distance, const NetworkChooser &choose = {},
                           std::vector<std::size_t> *crossed = nullptr);

} // namespace railforge::core
