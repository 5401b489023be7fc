// The level's rails as track meshes in a glTF 2.0 file (docs/export-format.md "Track meshes"): each
// rail's section swept along its export frames (core/track_sweep.h), one node per rail named by its
// id with {"rail", "length", "style"} in its extras and translated to the rail's first point (its
// vertices from there, so floats keep millimetres far from the origin), in metres and y up as glTF
// asks (a level point (x, y, z), z up, is (x, z, -y) times the metres per unit). Written with tinygltf.
#pragma once

#include "document/model/level.h"

#include <string>
#include <vector>

namespace railforge::document {

struct TrackMeshOptions {
    std::string style = "rails";     // a built-in section (core/track_section.h builtInSection)
    double sizeMetres = 1.435;       // its size: the gauge, the diameter, the width
    double chordErrorMetres = 0.005; // the mesh within this of the swept section
    std::vector<std::string> rails;  // these rails only (empty: every rail)
};

// The file's bytes: a binary .glb when `binary`, else a .gltf with its buffer embedded. "" in `error`
// on success; else why (a rail named that the level has not, an unknown style, a bad size).
std::string trackGltf(const Level &level, double metresPerUnit, const TrackMeshOptions &options, bool binary,
                      std::string *error);

} // namespace railforge::document
