#include "app/pipeline/pipeline_editor.h"

#include "app/pipeline/pipeline_editing.h"
#include "app/selection.h"

namespace railforge::app {
namespace {
std::string patrolIdOf(const QString &key)
{
    auto id = Selection::fromKey(key);
    return id && id->kind == document::ObjectKind::Patrol ? id->id : std::string();
}
} // namespace

PipelineEditor::PipelineEditor(document::LevelDocument &document, const document::StrategyRegistry &registry,
                               PatrolPreview &preview, QObject *parent)
    : QObject(parent), m_document(document), m_registry(registry), m_preview(preview)
{
    connect(&m_preview, &PatrolPreview::routesChanged, this, &PipelineEditor::routesChanged);
}

QVariantList PipelineEditor::strategies() const { return strategyList(m_registry); }

QStringList PipelineEditor::brokenPatrols() const
{
    QStringList broken;
    for (const auto &patrol : m_document.level().patrols)
        if (const auto *route = m_preview.route(patrol.id); route && !route->ok()) broken << QString::fromStdString(patrol.id);
    return broken;
}

QVariantList PipelineEditor::steps(const QString &patrolKey) const
{
    return pipelineSteps(m_document.level(), m_registry, patrolIdOf(patrolKey));
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
    return setPipelineParameter(m_document, m_registry, patrolIdOf(patrolKey), index, name.toStdString(), value, mergeKey,
                                &m_lastError);
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

} // namespace railforge::app
