#include "app/selection/selection.h"

namespace railforge::app {

QString Selection::keyOf(const document::ObjectId &id)
{
    return QString::fromLatin1(document::kindName(id.kind)) + ":" + QString::fromStdString(id.id);
}

std::optional<document::ObjectId> Selection::fromKey(const QString &key)
{
    const auto colon = key.indexOf(':');
    if (colon <= 0) return std::nullopt;
    const QString kind = key.left(colon);
    for (int k = 0; k < int(document::kObjectKindCount); ++k) {
        const auto candidate = static_cast<document::ObjectKind>(k);
        if (kind == QLatin1String(document::kindName(candidate)))
            return document::ObjectId{candidate, key.mid(colon + 1).toStdString()};
    }
    return std::nullopt;
}

QStringList Selection::keys() const
{
    QStringList out;
    for (const auto &id : m_objects) out << keyOf(id);
    return out;
}

void Selection::set(std::set<document::ObjectId> objects)
{
    if (objects == m_objects) return;
    m_objects = std::move(objects);
    if (!(m_objects.size() == 1 && *m_objects.begin() == m_pointRail)) m_point = -1;
    emit changed();
}

int Selection::railPoint() const
{
    return m_point >= 0 && m_objects.size() == 1 && *m_objects.begin() == m_pointRail ? m_point : -1;
}

void Selection::setRailPoint(const document::ObjectId &rail, int index)
{
    const bool same = m_objects.size() == 1 && *m_objects.begin() == rail;
    if (same && m_pointRail == rail && m_point == index) return;
    m_pointRail = rail;
    m_point = index;
    if (!same) m_objects = {rail};
    emit changed();
}

bool Selection::selectRailPoint(const QString &railKey, int index)
{
    auto id = fromKey(railKey);
    if (!id || id->kind != document::ObjectKind::Rail) return false;
    setRailPoint(*id, index);
    return true;
}

QString Selection::channel() const
{
    return m_objects.size() == 1 && *m_objects.begin() == m_keyRail ? m_channel : QString();
}

void Selection::setChannelKey(const document::ObjectId &rail, const QString &channel, int key)
{
    const bool same = m_objects.size() == 1 && *m_objects.begin() == rail;
    if (same && m_keyRail == rail && m_channel == channel && m_channelKey == key) return;
    m_keyRail = rail;
    m_channel = channel;
    m_channelKey = key;
    if (!same) m_objects = {rail}, m_point = -1;
    emit changed();
}

bool Selection::selectChannelKey(const QString &railKey, const QString &channel, int key)
{
    auto id = fromKey(railKey);
    if (!id || id->kind != document::ObjectKind::Rail) return false;
    setChannelKey(*id, channel, key);
    return true;
}

void Selection::clearChannelKey()
{
    if (m_channel.isEmpty()) return;
    m_channel.clear();
    m_channelKey = -1;
    emit changed();
}

void Selection::add(const document::ObjectId &id)
{
    if (!m_objects.insert(id).second) return;
    m_point = -1;
    emit changed();
}

void Selection::toggle(const document::ObjectId &id)
{
    if (!m_objects.erase(id)) m_objects.insert(id);
    if (!(m_objects.size() == 1 && *m_objects.begin() == m_pointRail)) m_point = -1;
    emit changed();
}

bool Selection::selectKey(const QString &key, bool additive)
{
    auto id = fromKey(key);
    if (!id) return false;
    if (additive)
        add(*id);
    else
        set({*id});
    return true;
}

bool Selection::isSelectedKey(const QString &key) const
{
    auto id = fromKey(key);
    return id && contains(*id);
}

} // namespace railforge::app
