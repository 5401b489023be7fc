#include "simplify_plugin.h"

#include "simplify.h"

#include <cmath>
#include <string>
#include <variant>

namespace railforge::simplify {

namespace {

// The smoothing itself; may throw (std::bad_alloc, std::bad_variant_access).
SmoothingResult run(const std::vector<Vec3> &points, bool closed, const ParameterValues &params)
{
    if (!params.has("epsilon")) return SmoothingResult::failure("missing parameter epsilon");
    const double epsilon = params.real("epsilon");
    // The host checks the range in plugin.json; this guard only keeps the comparison meaningful.
    if (!(epsilon >= 0.0)) return SmoothingResult::failure("epsilon must be a number >= 0");
    return SmoothingResult::success(simplify::smooth(points, closed, epsilon));
}

} // namespace

SmoothingResult SimplifyPlugin::smooth(const std::vector<Vec3> &points, bool closed, const ParameterValues &params,
                                       const SmoothingContext & /*context*/) const noexcept
{
    return guardedSmooth("simplify", points, [&] { return run(points, closed, params); });
}

} // namespace railforge::simplify
