// Junctions in the level file (docs/design.md "Rail networks"): read and written back the same, and
// every error and warning the loader gives about them, at its line and column, with what it says:
// unknown rails, end and s both or neither, a closed rail's end, s outside the rail, a rail end in
// two places, a rail linked twice, a linked end off the junction point (with the distance), a default
// that is no way; a sharp turn and a tilt jump as warnings. A save that keeps the file's text keeps
// the junctions' lines when another object is edited.
#include "document/model/junction_network.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_rewriter.h"
#include "document/yaml/level_writer.h"

#include <QtTest>

using namespace railforge;
using namespace railforge::document;

namespace {

// Rails for every case: main east 0..100, a and b leaving its end (36.87° each side), spur leaving
// main at s = 40, loop closed, sharp turning back north-west at main's end, tipped leaving main's
// end tilted 40°, high leaving 2 m above it. Line 1 of the text is "railforge: 1"; the junctions start on line 30.
const char *kRails = R"(railforge: 1
level: {name: Junctions, units: m}
rails:
  - id: main
    spline: {type: linear, alpha: 0.5}
    points: [[0, 0, 0], [100, 0, 0]]
  - id: a
    spline: {type: linear, alpha: 0.5}
    points: [[100, 0, 0], [140, 30, 0]]
  - id: b
    spline: {type: linear, alpha: 0.5}
    points: [[100, 0, 0], [180, -60, 0]]
  - id: spur
    spline: {type: linear, alpha: 0.5}
    points: [[40, 0, 0], [80, 30, 0]]
  - id: loop
    closed: true
    spline: {type: linear, alpha: 0.5}
    points: [[0, 50, 0], [20, 50, 0], [20, 70, 0]]
  - id: sharp
    spline: {type: linear, alpha: 0.5}
    points: [[100, 0, 0], [60, 30, 0]]
  - id: tipped
    frame: upright
    spline: {type: linear, alpha: 0.5}
    points: [{at: [100, 0, 0], tilt: 40}, {at: [150, 0, 0], tilt: 40}]
  - id: high
    spline: {type: linear, alpha: 0.5}
    points: [[100, 0, 2], [150, 10, 2]]
)";

LoadResult load(const std::string &junctions)
{
    std::string text = kRails;
    text.append(junctions);
    return readLevel(text, "j.yaml");
}

QString describe(const Diagnostics &ds)
{
    QString out;
    for (const Diagnostic &d : ds) out += QString::fromStdString(formatDiagnostic(d)) + "\n";
    return out;
}

} // namespace

class TestJunctionReader : public QObject {
    Q_OBJECT
private slots:
    void readsAndWritesBack()
    {
        const LoadResult loaded = load(R"(junctions:
  - id: fork
    at: {rail: main, end: end}
    links: [{rail: a, end: start}, {rail: b, end: start}]
    default: b
  - id: siding
    at: {rail: main, s: 40}
    links: [{rail: spur, end: start}]
    properties: {signal: true}
)");
        QVERIFY2(loaded.level && loaded.diagnostics.empty(), qPrintable(describe(loaded.diagnostics)));
        const Level &level = *loaded.level;
        QCOMPARE(level.junctions.size(), std::size_t(2));
        QCOMPARE(level.junctions[0].end, std::optional<RailEnd>(RailEnd::End));
        QCOMPARE(level.junctions[0].defaultWay, std::string("b"));
        QVERIFY(!level.junctions[1].end);
        QCOMPARE(level.junctions[1].s, 40.0);
        QCOMPARE(loaded.marks.junctions.size(), std::size_t(2));
        const LoadResult back = readLevel(writeLevel(level), "back.yaml");
        QVERIFY2(back.level, qPrintable(describe(back.diagnostics)));
        QVERIFY(*back.level == level);
        // The network: the fork's ways are a and b (b the default); the siding's main going on, then spur.
        const LevelNetwork net = buildLevelNetwork(level);
        QCOMPARE(net.wayRails[0], (std::vector<std::string>{"a", "b"}));
        QCOMPARE(net.junctions[0].defaultWay, std::size_t(1));
        QCOMPARE(net.wayRails[1], (std::vector<std::string>{"main", "spur"}));
        QCOMPARE(net.junctions[1].defaultWay, std::size_t(0));
        QCOMPARE(net.junctions[1].s, 40.0);
    }

    void problemsAtTheirPlaces_data()
    {
        QTest::addColumn<QString>("junctions");
        QTest::addColumn<bool>("error");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("says");
        const QString head = "junctions:\n  - id: j\n";
        QTest::newRow("unknown trunk") << head + "    at: {rail: nope, end: end}\n    links: [{rail: a, end: start}]\n"
                                       << true << 32 << 16 << "'nope' is not a rail";
        QTest::newRow("unknown link") << head + "    at: {rail: main, end: end}\n    links: [{rail: zz, end: start}]\n"
                                      << true << 33 << 20 << "'zz' is not a rail";
        QTest::newRow("end and s") << head +
                                          "    at: {rail: main, end: end, s: 3}\n    links: [{rail: a, end: start}]\n"
                                   << true << 32 << 9 << "not both";
        QTest::newRow("neither") << head + "    at: {rail: main}\n    links: [{rail: a, end: start}]\n"
                                 << true << 32 << 9 << "not neither";
        QTest::newRow("bad end") << head + "    at: {rail: main, end: middle}\n    links: [{rail: a, end: start}]\n"
                                 << true << 32 << 27 << "start or end";
        QTest::newRow("s outside") << head + "    at: {rail: main, s: 140}\n    links: [{rail: spur, end: start}]\n"
                                   << true << 32 << 25 << "outside rail 'main'";
        QTest::newRow("closed trunk end")
            << head + "    at: {rail: loop, end: end}\n    links: [{rail: a, end: start}]\n"
            << true << 32 << 27 << "closed: it has no ends";
        QTest::newRow("closed link") << head + "    at: {rail: main, s: 0}\n    links: [{rail: loop, end: start}]\n"
                                     << true << 33 << 20 << "closed: it has no ends";
        QTest::newRow("linked twice")
            << head + "    at: {rail: main, end: end}\n    links: [{rail: a, end: start}, {rail: a, end: end}]\n"
            << true << 33 << 43 << "links rail 'a' twice";
        QTest::newRow("end in two junctions")
            << head + "    at: {rail: main, end: end}\n    links: [{rail: a, end: start}]\n  - id: k\n"
                      "    at: {rail: b, end: start}\n    links: [{rail: a, end: start}]\n"
            << true << 36 << 13 << "start of rail 'a' is already in junction 'j'";
        QTest::newRow("at and link one end")
            << head + "    at: {rail: main, end: end}\n    links: [{rail: main, end: end}]\n"
            << true << 33 << 13 << "end of rail 'main' is already in junction 'j'";
        QTest::newRow("off the point") << head + "    at: {rail: main, s: 50}\n    links: [{rail: spur, end: start}]\n"
                                       << true << 33 << 13 << "is 10 from junction 'j'";
        QTest::newRow("default no way")
            << head + "    at: {rail: main, end: end}\n    links: [{rail: a, end: start}]\n    default: main\n"
            << true << 34 << 14 << "default 'main' is not one of its ways (a)";
        QTest::newRow("no links") << head + "    at: {rail: main, end: end}\n    links: []\n"
                                  << true << 33 << 12 << "links no rail";
        QTest::newRow("duplicate id")
            << head + "    at: {rail: main, end: end}\n    links: [{rail: a, end: start}]\n  - id: j\n"
                      "    at: {rail: main, s: 40}\n    links: [{rail: spur, end: start}]\n"
            << true << 34 << 9 << "duplicate junction id 'j'";
        QTest::newRow("sharp turn") << head + "    at: {rail: main, end: end}\n    links: [{rail: sharp, end: start}]\n"
                                    << false << 33 << 13 << "turns 143.1°";
        QTest::newRow("height jump") << head + "    at: {rail: main, end: end}\n    links: [{rail: high, end: start}]\n"
                                     << false << 33 << 13 << "the rider climbs 2 onto this rail (a height jump";
        QTest::newRow("tilt jump") << head + "    at: {rail: main, end: end}\n    links: [{rail: tipped, end: start}]\n"
                                   << false << 33 << 13 << "up jumps 40°";
    }
    void problemsAtTheirPlaces()
    {
        QFETCH(QString, junctions);
        QFETCH(bool, error);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, says);
        const LoadResult loaded = load(junctions.toStdString());
        QCOMPARE(bool(loaded.level), !error);
        bool found = false;
        for (const Diagnostic &d : loaded.diagnostics)
            found = found || (d.line == line && d.column == column && (d.severity == Severity::Error) == error &&
                              QString::fromStdString(d.message).contains(says));
        QVERIFY2(found, qPrintable("expected " + QString::number(line) + ":" + QString::number(column) + " " + says +
                                   "\ngot:\n" + describe(loaded.diagnostics)));
    }

    void aSaveKeepsTheJunctionsLines()
    {
        std::string text = kRails;
        text += R"(junctions:
  # the fork at the mine
  - id: fork
    at: {rail: main, end: end}
    links: [{rail: a, end: start}, {rail: b, end: start}]
)";
        const LoadResult loaded = readLevel(text, "keep.yaml");
        QVERIFY2(loaded.level, qPrintable(describe(loaded.diagnostics)));
        Level edited = *loaded.level;
        edited.junctions[0].defaultWay = edited.junctions[0].links[1].rail;
        const RewrittenLevel saved = rewriteLevel(text, edited, &*loaded.level);
        QVERIFY(saved.keptPreviousText);
        QVERIFY(QString::fromStdString(saved.text).contains("# the fork at the mine"));
        QVERIFY(QString::fromStdString(saved.text).contains("default: b"));
        const LoadResult back = readLevel(saved.text, "keep.yaml");
        QVERIFY(back.level && *back.level == edited);
    }
};

QTEST_GUILESS_MAIN(TestJunctionReader)
#include "test_junction_reader.moc"
