// The profile panel's drawing item (docs/ui.md "Profile"): the selected rail's or patrol's height
// along its arc length s, with a tilt lane and a forces lane for rails. Points, Bezier handles and
// patrol stops are dragged up and down here, tilt dots up and down in their lane, each drag one
// undo step (snapping to the grid while snapping is on). The mouse over it places the cursor the
// plan shows too. Long rails are computed off the UI thread (the panel keeps the last profile until
// the new one is ready).
#pragma once

#include "app/editor/editor_controller.h"
#include "app/jobs/latest_wins.h"
#include "app/profile/profile_painter.h"
#include "document/editing/point_handle.h"
#include "document/editing/rail_channel_editing.h"

#include <QPointer>
#include <QQuickPaintedItem>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class ProfileView : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(
        railforge::app::EditorController *controller READ controller WRITE setController NOTIFY controllerChanged)
    // What is shown ("rail:id", "patrol:id", or "" with a hint to select one).
    Q_PROPERTY(QString key READ key NOTIFY dataChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
    // Heights drawn this many times steeper than s; 0 fits them to the lane.
    Q_PROPERTY(double exaggeration READ exaggeration WRITE setExaggeration NOTIFY settingsChanged)
    // The rider's speed for the forces lane, m/s.
    Q_PROPERTY(double speed READ speed WRITE setSpeed NOTIFY settingsChanged)
    Q_PROPERTY(double gentlePitch READ gentlePitch WRITE setGentlePitch NOTIFY settingsChanged)
    Q_PROPERTY(double steepPitch READ steepPitch WRITE setSteepPitch NOTIFY settingsChanged)
    Q_PROPERTY(double lateralLimit READ lateralLimit WRITE setLateralLimit NOTIFY settingsChanged)
    Q_PROPERTY(double verticalMin READ verticalMin WRITE setVerticalMin NOTIFY settingsChanged)
    Q_PROPERTY(double verticalMax READ verticalMax WRITE setVerticalMax NOTIFY settingsChanged)
    // Figures of the shown curve (level units and degrees).
    Q_PROPERTY(double length READ length NOTIFY dataChanged)
    Q_PROPERTY(double highest READ highest NOTIFY dataChanged)
    Q_PROPERTY(double lowest READ lowest NOTIFY dataChanged)
    Q_PROPERTY(double steepestPitch READ steepestPitch NOTIFY dataChanged)
    // The rail has a float or int `speed` channel: the forces lane reads its speed from it.
    Q_PROPERTY(bool hasSpeedChannel READ hasSpeedChannel NOTIFY dataChanged)
    // The names of the shown rail's channels, one lane each, top to bottom.
    Q_PROPERTY(QStringList channels READ channels NOTIFY dataChanged)
    // The level's ground is drawn under the curve.
    Q_PROPERTY(bool showsGround READ showsGround NOTIFY dataChanged)
    // Ride physics (docs/design.md "Ride physics"): the forces lane at the speed a rider coasting
    // from rideV0 (m/s) has, with rolling friction and air drag; where it stalls is marked and said.
    Q_PROPERTY(bool physics READ physics WRITE setPhysics NOTIFY settingsChanged)
    Q_PROPERTY(double rideV0 READ rideV0 WRITE setRideV0 NOTIFY settingsChanged)
    Q_PROPERTY(double rideFriction READ rideFriction WRITE setRideFriction NOTIFY settingsChanged)
    Q_PROPERTY(double rideDrag READ rideDrag WRITE setRideDrag NOTIFY settingsChanged)
    // "stalls at s 29.35 (needs 3.1 m/s more at s 0)" while physics is on and the rider stalls, or "".
    Q_PROPERTY(QString stallText READ stallText NOTIFY rideChanged)
public:
    explicit ProfileView(QQuickItem *parent = nullptr);
    ~ProfileView() override;

    EditorController *controller() const { return m_controller; }
    void setController(EditorController *controller);
    QString key() const { return m_data.key; }
    bool busy() const { return m_job.running(); }
    double exaggeration() const { return m_state.exaggeration; }
    void setExaggeration(double value);
    double speed() const { return m_state.speed; }
    void setSpeed(double value);
    double gentlePitch() const { return m_frame.bands.gentle; }
    void setGentlePitch(double value);
    double steepPitch() const { return m_frame.bands.steep; }
    void setSteepPitch(double value);
    double lateralLimit() const { return m_state.limits.lateral; }
    void setLateralLimit(double value);
    double verticalMin() const { return m_state.limits.verticalMin; }
    void setVerticalMin(double value);
    double verticalMax() const { return m_state.limits.verticalMax; }
    void setVerticalMax(double value);
    double length() const { return m_data.length; }
    double highest() const { return m_data.zMax; }
    double lowest() const { return m_data.zMin; }
    double steepestPitch() const { return m_data.steepestPitch; }
    bool showsGround() const { return !m_data.ground.empty(); }
    bool hasSpeedChannel() const { return speedLane(m_data) != nullptr; }
    QStringList channels() const;
    bool physics() const { return m_physics; }
    void setPhysics(bool on);
    double rideV0() const { return m_ride.v0; }
    void setRideV0(double value);
    double rideFriction() const { return m_ride.friction; }
    void setRideFriction(double value);
    double rideDrag() const { return m_ride.drag; }
    void setRideDrag(double value);
    QString stallText() const;
    // The ride settings the profile simulates with (Bake speed bakes the same ride).
    const document::RideSettings &rideSettings() const { return m_ride; }

    // Item pixels of control point / stop `index`'s dot in the heights lane, and of point `index`'s
    // tilt dot (tests and the screenshot script press there); (-1, -1) when there is none.
    Q_INVOKABLE QPointF pointPosition(int index) const;
    Q_INVOKABLE QPointF tiltPosition(int index) const;
    Q_INVOKABLE QPointF handlePosition(int index, bool out) const;
    // Item pixels of key `key` (its index in the channel's keys) in channel `channel`'s lane, and the
    // lane's rectangle (empty when the shown rail has no such channel).
    Q_INVOKABLE QPointF channelKeyPosition(const QString &channel, int key) const;
    Q_INVOKABLE QRectF channelLaneRect(const QString &channel) const;
    // Item x of arc length s, and s at item x.
    Q_INVOKABLE double xOfS(double s) const;
    Q_INVOKABLE double sOfX(double x) const;
    // The whole length across the panel again.
    Q_INVOKABLE void fitLength();
    // Waits for a running computation (tests).
    Q_INVOKABLE void waitForData();

    void paint(QPainter *painter) override;

signals:
    void controllerChanged();
    void dataChanged();
    void busyChanged();
    void settingsChanged();
    void rideChanged();

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void hoverMoveEvent(QHoverEvent *event) override;
    void hoverLeaveEvent(QHoverEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;

private:
    ProfileLayout layout() const;
    // `offThread`: on a worker whatever the rail's size (edits made elsewhere: the view catches up).
    void recompute(bool offThread = false);
    // Makes the profile of what is shown now: at once (returns nothing), or off the UI thread.
    std::optional<QFuture<ProfileData>> computeProfile();
    void accept(ProfileData data);
    void publishOverLimit();
    void settingChanged();
    // The marker under item point `at`: index into markers, or markers.size() + i for point i's tilt dot.
    int markerAt(QPointF at) const;
    void dragTo(QPointF at);
    void placeCursor(QPointF at);
    // Channel lanes: the lane at item point `at` (-1 for none), the key under it, and the edits.
    struct LaneHit {
        int lane = -1;
        int key = -1; // index in the channel's keys, -1 on an empty stretch
    };
    LaneHit laneAt(QPointF at) const;
    // Where a key dropped at item x goes: onto a control point when within the pick radius of one.
    document::ChannelPlace lanePlace(double x) const;
    void addLaneKey(int lane, QPointF at);
    void dragLaneKey(QPointF at, bool valueOnly);
    void deleteLaneKey(const std::string &channel, int key);
    void reportLaneEdit(const std::string &why);
    bool erasesLaneKey(const QKeyEvent *event) const;

    QPointer<EditorController> m_controller;
    ProfileData m_data;
    ProfileViewState m_state;
    ProfileFrame m_frame;
    bool m_physics = false;
    document::RideSettings m_ride;
    // Edits of the level recompute the profile at most every few frames, off the UI thread: a drag on
    // the plan keeps its frame rate, and the profile follows it a moment later.
    QTimer m_editTimer;
    // A small rail's profile is made at once when the designer asks; an edit's catches up off the UI
    // thread, and so does the run asked for while another ran.
    bool m_syncAllowed = true;
    LatestWins<ProfileData> m_job{this, [this] { return computeProfile(); },
                                  [this](QFutureWatcher<ProfileData> &done) {
                                      m_syncAllowed = false;
                                      accept(done.result());
                                  },
                                  [this] { emit busyChanged(); }};
    int m_drag = -1; // marker being dragged
    // A rail marker's drag (a point, a handle or the tilt): the handle protocol the plan and the 3D
    // gizmo use (document/editing/point_handle.h); a patrol's stop is moved as a waypoint.
    std::optional<document::HandleDrag> m_grip;
    int m_mergeKey = 0;
    bool m_panning = false;
    QPointF m_panLast;
    QPointF m_pressAt;
    bool m_moved = false;  // the mouse moved beyond a click since the press
    int m_laneClick = -1;  // a press on an empty stretch of this lane: a click there adds a key
    std::string m_keyDrag; // the channel whose key is being dragged ("" when none)
    int m_keyDragIndex = -1;
    double m_dragLow = 0.0, m_dragHigh = 1.0; // its lane's value range, held still during the drag
    LaneHighlight m_hot;
};

} // namespace railforge::app
