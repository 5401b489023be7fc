#include "document/export/gltf_builder.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace railforge::document {

GltfBuilder::GltfBuilder(double metresPerUnit) : m_scale(metresPerUnit)
{
    m_model.asset.version = "2.0";
    m_model.asset.generator = "RailForge";
    m_model.buffers.emplace_back();
}

std::array<double, 3> GltfBuilder::yUp(core::Vec3 v) const { return {v.x * m_scale, v.z * m_scale, -v.y * m_scale}; }

std::array<double, 4> GltfBuilder::turnOnto(core::Vec3 right, core::Vec3 up) const
{
    // The rotation's columns are the new axes (unit, unscaled), then the usual matrix-to-quaternion.
    const auto axis = [](core::Vec3 v) { return std::array<double, 3>{v.x, v.z, -v.y}; };
    const auto x = axis(right), y = axis(up), z = axis(core::cross(right, up));
    const double m00 = x[0], m10 = x[1], m20 = x[2], m01 = y[0], m11 = y[1], m21 = y[2], m02 = z[0], m12 = z[1],
                 m22 = z[2];
    std::array<double, 4> q{};
    const double trace = m00 + m11 + m22;
    if (trace > 0) {
        const double r = std::sqrt(1 + trace) * 2;
        q = {(m21 - m12) / r, (m02 - m20) / r, (m10 - m01) / r, r / 4};
    } else if (m00 > m11 && m00 > m22) {
        const double r = std::sqrt(1 + m00 - m11 - m22) * 2;
        q = {r / 4, (m01 + m10) / r, (m02 + m20) / r, (m21 - m12) / r};
    } else if (m11 > m22) {
        const double r = std::sqrt(1 + m11 - m00 - m22) * 2;
        q = {(m01 + m10) / r, r / 4, (m12 + m21) / r, (m02 - m20) / r};
    } else {
        const double r = std::sqrt(1 + m22 - m00 - m11) * 2;
        q = {(m02 + m20) / r, (m12 + m21) / r, r / 4, (m10 - m01) / r};
    }
    const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (double &c : q) c /= n;
    return q;
}

int GltfBuilder::view(const void *data, std::size_t bytes, int target)
{
    std::vector<unsigned char> &buffer = m_model.buffers[0].data;
    while (buffer.size() % 4 != 0) buffer.push_back(0); // glTF aligns accessors to their components
    tinygltf::BufferView v;
    v.buffer = 0;
    v.byteOffset = buffer.size();
    v.byteLength = bytes;
    v.target = target;
    const auto *begin = static_cast<const unsigned char *>(data);
    buffer.insert(buffer.end(), begin, begin + bytes);
    m_model.bufferViews.push_back(v);
    return int(m_model.bufferViews.size() - 1);
}

int GltfBuilder::accessor(int view, int componentType, int type, std::size_t count, std::vector<double> min,
                          std::vector<double> max)
{
    tinygltf::Accessor a;
    a.bufferView = view;
    a.componentType = componentType;
    a.type = type;
    a.count = count;
    a.minValues = std::move(min);
    a.maxValues = std::move(max);
    m_model.accessors.push_back(a);
    return int(m_model.accessors.size() - 1);
}

int GltfBuilder::floats(const std::vector<float> &values, int type, std::size_t count, int target)
{
    return accessor(view(values.data(), values.size() * 4, target), TINYGLTF_COMPONENT_TYPE_FLOAT, type, count);
}

int GltfBuilder::material(const std::string &name, std::array<double, 4> color, double metallic, double roughness)
{
    for (std::size_t i = 0; i < m_model.materials.size(); ++i)
        if (m_model.materials[i].name == name) return int(i);
    tinygltf::Material m;
    m.name = name;
    m.pbrMetallicRoughness.baseColorFactor = {color[0], color[1], color[2], color[3]};
    m.pbrMetallicRoughness.metallicFactor = metallic;
    m.pbrMetallicRoughness.roughnessFactor = roughness;
    m_model.materials.push_back(m);
    return int(m_model.materials.size() - 1);
}

int GltfBuilder::mesh(const std::string &name, const std::vector<core::Vec3> &positions,
                      const std::vector<core::Vec3> &normals, const std::vector<std::array<double, 2>> &uvs,
                      const std::vector<std::uint32_t> &indices, core::Vec3 origin, int material, bool scaleUvs)
{
    std::vector<float> p, n, t;
    std::vector<double> low{1e300, 1e300, 1e300}, high{-1e300, -1e300, -1e300};
    for (std::size_t v = 0; v < positions.size(); ++v) {
        const auto at = yUp(positions[v] - origin);
        for (std::size_t k = 0; k < 3; ++k) {
            p.push_back(float(at[k]));
            // The bounds of the floats themselves (the validator compares them).
            low[k] = std::min(low[k], double(float(at[k])));
            high[k] = std::max(high[k], double(float(at[k])));
        }
        const core::Vec3 u = normals[v];
        std::array<float, 3> f{float(u.x), float(u.z), float(-u.y)};
        const float norm = std::sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]); // unit in float too
        for (float c : f) n.push_back(norm > 0 ? c / norm : 0.0f);
        const double uvScale = scaleUvs ? m_scale : 1.0;
        t.push_back(float(uvs[v][0] * uvScale));
        t.push_back(float(uvs[v][1] * uvScale));
    }
    const std::size_t count = positions.size();
    tinygltf::Primitive primitive;
    primitive.attributes["POSITION"] = accessor(view(p.data(), p.size() * 4, TINYGLTF_TARGET_ARRAY_BUFFER),
                                                TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC3, count, low, high);
    primitive.attributes["NORMAL"] = floats(n, TINYGLTF_TYPE_VEC3, count, TINYGLTF_TARGET_ARRAY_BUFFER);
    primitive.attributes["TEXCOORD_0"] = floats(t, TINYGLTF_TYPE_VEC2, count, TINYGLTF_TARGET_ARRAY_BUFFER);
    primitive.indices = accessor(view(indices.data(), indices.size() * 4, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER),
                                 TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR, indices.size());
    primitive.material = material;
    primitive.mode = TINYGLTF_MODE_TRIANGLES;
    tinygltf::Mesh m;
    m.name = name;
    m.primitives.push_back(primitive);
    m_model.meshes.push_back(m);
    return int(m_model.meshes.size() - 1);
}

int GltfBuilder::unitBox(const std::string &name, double y0, int material)
{
    // Six faces of four corners each (flat normals), in glTF's axes: the level's (x, y, z) from
    // (x, -z, y) so that mesh() turns them back.
    std::vector<core::Vec3> positions, normals;
    std::vector<std::array<double, 2>> uvs;
    std::vector<std::uint32_t> indices;
    const auto level = [](double x, double y, double z) { return core::Vec3{x, -z, y}; };
    for (int axis = 0; axis < 3; ++axis)
        for (int side : {-1, 1}) {
            const std::uint32_t first = std::uint32_t(positions.size());
            std::array<double, 3> normal{0, 0, 0};
            normal[std::size_t(axis)] = side;
            // Two axes across the face, ordered so the corners turn counter-clockwise seen from outside.
            const int a = (axis + 1) % 3, b = (axis + 2) % 3;
            for (auto [ua, ub] : {std::pair{0, 0}, std::pair{1, 0}, std::pair{1, 1}, std::pair{0, 1}}) {
                std::array<double, 3> c{};
                c[std::size_t(axis)] = side * 0.5;
                c[std::size_t(a)] = (side > 0 ? ua : ub) - 0.5;
                c[std::size_t(b)] = (side > 0 ? ub : ua) - 0.5;
                positions.push_back(level(c[0], c[1] + 0.5 + y0, c[2]));
                normals.push_back(level(normal[0], normal[1], normal[2]));
                uvs.push_back({double(ua), double(ub)});
            }
            for (std::uint32_t k : {0u, 1u, 2u, 0u, 2u, 3u}) indices.push_back(first + k);
        }
    const double keep = m_scale;
    m_scale = 1.0; // the box is in glTF's own units: its instances scale it
    const int index = mesh(name, positions, normals, uvs, indices, {}, material, false);
    m_scale = keep;
    return index;
}

int GltfBuilder::node(tinygltf::Node n, int parent)
{
    m_model.nodes.push_back(std::move(n));
    const int index = int(m_model.nodes.size() - 1);
    if (parent < 0)
        m_roots.push_back(index);
    else
        m_model.nodes[std::size_t(parent)].children.push_back(index);
    return index;
}

int GltfBuilder::instances(const std::string &name, int mesh, const std::vector<GltfInstance> &at, bool instancing,
                           int parent)
{
    tinygltf::Node group;
    group.name = name;
    if (!instancing) {
        const int index = node(group, parent);
        for (std::size_t i = 0; i < at.size(); ++i) {
            tinygltf::Node one;
            one.name = name + " " + std::to_string(i + 1);
            one.mesh = mesh;
            one.translation.assign(at[i].translation.begin(), at[i].translation.end());
            one.rotation.assign(at[i].rotation.begin(), at[i].rotation.end());
            one.scale.assign(at[i].scale.begin(), at[i].scale.end());
            tinygltf::Value::Object extras;
            extras["s"] = tinygltf::Value(at[i].s);
            one.extras = tinygltf::Value(extras);
            node(one, index);
        }
        return index;
    }
    std::vector<float> t, r, s;
    for (const GltfInstance &i : at) {
        for (double c : i.translation) t.push_back(float(c));
        for (double c : i.rotation) r.push_back(float(c));
        for (double c : i.scale) s.push_back(float(c));
    }
    tinygltf::Value::Object attributes;
    attributes["TRANSLATION"] = tinygltf::Value(floats(t, TINYGLTF_TYPE_VEC3, at.size(), 0));
    attributes["ROTATION"] = tinygltf::Value(floats(r, TINYGLTF_TYPE_VEC4, at.size(), 0));
    attributes["SCALE"] = tinygltf::Value(floats(s, TINYGLTF_TYPE_VEC3, at.size(), 0));
    tinygltf::Value::Object extension;
    extension["attributes"] = tinygltf::Value(attributes);
    group.mesh = mesh;
    group.extensions["EXT_mesh_gpu_instancing"] = tinygltf::Value(extension);
    const char *used = "EXT_mesh_gpu_instancing";
    if (std::find(m_model.extensionsUsed.begin(), m_model.extensionsUsed.end(), used) == m_model.extensionsUsed.end())
        m_model.extensionsUsed.push_back(used);
    return node(group, parent);
}

std::string GltfBuilder::write(const std::string &sceneName, bool binary)
{
    tinygltf::Scene scene;
    scene.name = sceneName;
    scene.nodes = m_roots;
    m_model.buffers[0].data.resize((m_model.buffers[0].data.size() + 3) / 4 * 4, 0);
    m_model.scenes = {scene};
    m_model.defaultScene = 0;
    tinygltf::TinyGLTF writer;
    std::ostringstream out;
    if (!writer.WriteGltfSceneToStream(&m_model, out, true, binary)) return {};
    return out.str();
}

} // namespace railforge::document
