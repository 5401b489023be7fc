// LevelScene3D's dragged rails: the rails a drag keeps changing are drawn apart from the level, so
// that each step of the drag redraws them alone (the view keeps the rest of the level's
// picture as it was). A software renderer takes as long to draw a big level as a designer's hand
// takes to move: drawn whole on every step, the rail would trail the pointer.
#include "app/selection/selection.h"
#include "app/view3d/level_scene.h"

namespace railforge::app {

QStringList LevelScene3D::draggedKeys() const
{
    QStringList keys;
    for (const std::string &id : m_dragged) keys << Selection::keyOf({document::ObjectKind::Rail, id});
    return keys;
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
    // The dragged rails' own view costs a picture of the whole view's size on every step: below
    // kDragApartPrimitives, drawing the whole level again is cheaper (measured in bench_view3d).
    std::set<std::string> shaped(rails.begin(), rails.end());
    const bool again = !shaped.empty() && shaped.size() <= kMostDragged && shaped == m_lastShaped &&
                       m_lastShapedClock.isValid() && m_lastShapedClock.elapsed() < kDragGapMs &&
                       primitivesDrawn() >= kDragApartPrimitives;
    m_lastShaped = std::move(shaped);
    m_lastShapedClock.start();
    if (!again) {
        // A single edit (a field, an undo) is drawn as always: taking rails apart and putting them
        // back would draw the level twice more, for one change.
        m_dragEnd.stop();
        setDragged({});
        return;
    }
    m_dragEnd.start();
    setDragged(m_lastShaped);
}

void LevelScene3D::setDragged(std::set<std::string> rails)
{
    if (rails == m_dragged) return;
    m_dragged = std::move(rails);
    refillControlPoints();
    refillJunctions();
    emit draggedKeysChanged();
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
