#include "app/pipeline/pipeline_editing.h"

#include "document/editing/level_editing.h"
#include "document/strategy/strategy_parameters.h"

#include <QCoreApplication>

#include <cmath>

namespace railforge::app {
namespace {

using document::ObjectKind;

QString tr(const char *text) { return QCoreApplication::translate("Pipeline", text); }

QVariant toVariant(const document::PropertyValue &value)
{
    struct Visitor {
        QVariant operator()(const std::string &s) const { return QString::fromStdString(s); }
        QVariant operator()(std::int64_t i) const { return qlonglong(i); }
        QVariant operator()(double d) const { return d; }
        QVariant operator()(bool b) const { return b; }
        QVariant operator()(const document::Color &c) const { return QString::fromStdString(c.hex); }
    };
    return std::visit(Visitor{}, value);
}

QVariant toVariant(const ParameterValue &value)
{
    return std::visit(
        [](const auto &v) -> QVariant {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::string>)
                return QString::fromStdString(v);
            else if constexpr (std::is_same_v<T, std::int64_t>)
                return qlonglong(v);
            else
                return v;
        },
        value);
}

// The patrol and its index, or nothing.
std::optional<std::pair<document::ObjectIndex, document::Patrol>> patrolOf(const document::Level &level,
                                                                           const std::string &id)
{
    auto at = document::findObject(level, {ObjectKind::Patrol, id});
    if (!at) return std::nullopt;
    return std::make_pair(*at, level.patrols[at->index]);
}

void commit(document::LevelDocument &document, const std::pair<document::ObjectIndex, document::Patrol> &edited,
            const QString &text, int mergeKey = 0)
{
    document::changeObject(document, edited.first, edited.second, text, mergeKey);
}

} // namespace

QVariantList strategyList(const document::StrategyRegistry &registry)
{
    QVariantList list;
    for (const auto *info : registry.strategies())
        list << QVariantMap{{"id", QString::fromStdString(info->id)},
                            {"name", QString::fromStdString(info->name)},
                            {"description", QString::fromStdString(info->description)}};
    return list;
}

QVariantList pipelineSteps(const document::Level &level, const document::StrategyRegistry &registry,
                           const std::string &patrolId)
{
    QVariantList steps;
    auto patrol = patrolOf(level, patrolId);
    if (!patrol) return steps;
    for (const auto &step : patrol->second.smoothing) {
        QVariantMap entry{{"strategy", QString::fromStdString(step.strategy)}, {"enabled", step.enabled}};
        const document::StrategyInfo *info = registry.find(step.strategy);
        QVariantList params;
        if (!info) {
            entry["name"] = QString::fromStdString(step.strategy);
            entry["error"] = tr("unknown strategy: no plugin provides it");
        } else {
            entry["name"] = QString::fromStdString(info->name);
            const auto resolved = document::resolveParameters(*info, step.params);
            QStringList errors;
            for (const auto &e : resolved.errors) errors << QString::fromStdString(e);
            entry["error"] = errors.join("; ");
            for (const auto &spec : info->parameters) {
                const document::Property *given = document::findProperty(step.params, spec.name);
                QVariantMap p{{"name", QString::fromStdString(spec.name)},
                              {"label", QString::fromStdString(spec.label)},
                              {"type", QString::fromLatin1(document::parameterTypeName(spec.type))},
                              {"value", given ? toVariant(given->value) : toVariant(spec.defaultValue)}};
                // Bounds only when declared, so QML sees `undefined` for "no bound".
                if (spec.min) p["min"] = *spec.min;
                if (spec.max) p["max"] = *spec.max;
                QStringList choices;
                for (const auto &c : spec.choices) choices << QString::fromStdString(c);
                p["choices"] = choices;
                params << p;
            }
        }
        entry["params"] = params;
        steps << entry;
    }
    return steps;
}

bool addPipelineStep(document::LevelDocument &document, const document::StrategyRegistry &registry,
                     const std::string &patrolId, const std::string &strategy)
{
    auto patrol = patrolOf(document.level(), patrolId);
    if (!patrol || !registry.find(strategy)) return false;
    patrol->second.smoothing.push_back({strategy, {}, true});
    commit(document, *patrol, tr("Add smoothing step"));
    return true;
}

bool removePipelineStep(document::LevelDocument &document, const std::string &patrolId, int index)
{
    auto patrol = patrolOf(document.level(), patrolId);
    if (!patrol || index < 0 || index >= int(patrol->second.smoothing.size())) return false;
    patrol->second.smoothing.erase(patrol->second.smoothing.begin() + index);
    commit(document, *patrol, tr("Remove smoothing step"));
    return true;
}

bool movePipelineStep(document::LevelDocument &document, const std::string &patrolId, int from, int to)
{
    auto patrol = patrolOf(document.level(), patrolId);
    const int n = patrol ? int(patrol->second.smoothing.size()) : 0;
    if (!patrol || from < 0 || from >= n || to < 0 || to >= n || from == to) return false;
    auto &steps = patrol->second.smoothing;
    auto step = steps[std::size_t(from)];
    steps.erase(steps.begin() + from);
    steps.insert(steps.begin() + to, step);
    commit(document, *patrol, tr("Reorder smoothing steps"));
    return true;
}

bool setPipelineStepEnabled(document::LevelDocument &document, const std::string &patrolId, int index, bool enabled)
{
    auto patrol = patrolOf(document.level(), patrolId);
    if (!patrol || index < 0 || index >= int(patrol->second.smoothing.size())) return false;
    patrol->second.smoothing[std::size_t(index)].enabled = enabled;
    commit(document, *patrol, enabled ? tr("Enable smoothing step") : tr("Disable smoothing step"));
    return true;
}

bool setPipelineParameter(document::LevelDocument &document, const document::StrategyRegistry &registry,
                          const std::string &patrolId, int index, const std::string &name, const QVariant &value,
                          int mergeKey, QString *refusal)
{
    auto patrol = patrolOf(document.level(), patrolId);
    if (!patrol || index < 0 || index >= int(patrol->second.smoothing.size())) return false;
    auto &step = patrol->second.smoothing[std::size_t(index)];
    const document::StrategyInfo *info = registry.find(step.strategy);
    if (!info) return false;
    auto spec =
        std::find_if(info->parameters.begin(), info->parameters.end(), [&](const auto &p) { return p.name == name; });
    if (spec == info->parameters.end()) return false;
    document::PropertyValue converted;
    switch (spec->type) {
    case document::ParameterSpec::Type::Int: converted = std::int64_t(std::llround(value.toDouble())); break;
    case document::ParameterSpec::Type::Double: converted = value.toDouble(); break;
    case document::ParameterSpec::Type::Bool: converted = value.toBool(); break;
    case document::ParameterSpec::Type::Enum: converted = value.toString().toStdString(); break;
    }
    document::Properties params = step.params;
    auto existing = std::find_if(params.begin(), params.end(), [&](const auto &p) { return p.name == name; });
    if (existing != params.end())
        existing->value = converted;
    else
        params.push_back({name, converted});
    // Only values the strategy accepts go into the document.
    const document::ResolvedParameters resolved = document::resolveParameters(*info, params);
    if (!resolved.values) {
        if (refusal && !resolved.errors.empty()) *refusal = QString::fromStdString(resolved.errors.front());
        return false;
    }
    step.params = std::move(params);
    commit(document, *patrol, tr("Change %1").arg(QString::fromStdString(spec->label)), mergeKey);
    return true;
}

} // namespace railforge::app
