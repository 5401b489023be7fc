// The agent preview goes at a rail's speed channel where it is: its speed is the channel's value
// there, and over time it covers the distance the channel's speeds give (checked against the
// closed-form solution of ds/dt = v(s) for a linear channel); without a channel it keeps its speed;
// riding on across a junction onto a rail without a channel it carries the speed it had (the rule
// `railforge-cli ride` keeps), not the typed one.
#include "app/playback/agent_preview.h"
#include "document/model/junction_network.h"
#include "document/model/rail_speed.h"

#include <QtTest>

#include <cmath>

using namespace railforge;
using namespace railforge::app;

namespace {

core::ArcLengthTable straight(double length)
{
    core::Curve c;
    c.points = {{0, 0, 0}, {length, 0, 0}};
    c.spec.type = core::SplineType::Linear;
    return core::buildArcLengthTable(c);
}

document::ChannelKey key(double s, double v)
{
    document::ChannelKey k;
    k.s = s;
    k.value.number = v;
    return k;
}

// The speed channel of a straight rail of `length` with these keys (at arc lengths).
AgentPreview::SpeedChannel speeds(double length, core::ChannelInterp interp, std::vector<document::ChannelKey> keys)
{
    document::Rail rail;
    rail.id = "r";
    rail.spline = document::SplineKind::Linear;
    rail.points = {{0, 0, 0}, {length, 0, 0}};
    rail.channels.push_back({"speed", core::ChannelType::Float, interp, std::move(keys)});
    return *document::RailSpeed::of(rail, straight(length));
}

} // namespace

class TestAgentPreview : public QObject {
    Q_OBJECT
private slots:
    void speedIsTheChannelsWhereTheAgentIs()
    {
        AgentPreview agent;
        agent.play(straight(100), speeds(100, core::ChannelInterp::Linear, {key(0, 2), key(100, 20)}));
        agent.holdAt(50);
        QCOMPARE(agent.speedHere(), 11.0);
        agent.holdAt(0);
        QCOMPARE(agent.speedHere(), 2.0);
    }

    void coversTheDistanceTheSpeedsGive()
    {
        AgentPreview agent;
        agent.play(straight(100), speeds(100, core::ChannelInterp::Linear, {key(0, 2), key(100, 20)}));
        agent.holdAt(0);
        // ds/dt = 2 + 0.18 s from s = 0: s(t) = (2 / 0.18)(e^(0.18 t) - 1).
        for (int i = 0; i < 5000; ++i) agent.advance(0.001);
        const double expected = 2.0 / 0.18 * (std::exp(0.18 * 5.0) - 1.0);
        QVERIFY2(std::abs(agent.s() - expected) < 0.02, qPrintable(QString::number(agent.s())));
    }

    void aStopKeyCrawlsOn()
    {
        AgentPreview agent;
        agent.play(straight(100), speeds(100, core::ChannelInterp::Step, {key(0, 0)}));
        agent.holdAt(10);
        QCOMPARE(agent.speedHere(), document::kCrawlSpeed);
        agent.advance(10);
        QVERIFY(agent.s() > 10.0);
    }

    void withoutAChannelItKeepsItsSpeed()
    {
        AgentPreview agent;
        agent.setSpeed(4);
        agent.play(straight(100));
        agent.holdAt(0);
        agent.advance(2.5);
        QCOMPARE(agent.s(), 10.0);
    }

    void ontoARailWithoutAChannelItCarriesItsSpeed()
    {
        // main (0 to 100, speed 3 all along) ends at a junction onto spur (no channel).
        document::Level level;
        document::Rail main, spur;
        main.id = "main";
        spur.id = "spur";
        main.spline = spur.spline = document::SplineKind::Linear;
        main.points = {{0, 0, 0}, {100, 0, 0}};
        spur.points = {{100, 0, 0}, {200, 0, 0}};
        main.channels.push_back({"speed", core::ChannelType::Float, core::ChannelInterp::Linear, {key(0, 3)}});
        level.rails = {main, spur};
        document::Junction j;
        j.id = "j";
        j.rail = "main";
        j.end = document::RailEnd::End;
        j.links = {{"spur", document::RailEnd::Start}};
        level.junctions = {j};
        const document::LevelNetwork network = document::buildLevelNetwork(level);
        std::vector<std::optional<AgentPreview::SpeedChannel>> channels = {
            document::RailSpeed::of(main, network.tables[0]), std::nullopt};
        AgentPreview agent;
        agent.setSpeed(10); // typed
        agent.playNetwork(network, 0, channels);
        QCOMPARE(agent.speedHere(), 3.0);
        agent.holdAt(150); // 50 along spur
        QCOMPARE(agent.networkRail(), std::optional<std::size_t>(1));
        QCOMPARE(agent.speedHere(), 3.0);
        // Started again, on main: the channel's speed, then carried again.
        agent.holdAt(20);
        QCOMPARE(agent.speedHere(), 3.0);
    }
};

QTEST_GUILESS_MAIN(TestAgentPreview)
#include "test_agent_preview.moc"
