#include "app/view3d/mesh_geometry.h"

#include "app/view3d/scene_box.h"

#include <QQmlEngine>
#include <QVector3D>

#include <algorithm>
#include <cmath>

namespace railforge::app {
namespace {

// The baked light of a surface facing (nx, ny, nz), either side: towards the light high in the sky
// from the south-west (as the view's key light), never darker than 0.45.
float shadeFacing(float nx, float ny, float nz)
{
    static const QVector3D light = QVector3D(-0.35f, -0.45f, 0.82f).normalized();
    return 0.45f + 0.55f * std::abs(QVector3D::dotProduct(QVector3D(nx, ny, nz), light));
}

// Vertex colours are linear (the renderer turns its output to sRGB); QColor's are sRGB.
float linear(double c) { return float(std::pow(c, 2.2)); }

// The renderer culls a geometry by its bounds, so they must hold every vertex drawn.
void setBoundsOf(QQuick3DGeometry &geometry, const SceneBox &box)
{
    if (box.empty) {
        geometry.setBounds({}, {});
        return;
    }
    geometry.setBounds(QVector3D(float(box.lo.x), float(box.lo.y), float(box.lo.z)),
                       QVector3D(float(box.hi.x), float(box.hi.y), float(box.hi.z)));
}

} // namespace

MeshGeometry::MeshGeometry(QQuick3DObject *parent) : QQuick3DGeometry(parent)
{
    // The scene owns its geometries and deletes them itself: QML must never collect one it was
    // handed through a list (it would, having no parent, and the scene would delete it again).
    QQmlEngine::setObjectOwnership(this, QQmlEngine::CppOwnership);
    setMesh({});
}

void MeshGeometry::layOut(int stride, std::optional<Attribute::Semantic> extra)
{
    clear();
    setStride(stride);
    setPrimitiveType(PrimitiveType::Triangles);
    addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
    addAttribute(Attribute::NormalSemantic, 3 * sizeof(float), Attribute::F32Type);
    if (extra) addAttribute(*extra, sizeof(MeshVertex), Attribute::F32Type);
    addAttribute(Attribute::IndexSemantic, 0, Attribute::U32Type);
}

void MeshGeometry::setMesh(const TriangleMesh &mesh)
{
    layOut(sizeof(MeshVertex), std::nullopt);
    setMeshData(mesh, QByteArray(reinterpret_cast<const char *>(mesh.vertices.data()),
                                 qsizetype(mesh.vertices.size() * sizeof(MeshVertex))));
}

void MeshGeometry::setMeshData(const TriangleMesh &mesh, const QByteArray &vertices)
{
    setVertexData(vertices);
    setIndexData(QByteArray(reinterpret_cast<const char *>(mesh.indices.data()),
                            qsizetype(mesh.indices.size() * sizeof(std::uint32_t))));
    setBounds(QVector3D(float(mesh.lowest.x), float(mesh.lowest.y), float(mesh.lowest.z)),
              QVector3D(float(mesh.highest.x), float(mesh.highest.y), float(mesh.highest.z)));
    m_triangles = mesh.indices.size() / 3;
    update();
}

void MeshGeometry::setDrapedMesh(const TriangleMesh &mesh, QRectF rect)
{
    struct Vertex {
        MeshVertex at;
        float u, v;
    };
    std::vector<Vertex> vertices;
    vertices.reserve(mesh.vertices.size());
    const double w = std::max(rect.width(), 1e-12), h = std::max(rect.height(), 1e-12);
    for (const MeshVertex &m : mesh.vertices)
        vertices.push_back({m, float((m.x - rect.left()) / w), float((m.y - rect.top()) / h)});
    layOut(sizeof(Vertex), Attribute::TexCoord0Semantic);
    setMeshData(
        mesh, QByteArray(reinterpret_cast<const char *>(vertices.data()), qsizetype(vertices.size() * sizeof(Vertex))));
}

void MeshGeometry::setColouredMeshes(const std::vector<std::pair<const TriangleMesh *, QColor>> &meshes)
{
    struct Vertex {
        MeshVertex at;
        float r, g, b, a;
    };
    std::size_t vertices = 0, indices = 0;
    for (const auto &[mesh, colour] : meshes) {
        vertices += mesh->vertices.size();
        indices += mesh->indices.size();
    }
    QByteArray vertexData(qsizetype(vertices * sizeof(Vertex)), Qt::Uninitialized);
    QByteArray indexData(qsizetype(indices * sizeof(std::uint32_t)), Qt::Uninitialized);
    auto *v = reinterpret_cast<Vertex *>(vertexData.data());
    auto *i = reinterpret_cast<std::uint32_t *>(indexData.data());
    std::uint32_t base = 0;
    TriangleMesh bounds; // only its corners
    for (const auto &[mesh, colour] : meshes) {
        const float r = linear(colour.redF()), g = linear(colour.greenF()), b = linear(colour.blueF());
        for (const MeshVertex &m : mesh->vertices) {
            const float shade = shadeFacing(m.nx, m.ny, m.nz);
            *v++ = {m, r * shade, g * shade, b * shade, float(colour.alphaF())};
        }
        for (std::uint32_t index : mesh->indices) *i++ = base + index;
        base += std::uint32_t(mesh->vertices.size());
        if (mesh->vertices.empty()) continue;
        bounds.vertices.push_back({float(mesh->lowest.x), float(mesh->lowest.y), float(mesh->lowest.z), 0, 0, 1});
        bounds.vertices.push_back({float(mesh->highest.x), float(mesh->highest.y), float(mesh->highest.z), 0, 0, 1});
    }
    updateBounds(bounds);
    layOut(sizeof(Vertex), Attribute::ColorSemantic);
    setVertexData(vertexData);
    setIndexData(indexData);
    setBounds(QVector3D(float(bounds.lowest.x), float(bounds.lowest.y), float(bounds.lowest.z)),
              QVector3D(float(bounds.highest.x), float(bounds.highest.y), float(bounds.highest.z)));
    m_triangles = indices / 3;
    update();
}

LineGeometry::LineGeometry(QQuick3DObject *parent) : QQuick3DGeometry(parent)
{
    QQmlEngine::setObjectOwnership(this, QQmlEngine::CppOwnership); // as MeshGeometry
    setSegments({});
}

void LineGeometry::setSegments(const std::vector<core::Vec3> &ends)
{
    QByteArray data(qsizetype(ends.size() * 3 * sizeof(float)), Qt::Uninitialized);
    auto *out = reinterpret_cast<float *>(data.data());
    SceneBox box;
    for (std::size_t i = 0; i < ends.size(); ++i) {
        const QVector3D p(float(ends[i].x), float(ends[i].y), float(ends[i].z));
        out[3 * i] = p.x();
        out[3 * i + 1] = p.y();
        out[3 * i + 2] = p.z();
        box.add(ends[i]);
    }
    // The same segments again upload nothing (setColouredPolylines lays out wider vertices).
    if (stride() == int(3 * sizeof(float)) && indexData().isEmpty() && data == vertexData()) return;
    clear();
    setStride(3 * sizeof(float));
    setPrimitiveType(PrimitiveType::Lines);
    addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
    setVertexData(data);
    setBoundsOf(*this, box);
    m_segments = ends.size() / 2;
    update();
}

void LineGeometry::setColouredPolylines(const std::vector<std::pair<std::vector<core::Vec3>, QColor>> &polylines)
{
    struct Vertex {
        float x, y, z;
        float r, g, b, a;
    };
    std::size_t vertices = 0, indices = 0;
    for (const auto &[points, colour] : polylines) {
        vertices += points.size();
        if (points.size() > 1) indices += 2 * (points.size() - 1);
    }
    QByteArray vertexData(qsizetype(vertices * sizeof(Vertex)), Qt::Uninitialized);
    QByteArray indexData(qsizetype(indices * sizeof(std::uint32_t)), Qt::Uninitialized);
    auto *v = reinterpret_cast<Vertex *>(vertexData.data());
    auto *i = reinterpret_cast<std::uint32_t *>(indexData.data());
    const float shade = shadeFacing(0, 0, 1);
    std::uint32_t base = 0;
    SceneBox box;
    for (const auto &[points, colour] : polylines) {
        const float r = linear(colour.redF()) * shade, g = linear(colour.greenF()) * shade,
                    b = linear(colour.blueF()) * shade, a = float(colour.alphaF());
        for (std::size_t k = 0; k < points.size(); ++k) {
            const QVector3D p(float(points[k].x), float(points[k].y), float(points[k].z));
            *v++ = {p.x(), p.y(), p.z(), r, g, b, a};
            box.add(points[k]);
            if (k + 1 < points.size()) {
                *i++ = base + std::uint32_t(k);
                *i++ = base + std::uint32_t(k + 1);
            }
        }
        base += std::uint32_t(points.size());
    }
    clear();
    setStride(sizeof(Vertex));
    setPrimitiveType(PrimitiveType::Lines);
    addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
    addAttribute(Attribute::ColorSemantic, 3 * sizeof(float), Attribute::F32Type);
    addAttribute(Attribute::IndexSemantic, 0, Attribute::U32Type);
    setVertexData(vertexData);
    setIndexData(indexData);
    setBoundsOf(*this, box);
    m_segments = indices / 2;
    update();
}

DotGeometry::DotGeometry(QQuick3DObject *parent) : QQuick3DGeometry(parent)
{
    QQmlEngine::setObjectOwnership(this, QQmlEngine::CppOwnership); // as MeshGeometry
    setDots({});
}

void DotGeometry::setDots(const std::vector<std::pair<core::Vec3, QColor>> &dots)
{
    struct Vertex {
        float x, y, z;
        float r, g, b, a;
    };
    QByteArray data(qsizetype(dots.size() * sizeof(Vertex)), Qt::Uninitialized);
    auto *v = reinterpret_cast<Vertex *>(data.data());
    SceneBox box;
    for (std::size_t i = 0; i < dots.size(); ++i) {
        const auto &[at, colour] = dots[i];
        const QVector3D p(float(at.x), float(at.y), float(at.z));
        *v++ = {p.x(),
                p.y(),
                p.z(),
                linear(colour.redF()),
                linear(colour.greenF()),
                linear(colour.blueF()),
                float(colour.alphaF())};
        box.add(at);
    }
    if (data == vertexData() && stride() == int(sizeof(Vertex))) return; // the same dots: nothing to upload
    clear();
    setStride(sizeof(Vertex));
    setPrimitiveType(PrimitiveType::Points);
    addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
    addAttribute(Attribute::ColorSemantic, 3 * sizeof(float), Attribute::F32Type);
    setVertexData(data);
    setBoundsOf(*this, box);
    const bool counted = m_dots != dots.size();
    m_dots = dots.size();
    update();
    if (counted) emit countChanged();
}

} // namespace railforge::app
