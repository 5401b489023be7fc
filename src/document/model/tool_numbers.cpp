#include "document/model/tool_numbers.h"

#include <cmath>

namespace railforge::document {

double roundedTo(double value, double per)
{
    // Dividing the rounded integer (not multiplying by 1 / per) gives the double nearest to the
    // decimal, which prints as that decimal: 1.500002, not 1.5000019999999999.
    const double scaled = value * per;
    if (!std::isfinite(scaled) || std::abs(scaled) >= 9e15) return value; // beyond: doubles are coarser already
    return std::round(scaled) / per + 0.0;
}

} // namespace railforge::document
