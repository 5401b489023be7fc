#include "catmull_rom_plugin.h"

#include "catmull_rom.h"

#include <cmath>
#include <string>
#include <variant>

namespace railforge::catmullrom {

namespace {

// About 480 MB of points: larger results are refused with a message instead of exhausting memory.
constexpr std::size_t kMaxOutputPoints = 20'000'000;

// The first declared parameter missing from params, as a message; empty when all are there.
std::string missingParameter(const ParameterValues &params)
{
    for (const char *name : {"subdivisions", "alpha", "endpoints"})
        if (!params.has(name)) return std::string("missing parameter ") + name;
    return {};
}

// The smoothing itself; may throw (std::bad_alloc, std::bad_variant_access...).
SmoothingResult run(const std::vector<Vec3> &points, bool closed, const ParameterValues &params)
{
    if (std::string problem = missingParameter(params); !problem.empty()) return SmoothingResult::failure(problem);
    const std::int64_t subdivisions = params.integer("subdivisions");
    Options options;
    options.alpha = params.real("alpha");
    const std::string &endpoints = params.choice("endpoints");
    // The host checks the ranges in plugin.json; these guards only keep the maths meaningful.
    if (subdivisions < 1 || subdivisions > 1'000'000)
        return SmoothingResult::failure("subdivisions must be at least 1");
    if (!(options.alpha >= 0.0 && options.alpha <= 1.0)) return SmoothingResult::failure("alpha must be in [0, 1]");
    if (endpoints == "reflect")
        options.endpoints = Endpoints::Reflect;
    else if (endpoints == "duplicate")
        options.endpoints = Endpoints::Duplicate;
    else
        return SmoothingResult::failure("end points must be \"duplicate\" or \"reflect\", not \"" + endpoints + "\"");
    options.subdivisions = int(subdivisions);
    const std::size_t segments = points.size() < 2 ? 0 : (closed ? points.size() : points.size() - 1);
    if (segments > kMaxOutputPoints / std::size_t(subdivisions))
        return SmoothingResult::failure("the curve would have more than " + std::to_string(kMaxOutputPoints) +
                                        " points; use fewer subdivisions");
    std::vector<Vec3> out = catmullrom::smooth(points, closed, options);
    return SmoothingResult::success(std::move(out));
}

} // namespace

SmoothingResult CatmullRomPlugin::smooth(const std::vector<Vec3> &points, bool closed, const ParameterValues &params,
                                         const SmoothingContext & /*context*/) const noexcept
{
    return guardedSmooth("Catmull-Rom", points, [&] { return run(points, closed, params); });
}

} // namespace railforge::catmullrom
