// A mesh file imported by assimp in the reader: the triangles of every node, placed by the node
// transforms as often as the scene uses the node, in the file's own axes. What the scene would hold is
// counted first and held to the request's limits before any triangle is made.
#pragma once

#include "document/reading/reader_channel.h"
#include "document/reading/reader_messages.h"

#include "reader-host/result_memory.h"

namespace railforge::readerhost {

// The result to send; on Ok, `memory` holds 9 doubles a triangle (sealed).
reading::Result readMesh(reading::Channel &channel, const reading::MeshRequest &request, ResultMemory &memory);

} // namespace railforge::readerhost
