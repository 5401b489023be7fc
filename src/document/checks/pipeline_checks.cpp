#include "document/checks/pipeline_checks.h"

#include "document/checks/problem_places.h"
#include "document/strategy/strategy_parameters.h"
#include "document/strategy/strategy_registry.h"

namespace railforge::document {

LevelProblems pipelineProblems(const Level &level, const StrategyRegistry &registry, MissingStrategies missing)
{
    LevelProblems out;
    std::string installed;
    for (const auto *info : registry.strategies()) installed += (installed.empty() ? "" : ", ") + info->id;
    if (installed.empty()) installed = "none";
    for (std::size_t p = 0; p < level.patrols.size(); ++p) {
        const Patrol &patrol = level.patrols[p];
        for (std::size_t i = 0; i < patrol.smoothing.size(); ++i) {
            const SmoothingStep &step = patrol.smoothing[i];
            auto report = [&](Severity severity, const std::string &message) {
                out.push_back({severity,
                               {ProblemSubject::Part::PatrolStep, p, i},
                               "patrol '" + patrol.id + "' smoothing step " + std::to_string(i + 1) + ": " + message,
                               std::nullopt});
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
    return out;
}

Diagnostics checkPipelines(const Level &level, const LevelMarks &marks, const StrategyRegistry &registry,
                           const std::string &file, MissingStrategies missing)
{
    return locateProblems(pipelineProblems(level, registry, missing), marks, file);
}

} // namespace railforge::document
