// The level's rails as track meshes in a glTF 2.0 file (docs/export-format.md "Track meshes"): each
// rail's section (its track style, track_style.h) swept along its export frames (core/track_sweep.h),
// one node per rail named by its id with {"rail", "length", "style"} in its extras and translated to
// the rail's first point (its vertices from there, so floats keep millimetres far from the origin),
// its ties and supports as child nodes of instanced boxes (track_parts.h), in metres and y up as glTF
// asks (a level point (x, y, z), z up, is (x, z, -y) times the metres per unit). Written with tinygltf.
#pragma once

#include "core/ground.h"
#include "document/model/level.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

struct TrackMeshOptions {
    std::optional<std::string> style;   // a built-in section for every rail in place of its own
    std::optional<double> sizeMetres;   // its size (the gauge, the diameter, the width) in place of its own
    double chordErrorMetres = 0.005;    // the mesh within this of the swept section
    std::vector<std::string> rails;     // these rails only (empty: every rail)
    bool instancing = true;             // ties and supports by EXT_mesh_gpu_instancing, else a node each
    const core::GroundSet *ground = {}; // what supports stand on (none: no supports)
    // The whole output's bounds, every rail's together: past them the export is refused, never cut.
    std::int64_t maxTriangles = 8'000'000; // the swept tracks' triangles (--max-mesh-triangles)
    std::int64_t maxParts = 1'000'000;     // ties, supports and footings (--max-track-parts)
};

// The file's bytes: a binary .glb when `binary`, else a .gltf with its buffer embedded. "" in `error`
// on success; else why (a rail named that the level has not, an unknown style, a bad size). Each
// support left out and why goes to `notes`.
std::string trackGltf(const Level &level, double metresPerUnit, const TrackMeshOptions &options, bool binary,
                      std::string *error, std::vector<std::string> *notes = nullptr);

} // namespace railforge::document
