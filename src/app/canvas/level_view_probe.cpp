// LevelView's probe (a file of its own: the view's file is long enough): its range, the heights it
// stands at and looks from, and a probe at a world point; ProbeSession does the work.
#include "app/canvas/level_view.h"

namespace railforge::app {

void LevelView::setProbeRange(double range)
{
    if (!m_probe.setRange(range)) return;
    emit probeChanged();
    update();
}

void LevelView::setProbeStandHeight(double z)
{
    if (!m_probe.setHeights(z, m_probe.eyeHeight())) return;
    m_probe.reprobeMarker(rails());
    emit probeChanged();
    update();
}

void LevelView::setProbeOnGround(bool on)
{
    if (!m_probe.setOnGround(on)) return;
    m_probe.reprobeMarker(rails());
    emit probeChanged();
    update();
}

void LevelView::setProbeEyeHeight(double z)
{
    if (!m_probe.setHeights(m_probe.standHeight(), z)) return;
    m_probe.reprobeMarker(rails());
    emit probeChanged();
    update();
}

void LevelView::probeAt(QPointF world, bool placeMarker)
{
    m_probe.probeAt(rails(), world, placeMarker);
    emit probeChanged();
    update();
}

QString LevelView::probeRail() const
{
    const auto &hit = m_probe.hit();
    if (!hit || !m_controller) return {};
    const auto &rails = m_controller->document()->level().rails;
    return std::size_t(hit->rail) < rails.size() ? QString::fromStdString(rails[std::size_t(hit->rail)].id) : QString();
}

} // namespace railforge::app
