#include "document/text/number_format.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace railforge::document {

std::string formatNumber(double value)
{
    std::string text;
    appendNumber(text, value);
    return text;
}

void appendNumber(std::string &out, double value)
{
    if (std::isnan(value)) {
        out += ".nan";
        return;
    }
    if (std::isinf(value)) {
        out += value > 0 ? ".inf" : "-.inf";
        return;
    }
    // -0 means nothing in a level (a moved point that came back to 0): it is written, and read, as 0.
    if (value == 0.0) {
        out += "0";
        return;
    }
    char buffer[64];
    char *end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    // YAML 1.1 readers (PyYAML, many engines) only take exponent forms with a '.': 1e+21 -> 1.0e+21
    // (JSON reads both forms).
    char *e = std::find(buffer, end, 'e');
    if (e != end && std::find(buffer, e, '.') == e) {
        out.append(buffer, e);
        out += ".0";
        out.append(e, end);
        return;
    }
    out.append(buffer, end);
}

std::string formatReal(double value)
{
    std::string text = formatNumber(value);
    if (text.find_first_of(".en") == std::string::npos) text += ".0";
    return text;
}

std::string formatRounded(double value, int decimals)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", std::clamp(decimals, 0, 17), value);
    std::string text = buffer;
    if (text.find('.') != std::string::npos) {
        while (text.back() == '0') text.pop_back();
        if (text.back() == '.') text.pop_back();
    }
    return text == "-0" ? "0" : text;
}

} // namespace railforge::document
