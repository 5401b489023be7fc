// Inspector, the active key of a rail's channel (docs/ui.md "Channel lanes"): which channel, its
// type and interpolation, where the key sits (a control point or an arc length) and its value,
// typed exactly; the key or the whole channel deleted; a channel added to the selected rail. Each
// edit one undo step; a refusal says why in lastError.
#pragma once

#include "app/inspector/inspector_base.h"

#include <QObject>
#include <QStringList>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class ChannelInspector : public InspectorBase {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The editor owns it")
    Q_PROPERTY(bool active READ active NOTIFY changed)
    Q_PROPERTY(QString railKey READ railKey NOTIFY changed)
    Q_PROPERTY(QString channel READ channel NOTIFY changed)
    Q_PROPERTY(QString type READ type NOTIFY changed)
    Q_PROPERTY(QString interp READ interp NOTIFY changed)
    // The interpolations the type allows (step only for int, bool, string, event).
    Q_PROPERTY(QStringList interps READ interps NOTIFY changed)
    // Every channel type's name, in the order the Add channel menu offers them.
    Q_PROPERTY(QStringList types READ types CONSTANT)
    Q_PROPERTY(int key READ key NOTIFY changed)
    Q_PROPERTY(int keyCount READ keyCount NOTIFY changed)
    // The control point the key follows, or -1 when it is at an arc length.
    Q_PROPERTY(int point READ point NOTIFY changed)
    // Its arc length (a point key's resolved).
    Q_PROPERTY(double s READ s NOTIFY changed)
    Q_PROPERTY(double railLength READ railLength NOTIFY changed)
    Q_PROPERTY(QString valueText READ valueText NOTIFY changed)
public:
    ChannelInspector(document::LevelDocument &document, Selection &selection, QObject *parent = nullptr);

    bool active() const { return m_active; }
    QString railKey() const { return m_railKey; }
    QString channel() const { return m_channel; }
    QString type() const { return m_type; }
    QString interp() const { return m_interp; }
    QStringList interps() const { return m_interps; }
    static QStringList types();
    int key() const { return m_key; }
    int keyCount() const { return m_keyCount; }
    int point() const { return m_point; }
    double s() const { return m_s; }
    double railLength() const { return m_length; }
    QString valueText() const { return m_valueText; }

    // Edits of the active key and its channel.
    Q_INVOKABLE bool setValue(const QString &text);
    Q_INVOKABLE bool setS(double s);
    Q_INVOKABLE bool setPoint(int point);
    Q_INVOKABLE bool setInterp(const QString &interp);
    Q_INVOKABLE bool deleteKey();
    Q_INVOKABLE bool deleteChannel();
    // The type to propose for a new channel called `name` ("float", "event", ...).
    Q_INVOKABLE QString proposedType(const QString &name) const;
    // Adds channel `name` of `type` to the selected rail, its first key at point 0 made active.
    Q_INVOKABLE bool addChannel(const QString &name, const QString &type);
    // Bakes the speed a rider coasting along rail `railKey` has under `settings` (a RideSettings as
    // the profile's ride physics has them: v0, friction, drag; its units taken from the level) into the
    // rail's `speed` channel, a key at every control point (docs/design.md "Ride physics").
    Q_INVOKABLE bool bakeSpeed(const QString &railKey, double v0, double friction, double drag);
    // The keys of a rail's channel in the file's order: {s, point (-1 for none), value (text)}.
    Q_INVOKABLE QVariantList keys(const QString &railKey, const QString &channel) const;
    // The names of the selected rail's channels.
    Q_INVOKABLE QStringList channelNames() const;

signals:
    void changed();

private:
    void refresh() override;
    // Runs an edit of the active key's rail; records a refusal.
    bool edit(const std::function<std::string(document::Rail &)> &change, const QString &text, int mergeKey = 0);

    bool m_active = false;
    QString m_railKey, m_channel, m_type, m_interp, m_valueText;
    QStringList m_interps;
    int m_key = -1, m_keyCount = 0, m_point = -1;
    double m_s = 0.0, m_length = 0.0;
};

} // namespace railforge::app
