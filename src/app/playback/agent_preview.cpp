#include "app/playback/agent_preview.h"

#include <cmath>

namespace railforge::app {

AgentPreview::AgentPreview(QObject *parent) : QObject(parent)
{
    m_timer.setInterval(16); // about a frame
    connect(&m_timer, &QTimer::timeout, this, &AgentPreview::tick);
}

void AgentPreview::playNetwork(document::LevelNetwork network, std::size_t rail,
                               std::vector<std::optional<SpeedChannel>> speeds)
{
    if (rail >= network.rails.size()) return;
    m_start = m_rider = core::NetworkRider{rail, 0.0, true};
    m_speeds = std::move(speeds);
    core::ArcLengthTable table = network.tables[rail];
    m_network = std::move(network);
    start(std::move(table), m_speeds.size() > rail ? m_speeds[rail] : std::nullopt);
}

std::optional<std::size_t> AgentPreview::networkRail() const
{
    if (m_network) return m_rider.rail;
    return std::nullopt;
}

void AgentPreview::play(core::ArcLengthTable path, std::optional<SpeedChannel> speedChannel)
{
    m_network.reset();
    start(std::move(path), std::move(speedChannel));
}

void AgentPreview::start(core::ArcLengthTable path, std::optional<SpeedChannel> speedChannel)
{
    m_channel = std::move(speedChannel);
    m_carried.reset();
    m_length = core::totalLength(path);
    m_path = std::move(path);
    m_s = 0;
    m_clock.start();
    m_timer.start();
    m_playing = true;
    emit playingChanged();
    emit moved();
}

void AgentPreview::stop()
{
    if (!m_playing) return;
    m_timer.stop();
    m_playing = false;
    emit playingChanged();
}

void AgentPreview::holdAt(double s)
{
    if (!m_playing || !std::isfinite(s)) return;
    m_timer.stop();
    if (m_network) {
        // s is the distance travelled from the start, across junctions.
        m_rider = m_start;
        m_s = 0.0;
        m_carried.reset();
        onRail(m_rider.rail);
        moveOnNetwork(std::max(0.0, s));
        emit moved();
        return;
    }
    m_s = m_length > 0 ? std::fmod(std::fmod(s, m_length) + m_length, m_length) : 0;
    emit moved();
}

void AgentPreview::setSpeed(double speed)
{
    if (speed > 0 && std::isfinite(speed)) m_speed = speed;
}

void AgentPreview::tick()
{
    // Advance by real elapsed time, not by ticks, so a slow frame does not slow the agent.
    advance(double(m_clock.restart()) / 1000.0);
}

void AgentPreview::advance(double seconds)
{
    if (m_network) {
        moveOnNetwork(speedHere() * seconds);
        emit moved();
        return;
    }
    m_s = m_length > 0 ? std::fmod(m_s + speedHere() * seconds, m_length) : 0;
    emit moved();
}

void AgentPreview::moveOnNetwork(double distance)
{
    const double leaving = speedHere();
    const core::NetworkStep step = core::networkAdvance(m_network->rails, m_network->junctions, m_rider, distance);
    // An open end: the agent starts over from where it began, at its first speed.
    const bool over = step.stopped || step.capped;
    m_rider = over ? m_start : step.rider;
    if (over) m_carried.reset();
    if (m_rider.rail != m_onRail) {
        // Onto another rail: the agent takes the speed it had with it.
        if (!over) m_carried = leaving;
        onRail(m_rider.rail);
    }
    m_s = m_rider.s;
}

void AgentPreview::onRail(std::size_t rail)
{
    m_onRail = rail;
    m_path = m_network->tables[rail];
    m_length = m_network->rails[rail].length;
    m_channel = rail < m_speeds.size() ? m_speeds[rail] : std::nullopt;
}

double AgentPreview::speedHere() const
{
    // A rail without a channel: the speed the agent brought onto it, else the typed one.
    const double brought = m_carried.value_or(m_speed);
    return m_channel && m_path ? m_channel->moving(m_s, brought) : brought;
}

std::optional<core::CurveSample> AgentPreview::sample() const
{
    if (!m_path || m_path->segments.empty()) return std::nullopt;
    core::CurveSample at = core::sampleAt(*m_path, m_s);
    if (m_network && !m_rider.forward) at.tangent = at.tangent * -1.0; // riding it backward
    return at;
}

} // namespace railforge::app
