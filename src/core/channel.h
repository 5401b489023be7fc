// Data along a rail: a channel is named values keyed at arc lengths (speed, width, lights, sound
// events...), read anywhere along the rail by interpolating between its keys.
//
// - step: the value of the last key at or before s;
// - linear: a + (b - a) w between two keys, w = (s - s_a) / (s_b - s_a);
// - smoothstep: a + (b - a) w^2 (3 - 2w), as the tilt between points (frames.h).
// Before the first key the first value holds, after the last the last. On a closed rail the
// interpolation runs on across the seam from the last key to the first (at s_first + length).
// Floats and colours (per component) interpolate; int, bool and string only step; events have no
// value between keys (they are the keys).
#pragma once

#include <array>
#include <string>
#include <vector>

namespace railforge::core {

enum class ChannelType { Float, Int, Bool, String, Colour, Event };
enum class ChannelInterp { Step, Linear, Smoothstep };

// One value of any type: numbers (float, int, bool as 0/1) in `number`, colours as RGBA in [0, 1],
// strings and event names in `text`.
struct ChannelValue {
    double number = 0.0;
    std::array<double, 4> colour{0, 0, 0, 1};
    std::string text;
    friend bool operator==(const ChannelValue &, const ChannelValue &) = default;
};

// A key at a resolved arc length.
struct ChannelSample {
    double s = 0.0;
    ChannelValue value;
};

// Whether values of a type blend between keys (its description in channel_types.h says: float and
// colour do; int, bool, string and event step): the rule behind interpolationAllowed, blending and
// the default interpolation.
bool interpolates(ChannelType type);
// Whether a type may be read with an interpolation (int, bool, string and event: step only).
bool interpolationAllowed(ChannelType type, ChannelInterp interp);

// The value at s of the keys (sorted by s, at least one) on a rail of `length`, closed or not.
ChannelValue channelValueAt(ChannelType type, ChannelInterp interp, const std::vector<ChannelSample> &keys, double s,
                            double length, bool closed);

// Values at many s in increasing order (one walk along the keys); the same as channelValueAt each.
std::vector<ChannelValue> channelValuesAt(ChannelType type, ChannelInterp interp,
                                          const std::vector<ChannelSample> &keys, const std::vector<double> &s,
                                          double length, bool closed);

} // namespace railforge::core
