#include "app/view3d/rail_ribbon.h"

#include <algorithm>

namespace railforge::app {
namespace {

MeshVertex vertex(core::Vec3 p, core::Vec3 n)
{
    return {float(p.x), float(p.y), float(p.z), float(n.x), float(n.y), float(n.z)};
}

} // namespace

void updateBounds(TriangleMesh &mesh)
{
    if (mesh.vertices.empty()) return;
    core::Vec3 lo{mesh.vertices[0].x, mesh.vertices[0].y, mesh.vertices[0].z}, hi = lo;
    for (const MeshVertex &v : mesh.vertices) {
        lo = {std::min(lo.x, double(v.x)), std::min(lo.y, double(v.y)), std::min(lo.z, double(v.z))};
        hi = {std::max(hi.x, double(v.x)), std::max(hi.y, double(v.y)), std::max(hi.z, double(v.z))};
    }
    mesh.lowest = lo;
    mesh.highest = hi;
}

TriangleMesh railRibbon(const RailSamples &rail, double width, double thickness)
{
    TriangleMesh mesh;
    const std::size_t n = rail.rows.size();
    if (n < 2 || rail.ups.size() != n) return mesh;
    mesh.vertices.reserve(n * 4);
    mesh.indices.reserve((n - 1) * 12);
    for (std::size_t i = 0; i < n; ++i) {
        const core::Vec3 p = rail.rows[i].position;
        const core::Vec3 up = rail.ups[i];
        const core::Vec3 side = core::cross(rail.rows[i].tangent, up) * (width / 2); // to the rider's right
        const core::Vec3 down = up * -thickness;
        mesh.vertices.push_back(vertex(p - side, up));               // 4i:   top left
        mesh.vertices.push_back(vertex(p + side, up));               // 4i+1: top right
        mesh.vertices.push_back(vertex(p - side + down, up * -1.0)); // 4i+2: underside left
        mesh.vertices.push_back(vertex(p + side + down, up * -1.0)); // 4i+3: underside right
    }
    for (std::uint32_t i = 0; i + 1 < n; ++i) {
        const std::uint32_t a = 4 * i, b = 4 * (i + 1);
        // Top, counter-clockwise seen along -up (right x forward = up).
        mesh.indices.insert(mesh.indices.end(), {a, a + 1, b, a + 1, b + 1, b});
        // Underside, the other way round.
        mesh.indices.insert(mesh.indices.end(), {a + 2, b + 2, a + 3, a + 3, b + 2, b + 3});
    }
    updateBounds(mesh);
    return mesh;
}

} // namespace railforge::app
