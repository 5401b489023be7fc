// Draws what sits over the level on the canvas: the probe (line, dot, readout on a background,
// the glowing rail), the player marker, the travelling agent, and readout boxes.
#pragma once

#include "app/plan/probe_session.h"
#include "app/plan/rail_shapes.h"
#include "app/plan/view_transform.h"
#include "core/arc_length.h"

#include <QRectF>
#include <QVariantList>

#include <optional>

class QPainter;

namespace railforge::app {

// A readout box: text on an opaque dark background with a thin border, so it reads over lines and
// labels. `anchor` is its top-left corner; returns the box drawn.
QRectF paintReadout(QPainter &painter, QPointF anchor, const QString &text, const QColor &color);
// Where paintReadout would draw `text` at `anchor` (for tests and layout).
QRectF readoutRect(const QFont &font, QPointF anchor, const QString &text);

// `text` centred in `box` with a dark halo, so it reads over lines and ground of any colour.
void paintHaloText(QPainter &painter, const QRectF &box, const QString &text, const QColor &color);

// The probe and the marker; returns the readout's box (empty when there is no probe).
QRectF paintProbe(QPainter &painter, const ViewTransform &view, const ProbeSession &probe, const RailShapes *rails,
                  int decimals);

// The agent: a bright arrow at `sample`, pointing the way it travels, with `readout` (its height,
// pitch and speed) on a dark box beside it when not empty.
void paintAgent(QPainter &painter, const ViewTransform &view, const core::CurveSample &sample,
                const QString &readout = {});
// What the agent's readout says: "z 6.1 m  pitch 4.2°  5 m/s".
QString agentReadout(const core::CurveSample &sample, double speed, const QString &units);

// Both versions of merge conflicts ([{side: "ours" | "theirs", points: [world QPointF...], closed}]):
// ours solid, theirs dashed, each in its colour; a single point as a ring.
void paintConflictShapes(QPainter &painter, const ViewTransform &view, const QVariantList &shapes);

// A warning mark (an amber triangle with "!") at a screen point: a spot Level > Check patrol routes found.
void paintWarningMark(QPainter &painter, QPointF at, bool error = false);

} // namespace railforge::app
