#include "document/export/track_gltf.h"

#include "core/track_sweep.h"
#include "document/model/rail_geometry.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

namespace railforge::document {
namespace {

// A level vector (z up) in glTF's axes (y up), scaled.
std::array<float, 3> yUp(core::Vec3 v, double scale)
{
    return {float(v.x * scale), float(v.z * scale), float(-v.y * scale)};
}

// Appends raw values to the buffer (4-byte aligned, as glTF asks) and a view of them.
int addView(tinygltf::Model &model, const void *data, std::size_t bytes, int target)
{
    std::vector<unsigned char> &buffer = model.buffers[0].data;
    while (buffer.size() % 4 != 0) buffer.push_back(0);
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = buffer.size();
    view.byteLength = bytes;
    view.target = target;
    const auto *begin = static_cast<const unsigned char *>(data);
    buffer.insert(buffer.end(), begin, begin + bytes);
    model.bufferViews.push_back(view);
    return int(model.bufferViews.size() - 1);
}

int addAccessor(tinygltf::Model &model, int view, int componentType, int type, std::size_t count,
                std::vector<double> min = {}, std::vector<double> max = {})
{
    tinygltf::Accessor accessor;
    accessor.bufferView = view;
    accessor.componentType = componentType;
    accessor.type = type;
    accessor.count = count;
    accessor.minValues = std::move(min);
    accessor.maxValues = std::move(max);
    model.accessors.push_back(accessor);
    return int(model.accessors.size() - 1);
}

} // namespace

std::string trackGltf(const Level &level, double metresPerUnit, const TrackMeshOptions &options, bool binary,
                      std::string *error)
{
    auto fail = [&](std::string why) {
        if (error) *error = std::move(why);
        return std::string();
    };
    if (error) error->clear();
    if (!(metresPerUnit > 0)) return fail("the level's units must be a length");
    if (!(options.sizeMetres > 0) || !std::isfinite(options.sizeMetres)) return fail("the size must be more than 0");
    if (!(options.chordErrorMetres > 0)) return fail("the chord error must be more than 0");
    const core::TrackSection section = core::builtInSection(options.style, options.sizeMetres / metresPerUnit);
    if (section.outlines.empty()) return fail("no track style '" + options.style + "' (rails, tube, ribbon or cable)");
    for (const std::string &id : options.rails)
        if (std::none_of(level.rails.begin(), level.rails.end(), [&](const Rail &r) { return r.id == id; }))
            return fail("the level has no rail '" + id + "'");

    tinygltf::Model model;
    model.asset.version = "2.0";
    model.asset.generator = "RailForge";
    model.buffers.emplace_back();
    tinygltf::Material material;
    material.name = options.style;
    material.pbrMetallicRoughness.baseColorFactor = {0.55, 0.55, 0.58, 1.0};
    material.pbrMetallicRoughness.metallicFactor = 0.6;
    material.pbrMetallicRoughness.roughnessFactor = 0.5;
    model.materials.push_back(material);
    tinygltf::Scene scene;
    scene.name = level.info.name;
    for (const Rail &rail : level.rails) {
        if (!options.rails.empty() &&
            std::find(options.rails.begin(), options.rails.end(), rail.id) == options.rails.end())
            continue;
        if (rail.points.size() < 2) continue;
        const core::ArcLengthTable table = core::buildArcLengthTable(railCurve(rail));
        const double length = core::totalLength(table);
        if (!(length > 0)) continue;
        const core::FrameTable frames = railFrames(rail, table);
        const core::TrackMesh mesh =
            core::sweepTrack(table, frames, section, options.chordErrorMetres / metresPerUnit, 2'000'000);
        if (mesh.indices.empty()) continue;
        std::vector<float> positions, normals, uvs;
        std::vector<double> low{1e300, 1e300, 1e300}, high{-1e300, -1e300, -1e300};
        // Positions from the rail's first point, which the node's translation (doubles) puts back: a
        // float keeps millimetres only within a few kilometres of its origin.
        const core::Vec3 origin = rail.points.front();
        for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
            const auto p = yUp(mesh.positions[v] - origin, metresPerUnit);
            for (int k = 0; k < 3; ++k) {
                positions.push_back(p[std::size_t(k)]);
                low[std::size_t(k)] = std::min(low[std::size_t(k)], double(p[std::size_t(k)]));
                high[std::size_t(k)] = std::max(high[std::size_t(k)], double(p[std::size_t(k)]));
            }
            // Unit in float too (the validator checks it).
            auto n = yUp(mesh.normals[v], 1.0);
            const float norm = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            for (float c : n) normals.push_back(norm > 0 ? c / norm : 0.0f);
            uvs.push_back(float(mesh.uvs[v][0] * metresPerUnit));
            uvs.push_back(float(mesh.uvs[v][1] * metresPerUnit));
        }
        const int positionView = addView(model, positions.data(), positions.size() * 4, TINYGLTF_TARGET_ARRAY_BUFFER);
        const int normalView = addView(model, normals.data(), normals.size() * 4, TINYGLTF_TARGET_ARRAY_BUFFER);
        const int uvView = addView(model, uvs.data(), uvs.size() * 4, TINYGLTF_TARGET_ARRAY_BUFFER);
        const int indexView =
            addView(model, mesh.indices.data(), mesh.indices.size() * 4, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
        const std::size_t count = mesh.positions.size();
        tinygltf::Primitive primitive;
        primitive.attributes["POSITION"] =
            addAccessor(model, positionView, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC3, count, low, high);
        primitive.attributes["NORMAL"] =
            addAccessor(model, normalView, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC3, count);
        primitive.attributes["TEXCOORD_0"] =
            addAccessor(model, uvView, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC2, count);
        primitive.indices = addAccessor(model, indexView, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR,
                                        mesh.indices.size());
        primitive.material = 0;
        primitive.mode = TINYGLTF_MODE_TRIANGLES;
        tinygltf::Mesh gltfMesh;
        gltfMesh.name = rail.id;
        gltfMesh.primitives.push_back(primitive);
        model.meshes.push_back(gltfMesh);
        tinygltf::Node node;
        node.name = rail.id;
        node.mesh = int(model.meshes.size() - 1);
        node.translation = {origin.x * metresPerUnit, origin.z * metresPerUnit, -origin.y * metresPerUnit};
        tinygltf::Value::Object extras;
        extras["rail"] = tinygltf::Value(rail.id);
        extras["length"] = tinygltf::Value(length * metresPerUnit);
        extras["style"] = tinygltf::Value(options.style);
        node.extras = tinygltf::Value(extras);
        model.nodes.push_back(node);
        scene.nodes.push_back(int(model.nodes.size() - 1));
    }
    if (model.nodes.empty()) return fail("no rail to make a track of (a rail needs two points and a length)");
    model.buffers[0].data.resize((model.buffers[0].data.size() + 3) / 4 * 4, 0);
    model.scenes.push_back(scene);
    model.defaultScene = 0;
    tinygltf::TinyGLTF writer;
    std::ostringstream out;
    if (!writer.WriteGltfSceneToStream(&model, out, true, binary)) return fail("tinygltf could not write the file");
    return out.str();
}

} // namespace railforge::document
