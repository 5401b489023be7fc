#include "document/strategy/strategy_info.h"

#include <QJsonArray>

#include <cmath>

namespace railforge::document {

const char *parameterTypeName(ParameterSpec::Type type)
{
    switch (type) {
    case ParameterSpec::Type::Int: return "int";
    case ParameterSpec::Type::Double: return "double";
    case ParameterSpec::Type::Bool: return "bool";
    case ParameterSpec::Type::Enum: return "enum";
    }
    return "double";
}

namespace {

std::optional<ParameterSpec::Type> typeFromName(const QString &name)
{
    if (name == "int") return ParameterSpec::Type::Int;
    if (name == "double") return ParameterSpec::Type::Double;
    if (name == "bool") return ParameterSpec::Type::Bool;
    if (name == "enum") return ParameterSpec::Type::Enum;
    return std::nullopt;
}

bool isWholeNumber(double v) { return std::isfinite(v) && std::floor(v) == v && std::abs(v) < 9.0e15; }

// Parses one entry of "parameters"; `where` prefixes messages.
std::optional<ParameterSpec> parseParameter(const QJsonValue &value, const QString &where, QString *error)
{
    auto fail = [&](const QString &message) {
        *error = where + ": " + message;
        return std::nullopt;
    };
    if (!value.isObject()) return fail("must be an object");
    const QJsonObject o = value.toObject();
    ParameterSpec spec;
    spec.name = o.value("name").toString().toStdString();
    if (spec.name.empty()) return fail("needs a non-empty \"name\"");
    const QString named = "'" + QString::fromStdString(spec.name) + "'";
    spec.label = o.value("label").toString(QString::fromStdString(spec.name)).toStdString();
    auto type = typeFromName(o.value("type").toString());
    if (!type)
        return fail(named + " has unknown \"type\" '" + o.value("type").toString() + "' (int, double, bool or enum)");
    spec.type = *type;
    const QJsonValue def = o.value("default");
    for (const char *bound : {"min", "max"}) {
        if (!o.contains(bound)) continue;
        if (!o.value(bound).isDouble()) return fail(named + " \"" + bound + "\" must be a number");
        (QString(bound) == "min" ? spec.min : spec.max) = o.value(bound).toDouble();
    }
    if (spec.min && spec.max && *spec.min > *spec.max) return fail(named + " has min > max");
    switch (spec.type) {
    case ParameterSpec::Type::Int:
        if (!def.isDouble() || !isWholeNumber(def.toDouble())) return fail(named + " needs a whole-number \"default\"");
        spec.defaultValue = static_cast<std::int64_t>(def.toDouble());
        break;
    case ParameterSpec::Type::Double:
        if (!def.isDouble()) return fail(named + " needs a numeric \"default\"");
        spec.defaultValue = def.toDouble();
        break;
    case ParameterSpec::Type::Bool:
        if (!def.isBool()) return fail(named + " needs a true/false \"default\"");
        spec.defaultValue = def.toBool();
        break;
    case ParameterSpec::Type::Enum: {
        const QJsonArray values = o.value("values").toArray();
        for (const QJsonValue &v : values) {
            if (!v.isString() || v.toString().isEmpty()) return fail(named + " \"values\" must be non-empty strings");
            spec.choices.push_back(v.toString().toStdString());
        }
        if (spec.choices.empty()) return fail(named + " is an enum without \"values\"");
        const std::string chosen = def.toString().toStdString();
        if (std::find(spec.choices.begin(), spec.choices.end(), chosen) == spec.choices.end())
            return fail(named + " \"default\" must be one of its \"values\"");
        spec.defaultValue = chosen;
        break;
    }
    }
    if (spec.type == ParameterSpec::Type::Int || spec.type == ParameterSpec::Type::Double) {
        const double d = spec.type == ParameterSpec::Type::Int ? double(std::get<std::int64_t>(spec.defaultValue))
                                                               : std::get<double>(spec.defaultValue);
        if ((spec.min && d < *spec.min) || (spec.max && d > *spec.max))
            return fail(named + " \"default\" lies outside [min, max]");
    }
    return spec;
}

} // namespace

std::optional<StrategyInfo> parseStrategyMetadata(const QJsonObject &metadata, QString *error)
{
    auto fail = [&](const QString &message) {
        *error = "plugin metadata: " + message;
        return std::nullopt;
    };
    StrategyInfo info;
    for (const char *key : {"id", "name", "version"}) {
        if (!metadata.value(key).isString() || metadata.value(key).toString().isEmpty())
            return fail(QString("needs a non-empty string \"%1\"").arg(key));
    }
    info.id = metadata.value("id").toString().toStdString();
    info.name = metadata.value("name").toString().toStdString();
    info.version = metadata.value("version").toString().toStdString();
    info.description = metadata.value("description").toString().toStdString();
    if (metadata.contains("parameters") && !metadata.value("parameters").isArray())
        return fail("\"parameters\" must be a list");
    const QJsonArray parameters = metadata.value("parameters").toArray();
    for (qsizetype i = 0; i < parameters.size(); ++i) {
        QString parameterError;
        auto spec = parseParameter(parameters.at(i), QString("parameter %1").arg(i + 1), &parameterError);
        if (!spec) return fail(parameterError);
        for (const auto &other : info.parameters)
            if (other.name == spec->name)
                return fail("parameter '" + QString::fromStdString(spec->name) + "' is declared twice");
        info.parameters.push_back(std::move(*spec));
    }
    return info;
}

QJsonObject strategyToJson(const StrategyInfo &info)
{
    QJsonArray parameters;
    for (const ParameterSpec &p : info.parameters) {
        QJsonObject o{{"name", QString::fromStdString(p.name)},
                      {"label", QString::fromStdString(p.label)},
                      {"type", parameterTypeName(p.type)}};
        std::visit(
            [&](const auto &v) {
                using T = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<T, std::string>)
                    o["default"] = QString::fromStdString(v);
                else if constexpr (std::is_same_v<T, std::int64_t>)
                    o["default"] = static_cast<qint64>(v);
                else
                    o["default"] = v;
            },
            p.defaultValue);
        if (p.min) o["min"] = *p.min;
        if (p.max) o["max"] = *p.max;
        if (!p.choices.empty()) {
            QJsonArray values;
            for (const auto &c : p.choices) values.append(QString::fromStdString(c));
            o["values"] = values;
        }
        parameters.append(o);
    }
    return {{"id", QString::fromStdString(info.id)},
            {"name", QString::fromStdString(info.name)},
            {"description", QString::fromStdString(info.description)},
            {"version", QString::fromStdString(info.version)},
            {"parameters", parameters},
            {"file", info.filePath}};
}

} // namespace railforge::document
