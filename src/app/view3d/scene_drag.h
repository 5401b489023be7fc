// Dragging in the 3D view (docs/ui.md "Editing in 3D"): a press on a rail's control point or on a
// waypoint grabs it (and selects it, as a click would); the drag slides it in the horizontal plane
// through it, or with Ctrl (or Z held) along the vertical. Each drag is one undo step, made by the
// same edits as the plan's (moveRailPoint, moveObjects), so the plan, the profile, the outliner and
// the inspector follow as they do for a drag there.
#pragma once

#include "app/view3d/drag_plane.h"
#include "document/model/object_ref.h"

#include <QObject>
#include <QPointer>
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
    // What is held: "rail:id" with its point, or "waypoint:id"; "" when nothing.
    Q_PROPERTY(QString key READ key NOTIFY activeChanged)
public:
    using QObject::QObject;

    LevelScene3D *scene() const { return m_scene; }
    void setScene(LevelScene3D *scene);
    bool active() const { return m_held.has_value(); }
    QString key() const;

    // Grabs the control point or waypoint under (x, y) and selects it; false when there is none
    // there (or a junction is: a click turns it), and the press is the camera's.
    Q_INVOKABLE bool begin(railforge::app::ViewCamera3D *camera, double x, double y, bool vertical);
    // Moves what is held so that it follows the pointer at (x, y); `vertical` may change mid-drag
    // (the drag goes on from where the point is).
    Q_INVOKABLE void moveTo(railforge::app::ViewCamera3D *camera, double x, double y, bool vertical);
    // Lets go: the next drag is another undo step.
    Q_INVOKABLE void end();

signals:
    void sceneChanged();
    void activeChanged();

private:
    struct Held {
        document::ObjectId object; // the rail or the waypoint
        std::size_t point = 0;     // the rail's control point
        PointDrag drag;
        Ray lastRay; // the pointer's ray at the last step: a change of axis goes on from there
        int mergeKey = 0;
    };
    // Where the held point is now in the level; nothing when it is gone.
    std::optional<core::Vec3> heldPosition() const;

    QPointer<LevelScene3D> m_scene;
    std::optional<Held> m_held;
};

} // namespace railforge::app
