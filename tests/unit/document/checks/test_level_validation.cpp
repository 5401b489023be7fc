// Every kind of bad level is refused with FILE:LINE:COLUMN and a message a designer understands.
#include "document/yaml/level_reader.h"

#include <QtTest>

using namespace railforge::document;

namespace {
const std::string header = "railforge: 1\nlevel: {name: L, units: m}\n"; // lines 1-2
const std::string twoWaypoints =
    "waypoints:\n  - {id: a, position: [0, 0, 0]}\n  - {id: b, position: [5, 0, 0]}\n"; // lines 3-5

QString all(const Diagnostics &diagnostics)
{
    QStringList lines;
    for (const auto &d : diagnostics) lines << QString::fromStdString(formatDiagnostic(d));
    return lines.join('\n');
}
} // namespace

class TestLevelValidation : public QObject {
    Q_OBJECT
private slots:
    void refusesBadInput_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QByteArray>("token");
        QTest::addColumn<QString>("fragment");

        // The error must point at `token` on `line` (line 0: no place to check).
        auto row = [](const char *name, const std::string &text, int line, const char *token, const char *fragment) {
            QTest::newRow(name) << QByteArray::fromStdString(text) << line << QByteArray(token) << QString(fragment);
        };
        row("syntax error", header + "waypoints: [\n  - {id: a\n", 0, "", "YAML syntax error");
        row("empty file", "", 0, "", "empty");
        row("not a mapping", "- 1\n- 2\n", 1, "- 1", "must be a mapping");
        row("missing version", "level: {name: L}\n", 1, "level", "missing the key 'railforge'");
        row("wrong version", "railforge: 2\n", 1, "2", "unsupported format version 2");
        row("version is text", "railforge: one\n", 1, "one", "must be a whole number");
        row("unknown frame", header + "rails:\n  - {id: r, frame: wobbly, points: [[0, 0, 0], [1, 0, 0]]}\n", 4,
            "wobbly", "unknown frame 'wobbly'");
        row("waypoint without id", header + "waypoints:\n  - {position: [0, 0, 0]}\n", 4, "{position",
            "missing the key 'id'");
        row("waypoint without position", header + "waypoints:\n  - {id: a}\n", 4, "{id", "missing the key 'position'");
        row("position of 4 numbers", header + "waypoints:\n  - {id: a, position: [0, 0, 0, 0]}\n", 4, "[0, 0, 0, 0]",
            "[x, y] or [x, y, z]");
        row("position as text", header + "waypoints:\n  - {id: a, position: [0, \"1\", 0]}\n", 4, "\"1\"",
            "must be a number");
        row("NaN coordinate", header + "waypoints:\n  - {id: a, position: [0, .nan, 0]}\n", 4, ".nan", "finite number");
        row("infinite coordinate", header + "waypoints:\n  - {id: a, position: [-.inf, 0, 0]}\n", 4, "-.inf",
            "finite number");
        row("overflowing coordinate", header + "waypoints:\n  - {id: a, position: [1e999, 0, 0]}\n", 4, "1e999",
            "finite number");
        row("empty id", header + "waypoints:\n  - {id: \"\", position: [0, 0, 0]}\n", 4, "\"\"", "must not be empty");
        row("duplicate waypoint id", header + twoWaypoints + "  - {id: a, position: [1, 1, 0]}\n", 6, "a, position",
            "duplicate waypoint id 'a'");
        row("edge to unknown waypoint", header + twoWaypoints + "edges:\n  - {from: a, to: zz}\n", 7, "zz",
            "unknown waypoint 'zz'");
        row("edge from unknown waypoint", header + twoWaypoints + "edges:\n  - {from: qq, to: a}\n", 7, "qq",
            "unknown waypoint 'qq'");
        row("edge to itself", header + twoWaypoints + "edges:\n  - {from: a, to: a}\n", 7, "a, to", "to itself");
        row("duplicate edge", header + twoWaypoints + "edges:\n  - {from: a, to: b}\n  - {from: b, to: a}\n", 8,
            "b, to", "duplicate edge");
        row("negative cost", header + twoWaypoints + "edges:\n  - {from: a, to: b, cost: -1}\n", 7, "-1",
            "greater than 0");
        row("bidirectional not bool", header + twoWaypoints + "edges:\n  - {from: a, to: b, bidirectional: maybe}\n", 7,
            "maybe", "true or false");
        row("rail with one point", header + "rails:\n  - {id: r, points: [[0, 0, 0]]}\n", 4, "[[0, 0, 0]]",
            "at least 2 points");
        row("unknown spline type", header + "rails:\n  - {id: r, spline: {type: hermite}, points: [[0, 0], [1, 1]]}\n",
            4, "hermite", "unknown spline type 'hermite'");
        row("alpha outside [0,1]",
            header + "rails:\n  - {id: r, spline: {type: catmull-rom, alpha: 2}, points: [[0, 0], [1, 1]]}\n", 4, "2}",
            "alpha must be within [0, 1]");
        row("duplicate rail id",
            header + "rails:\n  - {id: r, points: [[0, 0], [1, 1]]}\n  - {id: r, points: [[0, 0], [1, 1]]}\n", 5,
            "r, points", "duplicate rail id 'r'");
        row("polygon with two points", header + "obstacles:\n  - {id: o, polygon: [[0, 0], [1, 1]]}\n", 4, "o, polygon",
            "at least 3 points");
        row("polygon of zero area", header + "obstacles:\n  - {id: o, polygon: [[0, 0], [1, 1], [2, 2]]}\n", 4,
            "o, polygon", "zero area");
        row("self-crossing polygon", header + "obstacles:\n  - {id: o, polygon: [[0, 0], [4, 4], [4, 0], [0, 2]]}\n", 4,
            "o, polygon", "not simple");
        row("circle of radius 0", header + "obstacles:\n  - {id: o, circle: {center: [0, 0], radius: 0}}\n", 4, "0}",
            "greater than 0");
        row("polygon and circle",
            header +
                "obstacles:\n  - {id: o, polygon: [[0, 0], [1, 0], [0, 1]], circle: {center: [0, 0], radius: 1}}\n",
            4, "{center", "both 'polygon' and 'circle'");
        row("obstacle without shape", header + "obstacles:\n  - {id: o}\n", 4, "{id",
            "needs a 'polygon' or a 'circle'");
        row("3D polygon point", header + "obstacles:\n  - {id: o, polygon: [[0, 0, 1], [1, 0], [0, 1]]}\n", 4,
            "[0, 0, 1]", "must be [x, y]");
        row("unknown patrol mode", header + twoWaypoints + "patrols:\n  - {id: p, stops: [a, b], mode: sometimes}\n", 7,
            "sometimes", "unknown mode 'sometimes'");
        row("patrol stop unknown", header + twoWaypoints + "patrols:\n  - {id: p, stops: [a, nowhere]}\n", 7, "nowhere",
            "unknown waypoint 'nowhere'");
        row("patrol with one stop", header + twoWaypoints + "patrols:\n  - {id: p, stops: [a]}\n", 7, "[a]",
            "at least 2 stops");
        row("smoothing step without strategy",
            header + twoWaypoints + "patrols:\n  - {id: p, stops: [a, b], smoothing: [{params: {}}]}\n", 7, "{params",
            "missing the key 'strategy'");
        row("alias", header + "waypoints:\n  - &w {id: a, position: [0, 0, 0]}\n  - *w\n", 5, "*w", "aliases");
        row("duplicate key", header + "waypoints:\n  - {id: a, id: b, position: [0, 0, 0]}\n", 4, "id: b",
            "duplicate key 'id'");
        row("two documents", header + "---\n" + header, 3, "---", "more than one YAML document");
        row("too deep", header + "waypoints: " + std::string(100, '[') + std::string(100, ']') + "\n", 0, "",
            "nesting deeper than 64");
        row("invalid UTF-8", header + "waypoints: []\n# caf\xc3\n", 4, "\xc3", "invalid UTF-8");
        row("binary garbage", std::string("railforge: 1\n\x01\x02\x03", 16), 2, "\x01", "binary");
        row("property list value", header + "waypoints:\n  - {id: a, position: [0, 0], properties: {tags: [x, y]}}\n",
            4, "[x, y]", "single value");
        row("lists must be lists", header + "waypoints: {id: a}\n", 3, "{id", "'waypoints' must be a list");
        // Numbers beyond the input limits (docs/design.md "Input limits"), refused where they stand.
        row("rail point beyond the range", header + "rails:\n  - id: r\n    points: [[0, 0, 0], [1, 2, 1.0e300]]\n", 5,
            "1.0e300", "outside the coordinate range [-1e9, 1e9]");
        row("waypoint beyond the range", header + "waypoints:\n  - {id: a, position: [-2.0e9, 0]}\n", 4, "-2.0e9",
            "outside the coordinate range");
        row("polygon point beyond the range",
            header + "obstacles:\n  - {id: o, polygon: [[0, 0], [1, 0], [0, 1.5e9]]}\n", 4, "1.5e9",
            "outside the coordinate range");
        row("circle centre beyond the range",
            header + "obstacles:\n  - {id: o, circle: {center: [1.0e10, 0], radius: 1}}\n", 4, "1.0e10",
            "outside the coordinate range");
        row("circle radius beyond the range",
            header + "obstacles:\n  - {id: o, circle: {center: [0, 0], radius: 2.0e9}}\n", 4, "2.0e9",
            "above the largest radius 1e9");
        row("edge cost beyond the range", header + twoWaypoints + "edges:\n  - {from: a, to: b, cost: 1.0e16}\n", 7,
            "1.0e16", "above the largest cost 1e15");
        // Degenerate rails: no length, so no direction to write as a tangent.
        row("rail points all coincide", header + "rails:\n  - id: dot\n    points: [[1, 1], [1, 1], [1, 1]]\n", 4,
            "dot", "all its points at one place");
        row("rail points 1e-300 apart", header + "rails:\n  - id: r\n    points: [[0, 0], [1.0e-300, 0]]\n", 5,
            "[1.0e-300", "points 1 and 2 are 1e-300 apart: closer than the resolution 1e-6");
        row("closed rail seam too short",
            header + "rails:\n  - id: r\n    closed: true\n    points: [[0, 0], [5, 0], [0, 1.0e-9]]\n", 6, "[0, 0]",
            "points 3 and 1 are 1e-09 apart");
        // Files from other editors.
        row("tab in indentation", header + "rails:\n\t- id: r\n", 4, "\t", "tabs are not allowed in YAML indentation");
        row("UTF-16 little-endian", std::string("r\0a\0i\0", 6), 1, "r", "UTF-16 little-endian");
        row("UTF-16 big-endian with its mark", std::string("\xfe\xff\0r", 4), 1, "\xfe", "UTF-16 big-endian");
        row("UTF-32 little-endian with its mark", std::string("\xff\xfe\0\0r\0\0\0", 8), 1, "\xff",
            "UTF-32 little-endian");
    }

    void refusesBadInput()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(QByteArray, token);
        QFETCH(QString, fragment);
        int column = 0;
        if (line > 0) {
            const QByteArray lineText = text.split('\n').value(line - 1);
            QVERIFY2(lineText.contains(token), "test data: the token is not on that line");
            column = int(lineText.indexOf(token)) + 1;
        }
        const auto result = readLevel(text.toStdString(), "bad.yaml");
        QVERIFY2(!result.level, "a bad document was accepted");
        QVERIFY(hasErrors(result.diagnostics));
        const auto match = std::find_if(result.diagnostics.begin(), result.diagnostics.end(), [&](const Diagnostic &d) {
            return d.severity == Severity::Error && QString::fromStdString(d.message).contains(fragment);
        });
        QVERIFY2(match != result.diagnostics.end(),
                 qPrintable("no error mentions '" + fragment + "':\n" + all(result.diagnostics)));
        QCOMPARE(match->file, std::string("bad.yaml"));
        if (line > 0) {
            QVERIFY2(
                match->line == line && match->column == column,
                qPrintable(QString("expected %1:%2, got:\n%3").arg(line).arg(column).arg(all(result.diagnostics))));
        }
        QVERIFY(QString::fromStdString(formatDiagnostic(*match))
                    .startsWith(line > 0 ? QString("bad.yaml:%1:%2: ").arg(line).arg(column) : QString("bad.yaml")));
    }

    void collectsEveryProblem()
    {
        const auto result =
            readLevel(header + "waypoints:\n  - {id: a, position: [0, .inf, 0]}\n  - {id: a, position: [0, 0, 0]}\n"
                               "rails:\n  - {id: r, points: [[0, 0]], spline: {alpha: 7}}\n"
                               "edges:\n  - {from: a, to: ghost}\n",
                      "many.yaml");
        QVERIFY(!result.level);
        QVERIFY2(result.diagnostics.size() >= 5, qPrintable(all(result.diagnostics)));
    }

    // The handle that leads off an open rail (in on the first point, out on the last) shapes nothing:
    // engine tools leave it out, and the level loads.
    void idleEndHandlesMayBeLeftOut()
    {
        const std::string text = header + "rails:\n  - id: r\n    spline: {type: bezier}\n    points:\n"
                                          "      - {at: [0, 0, 0], out: [1, 0, 0], mode: free}\n"
                                          "      - {at: [5, 0, 0], in: [-1, 0, 0], mode: aligned}\n";
        const LoadResult loaded = readLevel(text, "ends.yaml");
        QVERIFY2(loaded.level, qPrintable(all(loaded.diagnostics)));
        const Rail &rail = loaded.level->rails.front();
        QCOMPARE(rail.handles[0].out.x, 1.0);
        QCOMPARE(rail.handles[1].in.x, -1.0);
        // On a closed rail every handle shapes a segment: still required.
        std::string closed = text;
        closed.replace(closed.find("spline"), 0, "closed: true\n    ");
        closed += "      - [5, 5, 0]\n";
        const LoadResult refused = readLevel(closed, "closed.yaml");
        QVERIFY(!refused.level);
        QVERIFY(all(refused.diagnostics).contains("needs both handles"));
    }

    void unknownKeysAreWarningsOnly()
    {
        const auto result =
            readLevel(header + "waypoints:\n  - {id: a, position: [0, 0, 0], colour: red}\nextras: 1\n", "warn.yaml");
        QVERIFY2(result.level, qPrintable(all(result.diagnostics)));
        QCOMPARE(result.diagnostics.size(), std::size_t(2));
        for (const auto &d : result.diagnostics) {
            QVERIFY(d.severity == Severity::Warning);
            QVERIFY(QString::fromStdString(formatDiagnostic(d)).contains("warning: unknown key"));
        }
        // Sorted by place in the file.
        QCOMPARE(result.diagnostics[0].line, 4);
        QCOMPARE(result.diagnostics[0].column, 34);
        QCOMPARE(result.diagnostics[1].line, 5);
    }
};

QTEST_APPLESS_MAIN(TestLevelValidation)
#include "test_level_validation.moc"
