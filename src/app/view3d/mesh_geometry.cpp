#include "app/view3d/mesh_geometry.h"

#include <QVector3D>

#include <algorithm>

namespace railforge::app {

MeshGeometry::MeshGeometry(QQuick3DObject *parent) : QQuick3DGeometry(parent) { setMesh({}); }

void MeshGeometry::setMesh(const TriangleMesh &mesh)
{
    clear();
    setStride(sizeof(MeshVertex));
    setPrimitiveType(PrimitiveType::Triangles);
    addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
    addAttribute(Attribute::NormalSemantic, 3 * sizeof(float), Attribute::F32Type);
    addAttribute(Attribute::IndexSemantic, 0, Attribute::U32Type);
    setVertexData(QByteArray(reinterpret_cast<const char *>(mesh.vertices.data()),
                             qsizetype(mesh.vertices.size() * sizeof(MeshVertex))));
    setIndexData(QByteArray(reinterpret_cast<const char *>(mesh.indices.data()),
                            qsizetype(mesh.indices.size() * sizeof(std::uint32_t))));
    setBounds(QVector3D(float(mesh.lowest.x), float(mesh.lowest.y), float(mesh.lowest.z)),
              QVector3D(float(mesh.highest.x), float(mesh.highest.y), float(mesh.highest.z)));
    m_triangles = mesh.indices.size() / 3;
    update();
}

LineGeometry::LineGeometry(QQuick3DObject *parent) : QQuick3DGeometry(parent) { setSegments({}); }

void LineGeometry::setSegments(const std::vector<core::Vec3> &ends)
{
    clear();
    setStride(3 * sizeof(float));
    setPrimitiveType(PrimitiveType::Lines);
    addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
    QByteArray data(qsizetype(ends.size() * 3 * sizeof(float)), Qt::Uninitialized);
    auto *out = reinterpret_cast<float *>(data.data());
    QVector3D lo, hi;
    for (std::size_t i = 0; i < ends.size(); ++i) {
        const QVector3D p(float(ends[i].x), float(ends[i].y), float(ends[i].z));
        out[3 * i] = p.x();
        out[3 * i + 1] = p.y();
        out[3 * i + 2] = p.z();
        lo = i == 0 ? p : QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
        hi = i == 0 ? p : QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
    }
    setVertexData(data);
    setBounds(lo, hi);
    m_segments = ends.size() / 2;
    update();
}

} // namespace railforge::app
