// The canvas's proximity probe as QML sees it (`canvas.probe`): where the last probe landed, the
// rail it found and how far, whether that is within range, the player marker, and the heights it
// stands at and looks from. ProbeSession does the measuring; this object holds it for the canvas,
// probes again when the level or the ground changes, and asks the canvas to draw.
#pragma once

#include "app/plan/probe_session.h"

#include <QObject>
#include <QPointF>
#include <QRectF>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class LevelView;

class CanvasProbe : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("the canvas's probe: canvas.probe")
    // Probing under the mouse now (the probe tool hovering).
    Q_PROPERTY(bool active READ active NOTIFY changed)
    // The nearest rail's id ("" for none), the distance to it, its arc length there and that point.
    Q_PROPERTY(QString rail READ rail NOTIFY changed)
    Q_PROPERTY(double distance READ distance NOTIFY changed)
    Q_PROPERTY(double s READ s NOTIFY changed)
    Q_PROPERTY(QPointF point READ point NOTIFY changed)
    Q_PROPERTY(bool inRange READ inRange NOTIFY changed)
    Q_PROPERTY(bool markerPlaced READ markerPlaced NOTIFY changed)
    Q_PROPERTY(double range READ range WRITE setRange NOTIFY changed)
    // The probe measures in 3D from the plan point at this height plus the eye height (both 0 at first).
    Q_PROPERTY(double standHeight READ standHeight WRITE setStandHeight NOTIFY changed)
    Q_PROPERTY(double eyeHeight READ eyeHeight WRITE setEyeHeight NOTIFY changed)
    // Where the level has ground, the marker (and the cursor) stand on it (the typed height elsewhere).
    Q_PROPERTY(bool onGround READ onGround WRITE setOnGround NOTIFY changed)
    // The z the probe last measured from.
    Q_PROPERTY(double z READ z NOTIFY changed)
    // Where the readout was last drawn (canvas pixels; empty when none).
    Q_PROPERTY(QRectF labelRect READ labelRect NOTIFY labelRectChanged)
public:
    explicit CanvasProbe(LevelView &canvas);

    bool active() const { return m_session.active(); }
    QString rail() const;
    double distance() const { return m_session.hit() ? m_session.hit()->distance : 0.0; }
    double s() const { return m_session.hit() ? m_session.hit()->s : 0.0; }
    QPointF point() const;
    bool inRange() const { return m_session.inRange(); }
    bool markerPlaced() const { return m_session.marker().has_value(); }
    double range() const { return m_session.range(); }
    void setRange(double range);
    double standHeight() const { return m_session.standHeight(); }
    void setStandHeight(double z);
    double eyeHeight() const { return m_session.eyeHeight(); }
    void setEyeHeight(double z);
    bool onGround() const { return m_session.onGround(); }
    void setOnGround(bool on);
    double z() const { return m_session.lastProbeZ(); }
    QRectF labelRect() const { return m_labelRect; }

    // Drops the player marker at plan point (x, y), as a probe click there does (the 3D view's probe
    // click, on the surface it lands on).
    Q_INVOKABLE void placeAt(double x, double y) { probeAt({x, y}, true); }
    // Probes at a world point (a hover, or a click that places the marker).
    void probeAt(QPointF world, bool placeMarker);
    // The level changed under it: the marker is probed again, a hover waits for the mouse.
    void levelChanged();
    // The ground changed: heights on it are taken again.
    void groundChanged();
    // The probe tool was left: the readout goes back to the marker's, if one is placed.
    void endHover();
    // Another file: no marker, no readout.
    void clear();
    // What the canvas draws.
    const ProbeSession &session() const { return m_session; }
    void setLabelRect(QRectF rect);

signals:
    void changed();
    void labelRectChanged();

private:
    // Says it changed and has the canvas draw again.
    void redraw();

    LevelView &m_canvas;
    ProbeSession m_session;
    QRectF m_labelRect;
};

} // namespace railforge::app
