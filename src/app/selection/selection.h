// The editor's selection: objects by kind and id (stable while other objects come and go).
#pragma once

#include "document/model/object_ref.h"

#include <QObject>
#include <QStringList>

#include <set>

namespace railforge::app {

class Selection : public QObject {
    Q_OBJECT
    Q_PROPERTY(int count READ count NOTIFY changed)
    Q_PROPERTY(QStringList keys READ keys NOTIFY changed)
    // The active control point of the one selected rail (its handles and tilt are edited), or -1.
    Q_PROPERTY(int railPoint READ railPoint NOTIFY changed)
    // The active key of one of that rail's channels (profile lanes, inspector): its channel's name
    // ("" when none) and its index in the channel's keys.
    Q_PROPERTY(QString channel READ channel NOTIFY changed)
    Q_PROPERTY(int channelKey READ channelKey NOTIFY changed)
public:
    explicit Selection(QObject *parent = nullptr) : QObject(parent) {}

    const std::set<document::ObjectId> &objects() const { return m_objects; }
    std::vector<document::ObjectId> list() const { return {m_objects.begin(), m_objects.end()}; }
    int count() const { return int(m_objects.size()); }
    bool contains(const document::ObjectId &id) const { return m_objects.count(id) != 0; }
    // "kind:id" strings, e.g. "waypoint:w3" (what QML and tests read).
    QStringList keys() const;

    void set(std::set<document::ObjectId> objects);
    void add(const document::ObjectId &id);
    void toggle(const document::ObjectId &id);
    Q_INVOKABLE void clear() { set({}); }
    // Selects by "kind:id".
    Q_INVOKABLE bool selectKey(const QString &key, bool additive = false);
    Q_INVOKABLE bool isSelectedKey(const QString &key) const;

    int railPoint() const;
    // The rail whose point is active (meaningful when railPoint() >= 0).
    const document::ObjectId &railPointRail() const { return m_pointRail; }
    // Selects the rail alone and makes its point `index` the active one.
    void setRailPoint(const document::ObjectId &rail, int index);
    // The same by "rail:id" (the inspector's point rows and tests use it).
    Q_INVOKABLE bool selectRailPoint(const QString &railKey, int index);

    QString channel() const;
    int channelKey() const { return channel().isEmpty() ? -1 : m_channelKey; }
    // The rail whose channel key is active (meaningful when channel() is not empty).
    const document::ObjectId &channelRail() const { return m_keyRail; }
    // Selects the rail alone (keeping its active point) and makes key `key` of `channel` active.
    void setChannelKey(const document::ObjectId &rail, const QString &channel, int key);
    Q_INVOKABLE bool selectChannelKey(const QString &railKey, const QString &channel, int key);
    Q_INVOKABLE void clearChannelKey();

    static QString keyOf(const document::ObjectId &id);
    static std::optional<document::ObjectId> fromKey(const QString &key);

signals:
    void changed();

private:
    std::set<document::ObjectId> m_objects;
    document::ObjectId m_pointRail; // the rail the active point belongs to
    int m_point = -1;               // its index, -1 when none
    document::ObjectId m_keyRail;   // the rail the active channel key belongs to
    QString m_channel;              // its channel, "" when none
    int m_channelKey = -1;
};

} // namespace railforge::app
