// Hints to the operating system about big output buffers.
#pragma once

#include <cstddef>

namespace railforge::core {

// Asks for transparent huge pages on the 2 MiB-aligned interior of a freshly reserved buffer of at
// least a few MiB. Filling fresh 4 KiB pages costs a page fault each (about as much as computing the
// points themselves); 2 MiB pages cut those faults 512-fold. A no-op where not supported.
void adviseHugePages(const void *data, std::size_t bytes);

} // namespace railforge::core
