// The canvas's ▶ Play as QML sees it (`canvas.play`): an agent riding a rail at its speed channel's
// pace (across a network's junctions by their default ways) or walking a patrol's smoothed route.
// AgentPreview moves it; this object starts and stops it for the canvas, keeps the shared cursor on
// the agent so the profile follows it, and asks the canvas to draw.
#pragma once

#include "app/playback/agent_preview.h"

#include <QObject>
#include <QPointF>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class LevelView;

class CanvasPlay : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("the canvas's agent: canvas.play")
    Q_PROPERTY(bool playing READ playing NOTIFY changed)
    Q_PROPERTY(double speed READ speed WRITE setSpeed NOTIFY changed)
    // How far along its path the agent is, and where on the plan.
    Q_PROPERTY(double s READ s NOTIFY changed)
    Q_PROPERTY(QPointF position READ position NOTIFY changed)
    // The rail the agent is on while it rides a network ("" otherwise).
    Q_PROPERTY(QString rail READ rail NOTIFY changed)
public:
    explicit CanvasPlay(LevelView &canvas);

    bool playing() const { return m_agent.playing(); }
    double speed() const { return m_agent.speed(); }
    void setSpeed(double speed);
    double s() const { return m_agent.s(); }
    QPointF position() const;
    QString rail() const;

    // Plays the agent along a rail ("rail:id") or a patrol's smoothed path ("patrol:id").
    Q_INVOKABLE bool start(const QString &key);
    Q_INVOKABLE void stop() { m_agent.stop(); }
    // Freezes a playing agent at distance `s` along its path (golden images need a fixed frame).
    Q_INVOKABLE void holdAt(double s) { m_agent.holdAt(s); }
    // What the canvas draws.
    const AgentPreview &agent() const { return m_agent; }

signals:
    void changed();

private:
    // Puts the profile's cursor where the agent is on a rail (source "play"), or takes it away.
    void placeCursor();

    LevelView &m_canvas;
    AgentPreview m_agent;
};

} // namespace railforge::app
