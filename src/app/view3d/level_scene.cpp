#include "app/view3d/level_scene.h"

#include "app/drawing/canvas_palette.h"
#include "app/drawing/nice_length.h"
#include "app/ground/ground_model.h"
#include "app/ground/reference_access.h"
#include "app/selection/selection.h"
#include "app/view3d/scene_box.h"
#include "app/view3d/scene_meshes.h"
#include "document/ground/reference_files.h"
#include "document/model/rail_points.h"

#include <QDir>
#include <QUrl>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace railforge::app {
namespace {} // namespace

LevelScene3D::LevelScene3D(QObject *parent) : QObject(parent)
{
    m_parts.marker->setMesh(markerMesh());
    for (int side = kSmallestDot; side <= kLargestDot; ++side) m_waypointDots.emplace_back(new DotGeometry);
    connect(&m_scenery, &SceneryLoader::loaded, this, [this] {
        refreshGround();
        updateBounds();
    });
    connect(&m_sceneryImages, &SceneryImages::loaded, this, [this] {
        showImages();
        updateBounds();
        emit contentChanged();
    });
    m_dragEnd.setSingleShot(true);
    m_dragEnd.setInterval(kDragEndMs);
    connect(&m_dragEnd, &QTimer::timeout, this, &LevelScene3D::endDrag);
}

LevelScene3D::~LevelScene3D() = default;

void LevelScene3D::setController(EditorController *controller)
{
    if (m_controller == controller) return;
    if (m_controller) {
        disconnect(m_controller->document(), nullptr, this, nullptr);
        disconnect(m_controller->selection(), nullptr, this, nullptr);
        disconnect(m_controller->patrolPreview(), nullptr, this, nullptr);
        disconnect(m_controller->access(), nullptr, this, nullptr);
        disconnect(m_controller->ground(), nullptr, this, nullptr);
    }
    m_controller = controller;
    if (m_controller) {
        connect(m_controller->document(), &document::LevelDocument::levelChanged, this, &LevelScene3D::refreshFor);
        connect(m_controller->document(), &document::LevelDocument::replaced, this, [this] {
            // Another level: its own ribbon width, unless the designer chose one.
            if (m_autoWidth) {
                dropRibbons();
                refresh();
            }
        });
        connect(m_controller->selection(), &Selection::changed, this, &LevelScene3D::updateFlags);
        connect(m_controller->ground(), &GroundModel::groundChanged, this, &LevelScene3D::updateImages);
        connect(m_controller->access(), &ReferenceAccess::rulesChanged, this, [this] {
            m_sceneryImages.forget(); // read again under the new rules
            updateImages();
            m_scenery.update(m_controller->document()->level().references, m_controller->access()->files());
        });
        connect(m_controller->patrolPreview(), &PatrolPreview::routesChanged, this, [this] {
            fillPatrolPaths(*m_parts.patrolPaths, m_controller->document()->level(),
                            m_controller->patrolPreview()->routes());
            emit contentChanged();
        });
        refresh();
    }
    emit controllerChanged();
}

void LevelScene3D::setLive(bool live)
{
    if (live == m_live) return;
    m_live = live;
    emit liveChanged();
    if (m_live && m_stale) refresh();
}

void LevelScene3D::refresh() { refreshFor(document::LevelDocument::ChangeSet{}); }

void LevelScene3D::refreshFor(const document::LevelDocument::ChangeSet &change)
{
    if (!m_controller) return;
    if (!m_live) {
        m_stale = true;
        return;
    }
    const bool full = std::exchange(m_stale, false) || change.wholeLevel;
    const auto &level = m_controller->document()->level();
    if (m_autoWidth && m_railCache.empty() && !level.rails.empty()) {
        // A width that reads at the distance the whole level is seen from, chosen once per level
        // (a width that followed every edit would rebuild every ribbon on every drag).
        SceneBox box;
        for (const auto &rail : level.rails)
            for (const auto &p : rail.points) box.add({p.x, p.y, p.z});
        const double extent = box.empty ? 0.0 : core::length(box.hi - box.lo);
        m_railWidth = std::clamp(niceLength(extent * 0.012), 0.2, 20.0);
        emit railWidthChanged();
    }
    refreshRails(full, change);
    using K = document::ObjectKind;
    if (full || change.touchesKind(K::Waypoint) || change.touchesKind(K::Edge) || change.touchesKind(K::Patrol)) {
        fillEdges(*m_parts.edges, level);
        fillPatrolPaths(*m_parts.patrolPaths, level, m_controller->patrolPreview()->routes());
    }
    if (full || change.touchesKind(K::Reference)) {
        updateImages();
        m_scenery.update(level.references, m_controller->access()->files());
    }
    const double markerSize = m_markerSize;
    updateBounds();
    updateMarkersFor(change, full || markerSize != m_markerSize);
    emit contentChanged();
}

void LevelScene3D::updateMarkersFor(const document::LevelDocument::ChangeSet &change, bool all)
{
    // A drag of a rail's point touches its control points and the junctions on it, never the
    // waypoints' markers: those are built again only when waypoints changed (or their size did).
    using K = document::ObjectKind;
    const auto &level = m_controller->document()->level();
    const auto &selected = m_controller->selection()->objects();
    if (all || change.touchesKind(K::Waypoint)) {
        const QString hoveredWaypoint =
            m_hoveredKey.startsWith(QLatin1String("waypoint:")) ? m_hoveredKey.mid(9) : m_planHover;
        m_waypointMarkers = waypointMarkers(level, selected, hoveredWaypoint.toStdString(), m_markerSize);
        splitWaypoints(true);
    }
    if (all || change.touchesKind(K::Rail)) refillControlPoints();
    if (all || change.touchesKind(K::Rail) || change.touchesKind(K::Junction)) {
        rebuildJunctionMarkers();
        refillJunctions();
    }
}

bool LevelScene3D::refreshChangedRails(const document::LevelDocument::ChangeSet &change)
{
    const auto &level = m_controller->document()->level();
    if (change.listChanged(document::ObjectKind::Rail) || m_railOrder.size() != level.rails.size()) return false;
    for (const auto &c : change.objects)
        if (c.at.kind == document::ObjectKind::Rail && m_railOrder[c.at.index]->rail.id != level.rails[c.at.index].id)
            return false; // renamed
    std::vector<std::string> rebuilt;
    for (const auto &c : change.objects) {
        if (c.at.kind != document::ObjectKind::Rail) continue;
        RailEntry &entry = *m_railOrder[c.at.index];
        entry.rail = level.rails[c.at.index];
        if (!(c.parts & document::kShapePart)) continue; // a colour, a channel key: the ribbon stays
        buildRibbon(entry, c.at.index);
        if (std::find(rebuilt.begin(), rebuilt.end(), entry.rail.id) == rebuilt.end()) rebuilt.push_back(entry.rail.id);
    }
    if (rebuilt.empty()) return true;
    followShapeEdits(rebuilt);
    updateChunks();
    emit railsRebuilt();
    return true;
}

void LevelScene3D::dropRibbons()
{
    m_railOrder.clear(); // it points into the cache
    m_railCache.clear();
}

void LevelScene3D::buildRibbon(RailEntry &entry, std::size_t index)
{
    entry.samples = sampleRailForView(m_controller->document()->railGeometry(index), m_rowsPerRail);
    entry.ribbon = railRibbon(entry.samples, m_railWidth);
    entry.rowsBox = SceneBox{};
    for (const auto &row : entry.samples.rows) entry.rowsBox.add(row.position);
    entry.builds = ++m_buildCounts[entry.rail.id];
}

void LevelScene3D::refreshRails(bool full, const document::LevelDocument::ChangeSet &change)
{
    const auto &level = m_controller->document()->level();
    const int rows = viewRowsPerRail(level.rails.size());
    if (rows != m_rowsPerRail) {
        m_rowsPerRail = rows; // every ribbon again, finer or coarser
        dropRibbons();
    }
    // Rails changed in place (a drag): their ribbons only, and only for a change of shape.
    if (!full && !m_railOrder.empty() && refreshChangedRails(change)) return;
    std::map<std::string, RailEntry> kept;
    bool rebuilt = false;
    for (std::size_t i = 0; i < level.rails.size(); ++i) {
        const document::Rail &rail = level.rails[i];
        auto cached = m_railCache.find(rail.id);
        if (cached != m_railCache.end() && document::sameShape(cached->second.rail, rail)) {
            cached->second.rail = rail;
            kept.emplace(rail.id, std::move(cached->second));
            continue;
        }
        RailEntry entry;
        entry.rail = rail;
        buildRibbon(entry, i);
        kept.insert_or_assign(rail.id, std::move(entry));
        rebuilt = true;
    }
    followShapeEdits({});                                  // rails came, went or were renamed: no drag
    const bool removed = kept.size() < m_railCache.size(); // a rail went away
    m_railCache = std::move(kept);
    m_railOrder.clear();
    for (const auto &rail : level.rails) m_railOrder.push_back(&m_railCache.at(rail.id));
    updateChunks();
    if (rebuilt || removed) emit railsRebuilt();
}

void LevelScene3D::updateChunks()
{
    updateDetails();
    layChunks();
}

void LevelScene3D::layChunks()
{
    if (!m_controller) return;
    const auto &level = m_controller->document()->level();
    const auto &selected = m_controller->selection()->objects();
    std::vector<ChunkRail> rails;
    rails.reserve(level.rails.size());
    for (std::size_t i = 0; i < level.rails.size() && i < m_railOrder.size(); ++i) {
        const std::string &id = level.rails[i].id;
        const QString key = Selection::keyOf({document::ObjectKind::Rail, id});
        const bool on = selected.count({document::ObjectKind::Rail, id}) != 0 && key != m_plainKey;
        const QColor colour = on                    ? QColor(0xee, 0xf8, 0xff)
                              : key == m_hoveredKey ? QColor(0xb3, 0xe5, 0xfc)
                                                    : palette::rail;
        rails.push_back({id, &m_railOrder[i]->ribbon, m_railOrder[i]->builds, colour, m_railOrder[i]->detail,
                         m_dragged.count(id) != 0});
    }
    if (m_chunks.update(rails)) emit railChunksChanged();
}

QVariantList LevelScene3D::railChunks() const
{
    QVariantList out;
    for (MeshGeometry *g : m_chunks.geometries()) out.append(QVariant::fromValue<QObject *>(g));
    return out;
}

void LevelScene3D::setPlainKey(const QString &key)
{
    if (key == m_plainKey) return;
    m_plainKey = key;
    updateChunks();
    if (updateJunctionsNearEye()) refillJunctions();
    emit plainKeyChanged();
}

void LevelScene3D::refreshGround()
{
    m_grounds.clear();
    m_groundFlags.clear();
    m_groundColours.clear();
    m_groundDrapes.clear();
    m_drapeTextures.clear();
    std::vector<bool> draped(m_images.size(), false);
    for (const SceneryMesh &m : m_scenery.meshes()) {
        m_grounds.emplace_back(new MeshGeometry);
        // The last image over a ground mesh lies on it (as the plan draws the last one on top); a
        // mesh given a colour of its own (a deck) keeps it.
        const QRectF box(QPointF(m.mesh.lowest.x, m.mesh.lowest.y), QPointF(m.mesh.highest.x, m.mesh.highest.y));
        int drape = -1;
        for (std::size_t i = 0; i < m_imageRects.size() && m.ground && m.color.empty(); ++i)
            if (m_imageRects[i].intersects(box)) drape = int(i);
        if (drape >= 0) {
            m_grounds.back()->setDrapedMesh(m.mesh, m_imageRects[std::size_t(drape)]);
            draped[std::size_t(drape)] = true;
        } else {
            m_grounds.back()->setMesh(m.mesh);
        }
        m_groundFlags.push_back(m.ground);
        m_groundDrapes.push_back(drape);
        m_groundColours.push_back(!m.color.empty() ? QString::fromStdString(m.color)
                                  : m.ground       ? QStringLiteral("#8d9774")
                                                   : QStringLiteral("#9a9ea6"));
        QUrl texture;
        if (drape >= 0) {
            const auto &[pixels, opacity] = m_imagePixels[std::size_t(drape)];
            texture = m_textureFiles.writeOver(pixels, QColor(m_groundColours.back()), opacity);
        }
        m_drapeTextures.push_back(texture);
    }
    bool imagesChanged = false;
    for (std::size_t i = 0; i < draped.size(); ++i) {
        QVariantMap image = m_images[qsizetype(i)].toMap();
        if (image["draped"].toBool() == draped[i]) continue;
        image["draped"] = bool(draped[i]);
        m_images[qsizetype(i)] = image;
        imagesChanged = true;
    }
    emit groundsChanged();
    if (imagesChanged) emit this->imagesChanged();
}

void LevelScene3D::waitForScenery()
{
    m_sceneryImages.waitForFinished();
    m_scenery.waitForFinished();
}

void LevelScene3D::updateImages()
{
    // An image of a file the ground is reading as a heightmap waits for it (groundChanged asks again):
    // its picture is then fitted from the heights the ground holds, one decode for both.
    std::vector<document::Reference> references;
    for (const document::Reference &r : m_controller->document()->level().references)
        if (r.kind != document::ReferenceKind::Image || !m_controller->ground()->readsAsHeights(r.file))
            references.push_back(r);
    m_sceneryImages.update(references, m_controller->access()->files());
}

void LevelScene3D::showImages()
{
    m_images.clear();
    m_imageRects.clear();
    m_imagePixels.clear();
    // Decoded off the UI thread (scenery_images.h), within the rules (the outliner says why one is
    // left out), a large one scaled down once.
    for (const SceneryImage &shown : m_sceneryImages.images()) {
        const document::Reference &r = shown.reference;
        const QImage &pixels = *shown.pixels;
        const double x0 = std::min(r.rect[0], r.rect[2]), x1 = std::max(r.rect[0], r.rect[2]);
        const double y0 = std::min(r.rect[1], r.rect[3]), y1 = std::max(r.rect[1], r.rect[3]);
        const QUrl url = m_textureFiles.write(pixels);
        if (url.isEmpty()) continue;
        m_imagePixels.emplace_back(pixels, r.opacity);
        m_imageRects.push_back(QRectF(QPointF(x0, y0), QPointF(x1, y1)));
        m_images.append(QVariantMap{{"url", url},
                                    {"draped", false},
                                    {"x", (x0 + x1) / 2},
                                    {"y", (y0 + y1) / 2},
                                    {"width", x1 - x0},
                                    {"height", y1 - y0},
                                    {"opacity", r.opacity}});
    }
    // The ground meshes take the images draped over them (and the images say which lie there).
    if (!m_grounds.empty()) refreshGround();
    emit imagesChanged();
}

void LevelScene3D::updateFlags()
{
    if (!m_controller) return;
    updateChunks();
    updateMarkersFor(document::LevelDocument::ChangeSet{}, true);
}

void LevelScene3D::rebuildJunctionMarkers()
{
    const auto &level = m_controller->document()->level();
    // Wider than the ribbons, which would hide a marker the size of a waypoint's.
    const double junctionSize = std::max(m_markerSize * 1.6, m_railWidth * 1.6);
    m_junctions = junctionMarkers(
        level,
        [&](std::size_t i) -> const core::ArcLengthTable * {
            const RailSamples *samples =
                i < level.rails.size() ? railSamples(Selection::keyOf({document::ObjectKind::Rail, level.rails[i].id}))
                                       : nullptr;
            return samples ? &samples->table() : nullptr;
        },
        junctionSize * 8.0);
    m_junctionSize = junctionSize;
    updateJunctionsNearEye();
}

void LevelScene3D::refillJunctions()
{
    if (!m_controller) return;
    const std::string hoveredJunction =
        m_hoveredKey.startsWith(QLatin1String("junction:")) ? m_hoveredKey.mid(9).toStdString() : std::string();
    std::set<std::string> selectedJunctions;
    for (const auto &id : m_controller->selection()->objects())
        if (id.kind == document::ObjectKind::Junction) selectedJunctions.insert(id.id);
    // The junctions on a dragged rail or joining one move with it: drawn with it, apart.
    std::set<std::string> ofDragged;
    if (!m_dragged.empty())
        for (const document::Junction &j : m_controller->document()->level().junctions)
            if (m_dragged.count(j.rail) ||
                std::any_of(j.links.begin(), j.links.end(),
                            [&](const document::JunctionLink &l) { return m_dragged.count(l.rail) != 0; }))
                ofDragged.insert(j.id);
    std::vector<JunctionMarker> shown, dragged;
    for (const JunctionMarker &j : m_junctions)
        if (!m_junctionsNearEye.count(j.id)) (ofDragged.count(j.id) ? dragged : shown).push_back(j);
    fillJunctions(*m_parts.junctions, *m_parts.junctionWays, shown, hoveredJunction, selectedJunctions, m_junctionSize);
    fillJunctions(*m_draggedJunctions, *m_draggedJunctionWays, dragged, hoveredJunction, selectedJunctions,
                  m_junctionSize);
}

bool LevelScene3D::updateJunctionsNearEye()
{
    std::set<std::string> near;
    if (!m_plainKey.isEmpty() && m_camera) {
        const QVector3D eye = m_camera->position();
        // Within the default way's reach: closer, the ball and its line cross the rider's view.
        const double reach = m_junctionSize * 8.0;
        for (const JunctionMarker &j : m_junctions)
            if (std::hypot(j.place.x - eye.x(), j.place.y - eye.y(), j.place.z - eye.z()) < reach) near.insert(j.id);
    }
    if (near == m_junctionsNearEye) return false;
    m_junctionsNearEye = std::move(near);
    return true;
}

QVariantList LevelScene3D::grounds() const
{
    QVariantList out;
    for (std::size_t i = 0; i < m_grounds.size(); ++i)
        out.append(QVariantMap{{"geometry", QVariant::fromValue<QObject *>(m_grounds[i].get())},
                               {"ground", bool(m_groundFlags[i])},
                               {"color", m_groundColours[i]},
                               {"texture", m_drapeTextures[i]}});
    return out;
}

void LevelScene3D::setRailWidth(double width)
{
    if (!(width > 0) || width == m_railWidth) return;
    m_railWidth = width;
    m_autoWidth = false;
    dropRibbons(); // every ribbon again at the new width
    if (m_controller) refresh();
    emit railWidthChanged();
}

QVector3D LevelScene3D::railPointAt(const QString &key, double s) const
{
    const RailSamples *rail = railSamples(key);
    if (!rail || rail->table().segments.empty()) return {};
    const core::Vec3 p = core::sampleAt(rail->table(), s).position;
    return QVector3D(float(p.x), float(p.y), float(p.z));
}

int LevelScene3D::ribbonBuilds(const QString &key) const
{
    if (!key.startsWith(QLatin1String("rail:"))) return 0;
    auto it = m_buildCounts.find(key.mid(5).toStdString());
    return it == m_buildCounts.end() ? 0 : it->second;
}

const document::Rail *LevelScene3D::rail(const QString &key) const
{
    if (!key.startsWith(QLatin1String("rail:"))) return nullptr;
    auto it = m_railCache.find(key.mid(5).toStdString());
    return it == m_railCache.end() ? nullptr : &it->second.rail;
}

const RailSamples *LevelScene3D::railSamples(const QString &key) const
{
    if (!key.startsWith(QLatin1String("rail:"))) return nullptr;
    auto it = m_railCache.find(key.mid(5).toStdString());
    return it == m_railCache.end() ? nullptr : &it->second.samples;
}

} // namespace railforge::app
