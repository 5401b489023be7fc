// A ride along the selected rail: the camera at the rider's eye with the forward and up of the
// exported rows (core/ride_pose.h), moving at a typed speed, paused and scrubbed along s. The plan
// and the profile show where the rider is through the editor's shared rail cursor. On a rail
// network, riding forward goes on across junctions by their default ways (core/rail_network.h),
// the ride then on the next rail (riding it backward when the way says so).
#pragma once

#include "app/editor/editor_controller.h"
#include "app/view3d/level_scene.h"
#include "app/view3d/view_camera.h"
#include "core/ride_pose.h"
#include "document/model/junction_network.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

#include <optional>

namespace railforge::app {

class RideSession : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(railforge::app::LevelScene3D *scene READ scene WRITE setScene NOTIFY sceneChanged)
    Q_PROPERTY(railforge::app::ViewCamera3D *camera READ camera WRITE setCamera NOTIFY sceneChanged)
    // What is ridden ("rail:id", or "patrol:id" along its previewed path; "" when not riding).
    Q_PROPERTY(QString key READ key NOTIFY changed)
    Q_PROPERTY(bool active READ active NOTIFY changed)
    Q_PROPERTY(bool playing READ playing WRITE setPlaying NOTIFY changed)
    Q_PROPERTY(double s READ s WRITE setS NOTIFY changed)
    Q_PROPERTY(double length READ length NOTIFY changed)
    Q_PROPERTY(bool closed READ closed NOTIFY changed)
    // Level units per second along the rail, as typed (used where the rail has no speed channel).
    Q_PROPERTY(double speed READ speed WRITE setSpeed NOTIFY settingsChanged)
    // Whether the ridden rail's `speed` channel sets the speed (docs/design.md "Data along rails").
    Q_PROPERTY(bool speedFromChannel READ speedFromChannel NOTIFY changed)
    // The speed the rider moves at now: the channel's value at s, else the typed speed.
    Q_PROPERTY(double currentSpeed READ currentSpeed NOTIFY changed)
    // How high the eye sits above the rail, along its up (level units).
    Q_PROPERTY(double eyeHeight READ eyeHeight WRITE setEyeHeight NOTIFY settingsChanged)
public:
    explicit RideSession(QObject *parent = nullptr);

    LevelScene3D *scene() const { return m_scene; }
    void setScene(LevelScene3D *scene);
    ViewCamera3D *camera() const { return m_camera; }
    void setCamera(ViewCamera3D *camera);
    QString key() const { return m_key; }
    bool active() const { return !m_key.isEmpty(); }
    bool playing() const { return m_timer.isActive(); }
    void setPlaying(bool playing);
    double s() const { return m_s; }
    void setS(double s);
    double length() const;
    bool closed() const;
    double speed() const { return m_speed; }
    bool speedFromChannel() const;
    double currentSpeed() const;
    void setSpeed(double speed);
    double eyeHeight() const { return m_eyeHeight; }
    void setEyeHeight(double height);

    // Rides `key` ("rail:id", "patrol:id") from `s`; false (and nothing changes) when there is no
    // such rail, or the patrol has no path yet.
    Q_INVOKABLE bool start(const QString &key, double s = 0.0);
    // Back to the orbit camera.
    Q_INVOKABLE void stop();
    // Whether the rider rides the current rail the other way (entered from its end at a junction).
    Q_INVOKABLE bool backward() const { return !m_forward; }
    // The pose at the current s: {s, position: [x,y,z], forward: [...], up: [...]}, in doubles (tests).
    Q_INVOKABLE QVariantMap pose() const;
    // Moves the rider on by `seconds` at the current speed (what a frame of playing does).
    Q_INVOKABLE void advance(double seconds);

    core::RidePose currentPose() const;

signals:
    void sceneChanged();
    void changed();
    void settingsChanged();

private:
    // A patrol's path as rows and up vectors (as `railforge-cli route` writes them), or false.
    bool loadPatrol(const QString &key);
    void apply();
    void tick();
    // Moves on across junctions (riding a rail of a network forward); false when not on one.
    bool advanceOnNetwork(double distance);

    QPointer<LevelScene3D> m_scene;
    QPointer<ViewCamera3D> m_camera;
    QString m_key;
    std::vector<core::CurveSample> m_patrolRows; // while riding a patrol
    std::vector<core::Vec3> m_patrolUps;
    bool m_patrolLoops = false;
    QMetaObject::Connection m_routes; // to the patrol preview, while riding a patrol
    double m_s = 0.0;
    bool m_forward = true;                              // rides s growing (false after a junction's backward way)
    std::optional<document::LevelNetwork> m_network;    // the level's, built when first ridden after a change
    std::vector<document::Junction> m_networkJunctions; // the junctions it was built with
    double m_speed = 10.0;
    // The speed the rider had leaving the last rail, carried onto a rail without a speed channel (the
    // rule `railforge-cli ride` and ▶ Play keep too); none until it has left its first rail.
    std::optional<double> m_carried;
    double m_eyeHeight = 1.2;
    QTimer m_timer;
    QElapsedTimer m_clock;
};

} // namespace railforge::app
