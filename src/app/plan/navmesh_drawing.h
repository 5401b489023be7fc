// An agent's navigation mesh on the plan: its walkable polygons tinted and the edges where the walkable
// ground ends outlined, as two paths in world units made once per bake (a pan or a zoom only draws
// them again through the view's transform).
#pragma once

#include "app/plan/view_transform.h"

#include "navmesh/nav_mesh.h"

#include <QPainter>
#include <QPainterPath>

#include <memory>

namespace railforge::app {

class NavMeshDrawing {
public:
    // Makes the paths again when `mesh` (or its tiles) changed since the last call; none for null.
    void update(const std::shared_ptr<const nav::NavMesh> &mesh);
    void paint(QPainter &painter, const ViewTransform &view) const;
    bool empty() const { return m_fill.isEmpty(); }

private:
    const nav::NavMesh *m_mesh = nullptr;
    std::uint64_t m_revision = 0;
    QPainterPath m_fill;
    QPainterPath m_outline;
};

} // namespace railforge::app
