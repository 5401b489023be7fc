// Editing points in the 3D view (docs/ui.md "Editing in 3D"), with the plan's gestures and edits:
// - a press on a rail's control point or on a waypoint grabs it (and selects it, as a click would);
//   the drag slides it in the horizontal plane through it, or with Ctrl (or Z held) along the
//   vertical; each drag is one undo step (a rail point through the handle protocol of
//   document/editing/point_handle.h, a waypoint by moveObjects), Escape takes it back; with snapping on a horizontal
//   drag lands on the grid and a vertical one on whole steps of it, and with ground snapping on a
//   horizontal drag puts the point on the ground as the plan's drag does (the surface nearest its
//   own height, plus the clearance);
// - a press on a junction's marker grabs the junction: a drag slides it along its rail (one at a
//   rail's end takes that end along), linked ends following, one undo step (moveJunction); a press
//   without a drag is the click that turns its default way;
// - an open rail's end dragged within a few pixels of another rail snaps onto it (a ring shows where),
//   and let go there joins it (a junction, the branch leaving along the rail; Alt: a free join), the
//   drag and the join one undo step (joinRailEnd, as on the plan);
// - a double-click on a rail inserts a control point there (the curve keeps its shape);
// - a right-click on a control point deletes it.
// The plan, the profile, the outliner and the inspector follow as they do for the same edit there.
#pragma once

#include "app/plan/canvas_hit_test.h"
#include "app/tools/rail_join.h"
#include "app/view3d/drag_plane.h"
#include "document/editing/point_handle.h"
#include "document/model/object_ref.h"

#include <QObject>
#include <QPointer>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

#include <optional>

namespace railforge::app {

class LevelScene3D;
class ViewCamera3D;

class SceneDrag : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(railforge::app::LevelScene3D *scene READ scene WRITE setScene NOTIFY sceneChanged)
    // A point is held (between begin and end).
    Q_PROPERTY(bool active READ active NOTIFY activeChanged)
    // What is held: "rail:id" with its point, "waypoint:id" or "junction:id"; "" when nothing.
    Q_PROPERTY(QString key READ key NOTIFY activeChanged)
    // Where the held rail end would join another rail if let go now (pixels), undefined when nowhere.
    Q_PROPERTY(QVariant joinAt READ joinAt NOTIFY joinChanged)
public:
    using QObject::QObject;

    LevelScene3D *scene() const { return m_scene; }
    void setScene(LevelScene3D *scene);
    bool active() const { return m_held.has_value(); }
    QString key() const;
    QVariant joinAt() const { return m_joinAt; }

    // Grabs the control point or waypoint under (x, y) and selects it, or the junction there (not
    // selected: a press on it without a drag is the click that turns it); false when there is none,
    // and the press is the camera's.
    Q_INVOKABLE bool begin(railforge::app::ViewCamera3D *camera, double x, double y, bool vertical);
    // Moves what is held so that it follows the pointer at (x, y); `vertical` may change mid-drag
    // (the drag goes on from where the point is).
    Q_INVOKABLE void moveTo(railforge::app::ViewCamera3D *camera, double x, double y, bool vertical);
    // Lets go: the next drag is another undo step. A rail end held over another rail joins it there
    // (`freeJoin`, Alt: keeping its own direction).
    Q_INVOKABLE void end(bool freeJoin = false);
    // Escape mid-drag: what is held goes back to where it was grabbed (nothing to redo, no join);
    // false when nothing is held.
    Q_INVOKABLE bool cancel();
    // Inserts a control point where a rail is under (x, y), and makes it the active point; false when
    // no rail is there.
    Q_INVOKABLE bool insertAt(railforge::app::ViewCamera3D *camera, double x, double y);
    // Deletes the control point under (x, y); false when there is none (or the rail has two left).
    Q_INVOKABLE bool removeAt(railforge::app::ViewCamera3D *camera, double x, double y);

signals:
    void sceneChanged();
    void activeChanged();
    void joinChanged();

private:
    struct Held {
        document::ObjectId object; // the rail or the waypoint
        std::string junction;      // or the junction (object then unused)
        std::size_t point = 0;     // the rail's control point
        PointDrag drag;
        Ray lastRay; // the pointer's ray at the last step: a change of axis goes on from there
        int mergeKey = 0;
        int undoIndex = 0;              // the undo stack's before the drag (Escape takes the drag back)
        std::optional<JoinTarget> join; // where the held end would join if let go now
        // A rail's control point: its drag (the handle protocol; a join takes the drag back).
        std::optional<document::HandleDrag> grip;
    };
    // Where the held end would join at (x, y): the rails this view shows near the pointer, chosen
    // among by the rule the plan shares (rail_join.h: nearest, snapped, locks honoured).
    std::optional<JoinTarget> joinTarget(ViewCamera3D *camera, double x, double y) const;
    void setJoin(ViewCamera3D *camera, std::optional<JoinTarget> join);
    // What is under (x, y), as a click there would pick it.
    std::optional<CanvasHit> hitAt(ViewCamera3D *camera, double x, double y) const;
    // Where the held point is now in the level; nothing when it is gone.
    std::optional<core::Vec3> heldPosition() const;

    QPointer<LevelScene3D> m_scene;
    std::optional<Held> m_held;
    QVariant m_joinAt;
};

} // namespace railforge::app
