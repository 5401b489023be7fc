// The one header a RailForge smoothing-strategy plugin includes.
//
// A strategy is a Qt plugin: a QObject that implements railforge::SmoothingStrategy and
// carries its metadata in a JSON file (id, name, description, version, parameters):
//
//     class MyStrategy : public QObject, public railforge::SmoothingStrategy {
//         Q_OBJECT
//         Q_PLUGIN_METADATA(IID RAILFORGE_SMOOTHING_STRATEGY_IID FILE "plugin.json")
//         Q_INTERFACES(railforge::SmoothingStrategy)
//     public:
//         railforge::SmoothingResult smooth(...) const noexcept override;
//     };
//
// See docs/writing-a-strategy.md for a walk-through.
#pragma once

#include "core/vec3.h"

#include <QtPlugin>

#include <cstdint>
#include <exception>
#include <map>
#include <new>
#include <string>
#include <variant>
#include <vector>

namespace railforge {

using core::Vec3;

// The interface version; a plugin built against another version is skipped at load time.
inline constexpr int kSmoothingApiVersion = 1;

// One parameter value: bool, int, double (type "double"), or the chosen name of an enum.
using ParameterValue = std::variant<bool, std::int64_t, double, std::string>;

// Parameter values by name. The host fills in defaults and checks types and ranges against the
// plugin's metadata before calling smooth(), so a strategy can read every declared parameter.
class ParameterValues {
public:
    ParameterValues() = default;
    explicit ParameterValues(std::map<std::string, ParameterValue> values) : m_values(std::move(values)) {}

    // The value of an "int" parameter.
    std::int64_t integer(const std::string &name) const { return get<std::int64_t>(name); }
    // The value of a "double" parameter (ints are widened).
    double real(const std::string &name) const
    {
        const ParameterValue &v = m_values.at(name);
        if (const auto *i = std::get_if<std::int64_t>(&v)) return double(*i);
        return std::get<double>(v);
    }
    // The value of a "bool" parameter.
    bool boolean(const std::string &name) const { return get<bool>(name); }
    // The chosen name of an "enum" parameter.
    const std::string &choice(const std::string &name) const { return get<std::string>(name); }
    // True when the parameter is present.
    bool has(const std::string &name) const { return m_values.count(name) != 0; }
    // All values, by name.
    const std::map<std::string, ParameterValue> &values() const { return m_values; }

private:
    template <typename T>
    const T &get(const std::string &name) const
    {
        return std::get<T>(m_values.at(name));
    }
    std::map<std::string, ParameterValue> m_values;
};

// What a strategy may ask about the level while it runs.
class SmoothingContext {
public:
    virtual ~SmoothingContext() = default;
    // True when an agent of radius `radius` can move straight from a to b without coming
    // closer than `radius` to any obstacle (polygon interiors count). Ground plane (x, y).
    virtual bool isClear(const Vec3 &a, const Vec3 &b, double radius) const = 0;
};

// The outcome of smooth(): the new points, or an error message for the designer.
struct SmoothingResult {
    std::vector<Vec3> points;
    std::string error;

    bool ok() const { return error.empty(); }
    static SmoothingResult success(std::vector<Vec3> points) { return {std::move(points), {}}; }
    static SmoothingResult failure(std::string message) { return {{}, std::move(message)}; }
};

// A smoothing strategy. smooth() must be pure and thread-safe (the editor runs it off the
// UI thread, several at once) and must not throw: report problems in SmoothingResult::error.
class SmoothingStrategy {
public:
    virtual ~SmoothingStrategy() = default;
    // Smooths `points` (a closed loop when `closed`) with validated `params`.
    virtual SmoothingResult smooth(const std::vector<Vec3> &points, bool closed, const ParameterValues &params,
                                   const SmoothingContext &context) const noexcept = 0;
};

// Runs a strategy's work with the guards every strategy needs, so smooth() can be one line:
//     return railforge::guardedSmooth("Resample", points, [&] { return resample(points, ...); });
// A non-finite input point, a non-finite result point, running out of memory, a parameter read
// with the wrong type or any other exception becomes a failure message instead of escaping the plugin.
template <typename Work>
SmoothingResult guardedSmooth(const char *strategyName, const std::vector<Vec3> &points, Work &&work) noexcept
{
    // The last-resort messages fit std::string's inline buffer (15 characters): building them cannot throw.
    try {
        try {
            for (std::size_t i = 0; i < points.size(); ++i)
                if (!core::isFinite(points[i]))
                    return SmoothingResult::failure("point " + std::to_string(i + 1) + " is not a finite number");
            SmoothingResult result = work();
            // Coordinates near the double range can overflow in the maths: never hand back infinities.
            for (const Vec3 &p : result.points)
                if (!core::isFinite(p))
                    return SmoothingResult::failure("the result overflows: coordinates are too large to smooth");
            return result;
        } catch (const std::bad_alloc &) {
            return SmoothingResult::failure("out of memory");
        } catch (const std::bad_variant_access &) {
            return SmoothingResult::failure("a parameter has the wrong type");
        } catch (const std::exception &e) {
            return SmoothingResult::failure(std::string(strategyName) + " failed: " + e.what());
        }
    } catch (...) {
        return SmoothingResult::failure("unknown error");
    }
}

} // namespace railforge

// The plugin interface id; the trailing number is kSmoothingApiVersion.
#define RAILFORGE_SMOOTHING_STRATEGY_IID "org.railforge.SmoothingStrategy/1"
Q_DECLARE_INTERFACE(railforge::SmoothingStrategy, RAILFORGE_SMOOTHING_STRATEGY_IID)
