// Editing channels keeps the level loadable: each edit the profile's lanes and the inspector make
// (add, move, retype the value of, delete a key; add and remove a channel; change interpolation)
// refuses exactly what the loader refuses and says why; random sequences of edits always give a
// level that writes and reads back equal, without an error; each document edit is one undo step.
#include "document/editing/level_document.h"
#include "document/editing/rail_channel_editing.h"
#include "document/model/rail_geometry.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_writer.h"

#include <QtTest>

#include <random>

using namespace railforge;
using namespace railforge::document;

namespace {

core::ChannelValue number(double v)
{
    core::ChannelValue value;
    value.number = v;
    return value;
}

Rail cart(bool closed = false)
{
    Rail r;
    r.id = "cart";
    r.points = {{0, 0, 0}, {10, 0, 0}, {20, 0, 5}, {30, 0, 5}};
    r.closed = closed;
    r.channels.push_back({"speed",
                          core::ChannelType::Float,
                          core::ChannelInterp::Linear,
                          {{std::size_t(0), 0.0, number(12)}, {std::nullopt, 15.0, number(20)}}});
    return r;
}

Level levelWith(const Rail &rail)
{
    Level level;
    level.info.name = "edit";
    level.rails.push_back(rail);
    return level;
}

} // namespace

class TestRailChannelEditing : public QObject {
    Q_OBJECT
private slots:
    void addsAKeyAtAnArcLengthOrAPoint()
    {
        Rail r = cart();
        std::size_t index = 99;
        QCOMPARE(addChannelKey(r, "speed", {std::nullopt, 25.0}, number(4), &index), std::string());
        QCOMPARE(index, std::size_t(2));
        QCOMPARE(r.channels[0].keys[2].s, 25.0);
        QCOMPARE(addChannelKey(r, "speed", {std::size_t(3), 0.0}, number(2)), std::string());
        QCOMPARE(r.channels[0].keys[3].point, std::optional<std::size_t>(3));
    }

    void refusesWhatTheLoaderRefuses_data()
    {
        QTest::addColumn<QString>("edit");
        QTest::addColumn<QString>("why");
        QTest::newRow("same place as a point key") << "point 0"
                                                   << "already there";
        QTest::newRow("an s key on a point key") << "s 0"
                                                 << "already there";
        QTest::newRow("same s") << "s 15"
                                << "already there";
        QTest::newRow("outside") << "s 1000"
                                 << "outside the rail";
        QTest::newRow("negative") << "s -1"
                                  << "outside the rail";
        QTest::newRow("no such point") << "point 9"
                                       << "not on the rail";
    }
    void refusesWhatTheLoaderRefuses()
    {
        QFETCH(QString, edit);
        QFETCH(QString, why);
        Rail r = cart();
        const Rail before = r;
        const QStringList parts = edit.split(' ');
        ChannelPlace place;
        if (parts[0] == "point")
            place.point = parts[1].toULongLong();
        else
            place.s = parts[1].toDouble();
        const std::string answer = addChannelKey(r, "speed", place, number(1));
        QVERIFY2(QString::fromStdString(answer).contains(why), answer.c_str());
        QVERIFY(r == before);
    }

    void closedRailsEndIsItsStart()
    {
        Rail r = cart(true);
        const double length = core::totalLength(core::buildArcLengthTable(railCurve(r)));
        QVERIFY(!addChannelKey(r, "speed", {std::nullopt, length}, number(3)).empty());
    }

    void valuesOfTheChannelsType_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("taken");
        QTest::newRow("float") << int(core::ChannelType::Float) << "12.5" << true;
        QTest::newRow("float word") << int(core::ChannelType::Float) << "fast" << false;
        QTest::newRow("float too big") << int(core::ChannelType::Float) << "2e9" << false;
        QTest::newRow("float nan") << int(core::ChannelType::Float) << "nan" << false;
        QTest::newRow("int") << int(core::ChannelType::Int) << "7" << true;
        QTest::newRow("int fraction") << int(core::ChannelType::Int) << "7.5" << false;
        QTest::newRow("bool") << int(core::ChannelType::Bool) << "true" << true;
        QTest::newRow("bool word") << int(core::ChannelType::Bool) << "maybe" << false;
        QTest::newRow("colour") << int(core::ChannelType::Colour) << "#FF8800" << true;
        QTest::newRow("colour alpha") << int(core::ChannelType::Colour) << "#FF880080" << true;
        QTest::newRow("colour bad") << int(core::ChannelType::Colour) << "orange" << false;
        QTest::newRow("string") << int(core::ChannelType::String) << "mine shaft" << true;
        QTest::newRow("event") << int(core::ChannelType::Event) << "whoosh" << true;
        QTest::newRow("event unnamed") << int(core::ChannelType::Event) << "" << false;
    }
    void valuesOfTheChannelsType()
    {
        QFETCH(int, type);
        QFETCH(QString, text);
        QFETCH(bool, taken);
        std::string error;
        const auto t = core::ChannelType(type);
        const auto value = channelValueFromText(t, text.toStdString(), &error);
        QCOMPARE(value.has_value(), taken);
        if (!taken) QVERIFY(!error.empty());
        if (taken) QCOMPARE(QString::fromStdString(channelValueText(t, *value)), text);
    }

    void aChannelKeepsOneKey()
    {
        Rail r = cart();
        QCOMPARE(removeChannelKey(r, "speed", 1), std::string());
        QVERIFY(removeChannelKey(r, "speed", 0).find("at least one key") != std::string::npos);
        QCOMPARE(r.channels[0].keys.size(), std::size_t(1));
        QCOMPARE(removeChannel(r, "speed"), std::string());
        QVERIFY(r.channels.empty());
    }

    void channelsAddedWithAKeyAtTheFirstPoint()
    {
        Rail r = cart();
        QVERIFY(!addChannel(r, "speed", core::ChannelType::Float).empty());
        QVERIFY(!addChannel(r, "", core::ChannelType::Float).empty());
        QCOMPARE(addChannel(r, "sounds", core::ChannelType::Event), std::string());
        QCOMPARE(r.channels.back().interp, core::ChannelInterp::Step);
        QCOMPARE(r.channels.back().keys.front().value.text, std::string("event"));
        QVERIFY(!setChannelInterp(r, "sounds", core::ChannelInterp::Linear).empty());
        QCOMPARE(setChannelInterp(r, "speed", core::ChannelInterp::Smoothstep), std::string());
    }

    void movingAPointKeyMakesItAnArcLengthKey()
    {
        Rail r = cart();
        QCOMPARE(moveChannelKey(r, "speed", 0, {std::nullopt, 5.0}), std::string());
        QVERIFY(!r.channels[0].keys[0].point);
        QCOMPARE(r.channels[0].keys[0].s, 5.0);
        // Onto its own place again is no collision with itself.
        QCOMPARE(moveChannelKey(r, "speed", 1, {std::nullopt, 15.0}), std::string());
        QVERIFY(!moveChannelKey(r, "speed", 1, {std::nullopt, 5.0}).empty());
        QCOMPARE(moveChannelKey(r, "speed", 1, {std::size_t(2), 0.0}), std::string());
        QCOMPARE(r.channels[0].keys[1].point, std::optional<std::size_t>(2));
    }

    void theNewKeyStartsAtTheValueThere()
    {
        const Rail r = cart();
        // Linear between 12 at s 0 and 20 at s 15.
        QCOMPARE(channelValueOnRail(r, r.channels[0], 7.5).number, 16.0);
    }

    // Whatever the editor does, the level still loads, and reads back as it was.
    void randomEditsKeepTheLevelLoadable()
    {
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> unit(0, 1);
        for (int round = 0; round < 60; ++round) {
            Rail r = cart(round % 2 == 1);
            QCOMPARE(addChannel(r, "lane", core::ChannelType::Int), std::string());
            QCOMPARE(addChannel(r, "tint", core::ChannelType::Colour), std::string());
            const double length = 60.0;
            for (int step = 0; step < 40; ++step) {
                const std::string name = std::vector<std::string>{"speed", "lane", "tint"}[rng() % 3];
                const RailChannel *c = findChannel(r, name);
                const std::size_t key = rng() % c->keys.size();
                ChannelPlace place;
                if (rng() % 3 == 0)
                    place.point = rng() % r.points.size();
                else
                    place.s = unit(rng) * length - 5; // sometimes outside: refused
                core::ChannelValue value;
                value.number = std::round(unit(rng) * 100 - 50);
                value.colour = {unit(rng), unit(rng), unit(rng), 1};
                switch (rng() % 4) {
                case 0: addChannelKey(r, name, place, value); break;
                case 1: moveChannelKey(r, name, key, place); break;
                case 2: setChannelKeyValue(r, name, key, value); break;
                default: removeChannelKey(r, name, key); break;
                }
            }
            const Level level = levelWith(r);
            const LoadResult back = readLevel(writeLevel(level), "edited.yaml");
            for (const auto &d : back.diagnostics) qWarning("%s", formatDiagnostic(d).c_str());
            QVERIFY(back.level);
            // Loadable: no error. A random speed may well throw the rider about: the ride warnings
            // (ride_warnings.h) say so, and that is all they do.
            for (const auto &d : back.diagnostics)
                QVERIFY2(d.severity == Severity::Warning && d.message.find("rail 'cart'") == 0,
                         formatDiagnostic(d).c_str());
            QCOMPARE(back.level->rails.front().channels.size(), r.channels.size());
            for (std::size_t c = 0; c < r.channels.size(); ++c)
                QCOMPARE(back.level->rails.front().channels[c].keys.size(), r.channels[c].keys.size());
        }
    }

    void aDocumentEditIsOneUndoStep()
    {
        LevelDocument document;
        document.setLevel(levelWith(cart()));
        const Level before = document.level();
        const std::string ok = editRailChannels(
            document, "cart",
            [](Rail &r) {
                return addChannelKey(r, "speed", {std::nullopt, 25}, number(1));
            },
            "Add key");
        QCOMPARE(ok, std::string());
        QCOMPARE(document.level().rails[0].channels[0].keys.size(), std::size_t(3));
        const std::string refused = editRailChannels(
            document, "cart",
            [](Rail &r) {
                return addChannelKey(r, "speed", {std::nullopt, 25}, number(1));
            },
            "Add key");
        QVERIFY(!refused.empty());
        QCOMPARE(document.undoStack()->count(), 1);
        // A drag: many moves with one merge key are one step.
        for (int i = 1; i <= 10; ++i)
            editRailChannels(
                document, "cart",
                [i](Rail &r) {
                    return moveChannelKey(r, "speed", 2, {std::nullopt, 20.0 + i / 2.0});
                },
                "Move key", 77);
        QCOMPARE(document.undoStack()->count(), 2);
        QCOMPARE(document.level().rails[0].channels[0].keys[2].s, 25.0);
        document.undoStack()->undo();
        document.undoStack()->undo();
        QVERIFY(document.level() == before);
    }
};

QTEST_GUILESS_MAIN(TestRailChannelEditing)
#include "test_rail_channel_editing.moc"
