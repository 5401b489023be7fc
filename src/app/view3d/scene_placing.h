// The placing tools in the 3D view (docs/ui.md "Editing in 3D"): with Draw rail (R), Add waypoint
// (W, chosen over the plan or from the toolbar: in the 3D view W flies) or Measure distance (U)
// active, a click lands on the first surface of the level's ground under the pointer (the grid plane
// z = 0 where there is none, surface_landing.h), snapped across to the grid with snapping on:
// - Draw rail: each click adds a point there plus the rail clearance; Enter or a double-click makes
//   the rail, a click on its first point closes it into a loop, Esc drops it;
// - Add waypoint: a click places a waypoint there plus the waypoint clearance;
// - Measure distance: a click puts the ruler's first end, the next its second (on a waypoint or a
//   control point the click picks, its own position), with the plan's read-out; Esc clears it;
// - Probe: a click drops the plan's probe marker where it lands (probeRequested), which measures
//   from there as the plan's probe does.
// A rail and a waypoint are the plan's edits (addRail, addWaypoint), one undo step each.
#pragma once

#include "app/view3d/surface_landing.h"
#include "document/model/object_ref.h"

#include <QObject>
#include <QPointer>
#include <QVariant>
#include <QVariantList>
#include <QVector3D>
#include <QtQml/qqmlregistration.h>

#include <optional>
#include <vector>

namespace railforge::app {

class EditorController;
class LevelScene3D;
class ViewCamera3D;

class ScenePlacing : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(railforge::app::LevelScene3D *scene READ scene WRITE setScene NOTIFY sceneChanged)
    // The view's camera: draftOnScreen follows it.
    Q_PROPERTY(railforge::app::ViewCamera3D *camera READ camera WRITE setCamera NOTIFY cameraChanged)
    // The active tool places in the 3D view (a click there is this object's, not a pick).
    Q_PROPERTY(bool placing READ placing NOTIFY toolChanged)
    // The rail being drawn, on to the pointer, or the ruler: [QVector3D] (the view draws it over the
    // scene, so the ground never hides it); the first draftPointCount are placed points.
    Q_PROPERTY(QVariantList draftLine READ draftLine NOTIFY draftChanged)
    Q_PROPERTY(int draftPointCount READ draftPointCount NOTIFY draftChanged)
    // Where each point of draftLine shows through the camera now ([QPointF], undefined behind it).
    Q_PROPERTY(QVariantList draftOnScreen READ draftOnScreen NOTIFY draftOnScreenChanged)
    // The ruler's read-out (as the plan's) and where it is shown (the middle of the ruler); "" when none.
    Q_PROPERTY(QString readout READ readout NOTIFY draftChanged)
    Q_PROPERTY(QVector3D readoutAt READ readoutAt NOTIFY draftChanged)
public:
    using QObject::QObject;

    LevelScene3D *scene() const { return m_scene; }
    void setScene(LevelScene3D *scene);
    ViewCamera3D *camera() const { return m_camera; }
    void setCamera(ViewCamera3D *camera);
    QVariantList draftOnScreen() const { return m_draftOnScreen; }
    bool placing() const;
    QVariantList draftLine() const { return m_draftLine; }
    int draftPointCount() const { return int(m_points.size()); }
    QString readout() const { return m_readout; }
    QVector3D readoutAt() const { return m_readoutAt; }

    // Where a click at (x, y) lands for the active tool ({x, y, z, surface}), undefined when nowhere.
    Q_INVOKABLE QVariant landingAt(railforge::app::ViewCamera3D *camera, double x, double y) const;
    // The active tool's click at (x, y); false when it did nothing (nowhere to land).
    Q_INVOKABLE bool click(railforge::app::ViewCamera3D *camera, double x, double y);
    // The pointer moved to (x, y): the line to it follows.
    Q_INVOKABLE void hover(railforge::app::ViewCamera3D *camera, double x, double y);
    // Enter or a double-click: makes the rail being drawn; false when there is none to make.
    Q_INVOKABLE bool finish();
    // Esc: drops the rail being drawn or clears the ruler; false when there was nothing.
    Q_INVOKABLE bool cancel();

signals:
    void sceneChanged();
    void toolChanged();
    void draftChanged();
    void cameraChanged();
    void draftOnScreenChanged();
    // The probe tool's click landed at plan point (x, y): the window hands it to the plan's probe.
    void probeRequested(double x, double y);

private:
    // Where a click lands for `kind` (its clearance added on a surface; none for the ruler).
    std::optional<core::Vec3> landing(ViewCamera3D *camera, double x, double y,
                                      std::optional<document::ObjectKind> kind) const;
    // The ruler's end at (x, y): the waypoint or control point a click picks there, else the landing.
    std::optional<core::Vec3> rulerEnd(ViewCamera3D *camera, double x, double y) const;
    EditorController *editor() const;
    // Follows the scene's editor's tool (again when the scene is given another editor).
    void followEditor();
    void clearDraft();
    void updateDraft(); // the line and read-out from m_points and m_cursor
    void updateDraftOnScreen();

    QPointer<LevelScene3D> m_scene;
    QPointer<ViewCamera3D> m_camera;
    QVariantList m_draftOnScreen;
    QMetaObject::Connection m_toolConnection;
    std::vector<core::Vec3> m_points; // the rail being drawn, or the ruler's ends
    std::optional<core::Vec3> m_cursor;
    bool m_rulerFixed = false; // both ruler ends placed: the next click starts again
    QVariantList m_draftLine;
    QString m_readout;
    QVector3D m_readoutAt;
};

} // namespace railforge::app
