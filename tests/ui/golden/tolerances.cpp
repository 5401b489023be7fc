#include "tolerances.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace railforge::golden {

namespace {

bool readTolerance(const QJsonObject &object, const QString &what, Tolerance *out, QString *error)
{
    const QJsonValue channel = object.value(QStringLiteral("maxChannelDifference"));
    const QJsonValue fraction = object.value(QStringLiteral("maxDifferingFraction"));
    if (!channel.isDouble() || channel.toDouble() < 0 || channel.toDouble() > 255 ||
        channel.toDouble() != double(channel.toInt())) {
        *error = what + QStringLiteral(": maxChannelDifference must be a whole number from 0 to 255");
        return false;
    }
    if (!fraction.isDouble() || !(fraction.toDouble() >= 0 && fraction.toDouble() <= 1)) {
        *error = what + QStringLiteral(": maxDifferingFraction must be a number from 0 to 1");
        return false;
    }
    out->maxChannelDifference = channel.toInt();
    out->maxDifferingFraction = fraction.toDouble();
    out->reason = object.value(QStringLiteral("reason")).toString().trimmed();
    return true;
}

} // namespace

bool Tolerances::parse(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (document.isNull() || !document.isObject()) {
        *error = QStringLiteral("not a JSON object: ") + parseError.errorString();
        return false;
    }
    const QJsonObject root = document.object();
    if (!readTolerance(root.value(QStringLiteral("default")).toObject(), QStringLiteral("default"), &m_default, error))
        return false;
    m_states.clear();
    const QJsonObject states = root.value(QStringLiteral("states")).toObject();
    for (auto it = states.begin(); it != states.end(); ++it) {
        Tolerance tolerance;
        if (!readTolerance(it.value().toObject(), it.key(), &tolerance, error)) return false;
        // A looser tolerance hides real changes: whoever loosens it says why, next to the number.
        const bool looser = tolerance.maxChannelDifference > m_default.maxChannelDifference ||
                            tolerance.maxDifferingFraction > m_default.maxDifferingFraction;
        if (looser && tolerance.reason.isEmpty()) {
            *error = it.key() + QStringLiteral(": a tolerance looser than the default needs a \"reason\"");
            return false;
        }
        m_states.insert(it.key(), tolerance);
    }
    return true;
}

bool Tolerances::load(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": cannot read: ") + file.errorString();
        return false;
    }
    if (!parse(file.readAll(), error)) {
        *error = path + QStringLiteral(": ") + *error;
        return false;
    }
    return true;
}

} // namespace railforge::golden
