#include "document/model/rail_points.h"

#include <algorithm>

namespace railforge::document {
namespace {

// One spelling per meaning. Auto handles are computed, so their stored offsets carry nothing: all Auto
// entries are one value.
PointHandles canonical(PointHandles h)
{
    if (h.mode == HandleMode::Auto) return PointHandles{};
    if (h.mode == HandleMode::Corner) return PointHandles{HandleMode::Corner, {}, {}};
    // Mirrored: in is -out, spelled 0 - out as the reader computes it (no -0 to write and read back as 0).
    if (h.mode == HandleMode::Mirrored) h.in = Vec3{} - h.out;
    return h;
}

} // namespace

PointHandles pointHandles(const Rail &rail, std::size_t i)
{
    return i < rail.handles.size() ? rail.handles[i] : PointHandles{};
}

double pointTilt(const Rail &rail, std::size_t i) { return i < rail.tilts.size() ? rail.tilts[i] : 0.0; }

void setPointHandles(Rail &rail, std::size_t i, const PointHandles &handles)
{
    if (i >= rail.points.size()) return;
    rail.handles.resize(rail.points.size());
    rail.handles[i] = canonical(handles);
    compactPointExtras(rail);
}

void setPointTilt(Rail &rail, std::size_t i, double degrees)
{
    if (i >= rail.points.size()) return;
    rail.tilts.resize(rail.points.size(), 0.0);
    rail.tilts[i] = degrees;
    compactPointExtras(rail);
}

void insertPointExtras(Rail &rail, std::size_t i)
{
    if (!rail.handles.empty())
        rail.handles.insert(rail.handles.begin() + std::ptrdiff_t(std::min(i, rail.handles.size())), PointHandles{});
    if (!rail.tilts.empty())
        rail.tilts.insert(rail.tilts.begin() + std::ptrdiff_t(std::min(i, rail.tilts.size())), 0.0);
    channelsPointInserted(rail.channels, i);
}

void erasePointExtras(Rail &rail, std::size_t i, double erasedS)
{
    channelsPointErased(rail.channels, i, erasedS);
    if (i < rail.handles.size()) rail.handles.erase(rail.handles.begin() + std::ptrdiff_t(i));
    if (i < rail.tilts.size()) rail.tilts.erase(rail.tilts.begin() + std::ptrdiff_t(i));
    compactPointExtras(rail);
}

void compactPointExtras(Rail &rail)
{
    for (PointHandles &h : rail.handles) h = canonical(h);
    if (std::all_of(rail.handles.begin(), rail.handles.end(),
                    [](const PointHandles &h) { return h == PointHandles{}; }))
        rail.handles.clear();
    if (!hasTilt(rail)) rail.tilts.clear();
}

bool handlesOpposite(Vec3 a, Vec3 b)
{
    // The editor scales one handle by the other's unit direction, exact to a few ulps, not bit for bit;
    // a tool writes each coordinate to 1e-6 (tool_numbers.h), which turns a handle by up to that over
    // its length.
    constexpr double kAlignedSlack = 1e-9;
    constexpr double kWritten = 1e-6;
    // Unit directions first: products of handles 1e-200 long would underflow to 0.
    const Vec3 ua = core::unitOrZero(a);
    const Vec3 ub = core::unitOrZero(b);
    if (ua == Vec3{} || ub == Vec3{}) return true;
    const double slack = kAlignedSlack + kWritten / core::length(a) + kWritten / core::length(b);
    return core::dot(ua, ub) < 0.0 && core::length(core::cross(ua, ub)) <= slack;
}

bool hasTilt(const Rail &rail)
{
    return std::any_of(rail.tilts.begin(), rail.tilts.end(), [](double t) { return t != 0.0; });
}

bool sameShape(const Rail &a, const Rail &b)
{
    if (!(a.points == b.points && a.closed == b.closed && a.spline == b.spline && a.alpha == b.alpha &&
          a.frame == b.frame))
        return false;
    for (std::size_t i = 0; i < a.points.size(); ++i) {
        PointHandles ha = pointHandles(a, i), hb = pointHandles(b, i);
        // Auto handles are computed from the points: their stored offsets do not shape the curve.
        if (ha.mode == HandleMode::Auto) ha = {};
        if (hb.mode == HandleMode::Auto) hb = {};
        if (!(ha == hb) || pointTilt(a, i) != pointTilt(b, i)) return false;
    }
    return true;
}

bool operator==(const Rail &a, const Rail &b)
{
    return a.id == b.id && a.properties == b.properties && a.channels == b.channels && a.track == b.track &&
           sameShape(a, b);
}

} // namespace railforge::document
