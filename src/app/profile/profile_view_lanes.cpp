// The profile's channel lanes, edited by mouse (docs/ui.md "Channel lanes"): a click on an empty
// stretch adds a key there, a key is dragged along s (and up and down in a number lane; Shift keeps
// its place), a right click deletes it. A key dropped on a control point's place follows that point.
// Each edit is one undo step; a refusal (two keys at one place, a channel's last key) is said in the
// status bar.
#include "app/profile/profile_view.h"

#include <QKeyEvent>

#include <cmath>

namespace railforge::app {
namespace {

constexpr double kKeyPickRadius = 8.0; // px

QString undoText(const char *what, const std::string &channel)
{
    return QCoreApplication::translate("ProfileView", what).arg(QString::fromStdString(channel));
}

} // namespace

QPointF ProfileView::channelKeyPosition(const QString &channel, int key) const
{
    const ProfileLayout l = layout();
    for (std::size_t i = 0; i < m_data.channels.size() && i < l.channels.size(); ++i) {
        const ChannelLane &lane = m_data.channels[i];
        if (lane.name != channel.toStdString()) continue;
        for (const LaneKey &k : lane.keys)
            if (int(k.index) == key) return {l.xOf(k.s), l.yOfValue(l.channels[i], lane, k.value.number)};
    }
    return {-1, -1};
}

QRectF ProfileView::channelLaneRect(const QString &channel) const
{
    const ProfileLayout l = layout();
    for (std::size_t i = 0; i < m_data.channels.size() && i < l.channels.size(); ++i)
        if (m_data.channels[i].name == channel.toStdString()) return l.channels[i];
    return {};
}

ProfileView::LaneHit ProfileView::laneAt(QPointF at) const
{
    LaneHit hit;
    const ProfileLayout l = layout();
    for (std::size_t i = 0; i < m_data.channels.size() && i < l.channels.size(); ++i) {
        const QRectF &rect = l.channels[i];
        if (!rect.adjusted(0, -3, 0, 3).contains(at)) continue;
        hit.lane = int(i);
        double best = kKeyPickRadius;
        const ChannelLane &lane = m_data.channels[i];
        for (const LaneKey &k : lane.keys) {
            const double d = QLineF(at, QPointF(l.xOf(k.s), l.yOfValue(rect, lane, k.value.number))).length();
            if (d < best) best = d, hit.key = int(k.index);
        }
        return hit;
    }
    return hit;
}

document::ChannelPlace ProfileView::lanePlace(double x) const
{
    const ProfileLayout l = layout();
    document::ChannelPlace place;
    double best = kKeyPickRadius;
    for (const ProfileMarker &m : m_data.markers) {
        if (m.kind != ProfileMarker::Kind::Point) continue;
        const double d = std::abs(l.xOf(m.s) - x);
        if (d < best) best = d, place.point = m.point;
    }
    if (place.point) return place;
    place.s = std::clamp(l.sOf(x), 0.0, m_data.length);
    if (m_controller && m_controller->snapEnabled()) {
        const double step = m_controller->snapSize();
        place.s = std::clamp(std::round(place.s / step) * step, 0.0, m_data.length);
    }
    return place;
}

void ProfileView::addLaneKey(int laneIndex, QPointF at)
{
    if (!m_controller || laneIndex < 0 || std::size_t(laneIndex) >= m_data.channels.size()) return;
    const ChannelLane lane = m_data.channels[std::size_t(laneIndex)];
    const ProfileLayout l = layout();
    const QRectF rect = l.channels[std::size_t(laneIndex)];
    const document::ChannelPlace place = lanePlace(at.x());
    const auto rail = Selection::fromKey(m_data.key);
    if (!rail) return;
    std::size_t index = 0;
    const std::string why = document::editRailChannels(
        *m_controller->document(), rail->id,
        [&](document::Rail &r) {
            const document::RailChannel *channel = document::findChannel(r, lane.name);
            if (!channel) return std::string("the channel is gone");
            // A number takes the height clicked; the rest start as the channel is there (an event
            // as the one before it), to be typed over in the inspector.
            const double s = std::clamp(l.sOf(at.x()), 0.0, m_data.length);
            core::ChannelValue value = document::channelValueOnRail(r, *channel, s);
            const double height = l.valueOfY(rect, lane, at.y());
            if (lane.form() == core::ChannelForm::Real) value.number = std::round(height * 1000) / 1000;
            if (lane.form() == core::ChannelForm::Integer) value.number = std::round(height);
            if (lane.form() == core::ChannelForm::Truth) value.number = height >= 0.5 ? 1 : 0;
            if (lane.events())
                for (const LaneKey &k : lane.keys)
                    if (k.s <= s) value = k.value;
            return document::addChannelKey(r, lane.name, place, value, &index);
        },
        undoText("Add a key to channel %1", lane.name));
    if (!why.empty()) return reportLaneEdit(why);
    m_controller->selection()->setChannelKey(*rail, QString::fromStdString(lane.name), int(index));
}

void ProfileView::dragLaneKey(QPointF at, bool valueOnly)
{
    const ChannelLane *lane = findLane(m_data.channels, m_keyDrag);
    const auto rail = Selection::fromKey(m_data.key);
    if (!m_controller || !lane || !rail) return;
    const ProfileLayout l = layout();
    QRectF rect;
    for (std::size_t i = 0; i < m_data.channels.size(); ++i)
        if (&m_data.channels[i] == lane) rect = l.channels[i];
    const std::string channel = m_keyDrag;
    const std::size_t key = std::size_t(m_keyDragIndex);
    const document::ChannelPlace place = lanePlace(at.x());
    double value = l.valueOfY(rect, *lane, at.y());
    if (lane->form() == core::ChannelForm::Integer) value = std::round(value);
    if (lane->form() == core::ChannelForm::Real) value = std::round(value * 1000) / 1000;
    const bool number = lane->number();
    document::editRailChannels(
        *m_controller->document(), rail->id,
        [&](document::Rail &r) {
            if (!valueOnly) {
                const std::string why = document::moveChannelKey(r, channel, key, place);
                // Onto another key's place: it stays where it last could be.
                if (!why.empty()) m_controller->showStatus(QString::fromStdString(why));
            }
            const document::RailChannel *c = document::findChannel(r, channel);
            if (number && c && key < c->keys.size()) {
                core::ChannelValue v = c->keys[key].value;
                v.number = value;
                document::setChannelKeyValue(r, channel, key, v);
            }
            return std::string();
        },
        undoText("Move a key of channel %1", channel), m_mergeKey);
}

void ProfileView::deleteLaneKey(const std::string &channel, int key)
{
    const auto rail = Selection::fromKey(m_data.key);
    if (!m_controller || !rail || key < 0) return;
    const std::string why = document::editRailChannels(
        *m_controller->document(), rail->id,
        [&](document::Rail &r) { return document::removeChannelKey(r, channel, std::size_t(key)); },
        undoText("Delete a key of channel %1", channel));
    if (!why.empty()) return reportLaneEdit(why);
    Selection *selection = m_controller->selection();
    if (selection->channel().toStdString() == channel) selection->clearChannelKey();
}

void ProfileView::reportLaneEdit(const std::string &why)
{
    if (m_controller) m_controller->showStatus(QString::fromStdString(why));
}

QStringList ProfileView::channels() const
{
    QStringList out;
    for (const ChannelLane &lane : m_data.channels) out << QString::fromStdString(lane.name);
    return out;
}

bool ProfileView::erasesLaneKey(const QKeyEvent *event) const
{
    const Selection *selection = m_controller ? m_controller->selection() : nullptr;
    const bool erase = event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace;
    return erase && selection && !selection->channel().isEmpty() &&
           Selection::keyOf(selection->channelRail()) == m_data.key;
}

bool ProfileView::event(QEvent *event)
{
    // With a lane's key active, Delete here deletes the key, not the rail (the window's shortcut).
    if (event->type() == QEvent::ShortcutOverride && erasesLaneKey(static_cast<QKeyEvent *>(event))) {
        event->accept();
        return true;
    }
    return QQuickPaintedItem::event(event);
}

void ProfileView::keyPressEvent(QKeyEvent *event)
{
    // Delete or Backspace deletes the active key of a lane shown here.
    Selection *selection = m_controller ? m_controller->selection() : nullptr;
    if (erasesLaneKey(event)) {
        deleteLaneKey(selection->channel().toStdString(), selection->channelKey());
        event->accept();
        return;
    }
    QQuickPaintedItem::keyPressEvent(event);
}

} // namespace railforge::app
