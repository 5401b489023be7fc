#include "app/view3d/view_detail.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace railforge::app {
namespace {

// How far beyond its limits a detail already chosen may go before it is changed.
constexpr double kSlack = 1.5;

} // namespace

double pixelsPerUnitAt(const SceneCamera &camera, QSizeF viewport, core::Vec3 lowest, core::Vec3 highest)
{
    if (camera.orthographic) return camera.pixelsPerUnit;
    const core::Vec3 eye = camera.position;
    const core::Vec3 nearest{std::clamp(eye.x, lowest.x, highest.x), std::clamp(eye.y, lowest.y, highest.y),
                             std::clamp(eye.z, lowest.z, highest.z)};
    // The straight distance to the nearest point: nothing in the box is nearer.
    const double distance = core::length(nearest - eye);
    if (!(distance > 0.0)) return std::numeric_limits<double>::infinity();
    const double focal = viewport.height() / (2.0 * std::tan(camera.fovYDegrees * M_PI / 360.0));
    return focal / distance;
}

RailDetail railDetail(double pixelsPerUnit, double rowSpacing, double width, RailDetail current)
{
    const double rowPixels = rowSpacing * pixelsPerUnit;
    const double widthPixels = width * pixelsPerUnit;
    // The current choice, while it is within the slack either way.
    const bool lineStays = current.line ? widthPixels < kLinePixels * kSlack : widthPixels >= kLinePixels / kSlack;
    const bool notTooCoarse = current.stride == 1 || rowPixels * current.stride <= kRowPixels * kSlack;
    const bool notTooFine = current.stride >= kMaxStride || rowPixels * current.stride * 2 > kRowPixels / kSlack;
    RailDetail out;
    out.line = lineStays ? current.line : widthPixels < kLinePixels;
    if (notTooCoarse && notTooFine && current.stride >= 1 && current.stride <= kMaxStride) {
        out.stride = current.stride;
        return out;
    }
    while (out.stride < kMaxStride && rowPixels * out.stride * 2 <= kRowPixels) out.stride *= 2;
    return out;
}

int dotPixels(double radiusPixels, bool dotted)
{
    const double side = radiusPixels * M_SQRT2;
    if (!(side < kLargestDot + (dotted ? 1.0 : 0.5))) return 0;
    return std::clamp(int(std::lround(side)), kSmallestDot, kLargestDot);
}

} // namespace railforge::app
