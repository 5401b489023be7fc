// The one bound on work along a rail (FileRules::maxRailSamples): commands that sample a rail at a
// spacing the designer's tolerance sets count the samples first and refuse past the limit, so that a
// rail of 2e9 m or a tolerance of 1e-300 is a refusal naming the option, never gigabytes, an abort or
// an answer sampled more coarsely than asked.
#pragma once

#include <cstdint>
#include <string>

namespace railforge::document {

// True when `samples` (a count computed in floating point: it may be huge or infinite) is within
// `limit`.
bool railSamplesWithin(double samples, std::int64_t limit);

// "sampling its 2e+09 of length every 0.0625 takes 3.2e+10 samples, over the limit of 10000000 per
// rail (--max-rail-samples raises it)".
std::string railSamplesRefusal(double length, double spacing, double samples, std::int64_t limit);

} // namespace railforge::document
