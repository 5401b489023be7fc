// LevelScene3D's dragged rail: the one rail a drag keeps changing is drawn apart from the level, so
// that each step of the drag redraws that rail alone (the view keeps the rest of the level's
// picture as it was). A software renderer takes as long to draw a big level as a designer's hand
// takes to move: drawn whole on every step, the rail would trail the pointer.
#include "app/selection/selection.h"
#include "app/view3d/level_scene.h"

namespace railforge::app {

QString LevelScene3D::draggedKey() const
{
    return m_dragged.empty() ? QString() : Selection::keyOf({document::ObjectKind::Rail, m_dragged});
}

std::size_t LevelScene3D::primitivesDrawn() const
{
    std::size_t n = m_parts.edges->segmentCount() + m_parts.patrolPaths->segmentCount() +
                    m_parts.obstacles->triangleCount() + 8 * m_waypointMarkers.size(); // an octahedron each
    for (const MeshGeometry *g : m_chunks.geometries()) n += g->triangleCount();
    for (const LineGeometry *g : m_chunks.lineGeometries()) n += g->segmentCount();
    for (const auto &g : m_grounds) n += g->triangleCount();
    return n;
}

void LevelScene3D::followShapeEdits(const std::vector<std::string> &rails)
{
    // The dragged rail's own view costs a picture of the whole view's size on every step: below
    // kDragApartPrimitives, drawing the whole level again is cheaper (measured in bench_view3d).
    const bool again = rails.size() == 1 && rails.front() == m_lastShaped && m_lastShapedClock.isValid() &&
                       m_lastShapedClock.elapsed() < kDragGapMs && primitivesDrawn() >= kDragApartPrimitives;
    m_lastShaped = rails.size() == 1 ? rails.front() : std::string();
    m_lastShapedClock.start();
    if (!again) {
        // A single edit (a field, an undo) is drawn as always: taking the rail apart and putting it
        // back would draw the level twice more, for one change.
        m_dragEnd.stop();
        setDragged({});
        return;
    }
    m_dragEnd.start();
    setDragged(rails.front());
}

void LevelScene3D::setDragged(const std::string &id)
{
    if (id == m_dragged) return;
    m_dragged = id;
    refillControlPoints();
    emit draggedKeyChanged();
}

void LevelScene3D::endDrag()
{
    m_dragEnd.stop();
    if (m_dragged.empty()) return;
    setDragged({});
    layChunks();
}

void LevelScene3D::refillControlPoints()
{
    if (!m_controller) return;
    fillControlPoints(*m_parts.controlPoints, *m_draggedControlPoints, m_dragged, m_controller->document()->level(),
                      m_controller->selection()->objects(), m_markerSize);
}

} // namespace railforge::app
