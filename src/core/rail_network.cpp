#include "core/rail_network.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace railforge::core {

namespace {

// A point that sends a rider riding `forward` along `rail` through junction `junction`: its trunk
// point (a choice) or one of its ways' points in reverse (a merge onto the trunk).
struct Trigger {
    std::size_t rail = 0;
    double s = 0.0;
    bool forward = true;
    std::size_t junction = 0;
    bool trunk = true;
};

// Whether a rider can ride on the rail at all.
bool usable(const NetworkRail &rail) { return std::isfinite(rail.length) && rail.length > 0.0; }

// s on the rail: clamped to [0, length] on an open rail, wrapped into [0, length) on a closed one.
double onRail(const NetworkRail &rail, double s)
{
    if (!std::isfinite(s)) return 0.0;
    if (!rail.closed) return std::clamp(s, 0.0, rail.length);
    double w = std::fmod(s, rail.length);
    if (w < 0.0) w += rail.length;
    return w < rail.length ? w : 0.0;
}

// Whether the junction refers only to usable rails and ways that exist.
bool usable(const std::vector<NetworkRail> &rails, const NetworkJunction &j)
{
    const auto railOk = [&](std::size_t r) { return r < rails.size() && usable(rails[r]); };
    if (!railOk(j.rail) || !std::isfinite(j.s) || j.defaultWay >= j.ways.size()) return false;
    return std::all_of(j.ways.begin(), j.ways.end(),
                       [&](const NetworkWay &w) { return railOk(w.rail) && std::isfinite(w.s); });
}

// Every trigger point, in tie-break order: by junction, its trunk before its ways.
std::vector<Trigger> triggersOf(const std::vector<NetworkRail> &rails, const std::vector<NetworkJunction> &junctions)
{
    std::vector<Trigger> out;
    for (std::size_t i = 0; i < junctions.size(); ++i) {
        const NetworkJunction &j = junctions[i];
        if (!usable(rails, j)) continue;
        out.push_back({j.rail, onRail(rails[j.rail], j.s), j.arriveForward, i, true});
        for (const NetworkWay &w : j.ways) out.push_back({w.rail, onRail(rails[w.rail], w.s), !w.forward, i, false});
    }
    return out;
}

// Whether position a is at or past b riding `forward`.
bool atOrPast(double a, double b, bool forward) { return forward ? a >= b : a <= b; }

// The trigger next ahead of the rider on its rail and the distance to it (strictly ahead, but for a
// rider at an open end facing out); none if there is none.
const Trigger *nextTrigger(const std::vector<Trigger> &triggers, const NetworkRail &rail, const NetworkRider &r,
                           double &gap)
{
    const Trigger *best = nullptr;
    gap = std::numeric_limits<double>::infinity();
    const bool atEnd = r.forward ? r.s >= rail.length : r.s <= 0.0;
    for (const Trigger &t : triggers) {
        if (t.rail != r.rail || t.forward != r.forward) continue;
        double g = r.forward ? t.s - r.s : r.s - t.s;
        if (rail.closed) {
            if (g <= 0.0) g += rail.length; // across the seam (a full lap if on the point)
        } else if (g < 0.0 || (g == 0.0 && !atEnd)) {
            continue;
        }
        if (g < gap) gap = g, best = &t;
    }
    return best;
}

// Whether a move from the rider's s by `remaining` (ending at unwrapped p) reaches trigger t `gap`
// ahead: by distance or by position, so the rider never ends on or past it unreached.
bool reaches(const NetworkRail &rail, const NetworkRider &r, const Trigger &t, double gap, double remaining, double p)
{
    if (remaining >= gap) return true;
    const bool acrossSeam = rail.closed && !(r.forward ? t.s > r.s : t.s < r.s);
    if (!acrossSeam) return atOrPast(p, t.s, r.forward);
    const bool wrapped = r.forward ? p >= rail.length : p < 0.0;
    return wrapped && atOrPast(r.forward ? p - rail.length : p + rail.length, t.s, r.forward);
}

} // namespace

NetworkStep networkAdvance(const std::vector<NetworkRail> &rails, const std::vector<NetworkJunction> &junctions,
                           NetworkRider rider, double distance, const NetworkChooser &choose,
                           std::vector<std::size_t> *crossed)
{
    if (crossed) crossed->clear();
    NetworkStep step;
    step.rider = rider;
    if (rider.rail >= rails.size() || !usable(rails[rider.rail])) {
        step.stopped = true;
        return step;
    }
    const double asked = std::isfinite(distance) && distance > 0.0 ? distance : 0.0;
    const std::vector<Trigger> triggers = triggersOf(rails, junctions);
    NetworkRider &r = step.rider;
    r.s = onRail(rails[r.rail], r.s);
    double remaining = asked;
    for (std::size_t hops = 0;; ++hops) {
        const NetworkRail &rail = rails[r.rail];
        double gap = 0.0;
        const Trigger *t = nextTrigger(triggers, rail, r, gap);
        const double p = r.forward ? r.s + remaining : r.s - remaining;
        if (!t || !reaches(rail, r, *t, gap, remaining, p)) {
            // No junction on the way: run round, stop at an open end, or just move.
            if (rail.closed) {
                r.s = onRail(rail, p);
                remaining = 0.0;
            } else if (p > rail.length || p < 0.0) {
                const double end = p > rail.length ? rail.length : 0.0;
                remaining = std::max(0.0, remaining - std::abs(end - r.s));
                r.s = end;
                step.stopped = remaining > 0.0;
            } else {
                r.s = p;
                remaining = 0.0;
            }
            break;
        }
        remaining = std::max(0.0, remaining - gap);
        if (hops == networkMaxHops) {
            r.s = t->s;
            step.capped = true;
            break;
        }
        if (crossed) crossed->push_back(t->junction);
        const NetworkJunction &j = junctions[t->junction];
        if (t->trunk) {
            std::size_t w = choose ? choose(t->junction) : j.defaultWay;
            if (w >= j.ways.size()) w = j.defaultWay;
            const NetworkWay &way = j.ways[w];
            r = {way.rail, onRail(rails[way.rail], way.s), way.forward};
        } else {
            r = {j.rail, onRail(rails[j.rail], j.s), !j.arriveForward};
        }
    }
    step.travelled = asked - remaining;
    return step;
}

} // namespace railforge::core
