#include "simplify_plugin.h"

#include "simplify.h"

#include <cmath>
#include <exception>
#include <new>
#include <string>
#include <variant>

namespace railforge::simplify {

namespace {

// The first point that is not finite, as a message for the designer; empty when all are.
std::string nonFinitePoint(const std::vector<Vec3> &points)
{
    for (std::size_t i = 0; i < points.size(); ++i)
        if (!core::isFinite(points[i]))
            return "point " + std::to_string(i) + " (counting from 0) has a coordinate that is NaN or infinite";
    return {};
}

// The smoothing itself; may throw (std::bad_alloc, std::bad_variant_access).
SmoothingResult run(const std::vector<Vec3> &points, bool closed, const ParameterValues &params)
{
    if (std::string problem = nonFinitePoint(points); !problem.empty()) return SmoothingResult::failure(problem);
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
    // Messages of up to 15 characters fit std::string's inline buffer: building them cannot throw.
    try {
        try {
            return run(points, closed, params);
        } catch (const std::bad_alloc &) {
            return SmoothingResult::failure("out of memory");
        } catch (const std::bad_variant_access &) {
            return SmoothingResult::failure("a parameter has the wrong type");
        } catch (const std::exception &e) {
            return SmoothingResult::failure(std::string("simplify failed: ") + e.what());
        }
    } catch (...) {
        return SmoothingResult::failure("unknown error");
    }
}

} // namespace railforge::simplify
