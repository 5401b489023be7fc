// The Problems panel's cache of the report (level_report_cache.h) says exactly what levelReport says
// after every edit of a random sequence: waypoints, rail points and obstacles moved, edges added and
// removed, rails renamed, over a ground that some rails dip under.
#include "document/report/level_report.h"
#include "document/report/level_report_cache.h"
#include "document/strategy/strategy_registry.h"

#include "gridded_ground.h"

#include <QtTest>

#include <random>

using namespace railforge;
using namespace railforge::document;

namespace {

// A wavy ground over [-10, 110]^2: two triangles per 10 m cell, heights between -1 and 1.
core::GroundSet wavyGround()
{
    return testing::griddedGround([](double x, double y) { return std::sin(x * 0.2) * std::cos(y * 0.15); }, -1, 11,
                                  10);
}

Level startingLevel(std::mt19937_64 &rng)
{
    std::uniform_real_distribution<double> where(0, 100), height(-1.5, 1.5);
    Level level;
    for (int i = 0; i < 30; ++i) level.waypoints.push_back({"w" + std::to_string(i), {where(rng), where(rng), 0}, {}});
    for (int i = 0; i + 1 < 30; ++i)
        level.edges.push_back({"w" + std::to_string(i), "w" + std::to_string(i + 1), true, std::nullopt, {}});
    for (int i = 0; i < 6; ++i) {
        Obstacle o;
        o.id = "o" + std::to_string(i);
        o.shape = Obstacle::Shape::Circle;
        o.circle = {{where(rng), where(rng)}, 4.0};
        level.obstacles.push_back(o);
    }
    for (int r = 0; r < 8; ++r) {
        Rail rail;
        rail.id = "r" + std::to_string(r);
        for (int i = 0; i < 5; ++i) rail.points.push_back({where(rng), where(rng), height(rng)});
        level.rails.push_back(rail);
    }
    Patrol patrol;
    patrol.id = "p";
    patrol.stops = {"w0", "w29"};
    level.patrols.push_back(patrol);
    return level;
}

} // namespace

class TestLevelReportCache : public QObject {
    Q_OBJECT
private slots:
    void sameAsAFreshReportAfterEveryEdit()
    {
        std::mt19937_64 rng(11);
        std::uniform_real_distribution<double> where(0, 100), height(-1.5, 1.5);
        const StrategyRegistry registry;
        const core::GroundSet ground = wavyGround();
        const std::vector<UnreadReference> unread;
        const ReportSources sources{registry, MissingStrategies::AreErrors, unread, ground};
        Level level = startingLevel(rng);
        LevelReportCache cache;
        std::size_t seen = 0;
        for (int step = 0; step < 300; ++step) {
            auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
            switch (pick(6)) {
            case 0: level.waypoints[pick(level.waypoints.size())].position = {where(rng), where(rng), 0}; break;
            case 1: {
                Rail &rail = level.rails[pick(level.rails.size())];
                rail.points[pick(rail.points.size())] = {where(rng), where(rng), height(rng)};
                break;
            }
            case 2: level.obstacles[pick(level.obstacles.size())].circle.center = {where(rng), where(rng)}; break;
            case 3: {
                const std::size_t a = pick(30), b = pick(30);
                if (a != b)
                    level.edges.push_back({"w" + std::to_string(a), "w" + std::to_string(b), true, std::nullopt, {}});
                break;
            }
            case 4:
                if (level.edges.size() > 5)
                    level.edges.erase(level.edges.begin() + std::ptrdiff_t(pick(level.edges.size())));
                break;
            case 5: std::swap(level.rails[pick(level.rails.size())], level.rails[pick(level.rails.size())]); break;
            }
            const LevelProblems fresh = levelReport(level, sources);
            const LevelProblems cached = cache.report(level, sources);
            QCOMPARE(cached.size(), fresh.size());
            for (std::size_t i = 0; i < fresh.size(); ++i) {
                QCOMPARE(cached[i].message, fresh[i].message);
                QVERIFY2(cached[i] == fresh[i], fresh[i].message.c_str());
            }
            seen += fresh.size();
        }
        // The sequence did make problems to compare (edges through obstacles, rails under the ground).
        QVERIFY2(seen > 300, std::to_string(seen).c_str());
    }
};

QTEST_GUILESS_MAIN(TestLevelReportCache)
#include "test_level_report_cache.moc"
