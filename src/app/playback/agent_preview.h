// Agent preview: a marker that travels a rail or a patrol's smoothed path at a constant speed
// (arc-length parameterised), so designers see timing and flow.
#pragma once

#include "core/arc_length.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <optional>

namespace railforge::app {

class AgentPreview : public QObject {
    Q_OBJECT
public:
    explicit AgentPreview(QObject *parent = nullptr);

    // Starts travelling along `path` (its arc-length table) from s = 0; loops at the end.
    void play(core::ArcLengthTable path);
    void stop();
    // Stops the clock with the agent at distance `s` along its path (wrapped), still shown as
    // playing: one exact frame of a moving agent, for golden images and tests. Needs play() first.
    void holdAt(double s);
    bool playing() const { return m_playing; }
    // Speed in world units per second (> 0).
    double speed() const { return m_speed; }
    void setSpeed(double speed);
    // Distance travelled along the path (wrapping at its length) and the sample there.
    double s() const { return m_s; }
    std::optional<core::CurveSample> sample() const;

signals:
    void moved();
    void playingChanged();

private:
    void tick();
    std::optional<core::ArcLengthTable> m_path;
    double m_length = 0;
    double m_speed = 5.0;
    double m_s = 0;
    bool m_playing = false;
    QTimer m_timer;
    QElapsedTimer m_clock;
};

} // namespace railforge::app
