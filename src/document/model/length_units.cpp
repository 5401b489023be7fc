#include "document/model/length_units.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace railforge::document {

std::optional<double> metresPerUnit(const std::string &units)
{
    std::string u = units;
    std::transform(u.begin(), u.end(), u.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    // Exact definitions (the inch is 0.0254 m by the 1959 agreement; the others follow from it).
    static const std::array<std::pair<const char *, double>, 30> table = {{
        {"m", 1.0},       {"metre", 1.0},        {"metres", 1.0},        {"meter", 1.0},        {"meters", 1.0},
        {"cm", 0.01},     {"centimetre", 0.01},  {"centimetres", 0.01},  {"centimeter", 0.01},  {"centimeters", 0.01},
        {"mm", 0.001},    {"millimetre", 0.001}, {"millimetres", 0.001}, {"millimeter", 0.001}, {"millimeters", 0.001},
        {"km", 1000.0},   {"kilometre", 1000.0}, {"kilometres", 1000.0}, {"kilometer", 1000.0}, {"kilometers", 1000.0},
        {"in", 0.0254},   {"inch", 0.0254},      {"inches", 0.0254},     {"ft", 0.3048},        {"foot", 0.3048},
        {"feet", 0.3048}, {"yd", 0.9144},        {"yard", 0.9144},       {"yards", 0.9144},     {"mi", 1609.344},
    }};
    for (const auto &[name, metres] : table)
        if (u == name) return metres;
    return std::nullopt;
}

} // namespace railforge::document
