// Writing level documents (format 1) as YAML: stable key order, shortest round-trip numbers,
// so saving twice gives the same bytes and loading gives back the same document.
#pragma once

#include "document/model/level.h"

#include <string>

namespace railforge::document {

// The YAML text of a level (UTF-8, no byte-order mark). Throws NonFiniteOutput (finite_output.h)
// when a number is NaN or infinite: a level with one is a bug, never written.
std::string writeLevel(const Level &level);

} // namespace railforge::document
