// The 3D view's camera for QML: an orbit about a target with z up (drag to orbit, pan, wheel to
// zoom, WASD to fly), an orthographic top/front/side view, or the rider's eye during a ride. It
// hands the renderer a position and rotation, and RailForge's picking the same camera as numbers
// (sceneCamera), so a click picks what is drawn under it.
#pragma once

#include "app/view3d/scene_camera.h"

#include <QObject>
#include <QPointF>
#include <QQuaternion>
#include <QVariant>
#include <QVector3D>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class ViewCamera3D : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QVector3D position READ position NOTIFY changed)
    Q_PROPERTY(QQuaternion rotation READ rotation NOTIFY changed)
    Q_PROPERTY(QVector3D forward READ forward NOTIFY changed)
    Q_PROPERTY(QVector3D up READ up NOTIFY changed)
    Q_PROPERTY(QVector3D target READ target NOTIFY changed)
    Q_PROPERTY(double fieldOfView READ fieldOfView CONSTANT)
    Q_PROPERTY(bool orthographic READ orthographic NOTIFY changed)
    Q_PROPERTY(double pixelsPerUnit READ pixelsPerUnit NOTIFY changed)
    Q_PROPERTY(double clipNear READ clipNear NOTIFY changed)
    Q_PROPERTY(double clipFar READ clipFar NOTIFY changed)
    Q_PROPERTY(double yaw READ yaw NOTIFY changed)
    Q_PROPERTY(double pitch READ pitch NOTIFY changed)
    Q_PROPERTY(double distance READ distance NOTIFY changed)
    Q_PROPERTY(bool riding READ riding NOTIFY changed)
    // The world axes as the screen shows them (unit x right, y down; the gizmo draws them).
    Q_PROPERTY(QPointF axisX READ axisX NOTIFY changed)
    Q_PROPERTY(QPointF axisY READ axisY NOTIFY changed)
    Q_PROPERTY(QPointF axisZ READ axisZ NOTIFY changed)
    Q_PROPERTY(double viewportWidth READ viewportWidth WRITE setViewportWidth NOTIFY viewportChanged)
    Q_PROPERTY(double viewportHeight READ viewportHeight WRITE setViewportHeight NOTIFY viewportChanged)
    // How large the scene is (its bounding sphere's radius): sets the clip planes.
    Q_PROPERTY(double sceneRadius READ sceneRadius WRITE setSceneRadius NOTIFY changed)
public:
    explicit ViewCamera3D(QObject *parent = nullptr);

    QVector3D position() const;
    QQuaternion rotation() const;
    QVector3D forward() const;
    QVector3D up() const;
    QVector3D target() const;
    double fieldOfView() const { return kFieldOfView; }
    bool orthographic() const { return m_orthographic && !m_riding; }
    double pixelsPerUnit() const;
    double clipNear() const;
    double clipFar() const;
    double yaw() const { return m_orbit.yawDegrees; }
    double pitch() const { return m_orbit.pitchDegrees; }
    double distance() const { return m_orbit.distance; }
    bool riding() const { return m_riding; }
    QPointF axisX() const { return axis({1, 0, 0}); }
    QPointF axisY() const { return axis({0, 1, 0}); }
    QPointF axisZ() const { return axis({0, 0, 1}); }
    double viewportWidth() const { return m_viewport.width(); }
    double viewportHeight() const { return m_viewport.height(); }
    void setViewportWidth(double width);
    void setViewportHeight(double height);
    QSizeF viewport() const { return m_viewport; }
    double sceneRadius() const { return m_sceneRadius; }
    void setSceneRadius(double radius);

    // The camera as numbers, exactly as the renderer is told.
    SceneCamera sceneCamera() const;

    // Turns about the target by a drag of (dx, dy) pixels.
    Q_INVOKABLE void orbit(double dx, double dy);
    // Slides target and eye by a drag of (dx, dy) pixels (the point under the cursor follows it).
    Q_INVOKABLE void pan(double dx, double dy);
    // Zooms by wheel steps (positive: closer) towards the point under (x, y).
    Q_INVOKABLE void zoomAt(double x, double y, double steps);
    // Moves eye and target along the view (forward, right) and world up, in level units.
    Q_INVOKABLE void fly(double forwardUnits, double rightUnits, double upUnits);
    // Looks at a sphere so it fills the view, keeping the direction.
    Q_INVOKABLE void frame(QVector3D centre, double radius);
    // "top", "front" (looking along +y), "side" (along -x): orthographic; "perspective": back to the orbit.
    Q_INVOKABLE void viewFrom(const QString &name);
    // An orbit pose (degrees; pitch 90 looks straight down).
    Q_INVOKABLE void setOrbit(QVector3D target, double yawDegrees, double pitchDegrees, double distance);
    // Puts the eye at `eye` looking at `target` (perspective).
    Q_INVOKABLE void lookAt(QVector3D eye, QVector3D target);
    // The rider's eye: the camera is exactly this pose until stopRiding.
    void setRidePose(core::Vec3 position, core::Vec3 forward, core::Vec3 up);
    Q_INVOKABLE void stopRiding();
    // Where a level point shows in the view (a point), or undefined behind the camera.
    Q_INVOKABLE QVariant project(double x, double y, double z) const;

    static constexpr double kFieldOfView = 50.0;

signals:
    void changed();
    void viewportChanged();

private:
    QPointF axis(core::Vec3 direction) const;
    double worldPerPixel() const;

    OrbitPose m_orbit;
    bool m_orthographic = false;
    double m_pixelsPerUnit = 20.0;
    bool m_riding = false;
    SceneCamera m_ride;
    QSizeF m_viewport{800, 600};
    double m_sceneRadius = 50.0;
};

} // namespace railforge::app
