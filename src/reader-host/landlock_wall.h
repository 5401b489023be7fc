// A second wall around the reader, where the kernel has Landlock: once the decoders are loaded, the
// process may open no file and make no network connection at all. What it reads comes to it as
// descriptors RailForge opened under the project's rules; the wall holds even if a decoder is made to
// run code of a file's choosing.
#pragma once

#include <string>

namespace railforge::readerhost {

// Walls the process in; false (and why in `why`) where the kernel has no Landlock, which leaves the
// first wall (the reader asks RailForge for every file) on its own.
bool raiseLandlockWall(std::string *why);

} // namespace railforge::readerhost
