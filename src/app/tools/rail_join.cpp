#include "app/tools/rail_join.h"

#include <algorithm>

namespace railforge::app {

std::optional<JoinTarget> chooseJoin(const document::Level &level, const std::string &held,
                                     std::span<const JoinCandidate> candidates, const KindLayers *layers,
                                     const std::function<double(double)> &snapS,
                                     const document::RailGeometryOf &geometryOf)
{
    if (layers && !layers->pickable(document::ObjectKind::Rail)) return std::nullopt;
    const JoinCandidate *nearest = nullptr;
    for (const JoinCandidate &c : candidates) {
        if (c.rail >= level.rails.size() || level.rails[c.rail].id == held || c.pixels > kJoinPixels) continue;
        if (!nearest || c.pixels < nearest->pixels) nearest = &c;
    }
    if (!nearest) return std::nullopt;
    const auto geometry = geometryOf(nearest->rail);
    const double length = geometry->length();
    // With snapping on, the place along the rail lands on the grid's step too (s is one number of
    // the level's, as a coordinate is).
    double s = std::clamp(snapS ? snapS(nearest->s) : nearest->s, 0.0, length);
    if (!level.rails[nearest->rail].closed) {
        if (nearest->startPixels <= kJoinPixels) s = 0.0;
        if (nearest->endPixels <= kJoinPixels) s = length;
    }
    return JoinTarget{level.rails[nearest->rail].id, s, core::sampleAt(geometry->table(), s).position};
}

} // namespace railforge::app
