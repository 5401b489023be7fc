#include "document/number_format.h"

#include <charconv>
#include <cmath>

namespace railforge::document {

std::string formatNumber(double value)
{
    if (std::isnan(value))
        return ".nan";
    if (std::isinf(value))
        return value > 0 ? ".inf" : "-.inf";
    if (value == 0.0)
        return std::signbit(value) ? "-0" : "0";
    char buffer[64];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    std::string text(buffer, result.ptr);
    // YAML 1.1 readers (PyYAML, many engines) only take exponent forms with a '.': 1e+21 -> 1.0e+21.
    auto e = text.find('e');
    if (e != std::string::npos && text.find('.') == std::string::npos)
        text.insert(e, ".0");
    return text;
}

std::string formatReal(double value)
{
    std::string text = formatNumber(value);
    if (text.find_first_of(".en") == std::string::npos)
        text += ".0";
    return text;
}

} // namespace railforge::document
