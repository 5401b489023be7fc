// The active rail point's gizmo in the 3D view (docs/ui.md "Editing in 3D"), drawn over the scene at a
// constant size on the screen:
// - the point's Bezier handles (on a Bezier rail, unless the point is a corner): a line from the point
//   to each and a dot at its end. A drag moves the handle in the horizontal plane through it (Ctrl or
//   Z: along the vertical), following the point's handle mode (mirrored, aligned, free; an auto point
//   becomes aligned), Alt breaking it free first, as on the plan (moveRailHandle);
// - the tilt ring: a circle about the rail's tangent through the point, with a dot where the point's
//   up is. Dragging on it rolls the up about the tangent under the pointer (setRailPointTilt).
// - the move gizmo: three arrows from the point along x (red), y (green) and z (blue); dragging one
//   moves the point along that axis only, by whole grid steps with snapping on (moveRailPoint). A
//   waypoint selected alone has the arrows too (moveObjects), nothing else.
// Each drag is one undo step, and Escape during it puts back what it moved (the handle protocol of
// document/editing/point_handle.h); the plan, the profile and the inspector (tilt and bank) follow.
#pragma once

#include "app/view3d/drag_plane.h"
#include "document/editing/point_handle.h"
#include "document/model/object_ref.h"

#include <QObject>
#include <QPointer>
#include <QVariant>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <optional>

namespace railforge::app {

class EditorController;
class ViewCamera3D;

class PointGizmo : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(railforge::app::EditorController *editor READ editor WRITE setEditor NOTIFY editorChanged)
    Q_PROPERTY(railforge::app::ViewCamera3D *camera READ camera WRITE setCamera NOTIFY cameraChanged)
    // Off while riding (nothing in the rider's eye line) or when the view is hidden.
    Q_PROPERTY(bool enabled READ enabled WRITE setEnabled NOTIFY changed)
    // An active rail point in front of the camera: the gizmo shows.
    Q_PROPERTY(bool shown READ shown NOTIFY changed)
    // Where the point, its handles (undefined without) and the ring's points show (pixels).
    Q_PROPERTY(QVariant point READ point NOTIFY changed)
    Q_PROPERTY(QVariant handleIn READ handleIn NOTIFY changed)
    Q_PROPERTY(QVariant handleOut READ handleOut NOTIFY changed)
    Q_PROPERTY(QVariantList ring READ ring NOTIFY changed)
    // Where the move gizmo's x, y and z arrows end ([3], undefined for one behind the camera).
    Q_PROPERTY(QVariantList arrows READ arrows NOTIFY changed)
    // Where on the ring the point's up is.
    Q_PROPERTY(QVariant up READ up NOTIFY changed)
    // Something of it is held (between begin and end): "handle", "tilt" or "axis"; "" when nothing.
    Q_PROPERTY(QString held READ held NOTIFY heldChanged)
public:
    using QObject::QObject;

    EditorController *editor() const { return m_editor; }
    void setEditor(EditorController *editor);
    ViewCamera3D *camera() const { return m_camera; }
    void setCamera(ViewCamera3D *camera);
    bool enabled() const { return m_enabled; }
    void setEnabled(bool enabled);
    bool shown() const { return m_shown; }
    QVariant point() const { return m_point; }
    QVariant handleIn() const { return m_handleIn; }
    QVariant handleOut() const { return m_handleOut; }
    QVariantList ring() const { return m_ring; }
    QVariantList arrows() const { return m_arrows; }
    QVariant up() const { return m_up; }
    QString held() const;

    // Grabs the handle or the ring under (x, y); false when neither is there (the press is another's).
    Q_INVOKABLE bool begin(double x, double y, bool vertical);
    // Drags what is held to follow the pointer; `breakFree` (Alt) frees a handle from its mode. On the
    // tilt ring `fine` (Shift) turns a tenth as far and `snap` (Ctrl) keeps the tilt on 5° steps.
    Q_INVOKABLE void moveTo(double x, double y, bool vertical, bool breakFree, bool fine = false, bool snap = false);
    // Lets go: the drag was one undo step, the next is another.
    Q_INVOKABLE void end();
    // Escape mid-drag: what is held goes back to where it was grabbed (nothing to redo); false when
    // nothing is held.
    Q_INVOKABLE bool cancel();

signals:
    void editorChanged();
    void cameraChanged();
    void changed();
    void heldChanged();

private:
    // The active point as the gizmo sees it in the level now.
    struct Active {
        std::string waypoint; // or a waypoint alone selected: only the arrows (then rail is "")
        std::string rail;
        std::size_t index = 0;
        core::Vec3 position, tangent, up;
        double tilt = 0.0;                          // degrees
        std::vector<document::ShownHandle> handles; // on a Bezier rail (document/editing/point_handle.h)
        double ringRadius = 1.0;                    // level units: a constant size on the screen
    };
    std::optional<Active> active() const;
    void update();
    struct HandleHeld {
        document::HandleSide side;
        PointDrag drag;
        Ray lastRay;
    };
    struct AxisHeld {
        int axis = 0;         // 0 x, 1 y, 2 z
        double grabbed = 0.0; // the place along the axis under the pointer at the grab
    };
    struct TiltHeld {
        double startTilt = 0.0;
        QPointF lastPointer;    // where the last step left the pointer
        double lastAngle = 0.0; // radians, of the pointer about the tangent
        double turned = 0.0;    // radians since the grab
    };
    // The pointer's angle about the tangent, measured from `up` (the plane through the point across the
    // tangent, under the pointer's ray); nothing when the ray runs along that plane.
    std::optional<double> angleAbout(const Active &at, const Ray &ray) const;

    QPointer<EditorController> m_editor;
    QPointer<ViewCamera3D> m_camera;
    bool m_enabled = true;
    bool m_shown = false;
    QVariant m_point, m_handleIn, m_handleOut, m_up;
    QVariantList m_ring;
    std::optional<HandleHeld> m_handle;
    std::optional<TiltHeld> m_tilt;
    std::optional<AxisHeld> m_axis;
    QVariantList m_arrows;
    // Holds what a press grabbed: the point as it was (its tangent and up: the ring's basis), and for a
    // rail's point the drag of its grip.
    void grab(const Active &at, document::Grip grip);
    std::optional<Active> m_grabbed; // the point as it was at the grab
    std::optional<document::HandleDrag> m_drag;
    int m_mergeKey = 0;  // a waypoint's drag (a rail's is its HandleDrag's)
    int m_undoIndex = 0; // the undo stack's at the grab (Escape takes a waypoint's drag back)
};

} // namespace railforge::app
