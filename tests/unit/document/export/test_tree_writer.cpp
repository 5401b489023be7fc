// TreeWriter (the export's JSON/YAML writer): its layout on a known tree, and random trees of every
// shape read back by independent parsers (QJsonDocument, yaml-cpp) as the tree that was written.
#include "document/export/tree_writer.h"
#include "document/text/finite_output.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <yaml-cpp/yaml.h>

#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <set>
#include <variant>

using namespace railforge::document;
using Style = TreeWriter::Style;

namespace {

// A tree to write: a scalar, or a container of children (keys for mappings).
struct Node {
    enum Kind { Text, Number, Integer, Bool, Null, Map, List } kind = Null;
    std::string text;
    double number = 0;
    long long integer = 0;
    bool flag = false;
    Style style = Style::Block;
    std::vector<std::pair<std::string, Node>> children; // keys empty for lists
};

Node make(Node::Kind kind)
{
    Node n;
    n.kind = kind;
    return n;
}

void write(TreeWriter &w, const Node &n)
{
    switch (n.kind) {
    case Node::Text: w.string(n.text); break;
    case Node::Number: w.number(n.number); break;
    case Node::Integer: w.integer(n.integer); break;
    case Node::Bool: w.boolean(n.flag); break;
    case Node::Null: w.null(); break;
    case Node::Map:
        w.beginMap(n.style);
        for (const auto &[key, child] : n.children) {
            w.key(key);
            write(w, child);
        }
        w.endMap();
        break;
    case Node::List:
        w.beginList(n.style);
        for (const auto &child : n.children) write(w, child.second);
        w.endList();
        break;
    }
}

std::string text(TreeFormat format, const Node &root)
{
    TreeWriter w(format);
    write(w, root);
    return w.take();
}

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0 || a == b; }

bool equalJson(const Node &n, const QJsonValue &v)
{
    switch (n.kind) {
    case Node::Text: return v.isString() && v.toString().toStdString() == n.text;
    case Node::Number: return v.isDouble() && sameBits(v.toDouble(), n.number);
    case Node::Integer: return v.isDouble() && v.toInteger() == n.integer;
    case Node::Bool: return v.isBool() && v.toBool() == n.flag;
    case Node::Null: return v.isNull();
    case Node::Map: {
        if (!v.isObject() || v.toObject().size() != qsizetype(n.children.size())) return false;
        const QJsonObject o = v.toObject();
        for (const auto &[key, child] : n.children)
            if (!o.contains(QString::fromStdString(key)) || !equalJson(child, o.value(QString::fromStdString(key))))
                return false;
        return true;
    }
    case Node::List: {
        if (!v.isArray() || v.toArray().size() != qsizetype(n.children.size())) return false;
        for (std::size_t i = 0; i < n.children.size(); ++i)
            if (!equalJson(n.children[i].second, v.toArray().at(qsizetype(i)))) return false;
        return true;
    }
    }
    return false;
}

bool equalYaml(const Node &n, const YAML::Node &y) // const: a missing key reads as an invalid node
{
    switch (n.kind) {
    case Node::Text: return y.IsScalar() && y.Scalar() == n.text && (y.Tag() == "!" || !n.text.empty());
    case Node::Number: return y.IsScalar() && y.Tag() == "?" && sameBits(y.as<double>(), n.number);
    case Node::Integer: return y.IsScalar() && y.Tag() == "?" && y.as<long long>() == n.integer;
    case Node::Bool: return y.IsScalar() && y.Tag() == "?" && y.as<bool>() == n.flag;
    case Node::Null: return y.IsNull();
    case Node::Map: {
        if (!y.IsMap() || y.size() != n.children.size()) return false;
        for (const auto &[key, child] : n.children)
            if (!y[key] || !equalYaml(child, y[key])) return false;
        return true;
    }
    case Node::List: {
        if (!y.IsSequence() || y.size() != n.children.size()) return false;
        for (std::size_t i = 0; i < n.children.size(); ++i)
            if (!equalYaml(n.children[i].second, y[i])) return false;
        return true;
    }
    }
    return false;
}

class RandomTree {
public:
    explicit RandomTree(std::uint64_t seed) : m_rng(seed) {}

    Node root()
    {
        Node n = container(true, 0);
        n.style = Style::Block;
        return n;
    }

private:
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }

    std::string word()
    {
        static const char *words[] = {
            "id",     "y",    "n",   "true",    "null",        "a b",       "1",         "-2.5",    "",
            " lead",  "x: y", "#c",  "q\"uote", "back\\slash", "tab\there", "new\nline", "\x01ctl", "caf\xc3\xa9",
            "- dash", "[x]",  "{y}", "~",       "nan",         ".inf",      "0x1F",      "samples", "ok_name"};
        return words[pick(int(std::size(words)))];
    }

    double number()
    {
        double v;
        do {
            std::uint64_t bits = m_rng();
            std::memcpy(&v, &bits, sizeof v);
        } while (!std::isfinite(v));
        const double simple[] = {0.0, -0.0, 1.0, 0.1, 2.5, 1e21, -1e-7, 123456789.0};
        return pick(2) ? v : simple[pick(int(std::size(simple)))];
    }

    Node scalar()
    {
        Node n;
        switch (pick(5)) {
        case 0:
            n.kind = Node::Text;
            n.text = word();
            break;
        case 1:
            n.kind = Node::Number;
            n.number = number();
            break;
        case 2:
            n.kind = Node::Integer;
            n.integer = (long long)(m_rng() >> (pick(63) + 1)) * (pick(2) ? 1 : -1);
            break;
        case 3:
            n.kind = Node::Bool;
            n.flag = pick(2);
            break;
        default: n.kind = Node::Null; break;
        }
        return n;
    }

    Node container(bool map, int depth)
    {
        Node n;
        n.kind = map ? Node::Map : Node::List;
        n.style = pick(3) ? Style::Block : Style::Flow;
        const int count = pick(5);
        std::set<std::string> used;
        for (int i = 0; i < count; ++i) {
            std::string key;
            if (map) {
                key = word() + (pick(3) ? "" : std::to_string(i));
                if (!used.insert(key).second) continue;
            }
            Node child;
            const int kind = depth < 4 ? pick(4) : 0;
            // A YAML block list cannot hold a block list directly (the export never needs one).
            if (kind == 1 || (kind == 2 && !map && n.style == Style::Block)) {
                child = container(true, depth + 1);
            } else if (kind == 2) {
                child = container(false, depth + 1);
            } else if (kind == 3) {
                child = container(false, depth + 1);
                if (!map && n.style == Style::Block) child.style = Style::Flow;
            } else {
                child = scalar();
            }
            n.children.emplace_back(key, std::move(child));
        }
        return n;
    }

    std::mt19937_64 m_rng;
};

} // namespace

class TestTreeWriter : public QObject {
    Q_OBJECT
private slots:
    void knownLayout()
    {
        Node root;
        root.kind = Node::Map;
        Node version = make(Node::Integer);
        version.integer = 2;
        Node name = make(Node::Text);
        name.text = "Yard \"A\"";
        Node row = make(Node::List);
        row.style = Style::Flow;
        for (double v : {0.5, 1e21, -0.0}) { // -0 is written 0 (number_format.h)
            Node x = make(Node::Number);
            x.number = v;
            row.children.emplace_back("", x);
        }
        Node item = make(Node::Map);
        item.children = {{"id", name}, {"row", row}, {"empty", make(Node::List)}};
        Node items = make(Node::List);
        items.children = {{"", item}};
        root.children = {{"version", version}, {"items", items}, {"none", make(Node::Map)}};

        QCOMPARE(QString::fromStdString(text(TreeFormat::Yaml, root)), QString("version: 2\n"
                                                                               "items:\n"
                                                                               "  - id: \"Yard \\\"A\\\"\"\n"
                                                                               "    row: [0.5, 1.0e+21, 0]\n"
                                                                               "    empty: []\n"
                                                                               "none: {}\n"));
        QCOMPARE(QString::fromStdString(text(TreeFormat::Json, root)), QString("{\n"
                                                                               "  \"version\": 2,\n"
                                                                               "  \"items\": [\n"
                                                                               "    {\n"
                                                                               "      \"id\": \"Yard \\\"A\\\"\",\n"
                                                                               "      \"row\": [0.5, 1.0e+21, 0],\n"
                                                                               "      \"empty\": []\n"
                                                                               "    }\n"
                                                                               "  ],\n"
                                                                               "  \"none\": {}\n"
                                                                               "}\n"));
    }

    void randomTreesReadBackAsWritten()
    {
        for (std::uint64_t seed = 1; seed <= 400; ++seed) {
            const Node root = RandomTree(seed).root();
            const std::string json = text(TreeFormat::Json, root);
            const std::string yaml = text(TreeFormat::Yaml, root);
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json), &error);
            QVERIFY2(error.error == QJsonParseError::NoError,
                     qPrintable(
                         QString("seed %1: %2\n%3").arg(seed).arg(error.errorString(), QString::fromStdString(json))));
            QVERIFY2(equalJson(root, doc.object()),
                     qPrintable(QString("seed %1 JSON:\n").arg(seed) + QString::fromStdString(json)));
            YAML::Node y;
            try {
                y = YAML::Load(yaml);
            } catch (const YAML::Exception &e) {
                QFAIL(qPrintable(QString("seed %1: %2\n%3").arg(seed).arg(e.what(), QString::fromStdString(yaml))));
            }
            QVERIFY2(equalYaml(root, y),
                     qPrintable(QString("seed %1 YAML:\n").arg(seed) + QString::fromStdString(yaml)));
        }
    }

    void refusesNonFiniteNumbers()
    {
        for (TreeFormat format : {TreeFormat::Json, TreeFormat::Yaml}) {
            TreeWriter w(format);
            w.beginMap();
            w.key("x");
            QVERIFY_THROWS_EXCEPTION(NonFiniteOutput, w.number(std::numeric_limits<double>::quiet_NaN()));
            const double row[2] = {1.0, std::numeric_limits<double>::infinity()};
            QVERIFY_THROWS_EXCEPTION(NonFiniteOutput, w.row(row, 2));
            // Nothing of a refused value was written: the key still waits for its value.
            w.number(1.5);
            w.endMap();
            QCOMPARE(QString::fromStdString(w.take()),
                     format == TreeFormat::Json ? QString("{\n  \"x\": 1.5\n}\n") : QString("x: 1.5\n"));
        }
    }
};

QTEST_APPLESS_MAIN(TestTreeWriter)
#include "test_tree_writer.moc"
