// GPU geometry the 3D view's Models draw, filled from C++: a lit triangle mesh (rails, obstacles,
// ground) or a set of line segments (edges, patrol paths, the grid). Setting new data replaces the
// buffers of this one object only; nothing else in the scene is touched.
#pragma once

#include "app/view3d/rail_ribbon.h"

#include <QColor>
#include <QQuick3DGeometry>
#include <QRectF>
#include <QtQml/qqmlregistration.h>

#include <optional>
#include <vector>

namespace railforge::app {

class MeshGeometry : public QQuick3DGeometry {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("built by the 3D view's scene")
public:
    explicit MeshGeometry(QQuick3DObject *parent = nullptr);
    void setMesh(const TriangleMesh &mesh);
    // The mesh with texture coordinates that lay an image covering `rect` of the plan over it from
    // above (u along x, v along y): a reference image draped over the ground.
    void setDrapedMesh(const TriangleMesh &mesh, QRectF rect);
    // Several meshes as one, each vertex carrying its mesh's colour lit by a fixed light from above
    // (baked here: an unlit material with vertex colours draws them at a fraction of a lit one's
    // cost on a software renderer, and the light never moves). Both sides are lit alike.
    void setColouredMeshes(const std::vector<std::pair<const TriangleMesh *, QColor>> &meshes);
    std::size_t triangleCount() const { return m_triangles; }

private:
    // Clears the geometry for triangles of `stride`-byte vertices: a MeshVertex (position, normal),
    // then the `extra` attribute's floats if any (colour, texture coordinates).
    void layOut(int stride, std::optional<Attribute::Semantic> extra);
    // The vertices (laid out as layOut said), then `mesh`'s triangles and bounds.
    void setMeshData(const TriangleMesh &mesh, const QByteArray &vertices);
    std::size_t m_triangles = 0;
};

class LineGeometry : public QQuick3DGeometry {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("built by the 3D view's scene")
public:
    explicit LineGeometry(QQuick3DObject *parent = nullptr);
    // Pairs of end points: segment i runs from ends[2i] to ends[2i + 1].
    void setSegments(const std::vector<core::Vec3> &ends);
    // Polylines, each in its colour (per vertex, lit as a flat ribbon facing up would be: the far
    // rails a chunk draws as lines match the colour of those it draws as ribbons).
    void setColouredPolylines(const std::vector<std::pair<std::vector<core::Vec3>, QColor>> &polylines);
    std::size_t segmentCount() const { return m_segments; }

private:
    std::size_t m_segments = 0;
};

// Points drawn as squares of the material's pointSize in pixels, each in its colour (per vertex,
// unlit): markers seen too small to be worth their mesh.
class DotGeometry : public QQuick3DGeometry {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("built by the 3D view's scene")
    Q_PROPERTY(int count READ count NOTIFY countChanged)
public:
    explicit DotGeometry(QQuick3DObject *parent = nullptr);
    void setDots(const std::vector<std::pair<core::Vec3, QColor>> &dots);
    int count() const { return int(m_dots); }

signals:
    void countChanged();

private:
    std::size_t m_dots = 0;
};

} // namespace railforge::app
