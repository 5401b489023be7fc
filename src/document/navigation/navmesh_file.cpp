#include "document/navigation/navmesh_file.h"

#include "document/export/gltf_builder.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

namespace railforge::document {
namespace {

// A polygon's corners counter-clockwise seen from above (+z): what glTF takes as its front.
std::vector<Vec3> upward(std::vector<Vec3> corners)
{
    double area = 0;
    for (std::size_t i = 0, j = corners.size() - 1; i < corners.size(); j = i++)
        area += corners[j].x * corners[i].y - corners[i].x * corners[j].y;
    if (area < 0) std::reverse(corners.begin(), corners.end());
    return corners;
}

} // namespace

std::vector<std::vector<Vec3>> walkablePolygons(const nav::NavMesh &mesh, const LevelNavigation &navigation)
{
    std::vector<std::vector<Vec3>> out;
    for (const nav::NavPolygon &p : mesh.polygons()) {
        std::vector<Vec3> corners;
        for (const Vec3 &c : p.corners) corners.push_back(navigation.onGround(c, mesh));
        out.push_back(upward(std::move(corners)));
    }
    return out;
}

namespace {

// Corners of one mesh as shared vertices: a corner within a hair of one already taken is that one
// (Detour's tiles place their corners from their own origins, so the same place on a tile's border
// can differ in its last bits from one tile to the next).
class VertexWelder {
public:
    explicit VertexWelder(std::vector<Vec3> &vertices) : m_vertices(vertices) {}
    std::uint32_t add(const Vec3 &v)
    {
        const auto cell = cellOf(v);
        for (int dx = -1; dx <= 1; ++dx)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dz = -1; dz <= 1; ++dz) {
                    const auto found = m_cells.find({cell[0] + dx, cell[1] + dy, cell[2] + dz});
                    if (found == m_cells.end()) continue;
                    for (const std::uint32_t i : found->second) {
                        const Vec3 &w = m_vertices[i];
                        if (std::fabs(w.x - v.x) <= kPlan && std::fabs(w.y - v.y) <= kPlan &&
                            std::fabs(w.z - v.z) <= kHeight)
                            return i;
                    }
                }
        const auto index = std::uint32_t(m_vertices.size());
        m_vertices.push_back(v);
        m_cells[cell].push_back(index);
        return index;
    }

private:
    static constexpr double kPlan = 1e-4, kHeight = 1e-2;
    static std::array<long long, 3> cellOf(const Vec3 &v)
    {
        return {std::llround(std::floor(v.x / kPlan)), std::llround(std::floor(v.y / kPlan)),
                std::llround(std::floor(v.z / kHeight))};
    }
    std::vector<Vec3> &m_vertices;
    std::map<std::array<long long, 3>, std::vector<std::uint32_t>> m_cells;
};

// Each polygon with every other polygon's corner that lies on one of its edges put into that edge:
// where tiles meet, one tile's edge may run past two of its neighbour's corners, and an engine that
// links polygons by edges they share (Godot's Navigation) needs the same corners on both sides.
void splitEdgesAtCorners(ExportedNavMesh &mesh, double cell)
{
    std::map<std::pair<long long, long long>, std::vector<std::uint32_t>> grid;
    const auto cellOf = [&](double x, double y) {
        return std::pair{std::llround(std::floor(x / cell)), std::llround(std::floor(y / cell))};
    };
    for (std::uint32_t i = 0; i < mesh.vertices.size(); ++i)
        grid[cellOf(mesh.vertices[i].x, mesh.vertices[i].y)].push_back(i);
    for (auto &polygon : mesh.polygons) {
        std::vector<std::uint32_t> split;
        for (std::size_t k = 0; k < polygon.size(); ++k) {
            const std::uint32_t ia = polygon[k], ib = polygon[(k + 1) % polygon.size()];
            const Vec3 a = mesh.vertices[ia], b = mesh.vertices[ib];
            split.push_back(ia);
            const double dx = b.x - a.x, dy = b.y - a.y, length2 = dx * dx + dy * dy;
            if (!(length2 > 0)) continue;
            const auto [c0, r0] = cellOf(std::min(a.x, b.x), std::min(a.y, b.y));
            const auto [c1, r1] = cellOf(std::max(a.x, b.x), std::max(a.y, b.y));
            std::vector<std::pair<double, std::uint32_t>> on;
            for (long long c = c0; c <= c1; ++c)
                for (long long r = r0; r <= r1; ++r) {
                    const auto found = grid.find({c, r});
                    if (found == grid.end()) continue;
                    for (const std::uint32_t i : found->second) {
                        if (i == ia || i == ib) continue;
                        const Vec3 &v = mesh.vertices[i];
                        const double t = ((v.x - a.x) * dx + (v.y - a.y) * dy) / length2;
                        const double off = std::fabs((v.x - a.x) * dy - (v.y - a.y) * dx) / std::sqrt(length2);
                        if (t <= 1e-9 || t >= 1 - 1e-9 || off > 1e-4) continue;
                        if (std::fabs(a.z + (b.z - a.z) * t - v.z) > 0.5 * cell) continue; // another floor
                        on.push_back({t, i});
                    }
                }
            std::sort(on.begin(), on.end());
            for (const auto &[t, i] : on)
                if (split.back() != i) split.push_back(i);
        }
        polygon = std::move(split);
    }
}

} // namespace

ExportedNavMesh exportedNavMesh(const nav::NavMesh &mesh, const LevelNavigation &navigation)
{
    ExportedNavMesh out;
    out.cell = mesh.settings().cell;
    VertexWelder welder(out.vertices);
    for (const nav::NavPolygon &p : mesh.polygons()) {
        std::vector<std::uint32_t> polygon;
        for (const Vec3 &c : p.corners) {
            const std::uint32_t i = welder.add(navigation.onGround(c, mesh));
            if (polygon.empty() || (polygon.back() != i && polygon.front() != i)) polygon.push_back(i);
        }
        if (polygon.size() >= 3) out.polygons.push_back(std::move(polygon));
    }
    splitEdgesAtCorners(out, out.cell);
    return out;
}

ExportedNavMeshes exportedNavMeshes(const Level &level, const LevelNavigation &navigation)
{
    ExportedNavMeshes out;
    for (const Agent &a : level.agents)
        if (const auto mesh = navigation.mesh(a.id)) out[a.id] = exportedNavMesh(*mesh, navigation);
    return out;
}

std::string navmeshGltf(const Agent &agent, const nav::NavMesh &mesh, const LevelNavigation &navigation,
                        double metresPerUnit, bool binary, std::string *error)
{
    const auto polygons = walkablePolygons(mesh, navigation);
    if (polygons.empty()) {
        *error = "agent '" + agent.id + "' has no walkable ground to write";
        return {};
    }
    std::vector<Vec3> positions, normals;
    std::vector<std::array<double, 2>> uvs;
    std::vector<std::uint32_t> indices;
    for (const auto &polygon : polygons) {
        const auto first = std::uint32_t(positions.size());
        for (const Vec3 &c : polygon) {
            positions.push_back(c);
            normals.push_back({0, 0, 1});
            uvs.push_back({c.x, c.y});
        }
        for (std::uint32_t k = 1; k + 1 < polygon.size(); ++k)
            indices.insert(indices.end(), {first, first + k, first + k + 1});
    }
    GltfBuilder b(metresPerUnit);
    // Positions from the first corner, which the node's translation puts back (floats keep millimetres
    // only within a few kilometres of their origin).
    const Vec3 origin = positions.front();
    tinygltf::Node node;
    node.name = agent.id;
    node.mesh = b.mesh(agent.id + " navmesh", positions, normals, uvs, indices, origin,
                       b.material("navmesh", {0.25, 0.6, 0.95, 1.0}, 0.0, 1.0), true);
    const auto at = b.yUp(origin);
    node.translation.assign(at.begin(), at.end());
    tinygltf::Value::Object extras;
    extras["agent"] = tinygltf::Value(agent.id);
    for (const auto &[name, value] :
         {std::pair{"radius", agent.radius}, std::pair{"height", agent.height}, std::pair{"climb", agent.climb}})
        extras[name] = tinygltf::Value(value * metresPerUnit);
    extras["slope"] = tinygltf::Value(agent.slope);
    extras["cell"] = tinygltf::Value(mesh.settings().cell * metresPerUnit);
    extras["polygons"] = tinygltf::Value(int(polygons.size()));
    node.extras = tinygltf::Value(extras);
    b.node(node, -1);
    std::string out = b.write(agent.id + " navmesh", binary);
    if (out.empty()) *error = "tinygltf could not write the file";
    return out;
}

std::string navmeshObj(const Agent &agent, const nav::NavMesh &mesh, const LevelNavigation &navigation,
                       double metresPerUnit, std::string *error)
{
    const auto polygons = walkablePolygons(mesh, navigation);
    if (polygons.empty()) {
        *error = "agent '" + agent.id + "' has no walkable ground to write";
        return {};
    }
    std::string out = "# RailForge navmesh of agent '" + agent.id + "': radius " + formatNumber(agent.radius) +
                      ", height " + formatNumber(agent.height) + ", climb " + formatNumber(agent.climb) + ", slope " +
                      formatNumber(agent.slope) + "; metres, y up\n";
    out += "o " + agent.id + "\n";
    std::size_t next = 1;
    std::string faces;
    for (const auto &polygon : polygons) {
        faces += "f";
        for (const Vec3 &c : polygon) {
            const Vec3 m = c * metresPerUnit;
            out += "v " + formatNumber(m.x) + " " + formatNumber(m.z) + " " + formatNumber(-m.y + 0.0) + "\n";
            faces += " " + std::to_string(next++);
        }
        faces += "\n";
    }
    return out + faces;
}

} // namespace railforge::document
