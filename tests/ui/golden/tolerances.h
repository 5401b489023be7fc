// Per-image tolerances of the golden images (tests/ui/baselines/tolerances.json): a default for
// every state, and looser ones only with a written reason.
#pragma once

#include <QHash>
#include <QString>

namespace railforge::golden {

struct Tolerance {
    int maxChannelDifference = 0;    // a pixel differs when a channel is off by more than this (0..255)
    double maxDifferingFraction = 0; // the image fails when more than this share of pixels differ (0..1)
    QString reason;                  // why a state needs more than the default; empty for the default
};

class Tolerances {
public:
    // Parses the JSON text:
    //   {"default": {"maxChannelDifference": 2, "maxDifferingFraction": 0.0001},
    //    "states": {"STATE": {"maxChannelDifference": .., "maxDifferingFraction": .., "reason": "why"}}}
    // Returns false with `error` set on bad JSON, numbers out of range, or a state looser than the
    // default without a reason.
    bool parse(const QByteArray &json, QString *error);
    // Reads and parses `path`.
    bool load(const QString &path, QString *error);

    Tolerance forState(const QString &state) const { return m_states.value(state, m_default); }
    const Tolerance &defaults() const { return m_default; }

private:
    Tolerance m_default;
    QHash<QString, Tolerance> m_states;
};

} // namespace railforge::golden
