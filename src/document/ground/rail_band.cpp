#include "document/ground/rail_band.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace railforge::document {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The usable gaps at one place, the open one first.
std::vector<BandPlace> gapsAt(const core::GroundSet &ground, const core::Vec3 &at, double clearance, double headroom)
{
    const std::vector<double> surfaces = ground.surfacesAt(at.x, at.y); // highest first
    if (surfaces.empty()) return {{std::nan(""), std::nan(""), at.z, kInf}};
    std::vector<BandPlace> gaps{{surfaces[0], std::nan(""), surfaces[0] + clearance, kInf}};
    for (std::size_t k = 1; k < surfaces.size(); ++k) {
        const double under = surfaces[k], over = surfaces[k - 1];
        if (over - under >= clearance + headroom) gaps.push_back({under, over, under + clearance, over - headroom});
    }
    return gaps;
}

// How far height z is outside a gap's band (0 inside).
double outside(const BandPlace &gap, double z) { return std::max({0.0, gap.floor - z, z - gap.ceiling}); }

std::size_t nearest(const std::vector<BandPlace> &gaps, double z)
{
    std::size_t best = 0;
    for (std::size_t k = 1; k < gaps.size(); ++k)
        if (outside(gaps[k], z) < outside(gaps[best], z)) best = k;
    return best;
}

} // namespace

std::vector<BandPlace> railBand(const core::GroundSet &ground, const std::vector<core::Vec3> &places, double clearance,
                                double headroom)
{
    std::vector<std::vector<BandPlace>> gaps;
    gaps.reserve(places.size());
    for (const core::Vec3 &at : places) gaps.push_back(gapsAt(ground, at, clearance, headroom));
    std::vector<BandPlace> out(places.size());
    for (std::size_t i = 0; i < places.size();) {
        if (gaps[i].size() < 2) {
            out[i] = gaps[i][0];
            ++i;
            continue;
        }
        std::size_t end = i;
        std::map<std::size_t, std::size_t> votes; // rank from the top -> places nearest it
        while (end < places.size() && gaps[end].size() >= 2) ++votes[nearest(gaps[end], places[end].z)], ++end;
        std::size_t chosen = 0, most = 0;
        for (const auto &[rank, count] : votes)
            if (count > most) chosen = rank, most = count;
        for (; i < end; ++i)
            out[i] = chosen < gaps[i].size() ? gaps[i][chosen] : gaps[i][nearest(gaps[i], places[i].z)];
    }
    return out;
}

} // namespace railforge::document
