#include "app/view3d/scene_meshes.h"

#include "core/outline_prism.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace railforge::app {
namespace {

using core::Vec3;

MeshVertex vertex(Vec3 p, Vec3 n) { return {float(p.x), float(p.y), float(p.z), float(n.x), float(n.y), float(n.z)}; }

double signedArea(const std::vector<document::Point2> &p)
{
    double area = 0;
    for (std::size_t i = 0, j = p.size() - 1; i < p.size(); j = i++) area += p[j].x * p[i].y - p[i].x * p[j].y;
    return area / 2;
}

std::vector<document::Point2> outlineOf(const document::Obstacle &o)
{
    if (o.shape == document::Obstacle::Shape::Polygon) return o.polygon;
    std::vector<document::Point2> circle;
    constexpr int kSides = 32;
    for (int i = 0; i < kSides; ++i) {
        const double a = 2 * std::numbers::pi * i / kSides;
        circle.push_back(
            {o.circle.center.x + o.circle.radius * std::cos(a), o.circle.center.y + o.circle.radius * std::sin(a)});
    }
    return circle;
}

} // namespace

std::vector<std::uint32_t> triangulatePolygon(const std::vector<document::Point2> &outline)
{
    // The core's ear clipping (the one custom ties use): counter-clockwise triangles, either winding in.
    std::vector<std::array<double, 2>> points;
    for (const document::Point2 &p : outline) points.push_back({p.x, p.y});
    return core::triangulateOutline(points);
}

TriangleMesh markerMesh()
{
    const Vec3 corners[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    TriangleMesh mesh;
    for (int x : {0, 1})
        for (int y : {2, 3})
            for (int z : {4, 5}) {
                Vec3 a = corners[x], b = corners[y], c = corners[z];
                if (core::dot(core::cross(b - a, c - a), a + b + c) < 0) std::swap(b, c); // face outwards
                const Vec3 n = core::unitOrZero(a + b + c);
                const auto first = std::uint32_t(mesh.vertices.size());
                for (Vec3 p : {a, b, c}) mesh.vertices.push_back(vertex(p, n));
                mesh.indices.insert(mesh.indices.end(), {first, first + 1, first + 2});
            }
    updateBounds(mesh);
    return mesh;
}

TriangleMesh obstaclePrisms(const std::vector<document::Obstacle> &obstacles, double bottom, double top)
{
    TriangleMesh mesh;
    for (const auto &o : obstacles) {
        const std::vector<document::Point2> outline = outlineOf(o);
        if (outline.size() < 3) continue;
        const bool ccw = signedArea(outline) >= 0;
        // Walls: a quad per side, facing out.
        for (std::size_t i = 0; i < outline.size(); ++i) {
            auto a = outline[i], b = outline[(i + 1) % outline.size()];
            if (!ccw) std::swap(a, b);
            const Vec3 normal = core::unitOrZero(Vec3{b.y - a.y, a.x - b.x, 0});
            const auto first = std::uint32_t(mesh.vertices.size());
            mesh.vertices.push_back(vertex({a.x, a.y, bottom}, normal));
            mesh.vertices.push_back(vertex({b.x, b.y, bottom}, normal));
            mesh.vertices.push_back(vertex({b.x, b.y, top}, normal));
            mesh.vertices.push_back(vertex({a.x, a.y, top}, normal));
            mesh.indices.insert(mesh.indices.end(), {first, first + 1, first + 2, first, first + 2, first + 3});
        }
        // Caps.
        const std::vector<std::uint32_t> cap = triangulatePolygon(outline);
        const auto topFirst = std::uint32_t(mesh.vertices.size());
        for (const auto &p : outline) mesh.vertices.push_back(vertex({p.x, p.y, top}, {0, 0, 1}));
        const auto bottomFirst = std::uint32_t(mesh.vertices.size());
        for (const auto &p : outline) mesh.vertices.push_back(vertex({p.x, p.y, bottom}, {0, 0, -1}));
        for (std::size_t t = 0; t + 2 < cap.size(); t += 3) {
            // triangulatePolygon returns counter-clockwise triangles seen from above.
            mesh.indices.insert(mesh.indices.end(), {topFirst + cap[t], topFirst + cap[t + 1], topFirst + cap[t + 2]});
            mesh.indices.insert(mesh.indices.end(),
                                {bottomFirst + cap[t], bottomFirst + cap[t + 2], bottomFirst + cap[t + 1]});
        }
    }
    updateBounds(mesh);
    return mesh;
}

TriangleMesh groundSourceMesh(const core::GroundSource &source, int maxCells)
{
    TriangleMesh mesh;
    if (const auto *m = dynamic_cast<const core::GroundMesh *>(&source)) {
        mesh.vertices.reserve(m->size() * 3);
        mesh.indices.reserve(m->size() * 3);
        m->forEachTriangle([&mesh](const core::GroundTriangle &t) {
            Vec3 n = core::unitOrZero(core::cross(t.b - t.a, t.c - t.a));
            const bool flip = n.z < 0; // face the sky, whichever way the file wound it
            if (flip) n = n * -1.0;
            const auto first = std::uint32_t(mesh.vertices.size());
            mesh.vertices.push_back(vertex(t.a, n));
            mesh.vertices.push_back(vertex(flip ? t.c : t.b, n));
            mesh.vertices.push_back(vertex(flip ? t.b : t.c, n));
            mesh.indices.insert(mesh.indices.end(), {first, first + 1, first + 2});
        });
    } else if (const auto *g = dynamic_cast<const core::HeightGrid *>(&source)) {
        const core::PlanBox box = g->bounds();
        const int w = g->width(), h = g->height();
        const int stride = std::max(1, int(std::ceil(std::sqrt(double(w - 1) * (h - 1) / std::max(1, maxCells)))));
        std::vector<int> cols, rows;
        for (int c = 0; c < w - 1; c += stride) cols.push_back(c);
        cols.push_back(w - 1);
        for (int r = 0; r < h - 1; r += stride) rows.push_back(r);
        rows.push_back(h - 1);
        const double dx = (box.x1 - box.x0) / (w - 1), dy = (box.y1 - box.y0) / (h - 1);
        auto at = [&](int c, int r) {
            c = std::clamp(c, 0, w - 1);
            r = std::clamp(r, 0, h - 1);
            return Vec3{box.x0 + c * dx, box.y1 - r * dy, g->at(c, r)};
        };
        for (int r : rows)
            for (int c : cols) {
                // Central differences (x grows with c, y shrinks with r).
                const Vec3 ex = at(c + stride, r) - at(c - stride, r), ey = at(c, r - stride) - at(c, r + stride);
                Vec3 n = core::unitOrZero(core::cross(ex, ey));
                if (n.z < 0) n = n * -1.0;
                mesh.vertices.push_back(vertex(at(c, r), n));
            }
        const auto width = std::uint32_t(cols.size());
        for (std::uint32_t r = 0; r + 1 < rows.size(); ++r)
            for (std::uint32_t c = 0; c + 1 < width; ++c) {
                const std::uint32_t a = r * width + c, b = a + 1, d = a + width, e = d + 1;
                // Row r is north of row r + 1: a b on top, d e below; counter-clockwise from above.
                mesh.indices.insert(mesh.indices.end(), {a, d, e, a, e, b});
            }
    }
    updateBounds(mesh);
    return mesh;
}

std::vector<Vec3> gridLines(double x0, double y0, double x1, double y1, double z, double step)
{
    std::vector<Vec3> ends;
    if (!(step > 0) || !(x1 >= x0) || !(y1 >= y0)) return ends;
    const double gx0 = std::floor(x0 / step) * step, gy0 = std::floor(y0 / step) * step;
    const double gx1 = std::ceil(x1 / step) * step, gy1 = std::ceil(y1 / step) * step;
    if ((gx1 - gx0) / step > 400 || (gy1 - gy0) / step > 400) return ends;
    for (double x = gx0; x <= gx1 + step / 2; x += step) ends.insert(ends.end(), {{x, gy0, z}, {x, gy1, z}});
    for (double y = gy0; y <= gy1 + step / 2; y += step) ends.insert(ends.end(), {{gx0, y, z}, {gx1, y, z}});
    return ends;
}

} // namespace railforge::app
