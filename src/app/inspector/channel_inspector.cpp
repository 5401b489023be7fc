#include "app/inspector/channel_inspector.h"

#include "core/channel_roles.h"
#include "core/channel_types.h"
#include "document/editing/rail_channel_editing.h"
#include "document/model/length_units.h"
#include "document/model/rail_geometry.h"
#include "document/model/ride_simulation.h"

namespace railforge::app {

QStringList ChannelInspector::types()
{
    QStringList names;
    for (const auto &info : core::channelTypes()) names << QString::fromLatin1(info.name);
    return names;
}

namespace {

const document::Rail *railOf(const document::Level &level, const QString &key)
{
    const auto id = Selection::fromKey(key);
    if (!id || id->kind != document::ObjectKind::Rail) return nullptr;
    const int index = document::findRail(level, id->id);
    return index < 0 ? nullptr : &level.rails[std::size_t(index)];
}

// The document's geometry of `rail`, one of its level's rails.
std::shared_ptr<const document::RailGeometry> geometryOf(const document::LevelDocument &document,
                                                         const document::Rail &rail)
{
    return document.railGeometry(std::size_t(&rail - document.level().rails.data()));
}

} // namespace

ChannelInspector::ChannelInspector(document::LevelDocument &document, Selection &selection, QObject *parent)
    : InspectorBase(document, selection, parent)
{
    follow();
}

void ChannelInspector::refresh()
{
    m_active = false;
    m_railKey = Selection::keyOf(m_selection.channelRail());
    m_channel = m_selection.channel();
    m_key = m_selection.channelKey();
    m_keyCount = 0;
    const document::Rail *rail = m_channel.isEmpty() ? nullptr : railOf(m_document.level(), m_railKey);
    const document::RailChannel *c = rail ? document::findChannel(*rail, m_channel.toStdString()) : nullptr;
    if (c && m_key >= 0 && std::size_t(m_key) < c->keys.size()) {
        m_active = true;
        m_type = QString::fromLatin1(document::channelTypeName(c->type));
        m_interp = QString::fromLatin1(document::channelInterpName(c->interp));
        m_interps.clear();
        for (auto i : {core::ChannelInterp::Step, core::ChannelInterp::Linear, core::ChannelInterp::Smoothstep})
            if (core::interpolationAllowed(c->type, i))
                m_interps << QString::fromLatin1(document::channelInterpName(i));
        m_keyCount = int(c->keys.size());
        const document::ChannelKey &k = c->keys[std::size_t(m_key)];
        const auto geometry = geometryOf(m_document, *rail);
        const core::ArcLengthTable &table = geometry->table();
        m_length = geometry->length();
        m_point = k.point ? int(*k.point) : -1;
        m_s = k.point ? document::pointArcLength(table, rail->points.size(), *k.point) : k.s;
        m_valueText = QString::fromStdString(document::channelValueText(c->type, k.value));
    }
    emit changed();
}

bool ChannelInspector::edit(const std::function<std::string(document::Rail &)> &change, const QString &text,
                            int mergeKey)
{
    const auto id = Selection::fromKey(m_railKey);
    if (!id) return refuse("no rail is selected");
    const std::string why = document::editRailChannels(m_document, id->id, change, text, mergeKey);
    if (!why.empty()) return refuse(why);
    return accept();
}

bool ChannelInspector::setValue(const QString &text)
{
    if (!m_active) return refuse("no channel key is active");
    const std::string name = m_channel.toStdString();
    const std::size_t key = std::size_t(m_key);
    return edit(
        [&](document::Rail &r) {
            const document::RailChannel *c = document::findChannel(r, name);
            if (!c) return std::string("the channel is gone");
            std::string why;
            const auto value = document::channelValueFromText(c->type, text.trimmed().toStdString(), &why);
            if (!value) return why;
            return document::setChannelKeyValue(r, name, key, *value);
        },
        tr("Channel %1: key value").arg(m_channel));
}

bool ChannelInspector::setS(double s)
{
    if (!m_active) return refuse("no channel key is active");
    const std::string name = m_channel.toStdString();
    const std::size_t key = std::size_t(m_key);
    return edit(
        [&](document::Rail &r) {
            return document::moveChannelKey(r, name, key, {std::nullopt, s});
        },
        tr("Channel %1: key place").arg(m_channel));
}

bool ChannelInspector::setPoint(int point)
{
    if (!m_active) return refuse("no channel key is active");
    if (point < 0) return refuse("a point index is 0 or more");
    const std::string name = m_channel.toStdString();
    const std::size_t key = std::size_t(m_key);
    return edit(
        [&](document::Rail &r) {
            return document::moveChannelKey(r, name, key, {std::size_t(point), 0.0});
        },
        tr("Channel %1: key place").arg(m_channel));
}

bool ChannelInspector::setInterp(const QString &interp)
{
    if (!m_active) return refuse("no channel key is active");
    const auto i = document::channelInterpFromName(interp.toStdString());
    if (!i) return refuse("'" + interp.toStdString() + "' is not step, linear or smoothstep");
    const std::string name = m_channel.toStdString();
    return edit([&](document::Rail &r) { return document::setChannelInterp(r, name, *i); },
                tr("Channel %1: %2").arg(m_channel, interp));
}

bool ChannelInspector::deleteKey()
{
    if (!m_active) return refuse("no channel key is active");
    const std::string name = m_channel.toStdString();
    const std::size_t key = std::size_t(m_key);
    if (!edit([&](document::Rail &r) { return document::removeChannelKey(r, name, key); },
              tr("Delete a key of channel %1").arg(m_channel)))
        return false;
    m_selection.clearChannelKey();
    return true;
}

bool ChannelInspector::deleteChannel()
{
    if (!m_active) return refuse("no channel key is active");
    const std::string name = m_channel.toStdString();
    if (!edit([&](document::Rail &r) { return document::removeChannel(r, name); },
              tr("Delete channel %1").arg(m_channel)))
        return false;
    m_selection.clearChannelKey();
    return true;
}

QString ChannelInspector::proposedType(const QString &name) const
{
    return QString::fromLatin1(document::channelTypeName(core::proposedTypeForName(name.trimmed().toStdString())));
}

bool ChannelInspector::addChannel(const QString &name, const QString &type)
{
    const auto t = document::channelTypeFromName(type.toStdString());
    if (!t) return refuse("'" + type.toStdString() + "' is not a channel type");
    if (m_selection.count() != 1 || m_selection.objects().begin()->kind != document::ObjectKind::Rail)
        return refuse("select one rail to add a channel to");
    const document::ObjectId rail = *m_selection.objects().begin();
    m_railKey = Selection::keyOf(rail);
    const std::string n = name.trimmed().toStdString();
    if (!edit([&](document::Rail &r) { return document::addChannel(r, n, *t); },
              tr("Add channel %1").arg(name.trimmed())))
        return false;
    const document::Rail *r = railOf(m_document.level(), Selection::keyOf(rail));
    const document::RailChannel *c = r ? document::findChannel(*r, n) : nullptr;
    if (c) m_selection.setChannelKey(rail, QString::fromStdString(n), int(c->keys.size()) - 1);
    return true;
}

bool ChannelInspector::bakeSpeed(const QString &railKey, double v0, double friction, double drag)
{
    const auto metres = document::metresPerUnit(m_document.level().info.units);
    if (!metres) return refuse("the level's units are not a length: speeds in m/s cannot be baked");
    document::RideSettings settings;
    settings.v0 = v0;
    settings.friction = friction;
    settings.drag = drag;
    settings.metresPerUnit = *metres;
    m_railKey = railKey;
    return edit(
        [&](document::Rail &r) {
            if (r.points.size() < 2) return std::string("the rail needs two points to be ridden");
            const document::RideSimulation ride = document::simulateRail(r, settings);
            std::optional<document::Rail> baked = document::withBakedSpeed(r, ride, *metres);
            if (!baked) return std::string("the rail's speed channel is not a number channel: rename it first");
            r = std::move(*baked);
            return std::string();
        },
        tr("Bake speed into %1").arg(railKey));
}

QVariantList ChannelInspector::keys(const QString &railKey, const QString &channel) const
{
    QVariantList out;
    const document::Rail *rail = railOf(m_document.level(), railKey);
    const document::RailChannel *c = rail ? document::findChannel(*rail, channel.toStdString()) : nullptr;
    if (!c) return out;
    const auto geometry = geometryOf(m_document, *rail);
    const core::ArcLengthTable &table = geometry->table();
    for (const document::ChannelKey &k : c->keys) {
        QVariantMap m;
        m[QStringLiteral("point")] = k.point ? int(*k.point) : -1;
        m[QStringLiteral("s")] = k.point ? document::pointArcLength(table, rail->points.size(), *k.point) : k.s;
        m[QStringLiteral("value")] = QString::fromStdString(document::channelValueText(c->type, k.value));
        out << m;
    }
    return out;
}

QStringList ChannelInspector::channelNames() const
{
    QStringList out;
    if (m_selection.count() != 1) return out;
    const document::Rail *rail = railOf(m_document.level(), Selection::keyOf(*m_selection.objects().begin()));
    if (rail)
        for (const auto &c : rail->channels) out << QString::fromStdString(c.name);
    return out;
}

} // namespace railforge::app
