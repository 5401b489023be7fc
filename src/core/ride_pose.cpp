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

RidePose ridePoseOnRows(const std::vector<CurveSample> &rows, const std::vector<Vec3> &ups, double s, double eyeHeight)
{
    RidePose pose;
    if (rows.empty() || ups.size() != rows.size()) return pose;
    pose.s = std::clamp(std::isfinite(s) ? s : 0.0, 0.0, rows.back().s);
    // The last row at or before s.
    auto after =
        std::upper_bound(rows.begin(), rows.end(), pose.s, [](double v, const CurveSample &r) { return v < r.s; });
    const std::size_t i = after == rows.begin() ? 0 : std::size_t(after - rows.begin()) - 1;
    const CurveSample &row = rows[i];
    Vec3 at = row.position;
    if (i + 1 < rows.size() && rows[i + 1].s > row.s)
        at = row.position + (rows[i + 1].position - row.position) * ((pose.s - row.s) / (rows[i + 1].s - row.s));
    pose.forward = row.tangent;
    pose.up = ups[i];
    pose.position = at + pose.up * eyeHeight;
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
