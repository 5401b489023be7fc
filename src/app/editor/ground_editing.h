// What the editor does with the level's ground: snapping placed and dragged points onto it (with a
// clearance per kind: 0 for waypoints, 1 level unit for rails at first) and draping rails over it.
#pragma once

#include "app/ground/ground_model.h"
#include "app/selection/selection.h"

#include <QObject>
#include <QtQml/qqmlregistration.h>

#include <cmath>

namespace railforge::app {

class GroundEditing : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("belongs to the EditorController")
    // New waypoints and rail points, and dragged rail points, land on the ground (plus clearance).
    Q_PROPERTY(bool snapToGround READ snapToGround WRITE setSnapToGround NOTIFY changed)
    Q_PROPERTY(double waypointClearance READ waypointClearance WRITE setWaypointClearance NOTIFY changed)
    Q_PROPERTY(double railClearance READ railClearance WRITE setRailClearance NOTIFY changed)
public:
    GroundEditing(document::LevelDocument &document, Selection &selection, GroundModel &ground,
                  QObject *parent = nullptr);

    bool snapToGround() const { return m_snap; }
    void setSnapToGround(bool on);
    double waypointClearance() const { return m_waypointClearance; }
    void setWaypointClearance(double value);
    double railClearance() const { return m_railClearance; }
    void setRailClearance(double value);

    // The height a point of `kind` gets at plan point (x, y): with snapping to ground on and ground
    // there, the surface nearest to the point's own height `current` less the clearance (the
    // highest when `fresh`: a new point with nothing to be near; core GroundSet::nearestSurface)
    // plus the kind's clearance; else `current`.
    double placedHeight(double x, double y, document::ObjectKind kind, double current, bool fresh = false) const;

    // Drapes the selected rails (or the rail whose point is active) onto the ground plus `clearance`;
    // with `followTolerance` > 0 points are added where a rail strays from it by more between its
    // points. One undo step; false (and lastError) when there is no ground or no rail.
    Q_INVOKABLE bool drapeSelectedRails(double clearance, double followTolerance);
    // Fits the heights of the selected rails (or the rail whose point is active) to the lowest profile
    // that keeps `clearance` above the surface under it, `headroom` below any over it (NaN: clearance
    // + 1) and `maxGrade` degrees, at `speed` m/s (0: the rail's speed channel, or none) within
    // [minG, maxG] of vertical force, within `tolerance` of it (document/ground/rail_height_fit.h);
    // `keepEnds` keeps the end points' heights. One undo step; the status bar says how many points
    // changed or were added, the clearances and the forces. False (and lastError) when there is no
    // ground, no rail, or the fit cannot be made; true with lastError set when it was made but a
    // stretch could not pass under a surface (the designer reads where in the popup).
    Q_INVOKABLE bool fitSelectedRails(double clearance, double maxGrade, double tolerance, bool keepEnds,
                                      double headroom = NAN, double speed = 0, double minG = -0.5, double maxG = 3.5);
    Q_INVOKABLE QString lastError() const { return m_lastError; }

    // Moves the active rail point (or the one selected waypoint) onto the next surface down at its
    // place, after the lowest the top again, at the kind's clearance (Alt+G): a point that landed on
    // a deck goes to the road under it. One undo step; the status bar names the surface and the
    // others there. False (and lastError) with no such point or a single surface there.
    Q_INVOKABLE bool nextSurface();

signals:
    void changed();
    // What a drape did, for the status bar.
    void status(const QString &message);

private:
    // The selected rails, or the rail whose point is active.
    std::vector<document::ObjectId> railsToEdit() const;

    document::LevelDocument &m_document;
    Selection &m_selection;
    GroundModel &m_ground;
    bool m_snap = false;
    double m_waypointClearance = 0.0;
    double m_railClearance = 1.0;
    QString m_lastError;
};

} // namespace railforge::app
