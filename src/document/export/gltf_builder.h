// A glTF 2.0 model put together for the track export (track_gltf.h): one buffer that views and
// accessors are appended to, meshes from level-space triangles, boxes shared by many instances
// (EXT_mesh_gpu_instancing, or one node each with its place along the rail in extras), materials by name. Level vectors (z up) go into
// glTF's axes (y up) as (x, z, -y), scaled to metres.
#pragma once

#include "core/vec3.h"

#include <tiny_gltf.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace railforge::document {

// An instance of a shared mesh: where its origin goes, its turn (a unit quaternion x, y, z, w in
// glTF's axes) and its scale along its own axes.
struct GltfInstance {
    std::array<double, 3> translation;
    std::array<double, 4> rotation{0, 0, 0, 1};
    std::array<double, 3> scale{1, 1, 1};
    double s = 0.0; // where along its rail, metres (a plain node's extras say it)
};

class GltfBuilder {
public:
    explicit GltfBuilder(double metresPerUnit);

    // A level vector in glTF's axes, in metres.
    std::array<double, 3> yUp(core::Vec3 v) const;
    // The quaternion that turns glTF's x, y, z onto the level's right, up and right x up.
    std::array<double, 4> turnOnto(core::Vec3 right, core::Vec3 up) const;

    // The material named `name` (made on first use with this colour, metalness and roughness).
    int material(const std::string &name, std::array<double, 4> color, double metallic, double roughness);
    // A mesh of level-space triangles, positions taken from `origin` (a node puts it back), uv in metres.
    int mesh(const std::string &name, const std::vector<core::Vec3> &positions, const std::vector<core::Vec3> &normals,
             const std::vector<std::array<double, 2>> &uvs, const std::vector<std::uint32_t> &indices,
             core::Vec3 origin, int material, bool scaleUvs);
    // A unit box mesh in glTF's own axes, x and z in [-0.5, 0.5], y in [y0, y0 + 1].
    int unitBox(const std::string &name, double y0, int material);
    // A node that shows `mesh` at each instance, below `parent`: EXT_mesh_gpu_instancing when
    // `instancing`, else a group with one plain node per instance.
    int instances(const std::string &name, int mesh, const std::vector<GltfInstance> &at, bool instancing, int parent);
    // A node (a child of `parent`, or of the scene when -1).
    int node(tinygltf::Node node, int parent);

    // The file: .glb when `binary`, else .gltf with its buffer embedded; "" when tinygltf fails.
    std::string write(const std::string &sceneName, bool binary);
    bool empty() const { return m_model.nodes.empty(); }

private:
    double m_scale;
    tinygltf::Model m_model;
    std::vector<int> m_roots;

    int view(const void *data, std::size_t bytes, int target);
    int accessor(int view, int componentType, int type, std::size_t count, std::vector<double> min = {},
                 std::vector<double> max = {});
    int floats(const std::vector<float> &values, int type, std::size_t count, int target);
};

} // namespace railforge::document
