// Channels in the level file: read, written and read back the same; kept through a save that keeps
// the author's text (a moved point changes one line); and point keys follow their points through
// every edit of the rail: a point inserted before them, a point deleted before them, the keyed point
// itself deleted (the key stays where the point was), a point split into a curve, a change to
// Bezier; arc-length keys stay at their distance.
#include "document/editing/level_document.h"
#include "document/editing/level_editing.h"
#include "document/editing/rail_handle_editing.h"
#include "document/model/rail_geometry.h"
#include "document/model/tool_numbers.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_rewriter.h"
#include "document/yaml/level_writer.h"

#include <QtTest>

using namespace railforge;
using namespace railforge::document;

namespace {

const char *kLevel = R"(railforge: 1
level: {name: Channels, units: m}
rails:
  - id: cart
    spline: {type: catmull-rom, alpha: 0.5}
    points: [[0, 0, 0], [10, 0, 0], [20, 0, 0], [30, 0, 0]]
    # speeds the game reads
    channels:
      speed: {type: float, interp: smoothstep, keys: [{point: 0, value: 12}, {s: 15.5, value: 20}, {point: 3, value: 4}]}
      lane: {type: int, keys: [{point: 1, value: 2}]}
      brakes: {type: bool, keys: [{point: 2, value: true}]}
      zone: {type: string, keys: [{s: 0, value: "mine shaft"}]}
      lights: {type: colour, interp: linear, keys: [{point: 0, value: "#FF8800"}, {point: 3, value: "#0000FF80"}]}
      sounds: {type: event, keys: [{s: 10, value: whoosh}]}
)";

Level read(const std::string &text)
{
    LoadResult loaded = readLevel(text, "channels.yaml");
    for (const auto &d : loaded.diagnostics) qWarning("%s", formatDiagnostic(d).c_str());
    if (!loaded.level) qFatal("level did not load");
    return *loaded.level;
}

const RailChannel &channel(const Level &level, const char *name)
{
    for (const auto &c : level.rails.front().channels)
        if (c.name == name) return c;
    qFatal("no channel %s", name);
}

std::vector<std::optional<std::size_t>> points(const RailChannel &c)
{
    std::vector<std::optional<std::size_t>> out;
    for (const auto &k : c.keys) out.push_back(k.point);
    return out;
}

} // namespace

class TestRailChannels : public QObject {
    Q_OBJECT
private slots:
    void readsEveryTypeAndWritesItBack()
    {
        const Level level = read(kLevel);
        const Rail &rail = level.rails.front();
        QCOMPARE(rail.channels.size(), std::size_t(6));
        const RailChannel &speed = channel(level, "speed");
        QCOMPARE(speed.interp, core::ChannelInterp::Smoothstep);
        QCOMPARE(speed.keys[1].s, 15.5);
        QCOMPARE(speed.keys[2].point, std::optional<std::size_t>(3));
        QCOMPARE(channel(level, "lane").interp, core::ChannelInterp::Step); // the default for int
        QCOMPARE(channel(level, "brakes").keys[0].value.number, 1.0);
        QCOMPARE(channel(level, "zone").keys[0].value.text, std::string("mine shaft"));
        QCOMPARE(channel(level, "lights").keys[1].value.colour[3], 128 / 255.0);
        QCOMPARE(channel(level, "sounds").keys[0].value.text, std::string("whoosh"));
        // Written afresh and read again: the same level.
        const std::string written = writeLevel(level);
        QVERIFY2(read(written) == level, written.c_str());
    }

    void aSaveKeepsTheChannelsAsWritten()
    {
        const Level before = read(kLevel);
        Level after = before;
        after.rails.front().points[1].z = 2;
        const RewrittenLevel saved = rewriteLevel(kLevel, after, &before);
        QVERIFY(saved.keptPreviousText);
        QVERIFY(read(saved.text) == after);
        // One line changed: the points; the channels' lines and the comment are as they were.
        QVERIFY(saved.text.find("      speed: {type: float, interp: smoothstep, keys: [{point: 0, value: 12}, {s: "
                                "15.5, value: 20}, {point: 3, value: 4}]}") != std::string::npos);
        QVERIFY(saved.text.find("# speeds the game reads") != std::string::npos);
    }

    void pointKeysFollowTheirPoints()
    {
        LevelDocument document;
        document.setLevel(read(kLevel));
        auto speed = [&] { return channel(document.level(), "speed"); };
        // A point inserted before point 3: the key on point 3 moves to 4; point 0's stays.
        insertRailPoint(document, "cart", 2, {15, 5, 0});
        QCOMPARE(points(speed()), (std::vector<std::optional<std::size_t>>{0, std::nullopt, 4}));
        // An arc-length key keeps its fraction (0.55) of the stretch it was on, from point 1 to the
        // old point 2, now split in two by the new point (docs/design.md "Places along rails"), to
        // 1e-6 level units: a place the edit moved is tool-made, rounded as tool-made positions are.
        const auto table = core::buildArcLengthTable(railCurve(document.level().rails.front()));
        const double from = pointArcLength(table, 5, 1), to = pointArcLength(table, 5, 3);
        QVERIFY2(std::abs(speed().keys[1].s - (from + 0.55 * (to - from))) <= 0.5e-6,
                 std::to_string(speed().keys[1].s).c_str());
        QCOMPARE(speed().keys[1].s, toolPosition(speed().keys[1].s));
        // That point deleted again: back to 3, and the key back at 15.5.
        QVERIFY(removeRailPoint(document, "cart", 2));
        QCOMPARE(points(speed()), (std::vector<std::optional<std::size_t>>{0, std::nullopt, 3}));
        QCOMPARE(speed().keys[1].s, 15.5);
        // The keyed point 2 of 'brakes' deleted: its key stays where the point was, as an arc length.
        const double s2 = pointArcLength(core::buildArcLengthTable(railCurve(document.level().rails.front())), 4, 2);
        QVERIFY(removeRailPoint(document, "cart", 2));
        const RailChannel brakes = channel(document.level(), "brakes");
        QVERIFY(!brakes.keys[0].point.has_value());
        QCOMPARE(brakes.keys[0].s, s2);
        QCOMPARE(points(speed()), (std::vector<std::optional<std::size_t>>{0, std::nullopt, 2}));
        // Undo puts every key back on its point.
        document.undoStack()->undo();
        QCOMPARE(channel(document.level(), "brakes").keys[0].point, std::optional<std::size_t>(2));
        // A point split into the curve (double-click): keys after it move up.
        QVERIFY(insertRailPointOnCurve(document, "cart", 0, 0.5));
        QCOMPARE(points(speed()), (std::vector<std::optional<std::size_t>>{0, std::nullopt, 4}));
        QCOMPARE(channel(document.level(), "lane").keys[0].point, std::optional<std::size_t>(2));
        // To Bezier: the points stay, so do the keys.
        Level converted;
        converted.rails.push_back(withSplineKind(document.level().rails.front(), SplineKind::Bezier));
        QCOMPARE(points(channel(converted, "speed")), points(speed()));
    }

    void resolvedKeysSitAtTheirPoints()
    {
        const Level level = read(kLevel);
        const Rail &rail = level.rails.front();
        const auto table = core::buildArcLengthTable(railCurve(rail));
        const auto keys = resolvedKeys(channel(level, "speed"), table, rail.points.size());
        QCOMPARE(keys.size(), std::size_t(3));
        QCOMPARE(keys[0].s, 0.0);
        QCOMPARE(keys[1].s, 15.5);
        QVERIFY(std::abs(keys[2].s - core::totalLength(table)) < 1e-9);
    }
};

QTEST_MAIN(TestRailChannels)
#include "test_rail_channels.moc"
