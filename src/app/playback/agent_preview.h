// Agent preview: a marker that travels a rail or a patrol's smoothed path (arc-length
// parameterised), so designers see timing and flow: at a constant speed, or at the speed a rail's
// `speed` channel gives where the agent is.
#pragma once

#include "core/arc_length.h"
#include "core/channel.h"
#include "document/model/junction_network.h"
#include "document/model/rail_speed.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <optional>

namespace railforge::app {

class AgentPreview : public QObject {
    Q_OBJECT
public:
    explicit AgentPreview(QObject *parent = nullptr);

    // A rail's speed channel (m/s at each arc length; a key of 0 slows the agent to a crawl).
    using SpeedChannel = document::RailSpeed;

    // Starts travelling along `path` (its arc-length table) from s = 0; loops at the end. With a
    // speed channel the agent goes at its speed at each place, else at speed().
    void play(core::ArcLengthTable path, std::optional<SpeedChannel> speedChannel = std::nullopt);
    // Starts travelling a rail network from rail `rail`'s start, across its junctions by their
    // default ways; where an open end stops it, it starts over. `speeds` holds each rail's speed
    // channel (or nothing).
    void playNetwork(document::LevelNetwork network, std::size_t rail, std::vector<std::optional<SpeedChannel>> speeds);
    // The rail the agent is on (its index in the level; the played rail when not on a network).
    std::optional<std::size_t> networkRail() const;
    // The speed now: the channel's where the agent is, else speed().
    double speedHere() const;
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
    // Moves the agent on by `seconds` of travel (what each frame does with the time it took).
    void advance(double seconds);
    std::optional<core::CurveSample> sample() const;

signals:
    void moved();
    void playingChanged();

private:
    void tick();
    void start(core::ArcLengthTable path, std::optional<SpeedChannel> speedChannel);
    void moveOnNetwork(double distance);
    void onRail(std::size_t rail);
    std::optional<core::ArcLengthTable> m_path;
    double m_length = 0;
    double m_speed = 5.0;
    // The speed the agent had leaving the last rail of a network, carried onto a rail without a speed
    // channel (as `railforge-cli ride` and the 3D ride do); none until it has left its first rail.
    std::optional<double> m_carried;
    std::optional<SpeedChannel> m_channel;
    // Playing a network: its rails, the rider on it, where it started, each rail's speed channel.
    std::optional<document::LevelNetwork> m_network;
    core::NetworkRider m_rider, m_start;
    std::vector<std::optional<SpeedChannel>> m_speeds;
    std::size_t m_onRail = 0;
    double m_s = 0;
    bool m_playing = false;
    QTimer m_timer;
    QElapsedTimer m_clock;
};

} // namespace railforge::app
