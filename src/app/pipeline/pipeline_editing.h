// A patrol's smoothing pipeline as QML sees it (steps with parameter controls generated from each
// strategy's metadata) and the edits of it (add, remove, reorder, enable, set a parameter), each one
// undo step on the document. Nothing here names a concrete strategy.
#pragma once

#include "document/editing/level_document.h"
#include "document/strategy/strategy_registry.h"

#include <QString>
#include <QVariant>

namespace railforge::app {

// Steps of the patrol `patrolId`: [{strategy, name, enabled, error, params: [{name, label, type,
// value, min, max, choices}]}]; `error` says why a step cannot run (unknown strategy, bad values).
QVariantList pipelineSteps(const document::Level &level, const document::StrategyRegistry &registry,
                           const std::string &patrolId);

// Every loaded strategy: [{id, name, description}].
QVariantList strategyList(const document::StrategyRegistry &registry);

// The edits; false when the patrol, the step or the strategy does not exist, or a value is refused.
bool addPipelineStep(document::LevelDocument &document, const document::StrategyRegistry &registry,
                     const std::string &patrolId, const std::string &strategy);
bool removePipelineStep(document::LevelDocument &document, const std::string &patrolId, int index);
bool movePipelineStep(document::LevelDocument &document, const std::string &patrolId, int from, int to);
bool setPipelineStepEnabled(document::LevelDocument &document, const std::string &patrolId, int index, bool enabled);
// A value the strategy refuses (wrong type, out of range) leaves the document as it was and, when
// `refusal` is given, says why there ("parameter 'radius' = -1 is outside [0, 1000]").
bool setPipelineParameter(document::LevelDocument &document, const document::StrategyRegistry &registry,
                          const std::string &patrolId, int index, const std::string &name, const QVariant &value,
                          int mergeKey, QString *refusal = nullptr);

} // namespace railforge::app
