#include "core/ride_pose.h"

#include <algorithm>
#include <cmath>

namespace railforge::core {

RidePose ridePoseAt(const ArcLengthTable &table, const FrameTable &frames, double s, double eyeHeight)
{
    RidePose pose;
    pose.s = std::clamp(std::isfinite(s) ? s : 0.0, 0.0, totalLength(table));
    const CurveSample at = sampleAt(table, pose.s);
    pose.forward = at.tangent;
    pose.up = upAt(frames, pose.s, at.position, at.tangent);
    pose.position = at.position + pose.up * eyeHeight;
    return pose;
}

double rideAdvance(double s, double length, bool closed, double speed, double seconds)
{
    if (!(length > 0.0)) return 0.0;
    const double next = s + speed * seconds;
    if (!std::isfinite(next)) return std::clamp(s, 0.0, length);
    if (closed) {
        const double wrapped = std::fmod(next, length);
        return wrapped < 0.0 ? wrapped + length : wrapped;
    }
    return std::clamp(next, 0.0, length);
}

} // namespace railforge::core
