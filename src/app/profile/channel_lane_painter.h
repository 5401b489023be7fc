// Draws the profile's channel lanes under the forces: each channel's name beside its lane, numbers
// as a curve between their keys (bools as a band where true), colours as the strip of colour the
// rail has along s, strings and events as labels at their keys; every key a dot to drag, the active
// one ringed.
#pragma once

#include "app/profile/profile_layout.h"

#include <QColor>

#include <string>

class QPainter;

namespace railforge::app {

// Which key is active (inspector) and which is under the mouse or being dragged.
struct LaneHighlight {
    std::string activeChannel;
    int activeKey = -1; // index in the channel's keys
    std::string hotChannel;
    int hotKey = -1;
};

void paintChannelLanes(QPainter &painter, const ProfileLayout &layout, const ProfileData &data,
                       const LaneHighlight &highlight, const QString &units);

// The colour a lane draws its curve and keys in.
QColor laneColour(const ChannelLane &lane);

} // namespace railforge::app
