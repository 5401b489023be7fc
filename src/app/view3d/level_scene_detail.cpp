// LevelScene3D: how much of each rail is drawn for the camera (view_detail.h).
#include "app/selection/selection.h"
#include "app/view3d/level_scene.h"

namespace railforge::app {
namespace {

// How bright a marker's faces show under the view's lights, seen from above (sRGB, measured on a
// screenshot): the dots that stand for markers are drawn that dark.
constexpr double kShade = 0.65;

} // namespace

void LevelScene3D::setCamera(ViewCamera3D *camera)
{
    if (camera == m_camera) return;
    if (m_camera) disconnect(m_camera, nullptr, this, nullptr);
    m_camera = camera;
    if (m_camera) {
        // A camera that moves, turns or zooms may see a rail larger or smaller.
        connect(m_camera, &ViewCamera3D::changed, this, &LevelScene3D::followCamera);
        connect(m_camera, &ViewCamera3D::viewportChanged, this, &LevelScene3D::followCamera);
    }
    followCamera();
    emit cameraChanged();
}

void LevelScene3D::followCamera()
{
    // Most camera moves change no rail's detail; then the chunks are not even looked at.
    if (updateDetails()) layChunks();
    splitWaypoints(false);
    if (updateJunctionsNearEye()) refillJunctions();
}

void LevelScene3D::splitWaypoints(bool refill)
{
    const SceneCamera camera = m_camera ? m_camera->sceneCamera() : SceneCamera{};
    const QSizeF viewport = m_camera ? m_camera->viewport() : QSizeF();
    if (m_waypointDotted.size() != m_waypointMarkers.size()) {
        m_waypointDotted.assign(m_waypointMarkers.size(), 0);
        refill = true;
    }
    for (std::size_t i = 0; i < m_waypointMarkers.size(); ++i) {
        const PointInstance &m = m_waypointMarkers[i];
        const int side = m_camera && !viewport.isEmpty()
                             ? dotPixels(m.scale * pixelsPerUnitAt(camera, viewport, m.position, m.position),
                                         m_waypointDotted[i] != 0)
                             : 0;
        refill = refill || side != m_waypointDotted[i];
        m_waypointDotted[i] = side;
    }
    if (!refill) return;
    std::vector<PointInstance> markers;
    std::vector<std::vector<std::pair<core::Vec3, QColor>>> dots(m_waypointDots.size());
    for (std::size_t i = 0; i < m_waypointMarkers.size(); ++i) {
        const PointInstance &m = m_waypointMarkers[i];
        if (m_waypointDotted[i] == 0) {
            markers.push_back(m);
            continue;
        }
        // As dark as the marker's faces show lit from above (the dots are not lit).
        const QColor shaded = QColor::fromRgbF(m.colour.redF() * kShade, m.colour.greenF() * kShade,
                                               m.colour.blueF() * kShade, m.colour.alphaF());
        dots[std::size_t(m_waypointDotted[i] - kSmallestDot)].emplace_back(m.position, shaded);
    }
    m_parts.waypoints->setPoints(std::move(markers));
    for (std::size_t k = 0; k < dots.size(); ++k) m_waypointDots[k]->setDots(dots[k]);
}

QVariantList LevelScene3D::waypointDots() const
{
    QVariantList out;
    for (std::size_t k = 0; k < m_waypointDots.size(); ++k)
        out.append(QVariantMap{{"geometry", QVariant::fromValue<QObject *>(m_waypointDots[k].get())},
                               {"pixels", kSmallestDot + int(k)}});
    return out;
}

int LevelScene3D::waypointDotCount() const
{
    int count = 0;
    for (const auto &g : m_waypointDots) count += g->count();
    return count;
}

bool LevelScene3D::updateDetails()
{
    const SceneCamera camera = m_camera ? m_camera->sceneCamera() : SceneCamera{};
    const QSizeF viewport = m_camera ? m_camera->viewport() : QSizeF();
    bool changed = false;
    for (RailEntry *entry : m_railOrder) {
        RailDetail detail;
        if (m_camera && !viewport.isEmpty()) {
            const std::size_t rows = entry->samples.rows.size();
            const double spacing = rows > 1 ? entry->samples.length / double(rows - 1) : 0.0;
            const double pixels = pixelsPerUnitAt(camera, viewport, entry->ribbon.lowest, entry->ribbon.highest);
            detail = railDetail(pixels, spacing, m_railWidth, entry->detail);
        }
        changed = changed || !(detail == entry->detail);
        entry->detail = detail;
    }
    return changed;
}

QVariantList LevelScene3D::railLineChunks() const
{
    QVariantList out;
    for (LineGeometry *g : m_chunks.lineGeometries()) out.append(QVariant::fromValue<QObject *>(g));
    return out;
}

QVariantMap LevelScene3D::railDetailOf(const QString &key) const
{
    const auto id = Selection::fromKey(key);
    if (!id || id->kind != document::ObjectKind::Rail) return {};
    const auto found = m_railCache.find(id->id);
    if (found == m_railCache.end()) return {};
    return {{"stride", found->second.detail.stride}, {"line", found->second.detail.line}};
}

} // namespace railforge::app
