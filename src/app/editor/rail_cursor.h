// What the plan and the profile share about the rail or patrol the profile shows: the cursor (the
// place at arc length s the mouse is over, in either view, marked in both) and the stretches where
// a rider at the profile's speed feels more than the designer's limits (marked in both too).
#pragma once

#include <QObject>
#include <QString>
#include <QVariantList>

#include <utility>
#include <vector>

namespace railforge::app {

class RailCursor : public QObject {
    Q_OBJECT
    // "rail:id" or "patrol:id" the cursor is on; "" when there is none.
    Q_PROPERTY(QString key READ key NOTIFY changed)
    // Arc length of the cursor along that object's curve (level units).
    Q_PROPERTY(double s READ s NOTIFY changed)
    // Which view put it there: "plan", "profile", "play" (▶ Play's agent) or "ride" (the 3D ride).
    Q_PROPERTY(QString source READ source NOTIFY changed)
    // The over-limit stretches as [[s0, s1], ...] (for tests and the panel's readout).
    Q_PROPERTY(QVariantList overLimit READ overLimitList NOTIFY overLimitChanged)
public:
    using Stretches = std::vector<std::pair<double, double>>;

    explicit RailCursor(QObject *parent = nullptr) : QObject(parent) {}

    QString key() const { return m_key; }
    double s() const { return m_s; }
    QString source() const { return m_source; }
    bool active() const { return !m_key.isEmpty(); }
    Q_INVOKABLE void place(const QString &key, double s, const QString &source);
    Q_INVOKABLE void clear();

    // The object whose stretches these are, and the stretches (ordered, each s0 < s1).
    QString overLimitKey() const { return m_overKey; }
    const Stretches &overLimit() const { return m_over; }
    QVariantList overLimitList() const;
    void setOverLimit(const QString &key, Stretches stretches);

signals:
    void changed();
    void overLimitChanged();

private:
    QString m_key;
    double m_s = 0.0;
    QString m_source;
    QString m_overKey;
    Stretches m_over;
};

} // namespace railforge::app
