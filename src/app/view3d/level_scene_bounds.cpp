// LevelScene3D's bounds (a file of its own: the scene's file is long enough): the box around the
// level that sizes the grid, the markers and the obstacles' height, and the box around the selection
// that "frame selected" flies to.
#include "app/drawing/nice_length.h"
#include "app/view3d/level_scene.h"
#include "app/view3d/scene_box.h"
#include "app/view3d/scene_meshes.h"
#include "document/editing/junction_keeping.h"

#include <array>

namespace railforge::app {

void LevelScene3D::updateBounds()
{
    if (!m_controller) return;
    const auto &level = m_controller->document()->level();
    SceneBox box;
    for (const RailEntry *entry : m_railOrder)
        if (!entry->rowsBox.empty) {
            box.add(entry->rowsBox.lo);
            box.add(entry->rowsBox.hi);
        }
    for (const auto &w : level.waypoints) box.add({w.position.x, w.position.y, w.position.z});
    SceneBox withGround = box;
    for (const auto &g : m_grounds) {
        const QVector3D lo = g->boundsMin(), hi = g->boundsMax();
        withGround.add({lo.x(), lo.y(), lo.z()});
        withGround.add({hi.x(), hi.y(), hi.z()});
    }
    // Obstacles stand from the lowest thing in the level to a little over the highest.
    m_obstacleBottom = withGround.empty ? 0.0 : withGround.lo.z;
    m_obstacleTop = withGround.empty ? 3.0 : std::max(withGround.hi.z, m_obstacleBottom) + 3.0;
    for (const auto &o : level.obstacles) {
        if (o.shape == document::Obstacle::Shape::Circle) {
            withGround.add(
                {o.circle.center.x - o.circle.radius, o.circle.center.y - o.circle.radius, m_obstacleBottom});
            withGround.add({o.circle.center.x + o.circle.radius, o.circle.center.y + o.circle.radius, m_obstacleTop});
        } else {
            for (const auto &p : o.polygon) withGround.add({p.x, p.y, m_obstacleBottom});
        }
    }
    for (const auto &image : m_images) {
        const QVariantMap m = image.toMap();
        const double x = m["x"].toDouble(), y = m["y"].toDouble(), w = m["width"].toDouble() / 2,
                     h = m["height"].toDouble() / 2;
        withGround.add({x - w, y - h, m_obstacleBottom});
        withGround.add({x + w, y + h, m_obstacleBottom});
    }
    if (withGround.empty) withGround.add({0, 0, 0});
    const core::Vec3 c = (withGround.lo + withGround.hi) * 0.5;
    const double radius = std::max(1.0, core::length(withGround.hi - withGround.lo) / 2);
    const double marker = std::clamp(radius * 0.01, 0.05, 50.0);
    // What follows is rebuilt only when what it depends on moved (not on every frame of a drag).
    if (level.obstacles != m_prismSource || m_obstacleBottom != m_prismBottom || m_obstacleTop != m_prismTop) {
        m_parts.obstacles->setMesh(obstaclePrisms(level.obstacles, m_obstacleBottom, m_obstacleTop));
        m_prismSource = level.obstacles;
        m_prismBottom = m_obstacleBottom;
        m_prismTop = m_obstacleTop;
    }
    // The grid lies just under everything, a tenth of a unit down so it never fights the ground.
    const double extent = std::max(withGround.hi.x - withGround.lo.x, withGround.hi.y - withGround.lo.y);
    const double step = niceLength(extent * 1.2 / 20);
    const std::array<double, 6> grid = {withGround.lo.x - extent * 0.1, withGround.lo.y - extent * 0.1,
                                        withGround.hi.x + extent * 0.1, withGround.hi.y + extent * 0.1,
                                        withGround.lo.z - 0.1,          step};
    if (grid != m_gridShown) {
        m_parts.grid->setSegments(gridLines(grid[0], grid[1], grid[2], grid[3], grid[4], grid[5]));
        m_gridShown = grid;
    }
    bool imagesMoved = false;
    for (auto &image : m_images) {
        QVariantMap m = image.toMap();
        if (m["z"].toDouble() == withGround.lo.z - 0.05 && m.contains("z")) continue;
        m["z"] = withGround.lo.z - 0.05;
        image = m;
        imagesMoved = true;
    }
    if (imagesMoved) emit imagesChanged();
    const QVector3D centre(float(c.x), float(c.y), float(c.z));
    const double floor = withGround.lo.z - 0.1;
    if (centre != m_centre || radius != m_radius || marker != m_markerSize || floor != m_floor) {
        m_floor = floor;
        m_centre = centre;
        m_radius = radius;
        m_markerSize = marker;
        emit boundsChanged();
    }
}

QVariantMap LevelScene3D::selectionBounds() const
{
    if (!m_controller) return {{"valid", false}};
    const auto &level = m_controller->document()->level();
    SceneBox box;
    for (const auto &id : m_controller->selection()->objects()) {
        const auto at = document::findObject(level, id);
        if (!at) continue;
        switch (id.kind) {
        case document::ObjectKind::Waypoint: {
            const auto &p = level.waypoints[at->index].position;
            box.add({p.x, p.y, p.z});
            break;
        }
        case document::ObjectKind::Rail:
            if (const RailSamples *s = railSamples(Selection::keyOf(id)))
                for (const auto &row : s->rows) box.add(row.position);
            break;
        case document::ObjectKind::Obstacle: {
            const auto &o = level.obstacles[at->index];
            if (o.shape == document::Obstacle::Shape::Circle) {
                box.add({o.circle.center.x - o.circle.radius, o.circle.center.y - o.circle.radius, m_obstacleBottom});
                box.add({o.circle.center.x + o.circle.radius, o.circle.center.y + o.circle.radius, m_obstacleTop});
            }
            for (const auto &p : o.polygon) box.add({p.x, p.y, m_obstacleBottom});
            break;
        }
        case document::ObjectKind::Patrol:
            if (const auto *route = m_controller->patrolPreview()->route(id.id))
                for (const auto &p : route->smoothed) box.add({p.x, p.y, p.z});
            break;
        case document::ObjectKind::Junction:
            if (const auto place = document::junctionPlace(level, level.junctions[at->index])) box.add(*place);
            break;
        case document::ObjectKind::Reference: {
            const auto &r = level.references[at->index];
            if (r.kind == document::ReferenceKind::Mesh) {
                box.add(r.translate);
            } else {
                box.add({r.rect[0], r.rect[1], m_floor});
                box.add({r.rect[2], r.rect[3], m_floor});
            }
            break;
        }
        case document::ObjectKind::Edge: break;  // selected with its waypoints
        case document::ObjectKind::Agent: break; // no place of its own
        }
    }
    if (box.empty) return {{"valid", false}};
    const core::Vec3 c = (box.lo + box.hi) * 0.5;
    return {{"valid", true},
            {"centre", QVector3D(float(c.x), float(c.y), float(c.z))},
            {"radius", std::max(m_markerSize * 4, core::length(box.hi - box.lo) / 2)}};
}

} // namespace railforge::app
