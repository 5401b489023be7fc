// What the level is authored against, kept in the level file and never exported to engines: images
// drawn under the plan, level meshes and heightmaps (which can be the ground points land on).
// Conventions (docs/design.md "References and ground"):
// - paths are relative to the level file, written with '/';
// - image and heightmap cover the world rectangle rect = [x0, y0, x1, y1]; a heightmap's pixel
//   column c, row r (row 0 at the north edge y1) is the height at x = x0 + c (x1 - x0) / (W - 1),
//   y = y1 - r (y1 - y0) / (H - 1), its grey value scaled from black = z_range[0] to white =
//   z_range[1], bilinear between pixels;
// - a mesh file point (x, y, z) is (x, -z, y) with up: y (glTF's axes, and most OBJ and FBX
//   exporters'), or (x, y, z) with up: z; then world = translate + Rz(rotate) (scale p), rotate in
//   degrees about +z, counter-clockwise seen from above.
#pragma once

#include "core/vec3.h"

#include <array>
#include <optional>
#include <string>

namespace railforge::document {

enum class ReferenceKind { Image, Mesh, Heightmap };
enum class MeshUp { Y, Z };

struct Reference {
    std::string id;
    ReferenceKind kind = ReferenceKind::Image;
    std::string file;                          // relative to the level file, '/' separated
    std::array<double, 4> rect = {0, 0, 1, 1}; // image, heightmap: [x0, y0, x1, y1]
    double opacity = 1.0;                      // image: 0 (invisible) to 1
    std::array<double, 2> zRange = {0, 1};     // heightmap: heights of black and white
    MeshUp up = MeshUp::Y;                     // mesh
    double scale = 1.0;                        // mesh
    double rotate = 0.0;                       // mesh, degrees about +z
    core::Vec3 translate;                      // mesh
    bool visible = true;
    bool locked = false;
    bool ground = true; // mesh, heightmap: points snap and drape onto it
    std::string color;  // mesh, heightmap: "#RRGGBB" the 3D view draws it in ("": olive ground, grey other)
    friend bool operator==(const Reference &, const Reference &) = default;
};

// "image", "mesh", "heightmap" (the key that names the file in YAML).
const char *referenceKindName(ReferenceKind kind);

} // namespace railforge::document
