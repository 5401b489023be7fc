#include "document/yaml/json_schema.h"

#include "document/text/scalar_text.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace railforge::document {
namespace {

// The keywords this checker understands; the rest of JSON Schema is refused when a schema is parsed.
const QSet<QString> &knownKeywords()
{
    static const QSet<QString> known = {"$schema",
                                        "$id",
                                        "$defs",
                                        "$ref",
                                        "title",
                                        "description",
                                        "default",
                                        "type",
                                        "const",
                                        "enum",
                                        "properties",
                                        "required",
                                        "additionalProperties",
                                        "propertyNames",
                                        "items",
                                        "minItems",
                                        "maxItems",
                                        "minimum",
                                        "exclusiveMinimum",
                                        "maximum",
                                        "exclusiveMaximum",
                                        "minLength",
                                        "pattern",
                                        "oneOf"};
    return known;
}

// The first keyword under `schema` that the checker does not know ("" when there is none).
QString unknownKeyword(const QJsonObject &schema)
{
    for (auto it = schema.begin(); it != schema.end(); ++it) {
        if (!knownKeywords().contains(it.key())) return it.key();
        const QJsonValue v = it.value();
        if (it.key() == "properties" || it.key() == "$defs") {
            for (const QJsonValue &sub : v.toObject())
                if (const QString bad = unknownKeyword(sub.toObject()); !bad.isEmpty()) return bad;
        } else if (it.key() == "oneOf") {
            for (const QJsonValue &sub : v.toArray())
                if (const QString bad = unknownKeyword(sub.toObject()); !bad.isEmpty()) return bad;
        } else if (v.isObject() && it.key() != "const" && it.key() != "default") {
            if (const QString bad = unknownKeyword(v.toObject()); !bad.isEmpty()) return bad;
        }
    }
    return {};
}

// A node as JSON sees it: a quoted scalar is a string; a plain one is read as YAML's core schema reads
// it (null, boolean, integer, real, else a string).
struct Value {
    enum class Kind { Null, Boolean, Integer, Number, String, Array, Object } kind = Kind::Null;
    double number = 0;
    bool boolean = false;
    QString text;
};

Value valueOf(const YamlNode &node)
{
    Value v;
    if (node.IsSequence()) {
        v.kind = Value::Kind::Array;
    } else if (node.IsMap()) {
        v.kind = Value::Kind::Object;
    } else if (node.IsScalar()) {
        const std::string &s = node.Scalar();
        v.text = QString::fromStdString(s);
        v.kind = Value::Kind::String;
        if (node.Tag() != "?") return v; // quoted or explicitly tagged: text
        if (s == "~" || s == "null" || s == "Null" || s == "NULL") {
            v.kind = Value::Kind::Null;
        } else if (const auto b = parseYamlBool(s)) {
            v.kind = Value::Kind::Boolean;
            v.boolean = *b;
        } else if (const auto i = parseYamlInteger(s)) {
            v.kind = Value::Kind::Integer;
            v.number = double(*i);
        } else if (const auto r = parseYamlReal(s)) {
            v.kind = Value::Kind::Number;
            v.number = *r;
        }
    }
    return v;
}

const char *kindName(Value::Kind kind)
{
    switch (kind) {
    case Value::Kind::Null: return "null";
    case Value::Kind::Boolean: return "a boolean";
    case Value::Kind::Integer: return "an integer";
    case Value::Kind::Number: return "a number";
    case Value::Kind::String: return "a string";
    case Value::Kind::Array: return "a list";
    case Value::Kind::Object: return "a mapping";
    }
    return "?";
}

bool hasType(const Value &v, const QString &type)
{
    using K = Value::Kind;
    if (type == "null") return v.kind == K::Null;
    if (type == "boolean") return v.kind == K::Boolean;
    if (type == "string") return v.kind == K::String;
    if (type == "array") return v.kind == K::Array;
    if (type == "object") return v.kind == K::Object;
    if (type == "number") return v.kind == K::Integer || v.kind == K::Number;
    if (type == "integer")
        return v.kind == K::Integer ||
               (v.kind == K::Number && std::isfinite(v.number) && v.number == std::floor(v.number));
    return false;
}

// True when the node holds the JSON value `expected` (const, enum).
bool equals(const YamlNode &node, const QJsonValue &expected)
{
    const Value v = valueOf(node);
    switch (expected.type()) {
    case QJsonValue::Null: return v.kind == Value::Kind::Null;
    case QJsonValue::Bool: return v.kind == Value::Kind::Boolean && v.boolean == expected.toBool();
    case QJsonValue::Double: return hasType(v, "number") && v.number == expected.toDouble();
    case QJsonValue::String: return v.kind == Value::Kind::String && v.text == expected.toString();
    default: return false; // const/enum of lists and mappings are not used by RailForge's schemas
    }
}

std::string shown(const QJsonValue &value)
{
    if (value.isString()) return "'" + value.toString().toStdString() + "'";
    if (value.isDouble()) return QString::number(value.toDouble(), 'g', 17).toStdString();
    if (value.isBool()) return value.toBool() ? "true" : "false";
    return "null";
}

std::string pointerEscaped(const std::string &key)
{
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

class Checker {
public:
    Checker(const QJsonObject &root, const std::string &file, Diagnostics &out, std::size_t limit)
        : m_root(root), m_file(file), m_out(out), m_limit(limit)
    {}

    // True when `node` satisfies `schema`; reports what it breaks unless `quiet`.
    bool check(const YamlNode &node, const QJsonObject &schema, const std::string &pointer, bool quiet)
    {
        if (schema.contains("$ref")) {
            const QJsonObject target = resolve(schema.value("$ref").toString());
            if (!check(node, target, pointer, quiet)) return false;
        }
        const Value v = valueOf(node);
        if (schema.contains("type") && !typeMatches(v, schema.value("type")))
            return fail(node, pointer, "expected " + typeWords(schema.value("type")) + ", got " + kindName(v.kind),
                        quiet);
        bool ok = true;
        if (schema.contains("const") && !equals(node, schema.value("const")))
            ok = fail(node, pointer, "expected " + shown(schema.value("const")), quiet);
        if (schema.contains("enum")) {
            bool any = false;
            std::string list;
            for (const QJsonValue &e : schema.value("enum").toArray()) {
                any = any || equals(node, e);
                list += (list.empty() ? "" : ", ") + shown(e);
            }
            if (!any) ok = fail(node, pointer, "expected one of " + list, quiet);
        }
        if (hasType(v, "number")) ok = checkNumber(node, v, schema, pointer, quiet) && ok;
        if (v.kind == Value::Kind::String) ok = checkString(node, v, schema, pointer, quiet) && ok;
        if (v.kind == Value::Kind::Array) ok = checkArray(node, schema, pointer, quiet) && ok;
        if (v.kind == Value::Kind::Object) ok = checkObject(node, schema, pointer, quiet) && ok;
        if (schema.contains("oneOf")) {
            int matches = 0;
            const QJsonArray forms = schema.value("oneOf").toArray();
            for (const QJsonValue &form : forms) matches += check(node, form.toObject(), pointer, true) ? 1 : 0;
            if (matches != 1)
                ok =
                    fail(node, pointer,
                         matches == 0 ? "matches none of its " + std::to_string(forms.size()) + " allowed forms"
                                      : "matches " + std::to_string(matches) + " of its allowed forms; exactly one may",
                         quiet);
        }
        return ok;
    }

    void finish()
    {
        if (m_dropped > 0)
            m_out.push_back(
                {Severity::Error, m_file, 0, 0,
                 std::to_string(m_dropped) + " more problems left out after the first " + std::to_string(m_limit)});
    }

private:
    QJsonObject resolve(const QString &ref) const
    {
        const QString prefix = QStringLiteral("#/$defs/");
        return ref.startsWith(prefix) ? m_root.value("$defs").toObject().value(ref.mid(prefix.size())).toObject()
                                      : QJsonObject();
    }

    static bool typeMatches(const Value &v, const QJsonValue &type)
    {
        if (type.isString()) return hasType(v, type.toString());
        for (const QJsonValue &t : type.toArray())
            if (hasType(v, t.toString())) return true;
        return false;
    }

    static std::string typeWords(const QJsonValue &type)
    {
        if (type.isString()) return type.toString().toStdString();
        std::string out;
        for (const QJsonValue &t : type.toArray()) out += (out.empty() ? "" : " or ") + t.toString().toStdString();
        return out;
    }

    bool checkNumber(const YamlNode &node, const Value &v, const QJsonObject &schema, const std::string &pointer,
                     bool quiet)
    {
        bool ok = true;
        if (!std::isfinite(v.number)) ok = fail(node, pointer, "is not a finite number", quiet);
        if (schema.contains("minimum") && v.number < schema.value("minimum").toDouble())
            ok = fail(node, pointer, "is below the minimum " + shown(schema.value("minimum")), quiet);
        if (schema.contains("exclusiveMinimum") && v.number <= schema.value("exclusiveMinimum").toDouble())
            ok = fail(node, pointer, "must be greater than " + shown(schema.value("exclusiveMinimum")), quiet);
        if (schema.contains("maximum") && v.number > schema.value("maximum").toDouble())
            ok = fail(node, pointer, "is above the maximum " + shown(schema.value("maximum")), quiet);
        if (schema.contains("exclusiveMaximum") && v.number >= schema.value("exclusiveMaximum").toDouble())
            ok = fail(node, pointer, "must be less than " + shown(schema.value("exclusiveMaximum")), quiet);
        return ok;
    }

    bool checkString(const YamlNode &node, const Value &v, const QJsonObject &schema, const std::string &pointer,
                     bool quiet)
    {
        bool ok = true;
        if (schema.contains("minLength") && v.text.size() < schema.value("minLength").toInt())
            ok = fail(node, pointer, "is shorter than " + shown(schema.value("minLength")) + " characters", quiet);
        if (schema.contains("pattern") &&
            !QRegularExpression(schema.value("pattern").toString()).match(v.text).hasMatch())
            ok = fail(node, pointer, "'" + v.text.toStdString() + "' does not match " + shown(schema.value("pattern")),
                      quiet);
        return ok;
    }

    bool checkArray(const YamlNode &node, const QJsonObject &schema, const std::string &pointer, bool quiet)
    {
        bool ok = true;
        const auto n = qint64(node.size());
        if (schema.contains("minItems") && n < schema.value("minItems").toInteger())
            ok = fail(node, pointer,
                      "has " + std::to_string(n) + " items; expected at least " + shown(schema.value("minItems")),
                      quiet);
        if (schema.contains("maxItems") && n > schema.value("maxItems").toInteger())
            ok =
                fail(node, pointer,
                     "has " + std::to_string(n) + " items; expected at most " + shown(schema.value("maxItems")), quiet);
        if (schema.contains("items")) {
            const QJsonObject items = schema.value("items").toObject();
            for (std::size_t i = 0; i < node.size() && (quiet ? ok : !full()); ++i)
                ok = check(node[i], items, pointer + "/" + std::to_string(i), quiet) && ok;
        }
        return ok;
    }

    bool checkObject(const YamlNode &node, const QJsonObject &schema, const std::string &pointer, bool quiet)
    {
        bool ok = true;
        for (const QJsonValue &key : schema.value("required").toArray())
            if (!node[key.toString().toStdString()])
                ok = fail(node, pointer, "is missing the key '" + key.toString().toStdString() + "'", quiet);
        const QJsonObject properties = schema.value("properties").toObject();
        const QJsonValue additional = schema.value("additionalProperties");
        for (const YamlEntry &entry : node) {
            if (!quiet && full()) break;
            const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
            const std::string at = pointer + "/" + pointerEscaped(key);
            if (schema.contains("propertyNames"))
                ok = check(entry.first, schema.value("propertyNames").toObject(), at, quiet) && ok;
            if (properties.contains(QString::fromStdString(key))) {
                ok = check(entry.second, properties.value(QString::fromStdString(key)).toObject(), at, quiet) && ok;
            } else if (additional.isBool() && !additional.toBool()) {
                ok = fail(entry.first, at, "unknown key '" + key + "'", quiet);
            } else if (additional.isObject()) {
                ok = check(entry.second, additional.toObject(), at, quiet) && ok;
            }
        }
        return ok;
    }

    bool full() const { return m_out.size() - m_first >= m_limit; }

    // Reports a violation (unless quiet); always false, so callers can `ok = fail(...)`.
    bool fail(const YamlNode &node, const std::string &pointer, const std::string &message, bool quiet)
    {
        if (quiet) return false;
        if (full()) {
            ++m_dropped;
            return false;
        }
        const YAML::Mark mark = node.Mark();
        const bool located = mark.line >= 0;
        m_out.push_back({Severity::Error, m_file, located ? mark.line + 1 : 0, located ? mark.column + 1 : 0,
                         (pointer.empty() ? std::string("the document") : pointer) + ": " + message});
        return false;
    }

    const QJsonObject &m_root;
    const std::string &m_file;
    Diagnostics &m_out;
    std::size_t m_limit;
    std::size_t m_first = m_out.size();
    std::size_t m_dropped = 0;
};

} // namespace

std::optional<JsonSchema> JsonSchema::parse(std::string_view json, std::string *error)
{
    QJsonParseError parseError;
    const QJsonDocument document =
        QJsonDocument::fromJson(QByteArray(json.data(), qsizetype(json.size())), &parseError);
    if (!document.isObject()) {
        if (error) *error = "the schema is not a JSON object: " + parseError.errorString().toStdString();
        return std::nullopt;
    }
    if (const QString bad = unknownKeyword(document.object()); !bad.isEmpty()) {
        if (error) *error = "the schema uses '" + bad.toStdString() + "', which this checker does not know";
        return std::nullopt;
    }
    return JsonSchema(document.object());
}

void JsonSchema::check(const YamlNode &root, const std::string &file, Diagnostics &out, std::size_t limit) const
{
    Checker checker(m_root, file, out, limit);
    checker.check(root, m_root, "", false);
    checker.finish();
}

} // namespace railforge::document
