// The 3D view's tool host (docs/ui.md "Editing in 3D"): the registry's tools that work in any view
// (tools/tool_registry.h: Select V, Draw rail R, Add waypoint W, Measure distance U, the probe M)
// take the 3D view's mouse here, the same tool objects and rules as on the plan.
// - The select tool is given a press on what it can grab (a control point, a waypoint, a rail, a
//   junction; anything with Shift, for a band) and the drag and release that follow: a grabbed point
//   follows the pointer on the horizontal plane through it, or along the vertical with Ctrl or Z
//   held (scene_tool_drag.h). A press on nothing turns the camera; a click there still reaches the
//   tool (it clears the selection). A double-click inserts a control point, a right-click deletes
//   one (or a junction).
// - The placing tools are given clicks: a click lands on the first surface of the level's ground
//   under the pointer (the grid plane z = 0 where there is none, surface_landing.h), snapped across
//   to the grid with snapping on; the tool then does what it does on the plan:
//   - Draw rail: each click adds a point there plus the rail clearance; Enter or a double-click
//     makes the rail, a click on its first point closes it into a loop, Esc drops it;
//   - Add waypoint: a click places a waypoint there plus the waypoint clearance;
//   - Measure distance: a click puts the ruler's first end, the next its second (on a waypoint or a
//     control point the click picks, its own position), with the plan's read-out; Esc clears it;
//   - Probe: a click drops the plan's probe marker where it lands (probeRequested), which measures
//     from there as the plan's probe does.
// - While a tool of the plan alone is active (connect, obstacle, patrol), the 3D view selects and
//   moves with the select tool, so it is never dead.
// What the tool has under way is drawn over the scene from its draft (draftLine, readout, joinAt,
// band).
#pragma once

#include "app/tools/canvas_tool.h"
#include "app/view3d/surface_landing.h"
#include "document/model/object_ref.h"

#include <QObject>
#include <QPointer>
#include <QVariant>
#include <QVariantList>
#include <QVector3D>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <optional>
#include <vector>

namespace railforge::app {

class EditorController;
class LevelScene3D;
struct ToolDescription;
class ViewCamera3D;

class ScenePlacing : public QObject, public ToolHost {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(railforge::app::LevelScene3D *scene READ scene WRITE setScene NOTIFY sceneChanged)
    // The view's camera: draftOnScreen follows it.
    Q_PROPERTY(railforge::app::ViewCamera3D *camera READ camera WRITE setCamera NOTIFY cameraChanged)
    // The active tool places with clicks in the 3D view (a click there is its; a drag turns the camera).
    Q_PROPERTY(bool placing READ placing NOTIFY toolChanged)
    // The active tool grabs what a press is on (the select tool): press() says whether it did.
    Q_PROPERTY(bool selecting READ selecting NOTIFY toolChanged)
    // The tool holds a press (from press() to release() or cancelDrag()).
    Q_PROPERTY(bool holding READ holding NOTIFY holdingChanged)
    // Where a dragged rail end would join another rail if let go now (pixels), undefined when nowhere.
    Q_PROPERTY(QVariant joinAt READ joinAt NOTIFY draftChanged)
    // The rubber band being drawn (a rect in pixels), undefined when none.
    Q_PROPERTY(QVariant band READ band NOTIFY draftChanged)
    // The tool's work under way, on to the pointer: [QVector3D] (the view draws it over the scene, so
    // the ground never hides it); the first draftPointCount are placed points.
    Q_PROPERTY(QVariantList draftLine READ draftLine NOTIFY draftChanged)
    Q_PROPERTY(int draftPointCount READ draftPointCount NOTIFY draftChanged)
    // Where each point of draftLine shows through the camera now ([QPointF], undefined behind it).
    Q_PROPERTY(QVariantList draftOnScreen READ draftOnScreen NOTIFY draftOnScreenChanged)
    // The draft is a measurement (drawn in the ruler's colour).
    Q_PROPERTY(bool measuring READ measuring NOTIFY draftChanged)
    // The ruler's read-out (as the plan's) and where it is shown (the middle of the ruler); "" when none.
    Q_PROPERTY(QString readout READ readout NOTIFY draftChanged)
    Q_PROPERTY(QVector3D readoutAt READ readoutAt NOTIFY draftChanged)
public:
    explicit ScenePlacing(QObject *parent = nullptr);
    ~ScenePlacing() override;

    LevelScene3D *scene() const { return m_scene; }
    void setScene(LevelScene3D *scene);
    ViewCamera3D *camera() const { return m_camera; }
    void setCamera(ViewCamera3D *camera);
    QVariantList draftOnScreen() const { return m_draftOnScreen; }
    bool placing() const;
    bool selecting() const;
    bool holding() const { return m_holding; }
    QVariant joinAt() const;
    QVariant band() const { return m_band; }
    QVariantList draftLine() const { return m_draftLine; }
    int draftPointCount() const { return m_draftPointCount; }
    bool measuring() const { return m_measuring; }
    QString readout() const { return m_readout; }
    QVector3D readoutAt() const { return m_readoutAt; }

    // Where a click at (x, y) lands for the active tool ({x, y, z}), undefined when nowhere.
    Q_INVOKABLE QVariant landingAt(railforge::app::ViewCamera3D *camera, double x, double y) const;
    // The active tool's click at (x, y) (a press and a release there), with `modifiers`
    // (Qt::KeyboardModifiers); false when it did nothing (nowhere to land).
    Q_INVOKABLE bool click(railforge::app::ViewCamera3D *camera, double x, double y, int modifiers = 0);
    // A press at (x, y) for a tool that grabs (selecting): true when it took it (something it grabs
    // is there, or Shift is held), false when the press is the camera's. `vertical`: a drag from it
    // goes along the vertical.
    Q_INVOKABLE bool press(railforge::app::ViewCamera3D *camera, double x, double y, int modifiers, bool vertical);
    // The held press dragged to (x, y); `vertical` may change mid-drag.
    Q_INVOKABLE void drag(railforge::app::ViewCamera3D *camera, double x, double y, int modifiers, bool vertical);
    // The held press let go at (x, y).
    Q_INVOKABLE void release(railforge::app::ViewCamera3D *camera, double x, double y, int modifiers);
    // Escape during the held press: what it dragged goes back; false when nothing is held.
    Q_INVOKABLE bool cancelDrag();
    // A double-click at (x, y) for a tool that grabs (the select tool inserts a control point).
    Q_INVOKABLE void doubleClick(railforge::app::ViewCamera3D *camera, double x, double y);
    // A right-click at (x, y): deletes the control point (or the select tool's junction) there.
    Q_INVOKABLE void secondaryClick(railforge::app::ViewCamera3D *camera, double x, double y);
    // The pointer moved to (x, y): the line to it follows.
    Q_INVOKABLE void hover(railforge::app::ViewCamera3D *camera, double x, double y);
    // Enter or a double-click: the tool finishes what it has under way (makes the rail); false when
    // there is nothing to finish.
    Q_INVOKABLE bool finish();
    // Esc: the tool drops what it has under way; false when there was nothing.
    Q_INVOKABLE bool cancel();

    // ToolHost
    document::LevelDocument &document() override;
    Selection &selection() override;
    std::optional<QPointF> toScreen(core::Vec3 world) const override;
    std::optional<CanvasHit> pickAt(QPointF screen, const KindLayers *layers, const Selection *) const override;
    std::optional<std::string> junctionAt(QPointF screen) const override;
    std::unique_ptr<PointFollow> grabPoint(core::Vec3 at, const ToolEvent &press) override;
    std::unique_ptr<JoinFinder> joinFinder() override;
    double draggedHeight(QPointF world, document::ObjectKind kind, double current) const override;
    int readoutDecimals() const override { return kRulerDecimals; }
    QPointF snap(QPointF world) const override;
    QPointF snapPoint(QPointF world) const override { return snap(world); }
    double placedHeight(QPointF world, document::ObjectKind kind, double current, bool fresh) const override;
    core::Vec3 walkableLanding(core::Vec3 p) const override;
    double groundHeight(QPointF world) const override;
    double obstacleFloor() const override;
    const KindLayers *layers() const override;
    void hintChanged() override { updateDraft(); }
    int nextMergeKey() override;
    void requestUpdate() override { updateDraft(); }
    void probeAt(QPointF world, bool placeMarker) override;
    void showStatus(const QString &message) override;

signals:
    void sceneChanged();
    void toolChanged();
    void draftChanged();
    void cameraChanged();
    void draftOnScreenChanged();
    void holdingChanged();
    // The probe tool's click landed at plan point (x, y): the window hands it to the plan's probe.
    void probeRequested(double x, double y);

private:
    // The ruler's figures in the 3D view: centimetres in a level in metres.
    static constexpr int kRulerDecimals = 2;
    EditorController *editor() const;
    // The active tool, made from its registry entry for this view (the select tool while a tool of
    // the plan alone is active); null when there is none.
    CanvasTool *activeTool();
    // The registry entry of the tool this view works with now; null when there is none.
    const ToolDescription *toolInView() const;
    // The camera of the event being handled, else the view's.
    ViewCamera3D *eventCamera() const;
    // Takes the pointer at (x, y) through `camera` as the event the tool is given next: where it
    // lands (snapped positions and heights are worked out from there); false when it lands nowhere
    // (a tool that grabs is given the event all the same).
    bool aim(ViewCamera3D *camera, double x, double y, int modifiers, ToolEvent *event);
    void setHolding(bool holding);
    // Where the pointer's ray through `camera` lands, or nothing.
    std::optional<Landing> landingOf(ViewCamera3D *camera, double x, double y) const;
    // The height at plan point `world` of the surface nearest the landing (the landing's own height
    // where `world` is the landing's point).
    double heightNearLanding(QPointF world) const;
    // Follows the scene's editor's tool (again when the scene is given another editor).
    void followEditor();
    void dropDrafts();  // every tool drops what it had under way
    void updateDraft(); // the line and read-out from the active tool's draft
    void updateDraftOnScreen();

    QPointer<LevelScene3D> m_scene;
    QPointer<ViewCamera3D> m_camera;
    QPointer<ViewCamera3D> m_eventCamera;             // the camera of the event being handled
    std::optional<Landing> m_landing;                 // where that event's ray landed
    std::vector<std::unique_ptr<CanvasTool>> m_tools; // by the registry's order, made on first use
    QVariantList m_draftOnScreen;
    QMetaObject::Connection m_toolConnection;
    QVariantList m_draftLine;
    int m_draftPointCount = 0;
    bool m_measuring = false;
    QString m_readout;
    QVector3D m_readoutAt;
    std::optional<core::Vec3> m_ring; // the draft's ring (joinAt)
    QVariant m_band;
    bool m_holding = false;
};

} // namespace railforge::app
