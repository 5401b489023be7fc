#include "document/checks/pipeline_checks.h"

#include "document/strategy/strategy_parameters.h"
#include "document/strategy/strategy_registry.h"

namespace railforge::document {

Diagnostics checkPipelines(const Level &level, const LevelMarks &marks, const StrategyRegistry &registry,
                           const std::string &file, MissingStrategies missing)
{
    Diagnostics diagnostics;
    std::string installed;
    for (const auto *info : registry.strategies()) installed += (installed.empty() ? "" : ", ") + info->id;
    if (installed.empty()) installed = "none";
    for (std::size_t p = 0; p < level.patrols.size(); ++p) {
        const Patrol &patrol = level.patrols[p];
        for (std::size_t i = 0; i < patrol.smoothing.size(); ++i) {
            const SmoothingStep &step = patrol.smoothing[i];
            YAML::Mark mark = YAML::Mark::null_mark();
            if (p < marks.patrolSteps.size() && i < marks.patrolSteps[p].size()) mark = marks.patrolSteps[p][i];
            const bool located = mark.line >= 0;
            auto report = [&](Severity severity, const std::string &message) {
                diagnostics.push_back(
                    {severity, file, located ? mark.line + 1 : 0, located ? mark.column + 1 : 0,
                     "patrol '" + patrol.id + "' smoothing step " + std::to_string(i + 1) + ": " + message});
            };
            const StrategyInfo *info = registry.find(step.strategy);
            if (!info) {
                if (missing == MissingStrategies::AreWarnings)
                    report(Severity::Warning,
                           "strategy '" + step.strategy + "' is not installed here; its parameters are not checked");
                else
                    report(Severity::Error, "unknown strategy '" + step.strategy + "' (installed: " + installed +
                                                "; --allow-missing-plugins accepts it)");
                continue;
            }
            for (const std::string &error : resolveParameters(*info, step.params).errors)
                report(Severity::Error, error);
        }
    }
    return diagnostics;
}

} // namespace railforge::document
