// The 3D view's tool host (docs/ui.md "Editing in 3D"): the registry's tools that work in any view
// (tools/tool_registry.h: Draw rail R, Add waypoint W, Measure distance U, the probe M) take the 3D
// view's clicks here, the same tool objects and rules as on the plan. A click lands on the first
// surface of the level's ground under the pointer (the grid plane z = 0 where there is none,
// surface_landing.h), snapped across to the grid with snapping on; the tool then does what it does
// on the plan:
// - Draw rail: each click adds a point there plus the rail clearance; Enter or a double-click makes
//   the rail, a click on its first point closes it into a loop, Esc drops it;
// - Add waypoint: a click places a waypoint there plus the waypoint clearance;
// - Measure distance: a click puts the ruler's first end, the next its second (on a waypoint or a
//   control point the click picks, its own position), with the plan's read-out; Esc clears it;
// - Probe: a click drops the plan's probe marker where it lands (probeRequested), which measures
//   from there as the plan's probe does.
// What the tool has under way is drawn over the scene from its draft (draftLine, readout).
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
class ViewCamera3D;

class ScenePlacing : public QObject, public ToolHost {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(railforge::app::LevelScene3D *scene READ scene WRITE setScene NOTIFY sceneChanged)
    // The view's camera: draftOnScreen follows it.
    Q_PROPERTY(railforge::app::ViewCamera3D *camera READ camera WRITE setCamera NOTIFY cameraChanged)
    // The active tool works in the 3D view (a click there is its, not a pick).
    Q_PROPERTY(bool placing READ placing NOTIFY toolChanged)
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
    QVariantList draftLine() const { return m_draftLine; }
    int draftPointCount() const { return m_draftPointCount; }
    bool measuring() const { return m_measuring; }
    QString readout() const { return m_readout; }
    QVector3D readoutAt() const { return m_readoutAt; }

    // Where a click at (x, y) lands for the active tool ({x, y, z}), undefined when nowhere.
    Q_INVOKABLE QVariant landingAt(railforge::app::ViewCamera3D *camera, double x, double y) const;
    // The active tool's click at (x, y) (a press and a release there); false when it did nothing
    // (nowhere to land).
    Q_INVOKABLE bool click(railforge::app::ViewCamera3D *camera, double x, double y);
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
    std::optional<CanvasHit> pickAt(QPointF screen, const KindLayers *layers) const override;
    int readoutDecimals() const override { return kRulerDecimals; }
    QPointF snap(QPointF world) const override;
    QPointF snapPoint(QPointF world) const override { return snap(world); }
    double placedHeight(QPointF world, document::ObjectKind kind, double current, bool fresh) const override;
    double groundHeight(QPointF world) const override;
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
    // The probe tool's click landed at plan point (x, y): the window hands it to the plan's probe.
    void probeRequested(double x, double y);

private:
    // The ruler's figures in the 3D view: centimetres in a level in metres.
    static constexpr int kRulerDecimals = 2;
    EditorController *editor() const;
    // The active tool, made from its registry entry for this view; null when it works on the plan alone.
    CanvasTool *activeTool();
    // Takes the pointer at (x, y) through `camera` as the event the tool is given next: where it
    // lands (snapped positions and heights are worked out from there); false when it lands nowhere.
    bool aim(ViewCamera3D *camera, double x, double y, ToolEvent *event);
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
};

} // namespace railforge::app
