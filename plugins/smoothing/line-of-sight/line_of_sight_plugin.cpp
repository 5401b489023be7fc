#include "line_of_sight_plugin.h"

#include "line_of_sight.h"

#include <cmath>
#include <exception>
#include <new>
#include <string>
#include <variant>

namespace railforge::lineofsight {

namespace {

// The first point that is not finite, as a message for the designer; empty when all are.
std::string nonFinitePoint(const std::vector<Vec3> &points)
{
    for (std::size_t i = 0; i < points.size(); ++i)
        if (!core::isFinite(points[i]))
            return "point " + std::to_string(i) + " (counting from 0) has a coordinate that is NaN or infinite";
    return {};
}

// The smoothing itself; may throw (std::bad_alloc, std::bad_variant_access, whatever the context throws).
SmoothingResult run(const std::vector<Vec3> &points, bool closed, const ParameterValues &params,
                    const SmoothingContext &context)
{
    if (std::string problem = nonFinitePoint(points); !problem.empty()) return SmoothingResult::failure(problem);
    if (!params.has("radius")) return SmoothingResult::failure("missing parameter radius");
    const double radius = params.real("radius");
    // The host checks the range in plugin.json; this guard only keeps the query meaningful.
    if (!(radius >= 0.0 && std::isfinite(radius))) return SmoothingResult::failure("radius must be a number >= 0");
    return SmoothingResult::success(
        lineofsight::smooth(points, closed, [&](const Vec3 &a, const Vec3 &b) { return context.isClear(a, b, radius); }));
}

} // namespace

SmoothingResult LineOfSightPlugin::smooth(const std::vector<Vec3> &points, bool closed, const ParameterValues &params,
                                          const SmoothingContext &context) const noexcept
{
    // Messages of up to 15 characters fit std::string's inline buffer: building them cannot throw.
    try {
        try {
            return run(points, closed, params, context);
        } catch (const std::bad_alloc &) {
            return SmoothingResult::failure("out of memory");
        } catch (const std::bad_variant_access &) {
            return SmoothingResult::failure("a parameter has the wrong type");
        } catch (const std::exception &e) {
            return SmoothingResult::failure(std::string("line of sight failed: ") + e.what());
        }
    } catch (...) {
        return SmoothingResult::failure("unknown error");
    }
}

} // namespace railforge::lineofsight
