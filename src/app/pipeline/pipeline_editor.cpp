#include "app/pipeline/pipeline_editor.h"

#include "app/pipeline/pipeline_editing.h"
#include "app/selection/selection.h"
#include "document/checks/route_warnings.h"
#include "document/strategy/level_obstacle_context.h"

#include <QSettings>

namespace railforge::app {
namespace {
std::string patrolIdOf(const QString &key)
{
    auto id = Selection::fromKey(key);
    return id && id->kind == document::ObjectKind::Patrol ? id->id : std::string();
}
const QString kTimeoutSetting = QStringLiteral("smoothing/stepTimeoutSeconds");
} // namespace

PipelineEditor::PipelineEditor(document::LevelDocument &document, const document::StrategyRegistry &registry,
                               PatrolPreview &preview, QObject *parent)
    : QObject(parent), m_document(document), m_registry(registry), m_preview(preview)
{
    connect(&m_preview, &PatrolPreview::routesChanged, this, &PipelineEditor::routesChanged);
    const int saved = QSettings().value(kTimeoutSetting, kDefaultTimeoutSeconds).toInt();
    auto limits = m_registry.limits();
    limits.timeout = std::chrono::seconds(std::clamp(saved, kMinTimeoutSeconds, kMaxTimeoutSeconds));
    m_registry.setLimits(limits);
}

int PipelineEditor::stepTimeoutSeconds() const
{
    return int(std::chrono::duration_cast<std::chrono::seconds>(m_registry.limits().timeout).count());
}

void PipelineEditor::setStepTimeoutSeconds(int seconds)
{
    seconds = std::clamp(seconds, kMinTimeoutSeconds, kMaxTimeoutSeconds);
    if (seconds == stepTimeoutSeconds()) return;
    auto limits = m_registry.limits();
    limits.timeout = std::chrono::seconds(seconds);
    m_registry.setLimits(limits);
    QSettings().setValue(kTimeoutSetting, seconds);
    emit stepTimeoutSecondsChanged();
    // A step that ran out of time may finish within the new limit (and one that passed may not).
    m_preview.recomputeAll();
}

QVariantList PipelineEditor::strategies() const { return strategyList(m_registry); }

QStringList PipelineEditor::brokenPatrols() const
{
    QStringList broken;
    for (const auto &patrol : m_document.level().patrols)
        if (const auto *route = m_preview.route(patrol.id); route && !route->ok())
            broken << QString::fromStdString(patrol.id);
    return broken;
}

QVariantList PipelineEditor::steps(const QString &patrolKey) const
{
    const std::string id = patrolIdOf(patrolKey);
    QVariantList steps = pipelineSteps(m_document.level(), m_registry, id);
    // The step that failed when the preview ran it gets its badge too, with the reason.
    if (const auto *route = m_preview.route(id); route && route->failedStep >= 0 && route->failedStep < steps.size()) {
        QVariantMap step = steps[route->failedStep].toMap();
        if (step.value("error").toString().isEmpty()) {
            step["error"] = QString::fromStdString(route->error);
            steps[route->failedStep] = step;
        }
    }
    return steps;
}

bool PipelineEditor::addStep(const QString &patrolKey, const QString &strategy)
{
    return addPipelineStep(m_document, m_registry, patrolIdOf(patrolKey), strategy.toStdString());
}

bool PipelineEditor::removeStep(const QString &patrolKey, int index)
{
    return removePipelineStep(m_document, patrolIdOf(patrolKey), index);
}

bool PipelineEditor::moveStep(const QString &patrolKey, int from, int to)
{
    return movePipelineStep(m_document, patrolIdOf(patrolKey), from, to);
}

bool PipelineEditor::setStepEnabled(const QString &patrolKey, int index, bool enabled)
{
    return setPipelineStepEnabled(m_document, patrolIdOf(patrolKey), index, enabled);
}

bool PipelineEditor::setStepParameter(const QString &patrolKey, int index, const QString &name, const QVariant &value,
                                      int mergeKey)
{
    m_lastError.clear();
    return setPipelineParameter(m_document, m_registry, patrolIdOf(patrolKey), index, name.toStdString(), value,
                                mergeKey, &m_lastError);
}

QString PipelineEditor::routeError(const QString &patrolKey) const
{
    const auto *route = m_preview.route(patrolIdOf(patrolKey));
    return route ? QString::fromStdString(route->error) : QString();
}

QVariantList PipelineEditor::routePoints(const QString &patrolKey) const
{
    QVariantList points;
    if (const auto *route = m_preview.route(patrolIdOf(patrolKey)))
        for (const core::Vec3 &p : route->smoothed) points.append(QVariant(QVariantList{p.x, p.y, p.z}));
    return points;
}

QVariantList PipelineEditor::routeWarnings() const
{
    const document::Level &level = m_document.level();
    const document::LevelObstacleContext obstacles(level);
    std::vector<document::RouteWarning> warnings = document::edgeWarnings(level, obstacles);
    for (const document::Patrol &patrol : level.patrols)
        if (const auto *route = m_preview.route(patrol.id)) {
            auto found = document::pathWarnings(level, patrol, *route, obstacles);
            warnings.insert(warnings.end(), found.begin(), found.end());
        }
    QVariantList out;
    for (const auto &w : warnings)
        out << QVariantMap{{"text", QString::fromStdString(w.message)},
                           {"key", Selection::keyOf(w.object)},
                           {"x", w.at.x},
                           {"y", w.at.y}};
    return out;
}

} // namespace railforge::app
