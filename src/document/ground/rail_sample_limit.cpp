#include "document/ground/rail_sample_limit.h"

#include <cmath>
#include <cstdio>

namespace railforge::document {

bool railSamplesWithin(double samples, std::int64_t limit) { return samples <= double(limit); }

std::string railSamplesRefusal(double length, double spacing, double samples, std::int64_t limit)
{
    char text[256];
    std::snprintf(text, sizeof text,
                  "sampling its %.6g of length every %.6g takes %.3g samples, over the limit of %lld per rail "
                  "(--max-rail-samples raises it)",
                  length, spacing, samples, static_cast<long long>(limit));
    return text;
}

} // namespace railforge::document
