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

TriangleMesh railRibbon(const RailSamples &rail, double width)
{
    TriangleMesh mesh;
    const std::size_t n = rail.rows.size();
    if (n < 2 || rail.ups.size() != n) return mesh;
    mesh.vertices.reserve(n * 2);
    mesh.indices.reserve((n - 1) * 6);
    for (std::size_t i = 0; i < n; ++i) {
        const core::Vec3 p = rail.rows[i].position;
        const core::Vec3 up = rail.ups[i];
        const core::Vec3 side = core::cross(rail.rows[i].tangent, up) * (width / 2); // to the rider's right
        mesh.vertices.push_back(vertex(p - side, up));                               // 2i:   left
        mesh.vertices.push_back(vertex(p + side, up));                               // 2i+1: right
    }
    for (std::uint32_t i = 0; i + 1 < n; ++i) {
        const std::uint32_t a = 2 * i, b = 2 * (i + 1);
        // Counter-clockwise seen along -up (right x forward = up).
        mesh.indices.insert(mesh.indices.end(), {a, a + 1, b, a + 1, b + 1, b});
    }
    updateBounds(mesh);
    return mesh;
}

std::vector<std::size_t> rowsAtStride(std::size_t rows, int stride)
{
    std::vector<std::size_t> out;
    if (rows == 0) return out;
    const std::size_t step = std::size_t(std::max(stride, 1));
    out.reserve(rows / step + 2);
    for (std::size_t i = 0; i < rows; i += step) out.push_back(i);
    if (out.back() != rows - 1) out.push_back(rows - 1);
    return out;
}

TriangleMesh ribbonAtStride(const TriangleMesh &ribbon, int stride)
{
    if (stride <= 1) return ribbon;
    TriangleMesh out;
    const std::vector<std::size_t> rows = rowsAtStride(ribbon.vertices.size() / 2, stride);
    out.vertices.reserve(rows.size() * 2);
    for (std::size_t row : rows) {
        out.vertices.push_back(ribbon.vertices[2 * row]);
        out.vertices.push_back(ribbon.vertices[2 * row + 1]);
    }
    for (std::uint32_t i = 0; i + 1 < rows.size(); ++i) {
        const std::uint32_t a = 2 * i, b = 2 * (i + 1);
        out.indices.insert(out.indices.end(), {a, a + 1, b, a + 1, b + 1, b});
    }
    out.lowest = ribbon.lowest;
    out.highest = ribbon.highest;
    return out;
}

std::vector<core::Vec3> ribbonCentreLine(const TriangleMesh &ribbon, int stride)
{
    std::vector<core::Vec3> out;
    for (std::size_t row : rowsAtStride(ribbon.vertices.size() / 2, stride)) {
        const MeshVertex &l = ribbon.vertices[2 * row], &r = ribbon.vertices[2 * row + 1];
        out.push_back({(double(l.x) + r.x) / 2, (double(l.y) + r.y) / 2, (double(l.z) + r.z) / 2});
    }
    return out;
}

} // namespace railforge::app
