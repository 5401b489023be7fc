// What a rail's channels show on the plan: its `width` channel as a band around the rail (the width
// at each place, across the rail seen from above), and its event channels as labelled marks where
// their keys are.
#pragma once

#include "core/arc_length.h"
#include "document/model/level.h"

#include <QPointF>
#include <QPolygonF>
#include <QString>

#include <vector>

namespace railforge::app {

// The band of a rail's float or int channel named "width" in world (x, y): the left edge from the
// start, then the right edge back (empty without one). `rows` places along the rail.
QPolygonF widthBand(const document::Rail &rail, const core::ArcLengthTable &table, int rows = 240);

struct EventMark {
    QPointF world; // where the key is, seen from above
    QString name;  // the event's name
};

// Every key of every event channel of the rail.
std::vector<EventMark> eventMarks(const document::Rail &rail, const core::ArcLengthTable &table);

} // namespace railforge::app
