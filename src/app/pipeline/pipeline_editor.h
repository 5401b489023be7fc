// The Smoothing dock's model: a patrol's pipeline (steps with controls generated from each
// strategy's metadata), its edits, and the patrol's previewed route. Patrols are named by key
// ("patrol:id"), so the dock and tests can address any patrol.
#pragma once

#include "app/pipeline/patrol_preview.h"
#include "document/editing/level_document.h"
#include "document/strategy/strategy_registry.h"

#include <QObject>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace railforge::app {

class PipelineEditor : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("owned by EditorController")
    Q_PROPERTY(QVariantList strategies READ strategies CONSTANT)
    Q_PROPERTY(QStringList brokenPatrols READ brokenPatrols NOTIFY routesChanged)
    // Seconds a smoothing step may run before it fails as "no answer" (a setting kept across sessions).
    Q_PROPERTY(
        int stepTimeoutSeconds READ stepTimeoutSeconds WRITE setStepTimeoutSeconds NOTIFY stepTimeoutSecondsChanged)
public:
    PipelineEditor(document::LevelDocument &document, const document::StrategyRegistry &registry,
                   PatrolPreview &preview, QObject *parent = nullptr);

    // Every loaded strategy: [{id, name, description}].
    QVariantList strategies() const;
    // Ids of the patrols whose route cannot be built (as of the last preview).
    QStringList brokenPatrols() const;
    int stepTimeoutSeconds() const;
    void setStepTimeoutSeconds(int seconds);
    // The bounds of the time-limit setting.
    static constexpr int kMinTimeoutSeconds = 1, kMaxTimeoutSeconds = 600, kDefaultTimeoutSeconds = 10;

    // Steps of a patrol: [{strategy, name, enabled, error, params: [{name, label, type, value, min,
    // max, choices}]}]. A step's error is its metadata problem, or else how it failed in the last preview.
    Q_INVOKABLE QVariantList steps(const QString &patrolKey) const;
    Q_INVOKABLE bool addStep(const QString &patrolKey, const QString &strategy);
    Q_INVOKABLE bool removeStep(const QString &patrolKey, int index);
    Q_INVOKABLE bool moveStep(const QString &patrolKey, int from, int to);
    Q_INVOKABLE bool setStepEnabled(const QString &patrolKey, int index, bool enabled);
    // mergeKey != 0 merges a slider drag into one undo step; a refusal is kept in lastError().
    Q_INVOKABLE bool setStepParameter(const QString &patrolKey, int index, const QString &name, const QVariant &value,
                                      int mergeKey = 0);
    Q_INVOKABLE QString lastError() const { return m_lastError; }
    // The patrol's route problem (unreachable stop, failing step), or "".
    Q_INVOKABLE QString routeError(const QString &patrolKey) const;
    // The patrol's smoothed path as of the last finished preview: [[x, y, z], ...].
    Q_INVOKABLE QVariantList routePoints(const QString &patrolKey) const;
    // What goes wrong although the routes build (document/checks/route_warnings.h), as of the last
    // finished preview: [{text, key, x, y}], edges first, then each patrol's.
    Q_INVOKABLE QVariantList routeWarnings() const;

signals:
    // New patrol paths are ready (computed off the UI thread after an edit).
    void routesChanged();
    void stepTimeoutSecondsChanged();

private:
    document::LevelDocument &m_document;
    const document::StrategyRegistry &m_registry;
    PatrolPreview &m_preview;
    QString m_lastError;
};

} // namespace railforge::app
