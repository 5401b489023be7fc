#include "app/playback/agent_preview.h"

#include <cmath>

namespace railforge::app {

AgentPreview::AgentPreview(QObject *parent) : QObject(parent)
{
    m_timer.setInterval(16); // about a frame
    connect(&m_timer, &QTimer::timeout, this, &AgentPreview::tick);
}

void AgentPreview::play(core::ArcLengthTable path, std::optional<SpeedChannel> speedChannel)
{
    m_channel = speedChannel && !speedChannel->keys.empty() ? std::move(speedChannel) : std::nullopt;
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
    m_s = m_length > 0 ? std::fmod(m_s + speedHere() * seconds, m_length) : 0;
    emit moved();
}

double AgentPreview::speedHere() const
{
    if (!m_channel || !m_path) return m_speed;
    const double v =
        core::channelValueAt(m_channel->type, m_channel->interp, m_channel->keys, m_s, m_length, m_path->closed).number;
    return std::isfinite(v) ? std::max(v, kCrawl) : m_speed;
}

std::optional<core::CurveSample> AgentPreview::sample() const
{
    if (!m_path || m_path->segments.empty()) return std::nullopt;
    return core::sampleAt(*m_path, m_s);
}

} // namespace railforge::app
