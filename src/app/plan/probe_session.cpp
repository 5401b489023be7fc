#include "app/plan/probe_session.h"

#include "document/text/number_format.h"

#include <cmath>

namespace railforge::app {

std::optional<core::RailHit> ProbeSession::query(const RailShapes &rails, QPointF world) const
{
    // The previous answer as a hint: the mouse and the marker move a little at a time, so the
    // search starts next to the answer (the same exact answer as a cold query, found faster).
    // Distances and arc lengths along the real (3D) rails, from the point at the probe's height.
    const core::Vec3 p{world.x(), world.y(), probeZ(world)};
    return m_hit ? rails.spaceIndex().nearest(p, *m_hit) : rails.spaceIndex().nearest(p);
}

void ProbeSession::probeAt(const RailShapes &rails, QPointF world, bool placeMarker)
{
    if (placeMarker) m_marker = world;
    m_from = world;
    m_lastZ = probeZ(world);
    m_hit = query(rails, world);
}

bool ProbeSession::reprobeMarker(const RailShapes &rails)
{
    if (!m_marker) return false;
    probeAt(rails, *m_marker, false);
    return true;
}

void ProbeSession::endHover(const RailShapes &rails)
{
    if (!reprobeMarker(rails)) {
        m_hit.reset();
        m_from.reset();
    }
}

void ProbeSession::clear()
{
    m_hit.reset();
    m_from.reset();
    m_marker.reset();
}

bool ProbeSession::setRange(double range)
{
    if (!(range >= 0) || range == m_range) return false;
    m_range = range;
    return true;
}

double ProbeSession::probeZ(QPointF world) const
{
    if (m_onGround && m_ground)
        if (const auto ground = m_ground->highest(world.x(), world.y())) return *ground + m_eye;
    return m_stand + m_eye;
}

bool ProbeSession::setOnGround(bool on)
{
    if (on == m_onGround) return false;
    m_onGround = on;
    return true;
}

bool ProbeSession::setHeights(double stand, double eye)
{
    if (!std::isfinite(stand) || !std::isfinite(eye) || (stand == m_stand && eye == m_eye)) return false;
    m_stand = stand;
    m_eye = eye;
    return true;
}

QString ProbeSession::readout(int decimals) const
{
    if (!m_hit) return {};
    return QStringLiteral("d = %1  s = %2  3D from z %3")
        .arg(m_hit->distance, 0, 'f', decimals)
        .arg(m_hit->s, 0, 'f', decimals)
        .arg(QString::fromStdString(document::formatRounded(m_lastZ, decimals)));
}

} // namespace railforge::app
