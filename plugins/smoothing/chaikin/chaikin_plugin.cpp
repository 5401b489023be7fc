#include "chaikin_plugin.h"

#include "chaikin.h"

#include <cmath>
#include <string>
#include <variant>

namespace railforge::chaikin {

namespace {

// About 480 MB of points: larger results are refused with a message instead of exhausting memory.
constexpr std::size_t kMaxOutputPoints = 20'000'000;

// The first declared parameter missing from params, as a message; empty when all are there.
std::string missingParameter(const ParameterValues &params)
{
    for (const char *name : {"iterations", "ratio", "angleLimit", "rejectOutliers", "outlierAngle"})
        if (!params.has(name)) return std::string("missing parameter ") + name;
    return {};
}

// The smoothing itself; may throw (std::bad_alloc, std::length_error, std::bad_variant_access...).
SmoothingResult run(const std::vector<Vec3> &points, bool closed, const ParameterValues &params)
{
    if (std::string problem = missingParameter(params); !problem.empty()) return SmoothingResult::failure(problem);
    Options options;
    const std::int64_t iterations = params.integer("iterations");
    options.ratio = params.real("ratio");
    options.angleLimit = params.real("angleLimit");
    options.rejectOutliers = params.boolean("rejectOutliers");
    options.outlierAngle = params.real("outlierAngle");
    options.maxPoints = kMaxOutputPoints;
    // The host checks the ranges in plugin.json; these guards only keep the maths meaningful.
    if (iterations < 0 || iterations > 64) return SmoothingResult::failure("iterations must be between 0 and 64");
    if (!(options.ratio > 0.0 && options.ratio <= 0.5)) return SmoothingResult::failure("ratio must be in (0, 0.5]");
    if (std::isnan(options.angleLimit) || std::isnan(options.outlierAngle))
        return SmoothingResult::failure("angles must be numbers");
    options.iterations = int(iterations);
    std::vector<Vec3> out = chaikin::smooth(points, closed, options);
    return SmoothingResult::success(std::move(out));
}

} // namespace

SmoothingResult ChaikinPlugin::smooth(const std::vector<Vec3> &points, bool closed, const ParameterValues &params,
                                      const SmoothingContext & /*context*/) const noexcept
{
    return guardedSmooth("Chaikin", points, [&] { return run(points, closed, params); });
}

} // namespace railforge::chaikin
