// Channels read between their keys as documented (core/channel.h), against a slow reference that
// finds the keys around s by scanning them all: every type and interpolation, random keys, before
// the first and after the last key, across a closed rail's seam; and the one-walk reading of many
// rows equals reading each alone.
#include "core/channel.h"

#include <QtTest>

#include <algorithm>
#include <random>

using namespace railforge::core;

namespace {

// The obviously-correct reading: scan for the keys before and after s (a lap round on closed rails).
double referenceNumber(ChannelType type, ChannelInterp interp, const std::vector<ChannelSample> &keys, double s,
                       double length, bool closed, int component = -1)
{
    auto val = [&](const ChannelSample &k) {
        return component < 0 ? k.value.number : k.value.colour[std::size_t(component)];
    };
    const ChannelSample *before = nullptr, *after = nullptr;
    double sBefore = 0, sAfter = 0;
    for (const auto &k : keys)
        if (k.s <= s && (!before || k.s >= sBefore)) before = &k, sBefore = k.s;
    for (const auto &k : keys)
        if (k.s > s && (!after || k.s < sAfter)) after = &k, sAfter = k.s;
    if (closed) {
        if (!before) before = &keys.back(), sBefore = keys.back().s - length;
        if (!after) after = &keys.front(), sAfter = keys.front().s + length;
    }
    if (!before) return val(*after);
    if (!after) return val(*before);
    const bool blends = (type == ChannelType::Float || type == ChannelType::Colour) && interp != ChannelInterp::Step;
    if (!blends) return val(*before);
    double w = (s - sBefore) / (sAfter - sBefore);
    if (interp == ChannelInterp::Smoothstep) w = w * w * (3 - 2 * w);
    return val(*before) + (val(*after) - val(*before)) * w;
}

std::vector<ChannelSample> randomKeys(std::mt19937_64 &rng, double length, ChannelType type)
{
    std::uniform_real_distribution<double> where(0, length), value(-50, 50), unit(0, 1);
    std::vector<ChannelSample> keys(std::uniform_int_distribution<int>(1, 7)(rng));
    for (auto &k : keys) {
        k.s = where(rng);
        k.value.number = type == ChannelType::Bool  ? double(unit(rng) < 0.5)
                         : type == ChannelType::Int ? std::round(value(rng))
                                                    : value(rng);
        for (double &c : k.value.colour) c = unit(rng);
        k.value.text = "e" + std::to_string(int(unit(rng) * 100));
    }
    std::sort(keys.begin(), keys.end(), [](const auto &a, const auto &b) { return a.s < b.s; });
    keys.erase(std::unique(keys.begin(), keys.end(), [](const auto &a, const auto &b) { return a.s == b.s; }),
               keys.end());
    return keys;
}

} // namespace

class TestChannel : public QObject {
    Q_OBJECT
private slots:
    void readsLikeTheReference_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("interp");
        for (auto type : {ChannelType::Float, ChannelType::Int, ChannelType::Bool, ChannelType::Colour})
            for (auto interp : {ChannelInterp::Step, ChannelInterp::Linear, ChannelInterp::Smoothstep})
                if (interpolationAllowed(type, interp))
                    QTest::addRow("type %d interp %d", int(type), int(interp)) << int(type) << int(interp);
    }
    void readsLikeTheReference()
    {
        QFETCH(int, type);
        QFETCH(int, interp);
        const auto t = ChannelType(type);
        const auto i = ChannelInterp(interp);
        std::mt19937_64 rng(30 + type * 7 + interp);
        for (int round = 0; round < 200; ++round) {
            const double length = std::uniform_real_distribution<double>(1, 500)(rng);
            const bool closed = round % 2;
            const auto keys = randomKeys(rng, length, t);
            std::vector<double> rows;
            for (int k = 0; k <= 100; ++k) rows.push_back(length * k / 100);
            for (const auto &key : keys) rows.push_back(key.s); // exactly at the keys too
            std::sort(rows.begin(), rows.end());
            const auto many = channelValuesAt(t, i, keys, rows, length, closed);
            for (std::size_t r = 0; r < rows.size(); ++r) {
                const ChannelValue one = channelValueAt(t, i, keys, rows[r], length, closed);
                QCOMPARE(many[r], one);
                if (t == ChannelType::Colour) {
                    for (int c = 0; c < 4; ++c)
                        QVERIFY(std::abs(one.colour[std::size_t(c)] -
                                         referenceNumber(t, i, keys, rows[r], length, closed, c)) < 1e-12);
                } else {
                    QVERIFY2(std::abs(one.number - referenceNumber(t, i, keys, rows[r], length, closed)) < 1e-9,
                             qPrintable(QString("s %1 of %2").arg(rows[r]).arg(length)));
                }
            }
        }
    }

    void stringsStepAndHoldAtTheEnds()
    {
        std::vector<ChannelSample> keys(2);
        keys[0].s = 10;
        keys[0].value.text = "a";
        keys[1].s = 20;
        keys[1].value.text = "b";
        QCOMPARE(channelValueAt(ChannelType::String, ChannelInterp::Step, keys, 0, 30, false).text, std::string("a"));
        QCOMPARE(channelValueAt(ChannelType::String, ChannelInterp::Step, keys, 15, 30, false).text, std::string("a"));
        QCOMPARE(channelValueAt(ChannelType::String, ChannelInterp::Step, keys, 20, 30, false).text, std::string("b"));
        QCOMPARE(channelValueAt(ChannelType::String, ChannelInterp::Step, keys, 30, 30, false).text, std::string("b"));
        // Closed: before the first key it is still the last key's value (from the lap before).
        QCOMPARE(channelValueAt(ChannelType::String, ChannelInterp::Step, keys, 5, 30, true).text, std::string("b"));
    }

    void theSeamBlendsFromTheLastKeyToTheFirst()
    {
        std::vector<ChannelSample> keys(2);
        keys[0].s = 10;
        keys[0].value.number = 0;
        keys[1].s = 80;
        keys[1].value.number = 30;
        // Length 100: from s = 80 (30) over the seam to s = 110 (0): half-way at s = 95 is 15.
        QCOMPARE(channelValueAt(ChannelType::Float, ChannelInterp::Linear, keys, 95, 100, true).number, 15.0);
        QCOMPARE(channelValueAt(ChannelType::Float, ChannelInterp::Linear, keys, 0, 100, true).number, 10.0);
        // Open: the ends hold.
        QCOMPARE(channelValueAt(ChannelType::Float, ChannelInterp::Linear, keys, 95, 100, false).number, 30.0);
        QCOMPARE(channelValueAt(ChannelType::Float, ChannelInterp::Linear, keys, 0, 100, false).number, 0.0);
    }

    void onlyFloatsAndColoursInterpolate()
    {
        for (auto type : {ChannelType::Int, ChannelType::Bool, ChannelType::String, ChannelType::Event})
            for (auto interp : {ChannelInterp::Linear, ChannelInterp::Smoothstep})
                QVERIFY(!interpolationAllowed(type, interp));
        QVERIFY(interpolationAllowed(ChannelType::Float, ChannelInterp::Smoothstep));
        QVERIFY(interpolationAllowed(ChannelType::Colour, ChannelInterp::Linear));
    }
};

QTEST_MAIN(TestChannel)
#include "test_channel.moc"
