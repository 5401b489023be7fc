// The level as the 3D view shows it, kept in step with the document: a ribbon per rail (rebuilt
// only for the rails an edit changed), waypoints and control points as instanced markers, edges and
// patrol paths as lines, obstacles as translucent prisms, the ground's meshes and heightmaps, the
// reference images, and a grid. It answers what is under a click (scene_pick.h) and selects it the
// way the plan does, so selection is one for plan, outliner and 3D view.
#pragma once

#include "app/editor/editor_controller.h"
#include "app/view3d/junction_markers.h"
#include "app/view3d/level_scene_parts.h"
#include "app/view3d/rail_chunks.h"
#include "app/view3d/rail_samples.h"
#include "app/view3d/scene_box.h"
#include "app/view3d/scene_pick.h"
#include "app/view3d/scenery_images.h"
#include "app/view3d/scenery_loader.h"
#include "app/view3d/view_camera.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QVariantList>
#include <QVector3D>
#include <QtQml/qqmlregistration.h>

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

Q_MOC_INCLUDE("app/view3d/mesh_geometry.h")
#include "app/view3d/texture_files.h"
Q_MOC_INCLUDE("app/view3d/point_instances.h")

namespace railforge::app {

class LevelScene3D : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(
        railforge::app::EditorController *controller READ controller WRITE setController NOTIFY controllerChanged)
    // The rails' ribbons, a MeshGeometry (with vertex colours) per chunk of rails (rail_chunks.h).
    Q_PROPERTY(QVariantList railChunks READ railChunks NOTIFY railChunksChanged)
    // The rails seen too small for a ribbon, as lines: a LineGeometry per chunk (view_detail.h).
    Q_PROPERTY(QVariantList railLineChunks READ railLineChunks NOTIFY railChunksChanged)
    // The camera the view draws with: how small each rail is seen decides how much of it is drawn.
    // Without one every rail is drawn in full.
    Q_PROPERTY(railforge::app::ViewCamera3D *camera READ camera WRITE setCamera NOTIFY cameraChanged)
    // The rail drawn in its plain colour even when selected (the one being ridden: a white track
    // under the rider's eye is glare).
    Q_PROPERTY(QString plainKey READ plainKey WRITE setPlainKey NOTIFY plainKeyChanged)
    // Waypoints as markers, and as dots where they are seen too small for a marker (view_detail.h):
    // [{geometry: DotGeometry, pixels: the side of its dots}], one per size.
    Q_PROPERTY(railforge::app::PointInstances *waypoints READ waypoints CONSTANT)
    Q_PROPERTY(QVariantList waypointDots READ waypointDots CONSTANT)
    Q_PROPERTY(railforge::app::PointInstances *controlPoints READ controlPoints CONSTANT)
    Q_PROPERTY(railforge::app::LineGeometry *edges READ edges CONSTANT)
    // Junctions: a marker where the rails meet, a tick along the default way (junction_markers.h).
    Q_PROPERTY(railforge::app::PointInstances *junctions READ junctions CONSTANT)
    Q_PROPERTY(railforge::app::LineGeometry *junctionWays READ junctionWays CONSTANT)
    Q_PROPERTY(railforge::app::LineGeometry *patrolPaths READ patrolPaths CONSTANT)
    Q_PROPERTY(railforge::app::LineGeometry *grid READ grid CONSTANT)
    Q_PROPERTY(railforge::app::MeshGeometry *obstacles READ obstacles CONSTANT)
    // The shape every waypoint marker is drawn with (radius 1).
    Q_PROPERTY(railforge::app::MeshGeometry *marker READ marker CONSTANT)
    Q_PROPERTY(bool hasEdges READ hasEdges NOTIFY contentChanged)
    Q_PROPERTY(bool hasPatrolPaths READ hasPatrolPaths NOTIFY contentChanged)
    Q_PROPERTY(bool hasObstacles READ hasObstacles NOTIFY contentChanged)
    // The visible meshes and heightmaps: [{geometry: MeshGeometry, ground: whether points land on it,
    // color: what it is drawn in, texture: the image draped over it (a file URL) or ""}].
    Q_PROPERTY(QVariantList grounds READ grounds NOTIFY groundsChanged)
    // The visible reference images: [{url (as RGBA), x, y, width, height, z, opacity, draped}];
    // a draped one lies on the ground meshes (their texture) and is not drawn flat.
    Q_PROPERTY(QVariantList images READ images NOTIFY imagesChanged)
    // A sphere around everything (what Home frames).
    Q_PROPERTY(QVector3D centre READ centre NOTIFY boundsChanged)
    Q_PROPERTY(double radius READ radius NOTIFY boundsChanged)
    // The height of the grid and the floor: just under everything.
    Q_PROPERTY(double floor READ floor NOTIFY boundsChanged)
    // The radius of a waypoint marker (level units): a small fraction of the level's size.
    Q_PROPERTY(double markerSize READ markerSize NOTIFY boundsChanged)
    // The width of the rail ribbons (level units).
    Q_PROPERTY(double railWidth READ railWidth WRITE setRailWidth NOTIFY railWidthChanged)
    Q_PROPERTY(QString hoveredKey READ hoveredKey NOTIFY hoveredKeyChanged)
    // The waypoint the plan's mouse is over (its id): lit here too.
    Q_PROPERTY(QString planHover READ planHover WRITE setPlanHover NOTIFY planHoverChanged)
    // The rails being dragged (["rail:id"], none most of the time): the rails whose shapes two changes
    // in a row within kDragGapMs changed alike (a point's drag, the rails its junctions carry along, a
    // selection moved; at most kMostDragged), in a level large enough (kDragApartPrimitives). They
    // are drawn apart from the rest of the level (ribbons or lines, control points and junctions,
    // below; the view draws them over the level's picture), so that a drag step redraws them and not
    // the whole level. kDragEndMs after their last change they go back.
    Q_PROPERTY(QStringList draggedKeys READ draggedKeys NOTIFY draggedKeysChanged)
    Q_PROPERTY(railforge::app::MeshGeometry *draggedRibbon READ draggedRibbon CONSTANT)
    Q_PROPERTY(railforge::app::LineGeometry *draggedLine READ draggedLine CONSTANT)
    Q_PROPERTY(railforge::app::PointInstances *draggedControlPoints READ draggedControlPoints CONSTANT)
    Q_PROPERTY(railforge::app::PointInstances *draggedJunctions READ draggedJunctions CONSTANT)
    Q_PROPERTY(railforge::app::LineGeometry *draggedJunctionWays READ draggedJunctionWays CONSTANT)
    // False while the view is hidden: edits are not followed then (the scene catches up, in full,
    // when it is shown again), so a hidden 3D view costs an edit nothing.
    Q_PROPERTY(bool live READ live WRITE setLive NOTIFY liveChanged)
public:
    explicit LevelScene3D(QObject *parent = nullptr);
    ~LevelScene3D() override;

    EditorController *controller() const { return m_controller; }
    void setController(EditorController *controller);
    bool live() const { return m_live; }
    void setLive(bool live);
    QVariantList railChunks() const;
    QVariantList railLineChunks() const;
    ViewCamera3D *camera() const { return m_camera; }
    void setCamera(ViewCamera3D *camera);
    // The junctions left out near the rider's eye during a ride (tests).
    Q_INVOKABLE QStringList junctionsNearEye() const
    {
        QStringList out;
        for (const std::string &id : m_junctionsNearEye) out << QString::fromStdString(id);
        return out;
    }
    // How a rail ("rail:id") is drawn now: {stride, line} (tests).
    Q_INVOKABLE QVariantMap railDetailOf(const QString &key) const;
    QString plainKey() const { return m_plainKey; }
    void setPlainKey(const QString &key);
    // How many chunk buffers were filled (tests: an edit fills only its rail's chunk).
    Q_INVOKABLE int chunkFills() const { return m_chunks.fills(); }
    PointInstances *waypoints() { return m_parts.waypoints.get(); }
    QVariantList waypointDots() const;
    // How many waypoints are drawn as dots now (tests).
    Q_INVOKABLE int waypointDotCount() const;
    PointInstances *controlPoints() { return m_parts.controlPoints.get(); }
    QStringList draggedKeys() const;
    MeshGeometry *draggedRibbon() const { return m_chunks.draggedGeometry(); }
    LineGeometry *draggedLine() const { return m_chunks.draggedLines(); }
    PointInstances *draggedControlPoints() { return m_draggedControlPoints.get(); }
    PointInstances *draggedJunctions() { return m_draggedJunctions.get(); }
    LineGeometry *draggedJunctionWays() { return m_draggedJunctionWays.get(); }
    // Two shape changes of one rail at most this far apart make a drag; this long after the last
    // one it is over.
    static constexpr int kDragGapMs = 2000;
    static constexpr int kDragEndMs = 600;
    static constexpr std::size_t kMostDragged = 64;
    // A rail is drawn apart only in a level drawn with at least this many triangles, lines and
    // markers (on llvmpipe here that many take about as long as the dragged rail's own view).
    static constexpr std::size_t kDragApartPrimitives = 20000;
    // Triangles, lines and markers the level's view draws (about).
    std::size_t primitivesDrawn() const;
    LineGeometry *edges() { return m_parts.edges.get(); }
    PointInstances *junctions() { return m_parts.junctions.get(); }
    LineGeometry *junctionWays() { return m_parts.junctionWays.get(); }
    LineGeometry *patrolPaths() { return m_parts.patrolPaths.get(); }
    LineGeometry *grid() { return m_parts.grid.get(); }
    MeshGeometry *obstacles() { return m_parts.obstacles.get(); }
    MeshGeometry *marker() { return m_parts.marker.get(); }
    bool hasEdges() const { return m_parts.edges->segmentCount() > 0; }
    bool hasPatrolPaths() const { return m_parts.patrolPaths->segmentCount() > 0; }
    bool hasObstacles() const { return m_parts.obstacles->triangleCount() > 0; }
    QVariantList grounds() const;
    QVariantList images() const { return m_images; }
    QVector3D centre() const { return m_centre; }
    double radius() const { return m_radius; }
    double floor() const { return m_floor; }
    double markerSize() const { return m_markerSize; }
    double railWidth() const { return m_railWidth; }
    void setRailWidth(double width);
    QString hoveredKey() const { return m_hoveredKey; }
    QString planHover() const { return m_planHover; }
    void setPlanHover(const QString &id);

    // The object under (x, y) as "kind:id" ("" for nothing; "junction:id" for a junction's marker).
    Q_INVOKABLE QString keyAt(railforge::app::ViewCamera3D *camera, double x, double y) const;
    // The junction whose marker is under (x, y), when rails and junctions can be picked.
    std::optional<std::string> junctionAt(ViewCamera3D *camera, double x, double y) const;
    Q_INVOKABLE void hoverAt(railforge::app::ViewCamera3D *camera, double x, double y);
    Q_INVOKABLE void clearHover();
    // A sphere around the selection: {valid, centre, radius} (F frames it).
    Q_INVOKABLE QVariantMap selectionBounds() const;
    // The point of a rail ("rail:id") at arc length s, as the view samples it (tests aim with it).
    Q_INVOKABLE QVector3D railPointAt(const QString &key, double s) const;
    // Waits until the meshes and heightmaps are read (tests).
    Q_INVOKABLE void waitForScenery();
    // How often the ribbon of a rail ("rail:id") was built since the scene first saw it (tests).
    Q_INVOKABLE int ribbonBuilds(const QString &key) const;

    // The view's samples of a rail (by "rail:id"), or null.
    const RailSamples *railSamples(const QString &key) const;
    // The rail as the scene last built it (by "rail:id"), or null.
    const document::Rail *rail(const QString &key) const;
    // What the picking sees.
    PickScene pickScene() const;

signals:
    void controllerChanged();
    void liveChanged();
    void contentChanged();
    void groundsChanged();
    void imagesChanged();
    void boundsChanged();
    void railWidthChanged();
    void hoveredKeyChanged();
    void railChunksChanged();
    void cameraChanged();
    void plainKeyChanged();
    void draggedKeysChanged();
    void planHoverChanged();
    // A rail's samples were rebuilt (the ride follows its rail's edits).
    void railsRebuilt();

private:
    struct RailEntry {
        document::Rail rail;
        RailSamples samples;
        TriangleMesh ribbon;
        int builds = 0;
        RailDetail detail; // as drawn now
        SceneBox rowsBox;  // around the samples' rows: the level's bounds grow by it
    };
    // Each rail's detail for the camera, then layChunks().
    void updateChunks();
    // Lays the rails into chunks in their colours and detail (only the chunks that changed are filled).
    void layChunks();
    // Each rail's detail for the camera as it is now (level_scene_detail.cpp); whether any changed.
    bool updateDetails();
    // The waypoint markers shared out between instances and dots for the camera as it is now; the
    // buffers are filled again only when that changed, or when `refill`.
    void splitWaypoints(bool refill);
    // What the camera sees changed: rails' detail and waypoints' markers follow.
    void followCamera();
    // Brings every part up to the level as it is now (another level, a new width, live again).
    void refresh();
    // Brings up what `change` touched: ribbons of rails whose shape changed, edges and patrol
    // paths for waypoints, edges and patrols, images and scenery for references, the markers of
    // what changed (updateMarkersFor); the bounds always. Everything when not live before.
    void refreshFor(const document::LevelDocument::ChangeSet &change);
    // The ribbons of rails whose shape changed: of those `change` names when no rail came or went
    // (unless `full`), else of every rail compared with its cached shape.
    void refreshRails(bool full, const document::LevelDocument::ChangeSet &change);
    // refreshRails when no rail came or went; false when it cannot tell (a rail renamed).
    bool refreshChangedRails(const document::LevelDocument::ChangeSet &change);
    void buildRibbon(RailEntry &entry, std::size_t index);
    // Forgets every ribbon (and the order that points into them): the next refresh builds them all.
    void dropRibbons();
    void refreshGround(); // the scenery's meshes, read, into geometries
    void updateImages();  // asks m_sceneryImages for the level's images
    void showImages();    // the images read (m_sceneryImages) as the view's textures
    // Every marker (waypoints, control points, junctions) and the rails' colours, as the level, the
    // selection and the hover are now.
    void updateFlags();
    // The markers `change` may have moved or recoloured; every one when `all`.
    void updateMarkersFor(const document::LevelDocument::ChangeSet &change, bool all);
    // The junction markers where the rails meet now (refillJunctions draws them).
    void rebuildJunctionMarkers();
    // The junction markers and their default-way lines as the selection, the hover and the eye have
    // them: during a ride the ones near the rider's eye are left out (a ball filling the view).
    void refillJunctions();
    // The junctions within reach of the rider's eye (none when not riding); whether that changed.
    bool updateJunctionsNearEye();
    static constexpr double kJunctionPickPixels = 10.0; // as the plan's ring
    void updateBounds();
    // The rails whose ribbons a change rebuilt: one rail changed again soon after its last change
    // is being dragged (level_scene_dragged.cpp); anything else ends a drag.
    void followShapeEdits(const std::vector<std::string> &rails);
    void setDragged(std::set<std::string> rails);
    // The dragged rail goes back into its chunk, its control points with the others.
    void endDrag();
    // Control points of the selected rails: the dragged rail's apart.
    void refillControlPoints();

    QPointer<EditorController> m_controller;
    QPointer<ViewCamera3D> m_camera;
    std::vector<PointInstance> m_waypointMarkers; // every waypoint's, in level order
    std::vector<int> m_waypointDotted;            // per marker: the side of its dot now, 0 for none
    std::vector<std::unique_ptr<DotGeometry, LaterDelete<DotGeometry>>> m_waypointDots; // per dot size
    std::vector<JunctionMarker> m_junctions;  // as drawn now: what a click on one picks
    std::set<std::string> m_junctionsNearEye; // left out while riding
    double m_junctionSize = 1.0;
    RailChunks m_chunks;
    int m_rowsPerRail = 1024; // viewRowsPerRail of the level's rail count
    QString m_plainKey;
    std::map<std::string, RailEntry> m_railCache; // by rail id
    std::vector<RailEntry *> m_railOrder;         // as level.rails
    std::map<std::string, int> m_buildCounts;     // survives a rail's removal and return (tests)
    SceneParts m_parts;
    std::unique_ptr<PointInstances, LaterDelete<PointInstances>> m_draggedControlPoints{new PointInstances};
    std::unique_ptr<PointInstances, LaterDelete<PointInstances>> m_draggedJunctions{new PointInstances};
    std::unique_ptr<LineGeometry, LaterDelete<LineGeometry>> m_draggedJunctionWays{new LineGeometry};
    std::set<std::string> m_dragged;    // the rails drawn apart
    std::set<std::string> m_lastShaped; // the rails whose shapes the last change rebuilt
    QElapsedTimer m_lastShapedClock;    // since that change
    QTimer m_dragEnd;                   // puts the dragged rail back
    SceneryLoader m_scenery;
    std::vector<std::unique_ptr<MeshGeometry, LaterDelete<MeshGeometry>>> m_grounds;
    std::vector<bool> m_groundFlags;      // per m_grounds: a ground reference
    std::vector<QString> m_groundColours; // per m_grounds: what it is drawn in
    std::vector<int> m_groundDrapes;      // per m_grounds: the image draped over it (index in m_images), -1 none
    QVariantList m_images;
    std::vector<QRectF> m_imageRects;                     // per m_images: the plan rect it covers
    std::vector<std::pair<QImage, double>> m_imagePixels; // per m_images: read once, with its opacity
    std::vector<QUrl> m_drapeTextures;                    // per m_grounds: its draped image, or empty
    TextureFiles m_textureFiles;
    SceneryImages m_sceneryImages;
    QVector3D m_centre;
    double m_radius = 10.0;
    double m_floor = 0.0;
    double m_markerSize = 0.3;
    double m_railWidth = 1.0;
    bool m_live = true;
    bool m_stale = false;    // an edit came while not live: the next refresh rebuilds every part
    bool m_autoWidth = true; // the width follows the level's size until the designer sets one
    double m_obstacleBottom = 0.0, m_obstacleTop = 3.0;
    std::vector<document::Obstacle> m_prismSource; // what the prisms were built from
    double m_prismBottom = 0.0, m_prismTop = 0.0;
    std::array<double, 6> m_gridShown{}; // the grid's rectangle, height and step
    QString m_hoveredKey;
    QString m_planHover;
};

} // namespace railforge::app
