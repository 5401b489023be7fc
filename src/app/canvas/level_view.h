// The canvas item: turns mouse and keys into the active tool's edits and the camera's moves (pan:
// middle drag or Space+drag; zoom: wheel at the cursor), and paints through level_painter (the
// level, cached) and overlay_painter (probe, agent, readouts). The probe and ▶ Play's agent are
// objects of their own (canvas.probe, canvas.play).
#pragma once

#include "app/canvas/canvas_play.h"
#include "app/canvas/canvas_probe.h"
#include "app/editor/editor_controller.h"
#include "app/plan/navmesh_drawing.h"
#include "app/plan/rail_shapes.h"
#include "app/plan/reference_layer.h"
#include "app/plan/view_transform.h"
#include "app/tools/canvas_tool.h"

#include <QCursor>
#include <QImage>
#include <QPointer>
#include <QQuickPaintedItem>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <optional>
#include <vector>

namespace railforge::app {

class LevelView : public QQuickPaintedItem, public PlanToolHost {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(
        railforge::app::EditorController *controller READ controller WRITE setController NOTIFY controllerChanged)
    Q_PROPERTY(double zoom READ zoom WRITE setZoom NOTIFY viewChanged)
    Q_PROPERTY(QPointF center READ center WRITE setCenter NOTIFY viewChanged)
    Q_PROPERTY(QPointF cursorWorld READ cursorWorld NOTIFY cursorWorldChanged)
    Q_PROPERTY(bool cursorInside READ cursorInside NOTIFY cursorWorldChanged)
    // The waypoint under the mouse (its id; "" for none): set by the plan's own hover, or by the 3D
    // view's, so both views light the same waypoint.
    Q_PROPERTY(QString hoveredId READ hoveredId WRITE setHoveredId NOTIFY hoveredIdChanged)
    Q_PROPERTY(bool panning READ panning NOTIFY panningChanged)
    Q_PROPERTY(QString toolHint READ toolHint NOTIFY toolHintChanged)
    // The canvas cursor (a Qt.CursorShape): the active tool's, or a hand while panning.
    Q_PROPERTY(int cursorShape READ cursorShape NOTIFY cursorShapeChanged)
    // The proximity probe and ▶ Play's agent, each an object of its own (canvas_probe.h, canvas_play.h).
    Q_PROPERTY(railforge::app::CanvasProbe *probe READ probe CONSTANT)
    Q_PROPERTY(railforge::app::CanvasPlay *play READ play CONSTANT)
    // Digits after the decimal point for numbers read off the canvas at this zoom.
    Q_PROPERTY(int displayDecimals READ displayDecimals NOTIFY viewChanged)
    // Spots Level > Check patrol routes found ([{x, y}] in world units), marked on the canvas until the
    // level changes.
    // Where the shared profile cursor is drawn on the plan (world x, y; (0, 0) with none shown).
    Q_PROPERTY(QPointF profileCursorPoint READ profileCursorPoint NOTIFY profileCursorChanged)
    Q_PROPERTY(QVariantList warningMarks READ warningMarks WRITE setWarningMarks NOTIFY warningMarksChanged)
    // The Problems panel's spots ([{x, y, error}]), drawn while it is open.
    Q_PROPERTY(QVariantList problemMarks READ problemMarks WRITE setProblemMarks NOTIFY warningMarksChanged)
    // Both versions of each merge conflict left (ConflictList::shapes), drawn in two colours.
    Q_PROPERTY(QVariantList conflictShapes READ conflictShapes WRITE setConflictShapes NOTIFY warningMarksChanged)
public:
    explicit LevelView(QQuickItem *parent = nullptr);
    ~LevelView() override;

    EditorController *controller() const { return m_controller; }
    void setController(EditorController *controller);
    // Pixels per world unit.
    double zoom() const { return m_view.scale; }
    void setZoom(double zoom);
    // World point at the middle of the canvas.
    QPointF center() const { return m_view.center; }
    void setCenter(QPointF center);
    QPointF cursorWorld() const { return m_cursorWorld; }
    bool cursorInside() const { return m_cursorInside; }
    QString hoveredId() const { return m_hoveredId; }
    void setHoveredId(const QString &id);
    bool panning() const { return m_panning; }
    QString toolHint() const;
    int cursorShape() const { return int(cursor().shape()); }

    CanvasProbe *probe() { return &m_probe; }
    CanvasPlay *play() { return &m_play; }
    int displayDecimals() const { return app::displayDecimals(m_view.scale); }
    QVariantList warningMarks() const { return m_warningMarks; }
    QVariantList problemMarks() const { return m_problemMarks; }
    void setProblemMarks(const QVariantList &marks);
    QVariantList conflictShapes() const { return m_conflictShapes; }
    void setConflictShapes(const QVariantList &shapes);
    QPointF profileCursorPoint();
    void setWarningMarks(const QVariantList &marks);
    // A number rounded for display at this zoom, without trailing zeros ("6.8", not 6.800000000000001).
    Q_INVOKABLE QString formatNumber(double value) const;

    // Item pixels of junction `id`'s ring, (-1, -1) when there is none (tests press there).
    Q_INVOKABLE QPointF junctionPosition(const QString &id);
    // How many rail curves the plan has turned into painter paths since it was made: a level
    // change reshapes only the rails whose shape changed (tests count it).
    Q_INVOKABLE int railPathBuilds() const { return m_railPathBuilds; }
    // Contour lines on the ground's relief (View menu).
    Q_PROPERTY(bool contours READ contours WRITE setContours NOTIFY contoursChanged)
    bool contours() const { return !m_references || m_references->contours(); }
    void setContours(bool on);
    // Waits until the references (images, ground relief) are read and drawn (tests, golden images).
    Q_INVOKABLE void waitForReferences();
    // The ground's height under the mouse (undefined where none), for the status bar.
    Q_PROPERTY(QVariant groundUnderCursor READ groundUnderCursor NOTIFY cursorWorldChanged)
    QVariant groundUnderCursor() const;

    // Frames the whole level (or the origin when empty).
    Q_INVOKABLE void fitToLevel();
    // World -> item pixels and back.
    Q_INVOKABLE QPointF toScreen(QPointF world) const { return m_view.toScreen(world); }
    Q_INVOKABLE QPointF toWorld(QPointF screen) const { return m_view.toWorld(screen); }
    // Zooms by `factor` about the item point `screen` (the wheel does this too).
    Q_INVOKABLE void zoomAt(QPointF screen, double factor);
    // Enter / Esc for the active tool (the window's shortcuts call these).
    Q_INVOKABLE bool finishTool();
    Q_INVOKABLE bool cancelTool();

    void paint(QPainter *painter) override;

    // PlanToolHost
    document::LevelDocument &document() override { return *m_controller->document(); }
    Selection &selection() override { return *m_controller->selection(); }
    const ViewTransform &view() const override { return m_view; }
    const RailShapes &rails() override;
    std::optional<QPointF> toScreen(core::Vec3 world) const override { return m_view.toScreen({world.x, world.y}); }
    std::optional<CanvasHit> pickAt(QPointF screen, const KindLayers *layers,
                                    const Selection *selection) const override;
    std::optional<std::string> junctionAt(QPointF screen) const override;
    std::unique_ptr<PointFollow> grabPoint(core::Vec3 at, const ToolEvent &press) override;
    std::unique_ptr<JoinFinder> joinFinder() override;
    double draggedHeight(QPointF world, document::ObjectKind kind, double current) const override
    {
        return placedHeight(world, kind, current, false);
    }
    int readoutDecimals() const override { return displayDecimals(); }
    double groundHeight(QPointF) const override { return 0.0; } // the plan's level ground
    double obstacleFloor() const override { return 0.0; }
    QPointF snap(QPointF world) const override { return m_controller ? m_controller->snap(world) : world; }
    Q_INVOKABLE QPointF snapPoint(QPointF world) const override;
    core::Vec3 walkableLanding(core::Vec3 p) const override
    {
        return m_controller ? m_controller->navmesh()->landing(p) : p;
    }
    double placedHeight(QPointF world, document::ObjectKind kind, double current, bool fresh) const override
    {
        return m_controller ? m_controller->grounding()->placedHeight(world.x(), world.y(), kind, current, fresh)
                            : current;
    }
    const KindLayers *layers() const override { return m_controller ? m_controller->layers() : nullptr; }
    void hintChanged() override { emit toolHintChanged(); }
    int nextMergeKey() override { return m_controller ? m_controller->nextMergeKey() : 0; }
    void requestUpdate() override { update(); }
    void showStatus(const QString &message) override;
    void probeAt(QPointF world, bool placeMarker) override { m_probe.probeAt(world, placeMarker); }

    static constexpr double kMinZoom = 0.01;
    static constexpr double kMaxZoom = 2000.0;

signals:
    void controllerChanged();
    void viewChanged();
    void cursorWorldChanged();
    void hoveredIdChanged();
    void panningChanged();
    void toolHintChanged();
    void cursorShapeChanged();
    void warningMarksChanged();
    void profileCursorChanged();
    void contoursChanged();

protected:
    void geometryChange(const QRectF &newGeometry, const QRectF &oldGeometry) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void hoverEnterEvent(QHoverEvent *event) override;
    void hoverMoveEvent(QHoverEvent *event) override;
    void hoverLeaveEvent(QHoverEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;

private:
    // Drops or reshapes what the change made stale, and repaints.
    void onLevelChanged(const document::LevelDocument::ChangeSet &change);
    // The profile's marks on the plan (profile_marks.h; its labels keep clear of the boxes `taken`
    // and join them), and the cursor from a plan point.
    void paintProfileMarks(QPainter &painter, std::vector<QRectF> &taken);
    void placeProfileCursor(QPointF screen);
    void onFileChanged();
    void onToolChanged();
    void updateCursor(QPointF screen);
    void setPanning(bool panning);
    // Shows the active tool's cursor (unless a pan holds the hand).
    void showToolCursor();
    CanvasTool *activeTool();
    ToolEvent toolEvent(QPointF screen, Qt::MouseButton button, Qt::KeyboardModifiers modifiers) const;

    QPointer<EditorController> m_controller;
    ViewTransform m_view;
    bool m_autoFit = true;          // refit on resize until the designer pans or zooms
    bool m_fitAwaitsGround = false; // a newly opened level's ground is still being read: Fit again then
    QPointF m_cursorWorld;
    bool m_cursorInside = false;
    QString m_hoveredId;
    bool m_spaceHeld = false;
    bool m_panning = false;
    bool m_toolDragging = false;
    QPointF m_panLast;
    std::optional<RailShapes> m_rails; // rebuilt lazily when rails come or go
    int m_railPathBuilds = 0;
    std::vector<std::unique_ptr<CanvasTool>> m_tools; // made on first use, by the tool registry's order
    CanvasProbe m_probe{*this};
    QVariantList m_warningMarks;
    QVariantList m_problemMarks;
    QVariantList m_conflictShapes;
    CanvasPlay m_play{*this};
    std::unique_ptr<ReferenceLayer> m_references;
    NavMeshDrawing m_navmesh; // the shown agent's, while View > Navigation mesh is on
    // Everything but the selection, drawn once and reused while only the selection changes
    // (a drag on a big level redraws just the dragged objects over it).
    QImage m_layer;
    bool m_layerValid = false;
    void invalidateLayer() { m_layerValid = false; }
};

} // namespace railforge::app
