// The helper process gives the same answers as running a strategy in process: every installed
// strategy, random paths and parameters of every type, obstacles that change between calls, several
// threads at once; and a helper that hangs is replaced so the next call is served.
#include "document/strategy/strategy_registry.h"

#include <QtTest>

#include <random>
#include <thread>

using namespace railforge;
using namespace railforge::document;

namespace {

std::vector<Vec3> randomPath(std::mt19937 &rng, std::size_t n)
{
    std::uniform_real_distribution<double> coordinate(-20.0, 20.0);
    std::vector<Vec3> points;
    for (std::size_t i = 0; i < n; ++i) points.push_back({coordinate(rng), coordinate(rng), coordinate(rng) * 0.1});
    return points;
}

Level randomObstacles(std::mt19937 &rng)
{
    std::uniform_real_distribution<double> coordinate(-20.0, 20.0), radius(0.5, 3.0);
    Level level;
    for (int i = 0; i < 6; ++i) {
        Obstacle o;
        o.id = "o" + std::to_string(i);
        if (i % 2) {
            o.shape = Obstacle::Shape::Circle;
            o.circle = {{coordinate(rng), coordinate(rng)}, radius(rng)};
        } else {
            const double x = coordinate(rng), y = coordinate(rng), r = radius(rng);
            o.polygon = {{x - r, y - r}, {x + r, y - r}, {x, y + r}};
        }
        level.obstacles.push_back(std::move(o));
    }
    return level;
}

// A random value within each parameter's declaration (every type the metadata allows).
Properties randomParameters(std::mt19937 &rng, const StrategyInfo &info)
{
    Properties params;
    for (const ParameterSpec &spec : info.parameters) {
        const double lo = spec.min.value_or(0.0), hi = std::min(spec.max.value_or(lo + 10.0), lo + 10.0);
        std::uniform_real_distribution<double> within(lo, hi);
        switch (spec.type) {
        case ParameterSpec::Type::Int:
            params.push_back({spec.name, std::int64_t(std::min(std::floor(within(rng)), std::min(hi, lo + 4.0)))});
            break;
        case ParameterSpec::Type::Double: params.push_back({spec.name, within(rng)}); break;
        case ParameterSpec::Type::Bool: params.push_back({spec.name, bool(rng() & 1)}); break;
        case ParameterSpec::Type::Enum: params.push_back({spec.name, spec.choices[rng() % spec.choices.size()]}); break;
        }
    }
    return params;
}

} // namespace

class TestStrategyHost : public QObject {
    Q_OBJECT
private slots:
    void isolatedEqualsInProcess()
    {
        StrategyRegistry isolated, inProcess;
        isolated.setIsolation(StrategyIsolation::Isolated);
        inProcess.setIsolation(StrategyIsolation::InProcess);
        for (StrategyRegistry *r : {&isolated, &inProcess}) r->loadLocation(RAILFORGE_PLUGIN_DIR);
        QVERIFY(isolated.strategies().size() >= 4);
        std::mt19937 rng(2026);
        int compared = 0;
        for (int round = 0; round < 12; ++round) {
            const Level level = randomObstacles(rng); // new obstacles each round: the helper must get them
            const LevelObstacleContext context(level);
            for (const StrategyInfo *info : isolated.strategies()) {
                const auto path = randomPath(rng, 3 + rng() % 40);
                const Properties params = randomParameters(rng, *info);
                const bool closed = rng() % 3 == 0;
                const StepResult a = isolated.run(info->id, params, path, closed, context);
                const StepResult b = inProcess.run(info->id, params, path, closed, context);
                QCOMPARE(int(a.status), int(b.status));
                QCOMPARE(a.error, b.error);
                QVERIFY2(a.points == b.points, info->id.c_str());
                ++compared;
            }
        }
        QVERIFY(compared >= 48);
    }

    void callsFromSeveralThreadsGetTheirOwnAnswers()
    {
        StrategyRegistry registry, reference;
        reference.setIsolation(StrategyIsolation::InProcess);
        for (StrategyRegistry *r : {&registry, &reference}) r->loadLocation(RAILFORGE_PLUGIN_DIR);
        const LevelObstacleContext context{Level{}};
        std::vector<std::thread> threads;
        std::atomic<int> wrong{0};
        for (int t = 0; t < 4; ++t) {
            threads.emplace_back([&, t] {
                std::mt19937 rng(t);
                for (int i = 0; i < 25; ++i) {
                    const auto path = randomPath(rng, 5 + rng() % 20);
                    // Each thread its own strategy and parameters: a reply delivered to the wrong caller shows.
                    const char *id = t % 2 ? "simplify" : "chaikin";
                    const Properties params =
                        t % 2 ? Properties{{"epsilon", 0.01 * t}} : Properties{{"iterations", std::int64_t(1 + t)}};
                    const StepResult result = registry.run(id, params, path, false, context);
                    const StepResult expected = reference.run(id, params, path, false, context);
                    if (!result.ok() || result.points != expected.points) {
                        qWarning("thread %d call %d: %s", t, i, result.error.c_str());
                        ++wrong;
                    }
                }
            });
        }
        for (auto &t : threads) t.join();
        QCOMPARE(wrong.load(), 0);
    }

    void aHelperThatHangsIsReplaced()
    {
        StrategyRegistry registry;
        registry.loadLocation(RAILFORGE_PLUGIN_DIR);
        registry.loadLocation(RAILFORGE_HOSTILE_DIR);
        registry.setLimits({std::chrono::milliseconds(500), 1024});
        const LevelObstacleContext context{Level{}};
        const std::vector<Vec3> path = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}};
        QElapsedTimer timer;
        timer.start();
        const StepResult hung = registry.run("bad-loop", {}, path, false, context);
        QVERIFY(timer.elapsed() < 5000);
        QCOMPARE(hung.error, std::string("bad-loop: no answer after 0.5 s"));
        QVERIFY(hung.status == StepResult::Status::StrategyFailed);
        const StepResult next = registry.run("simplify", {}, path, false, context);
        QVERIFY2(next.ok(), next.error.c_str());
    }

    void aMissingHelperIsTheStepsError()
    {
        qputenv("RAILFORGE_STRATEGY_HOST", "/nonexistent/railforge-strategy-host");
        StrategyRegistry registry;
        qunsetenv("RAILFORGE_STRATEGY_HOST");
        registry.loadLocation(RAILFORGE_PLUGIN_DIR);
        const StepResult result =
            registry.run("simplify", {}, {{0, 0, 0}, {1, 0, 0}}, false, LevelObstacleContext{Level{}});
        QVERIFY(result.status == StepResult::Status::StrategyFailed);
        QVERIFY2(QString::fromStdString(result.error).contains("cannot start /nonexistent/railforge-strategy-host"),
                 result.error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestStrategyHost)
#include "test_strategy_host.moc"
