#include "document/editing/place_keeping.h"

#include "document/model/rail_geometry.h"
#include "document/model/rail_place_map.h"
#include "document/model/rail_shape_geometry.h"
#include "document/model/tool_numbers.h"

#include <algorithm>

namespace railforge::document {
namespace {

// A place the edit moved, rounded as tool-made positions are (a key at 20 on a rail scaled by 1.5
// lands at 30, not 29.999999999999993), and still on the rail: rounding never takes it past an end.
double roundedPlace(double s, double length) { return std::clamp(toolPosition(s), 0.0, std::max(0.0, length)); }

void keepChannelPlaces(const RailPlaceMap &map, double length, Rail &rail)
{
    for (RailChannel &channel : rail.channels) {
        std::vector<ChannelKey> kept;
        for (ChannelKey key : channel.keys) {
            if (key.point) {
                kept.push_back(std::move(key));
                continue;
            }
            if (const auto s = map.map(key.s)) {
                if (*s != key.s) key.s = roundedPlace(*s, length);
                kept.push_back(std::move(key));
            }
        }
        // A channel keeps at least one key: the last one left stays at the nearest end of the rail.
        if (kept.empty() && !channel.keys.empty()) {
            kept.push_back(channel.keys.front());
            kept.back().s = kept.back().s > length / 2 ? length : 0.0;
        }
        channel.keys = std::move(kept);
    }
}

double railLength(const Rail &rail) { return rail.points.size() < 2 ? 0.0 : geometryOfShape(rail)->length(); }

bool hasArcLengthPlaces(const Rail &rail)
{
    return std::any_of(rail.channels.begin(), rail.channels.end(), [](const RailChannel &c) {
        return std::any_of(c.keys.begin(), c.keys.end(), [](const ChannelKey &k) { return !k.point; });
    });
}

} // namespace

void keepChannelPlaces(const Rail &before, Rail &rail)
{
    if (!hasArcLengthPlaces(rail)) return;
    const RailPlaceMap map(before, rail);
    if (map.curveChanged()) keepChannelPlaces(map, railLength(rail), rail);
}

std::vector<std::string> keepPlacesAlongRails(const Level &before, Level &after, const std::set<std::string> &touched)
{
    std::vector<std::string> removed;
    for (const std::string &id : touched) {
        const int b = findRail(before, id), a = findRail(after, id);
        if (b < 0 || a < 0) continue;
        const Rail &old = before.rails[std::size_t(b)];
        Rail &rail = after.rails[std::size_t(a)];
        const bool junctionsHere = std::any_of(after.junctions.begin(), after.junctions.end(),
                                               [&](const Junction &j) { return j.rail == id && !j.end; });
        if (!junctionsHere && !hasArcLengthPlaces(rail)) continue;
        const RailPlaceMap map(old, rail);
        if (!map.curveChanged()) continue;
        const double length = railLength(rail);
        keepChannelPlaces(map, length, rail);
        std::erase_if(after.junctions, [&](Junction &j) {
            if (j.rail != id || j.end) return false;
            const auto s = map.map(j.s);
            if (!s)
                removed.push_back(j.id);
            else
                j.s = *s; // not rounded: the linked ends stand on it, and would move with the rounding
            return !s;
        });
    }
    return removed;
}

} // namespace railforge::document
