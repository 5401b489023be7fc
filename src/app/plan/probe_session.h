// The proximity probe's state: the nearest point on the nearest rail to the cursor (tool M) or to
// the player marker, the range that makes a rail glow, and the readout text. It measures in 3D,
// from the plan point raised to the marker's height plus the eye height the designer types (both
// 0 at first: a point on the ground), as the CLI's probe does. Where the level has ground and the
// designer keeps "on ground", the marker stands on the ground there instead of the typed height. The marker stays
// probed while the designer edits or switches tools; the hover probe ends with the tool.
#pragma once

#include "app/plan/rail_shapes.h"
#include "core/ground.h"
#include "core/rail_index.h"

#include <QPointF>
#include <QString>

#include <memory>
#include <optional>

namespace railforge::app {

class ProbeSession {
public:
    // Probes at `world` (the cursor); with `placeMarker` the marker moves there too.
    void probeAt(const RailShapes &rails, QPointF world, bool placeMarker);
    // Probes again from the marker (after an edit or a tool switch). False when there is none.
    bool reprobeMarker(const RailShapes &rails);
    // Forgets the hover probe unless the marker keeps one.
    void endHover(const RailShapes &rails);
    // Forgets everything (another file).
    void clear();

    bool active() const { return m_hit.has_value(); }
    const std::optional<core::RailHit> &hit() const { return m_hit; }
    std::optional<QPointF> from() const { return m_from; }
    std::optional<QPointF> marker() const { return m_marker; }
    double range() const { return m_range; }
    bool setRange(double range);
    // The height the marker (and the cursor) stands at, and the eye height above it.
    double standHeight() const { return m_stand; }
    double eyeHeight() const { return m_eye; }
    bool setHeights(double stand, double eye);
    // The level's ground, and whether the marker stands on it (where it covers the point).
    void setGround(std::shared_ptr<const core::GroundSet> ground) { m_ground = std::move(ground); }
    bool onGround() const { return m_onGround; }
    bool setOnGround(bool on);
    // The z the probe measures from at plan point `world`, and the one it last measured from.
    double probeZ(QPointF world) const;
    double lastProbeZ() const { return m_lastZ; }
    bool inRange() const { return m_hit && m_hit->distance <= m_range; }
    // "d = 1.84  s = 40.2  3D from z 0" with `decimals` digits.
    QString readout(int decimals) const;

private:
    std::optional<core::RailHit> query(const RailShapes &rails, QPointF world) const;
    std::optional<core::RailHit> m_hit;
    std::optional<QPointF> m_from;   // world point the probe line starts at
    std::optional<QPointF> m_marker; // the player marker
    double m_range = 2.0;
    double m_stand = 0.0;
    double m_eye = 0.0;
    bool m_onGround = true;
    std::shared_ptr<const core::GroundSet> m_ground;
    double m_lastZ = 0.0;
};

} // namespace railforge::app
