// Random level documents for round-trip tests: every object kind, awkward strings, extreme numbers.
#pragma once

#include "document/model/level.h"

#include <random>

namespace railforge::testing {

// A valid random level (unique ids, references resolve, obstacles simple) drawn from `rng`.
document::Level randomLevel(std::mt19937_64 &rng);

} // namespace railforge::testing
