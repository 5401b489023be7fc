#include "line_of_sight_plugin.h"

#include "line_of_sight.h"

#include <cmath>
#include <string>
#include <variant>

namespace railforge::lineofsight {

namespace {

// The smoothing itself; may throw (std::bad_alloc, std::bad_variant_access, whatever the context throws).
SmoothingResult run(const std::vector<Vec3> &points, bool closed, const ParameterValues &params,
                    const SmoothingContext &context)
{
    if (!params.has("radius")) return SmoothingResult::failure("missing parameter radius");
    const double radius = params.real("radius");
    // The host checks the range in plugin.json; this guard only keeps the query meaningful.
    if (!(radius >= 0.0 && std::isfinite(radius))) return SmoothingResult::failure("radius must be a number >= 0");
    return SmoothingResult::success(lineofsight::smooth(
        points, closed, [&](const Vec3 &a, const Vec3 &b) { return context.isClear(a, b, radius); }));
}

} // namespace

SmoothingResult LineOfSightPlugin::smooth(const std::vector<Vec3> &points, bool closed, const ParameterValues &params,
                                          const SmoothingContext &context) const noexcept
{
    return guardedSmooth("line of sight", points, [&] { return run(points, closed, params, context); });
}

} // namespace railforge::lineofsight
