// An image file decoded by Qt's image plugins in the reader: first what its header declares (sent to
// RailForge, which holds it to the level's image limits), then, if RailForge says go, its pixels as
// grey heights or as a picture fitted to a side.
#pragma once

#include "document/reading/reader_channel.h"
#include "document/reading/reader_messages.h"

#include "reader-host/result_memory.h"

#include <optional>

namespace railforge::readerhost {

// Loads every image plugin Qt has, while the reader may still open files (before the Landlock wall).
void loadImagePlugins();

// `file` is the image file RailForge opened. The result to send; on Ok, `memory` holds the pixel rows
// (sealed). Nothing to send when RailForge said stop after the header.
std::optional<reading::Result> readImage(reading::Channel &channel, const reading::ImageRequest &request,
                                         reading::UniqueFd file, ResultMemory &memory);

} // namespace railforge::readerhost
