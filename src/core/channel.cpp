#include "core/channel.h"

#include "core/channel_types.h"

#include <algorithm>
#include <cmath>

namespace railforge::core {
namespace {

// Between value a (at weight 0) and b (at 1).
ChannelValue blend(ChannelType type, ChannelInterp interp, const ChannelValue &a, const ChannelValue &b, double w)
{
    if (interp == ChannelInterp::Step || !interpolates(type)) return a;
    w = std::clamp(w, 0.0, 1.0);
    if (interp == ChannelInterp::Smoothstep) w = w * w * (3 - 2 * w);
    ChannelValue out = a;
    out.number = a.number + (b.number - a.number) * w;
    for (std::size_t i = 0; i < 4; ++i) out.colour[i] = a.colour[i] + (b.colour[i] - a.colour[i]) * w;
    return out;
}

// The value at s given that keys[i] is the last key at or before s (i = -1: before the first).
ChannelValue valueAfterKey(ChannelType type, ChannelInterp interp, const std::vector<ChannelSample> &keys, long i,
                           double s, double length, bool closed)
{
    const long n = long(keys.size());
    if (closed && n > 0 && length > 0) {
        // Across the seam: from the last key to the first one a lap later.
        if (i < 0) {
            const ChannelSample &a = keys.back(), &b = keys.front();
            const double from = a.s - length, span = b.s - from;
            return span > 0 ? blend(type, interp, a.value, b.value, (s - from) / span) : b.value;
        }
        if (i == n - 1) {
            const ChannelSample &a = keys.back(), &b = keys.front();
            const double span = b.s + length - a.s;
            return span > 0 ? blend(type, interp, a.value, b.value, (s - a.s) / span) : a.value;
        }
    }
    if (i < 0) return keys.front().value;
    if (i >= n - 1) return keys.back().value;
    const ChannelSample &a = keys[std::size_t(i)], &b = keys[std::size_t(i + 1)];
    const double span = b.s - a.s;
    return span > 0 ? blend(type, interp, a.value, b.value, (s - a.s) / span) : b.value;
}

} // namespace

bool interpolates(ChannelType type) { return channelTypeInfo(type).interpolates; }

bool interpolationAllowed(ChannelType type, ChannelInterp interp)
{
    return interp == ChannelInterp::Step || interpolates(type);
}

ChannelValue channelValueAt(ChannelType type, ChannelInterp interp, const std::vector<ChannelSample> &keys, double s,
                            double length, bool closed)
{
    if (keys.empty()) return {};
    const auto after =
        std::upper_bound(keys.begin(), keys.end(), s, [](double v, const ChannelSample &k) { return v < k.s; });
    return valueAfterKey(type, interp, keys, long(after - keys.begin()) - 1, s, length, closed);
}

std::vector<ChannelValue> channelValuesAt(ChannelType type, ChannelInterp interp,
                                          const std::vector<ChannelSample> &keys, const std::vector<double> &s,
                                          double length, bool closed)
{
    std::vector<ChannelValue> out;
    out.reserve(s.size());
    if (keys.empty()) {
        out.resize(s.size());
        return out;
    }
    long i = -1;
    for (double at : s) {
        while (i + 1 < long(keys.size()) && keys[std::size_t(i + 1)].s <= at) ++i;
        out.push_back(valueAfterKey(type, interp, keys, i, at, length, closed));
    }
    return out;
}

} // namespace railforge::core
