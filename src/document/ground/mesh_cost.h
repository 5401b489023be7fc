// What a mesh file will cost, told from what it declares before the importer builds anything: a
// glTF's scene with every node counted as often as it is used (the importer builds a node, and its
// meshes, once per use: a graph whose nodes each name one child twice doubles at every level), a
// .glb's chunk lengths against the file's own size (the importer allocates what they ask), an OBJ's
// faces and vertices counted line by line. So a 1 KB file that would take gigabytes is refused by its
// declared cost, with the limit that it breaks.
#pragma once

#include "document/files/project_files.h"

#include <QByteArray>

#include <cstdint>
#include <optional>
#include <string>

namespace railforge::document {

// A mesh's declared size. Counts stop growing at kCostCap, far past any limit.
struct MeshCost {
    std::int64_t triangles = 0; // after instancing
    std::int64_t nodes = 0;     // scene nodes after instancing (glTF)
    std::int64_t vertices = 0;  // as declared (OBJ)
};
inline constexpr std::int64_t kCostCap = std::int64_t(1) << 60;

// The cost of a glTF from its JSON, or why it cannot be told ("its nodes form a loop: node 3 is its
// own ancestor"; "node 2 names child 9, which does not exist").
struct GltfCost {
    std::optional<MeshCost> cost;
    std::string problem;
};
GltfCost gltfCost(const QByteArray &json);

// Why a .glb's header cannot be believed: a chunk longer than the file holds ("declares a JSON chunk
// of 4 GiB in a file of 51 bytes"); empty for a sound header or a file that is not a .glb.
std::string glbHeaderProblem(const OpenedFile &file);

// An OBJ's cost, counted from its "v" and "f" lines (a face of n corners makes n - 2 triangles),
// reading the file in chunks within the budget; nothing when the budget ran out.
std::optional<MeshCost> objCost(const OpenedFile &file, const ReadBudget &budget);

} // namespace railforge::document
