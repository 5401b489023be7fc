#include "document/text/scalar_text.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <set>

namespace railforge::document {

std::optional<long long> parseYamlInteger(const std::string &text)
{
    std::string_view digits = text;
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    long long value = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty()) return std::nullopt;
    return value;
}

std::optional<double> parseYamlReal(const std::string &text)
{
    if (text == ".nan" || text == ".NaN" || text == ".NAN") return std::nan("");
    for (const char *inf : {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"})
        if (text == inf) return HUGE_VAL;
    for (const char *inf : {"-.inf", "-.Inf", "-.INF"})
        if (text == inf) return -HUGE_VAL;
    std::string_view digits = text;
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    // from_chars also takes "inf"/"nan"; YAML does not, so demand a digit first (after a sign / dot).
    const auto firstDigit = digits.find_first_of("0123456789");
    if (digits.empty() || firstDigit == std::string_view::npos || firstDigit > 2) return std::nullopt;
    double value = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec == std::errc::result_out_of_range && end == digits.data() + digits.size()) {
        // strtod rounds underflow to 0 or a subnormal and overflow to infinity (refused by callers).
        const std::string copy(digits);
        return std::strtod(copy.c_str(), nullptr);
    }
    if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return value;
}

std::optional<bool> parseYamlBool(const std::string &text)
{
    static const std::set<std::string> yes = {"true", "True", "TRUE"};
    static const std::set<std::string> no = {"false", "False", "FALSE"};
    if (yes.count(text)) return true;
    if (no.count(text)) return false;
    return std::nullopt;
}

} // namespace railforge::document
