#include "document/model/junction_network.h"

#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"

#include <algorithm>

namespace railforge::document {

double junctionS(const Junction &junction, double trunkLength)
{
    if (junction.end) return railEndS(*junction.end, trunkLength);
    return std::clamp(junction.s, 0.0, trunkLength);
}

bool arrivesForward(const Junction &junction) { return junction.end != RailEnd::Start; }

std::vector<JunctionWay> junctionWays(const Junction &junction,
                                      const std::function<double(const std::string &)> &lengthOf)
{
    std::vector<JunctionWay> ways;
    if (!junction.end) ways.push_back({junction.rail, junctionS(junction, lengthOf(junction.rail)), true});
    for (const JunctionLink &link : junction.links)
        ways.push_back({link.rail, railEndS(link.end, lengthOf(link.rail)), link.end == RailEnd::Start});
    return ways;
}

std::size_t defaultWayIndex(const Junction &junction, const std::vector<JunctionWay> &ways)
{
    for (std::size_t i = 0; i < ways.size(); ++i)
        if (ways[i].rail == junction.defaultWay) return i;
    return 0;
}

JunctionWayRails junctionWayRails(const Junction &junction)
{
    // Where each way starts does not change which rails they are: lengths are not needed.
    const auto ways = junctionWays(junction, [](const std::string &) { return 0.0; });
    JunctionWayRails out;
    for (const JunctionWay &way : ways) out.rails.push_back(way.rail);
    out.chosen = defaultWayIndex(junction, ways);
    return out;
}

std::optional<JunctionShape>
junctionShape(const Junction &junction,
              const std::function<const core::ArcLengthTable *(const std::string &)> &tableNamed)
{
    const core::ArcLengthTable *trunk = tableNamed(junction.rail);
    if (!trunk || trunk->segments.empty()) return std::nullopt;
    // The unit tangent at s, ridden forward or backward.
    auto along = [](const core::ArcLengthTable &table, double s, bool forward) {
        const core::Vec3 t = core::sampleAt(table, s).tangent;
        return forward ? t : t * -1.0;
    };
    JunctionShape shape;
    const double s = junctionS(junction, core::totalLength(*trunk));
    shape.place = core::sampleAt(*trunk, s).position;
    shape.arrival = along(*trunk, s, !arrivesForward(junction)); // behind the rider who arrives
    const auto ways = junctionWays(junction, [&](const std::string &id) {
        const core::ArcLengthTable *t = tableNamed(id);
        return t ? core::totalLength(*t) : 0.0;
    });
    for (const JunctionWay &w : ways) {
        const core::ArcLengthTable *t = tableNamed(w.rail);
        shape.ways.push_back(t && !t->segments.empty() ? along(*t, w.s, w.forward) : core::Vec3{});
    }
    shape.defaultWay = defaultWayIndex(junction, ways);
    return shape;
}

LevelNetwork buildLevelNetwork(const Level &level, const RailGeometryOf &geometryOf)
{
    LevelNetwork net;
    for (std::size_t i = 0; i < level.rails.size(); ++i) {
        const auto geometry = geometryOf ? geometryOf(i) : geometryOfShape(level.rails[i]);
        net.tables.push_back(geometry->table());
        net.frames.push_back(geometry->frames());
        net.rails.push_back({geometry->length(), level.rails[i].closed});
    }
    auto lengthOf = [&](const std::string &id) {
        const int i = findRail(level, id);
        return i < 0 ? 0.0 : net.rails[std::size_t(i)].length;
    };
    for (const Junction &j : level.junctions) {
        core::NetworkJunction out;
        const int trunk = findRail(level, j.rail);
        // A junction naming no rail of the level (never in a loaded level) leads nowhere.
        out.rail = trunk < 0 ? level.rails.size() : std::size_t(trunk);
        out.s = junctionS(j, lengthOf(j.rail));
        out.arriveForward = arrivesForward(j);
        const std::vector<JunctionWay> ways = junctionWays(j, lengthOf);
        std::vector<std::string> names;
        for (const JunctionWay &w : ways) {
            const int r = findRail(level, w.rail);
            out.ways.push_back({r < 0 ? level.rails.size() : std::size_t(r), w.s, w.forward});
            names.push_back(w.rail);
        }
        out.defaultWay = defaultWayIndex(j, ways);
        net.junctions.push_back(std::move(out));
        net.wayRails.push_back(std::move(names));
    }
    return net;
}

NetworkPose networkPose(const LevelNetwork &network, std::size_t rail, double s, bool forward)
{
    const core::CurveSample at = core::sampleAt(network.tables[rail], s);
    const core::Vec3 tangent = at.tangent;
    NetworkPose pose;
    pose.position = at.position;
    pose.up = core::upAt(network.frames[rail], at.s, at.position, tangent);
    pose.tangent = forward ? tangent : tangent * -1.0;
    return pose;
}

std::optional<core::Vec3> junctionPoint(const Level &level, const Junction &junction)
{
    const int trunk = findRail(level, junction.rail);
    if (trunk < 0) return std::nullopt;
    const auto geometry = geometryOfShape(level.rails[std::size_t(trunk)]);
    const core::ArcLengthTable &table = geometry->table();
    return core::sampleAt(table, junctionS(junction, core::totalLength(table))).position;
}

} // namespace railforge::document
