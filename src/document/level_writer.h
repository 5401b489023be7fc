// Writing level documents (format 1) as YAML: stable key order, shortest round-trip numbers,
// so saving twice gives the same bytes and loading gives back the same document.
#pragma once

#include "document/level.h"

#include <string>

namespace railforge::document {

// The YAML text of a level.
std::string writeLevel(const Level &level);

} // namespace railforge::document
