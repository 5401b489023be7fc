// Simplify (Ramer-Douglas-Peucker): the iterative implementation against a plain recursive
// transcription on random paths (2D/3D, open/closed, several tolerances), distance to the segment
// rather than the line, the RDP guarantee on a million points, degenerate input and the plugin.
#include "simplify.h"
#include "simplify_plugin.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using railforge::core::Vec3;
namespace simplify = railforge::simplify;

namespace {

// ---- The reference: recursive RDP, as usually written down. ----

// Squared distance from p to the closed segment ab (3D). Squared, and rounded the same way as the
// implementation, because grid paths put points at exactly epsilon: a differently rounded formula
// would only test which side of epsilon each rounding lands.
double toSegmentSquared(Vec3 p, Vec3 a, Vec3 b)
{
    const Vec3 ab = b - a, w = p - a;
    const double len2 = railforge::core::dot(ab, ab);
    const double t = len2 == 0.0 ? 0.0 : std::clamp(railforge::core::dot(w, ab) / len2, 0.0, 1.0);
    return railforge::core::lengthSquared(w - t * ab);
}

// Distance from p to the closed segment ab (3D).
double toSegment(Vec3 p, Vec3 a, Vec3 b) { return std::sqrt(toSegmentSquared(p, a, b)); }

// Marks the points kept strictly between first and last.
void rdp(const std::vector<Vec3> &p, std::size_t first, std::size_t last, double epsilon, std::vector<bool> &keep)
{
    double farthest = 0.0;
    std::size_t index = first;
    for (std::size_t i = first + 1; i < last; ++i) {
        const double d2 = toSegmentSquared(p[i], p[first], p[last]);
        if (d2 > farthest) {
            farthest = d2;
            index = i;
        }
    }
    if (index != first && farthest > epsilon * epsilon) {
        keep[index] = true;
        rdp(p, first, index, epsilon, keep);
        rdp(p, index, last, epsilon, keep);
    }
}

// Kept indices for open or closed input.
std::vector<std::size_t> reference(const std::vector<Vec3> &p, bool closed, double epsilon)
{
    const std::size_t n = p.size();
    std::vector<std::size_t> kept;
    if (n < 3) {
        for (std::size_t i = 0; i < n; ++i) kept.push_back(i);
        return kept;
    }
    std::vector<Vec3> walk = p;
    if (closed) walk.push_back(p[0]); // the loop back to P0
    std::vector<bool> keep(walk.size(), false);
    keep.front() = keep.back() = true;
    if (!closed) {
        rdp(walk, 0, n - 1, epsilon, keep);
    } else {
        std::size_t split = 0;
        for (std::size_t i = 1; i < n; ++i)
            if (railforge::core::distance(p[i], p[0]) > railforge::core::distance(p[split], p[0])) split = i;
        if (split == 0) return {0};
        keep[split] = true;
        rdp(walk, 0, split, epsilon, keep);
        rdp(walk, split, n, epsilon, keep);
    }
    for (std::size_t i = 0; i < n; ++i)
        if (keep[i]) kept.push_back(i);
    return kept;
}

// ---- Inputs. ----

// A dense noisy recording (small steps with jitter), on a grid with exact repeats and collinear runs,
// or scattered points.
std::vector<Vec3> randomPath(std::mt19937_64 &rng, int kind, bool threeD, std::size_t n)
{
    std::normal_distribution<double> jitter(0.0, 0.05);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::uniform_int_distribution<int> step(-1, 1);
    std::vector<Vec3> p;
    Vec3 at{};
    double heading = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        if (kind == 0) {
            heading += 0.2 * unit(rng);
            at += Vec3{std::cos(heading) * 0.1 + jitter(rng), std::sin(heading) * 0.1 + jitter(rng),
                       threeD ? jitter(rng) : 0};
        } else if (kind == 1) {
            at += Vec3{double(step(rng)), double(step(rng)), threeD ? double(step(rng)) : 0.0};
        } else {
            at = Vec3{10 * unit(rng), 10 * unit(rng), threeD ? 10 * unit(rng) : 0.0};
        }
        p.push_back(at);
    }
    return p;
}

// A context for the plugin, which never asks.
struct NoObstacles : railforge::SmoothingContext {
    bool isClear(const Vec3 &, const Vec3 &, double) const override { return true; }
};

} // namespace

Q_DECLARE_METATYPE(std::vector<Vec3>)
Q_DECLARE_METATYPE(std::vector<std::size_t>)

class TestSimplify : public QObject {
    Q_OBJECT
private slots:
    void matchesReference_data()
    {
        QTest::addColumn<double>("epsilon");
        QTest::addColumn<bool>("closed");
        for (double epsilon : {0.0, 0.01, 0.1, 0.5, 2.0})
            for (bool closed : {false, true})
                QTest::addRow("epsilon %g %s", epsilon, closed ? "closed" : "open") << epsilon << closed;
    }
    // The same kept indices as the recursive reference on every kind of path.
    void matchesReference()
    {
        QFETCH(double, epsilon);
        QFETCH(bool, closed);
        std::mt19937_64 rng(std::hash<std::string>{}(QTest::currentDataTag()));
        for (int kind : {0, 1, 2})
            for (bool threeD : {false, true})
                for (std::size_t n : {0, 1, 2, 3, 4, 10, 100, 1000}) {
                    const std::vector<Vec3> path = randomPath(rng, kind, threeD, n);
                    const auto kept = simplify::keptIndices(path, closed, epsilon);
                    QCOMPARE(kept, reference(path, closed, epsilon));
                    const auto points = simplify::smooth(path, closed, epsilon);
                    QCOMPARE(points.size(), kept.size());
                    for (std::size_t k = 0; k < kept.size(); ++k) QCOMPARE(points[k], path[kept[k]]);
                }
    }

    // Distance to the segment, not the line: a path that runs past its end and back keeps the turn.
    void segmentNotLine()
    {
        const std::vector<Vec3> path{{0, 0, 0}, {5, 0, 0}, {12, 0, 0}, {10, 0, 0}};
        QCOMPARE(simplify::keptIndices(path, false, 1.0), (std::vector<std::size_t>{0, 2, 3}));
        QCOMPARE(simplify::keptIndices(path, false, 2.5), (std::vector<std::size_t>{0, 3}));
    }

    // A million points (the recursive form would risk the stack on adversarial input): ends kept,
    // output a subsequence, and every dropped point within epsilon of the output segment spanning it.
    void millionPoints()
    {
        std::mt19937_64 rng(21);
        const std::vector<Vec3> path = randomPath(rng, 0, true, 1000000);
        const double epsilon = 0.1;
        const auto kept = simplify::keptIndices(path, false, epsilon);
        QCOMPARE(kept.front(), std::size_t(0));
        QCOMPARE(kept.back(), path.size() - 1);
        QVERIFY(kept.size() < path.size() / 2);
        for (std::size_t k = 0; k + 1 < kept.size(); ++k) {
            QVERIFY(kept[k] < kept[k + 1]);
            for (std::size_t i = kept[k] + 1; i < kept[k + 1]; ++i)
                if (toSegment(path[i], path[kept[k]], path[kept[k + 1]]) > epsilon) QFAIL("a dropped point is too far");
        }
    }

    // A zig-zag of slowly shrinking amplitude splits next to an end every time: a chain of 20000
    // nested ranges, handled on the explicit stack.
    void deepChain()
    {
        std::vector<Vec3> path;
        for (int i = 0; i < 20000; ++i) path.push_back({double(i), (i % 2 ? -1.0 : 1.0) * std::pow(0.9999, i), 0});
        path.push_back({20000, 0, 0});
        const auto kept = simplify::keptIndices(path, false, 1e-3);
        QCOMPARE(kept.size(), path.size());
    }

    void degenerate_data()
    {
        QTest::addColumn<std::vector<Vec3>>("path");
        QTest::addColumn<bool>("closed");
        QTest::addColumn<std::vector<std::size_t>>("expected");
        const Vec3 a{1, 2, 3}, b{4, 6, 3};
        for (bool closed : {false, true}) {
            const char *kind = closed ? "closed" : "open";
            QTest::addRow("%s empty", kind) << std::vector<Vec3>{} << closed << std::vector<std::size_t>{};
            QTest::addRow("%s one", kind) << std::vector<Vec3>{a} << closed << std::vector<std::size_t>{0};
            QTest::addRow("%s two", kind) << std::vector<Vec3>{a, b} << closed << std::vector<std::size_t>{0, 1};
        }
        QTest::newRow("open all equal") << std::vector<Vec3>{a, a, a, a} << false << std::vector<std::size_t>{0, 3};
        QTest::newRow("closed all equal") << std::vector<Vec3>{a, a, a, a} << true << std::vector<std::size_t>{0};
        QTest::newRow("open collinear") << std::vector<Vec3>{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {5, 5, 5}} << false
                                        << std::vector<std::size_t>{0, 3};
        QTest::newRow("closed collinear")
            << std::vector<Vec3>{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {5, 5, 5}} << true << std::vector<std::size_t>{0, 3};
        QTest::newRow("open repeats") << std::vector<Vec3>{a, a, b, b} << false << std::vector<std::size_t>{0, 3};
    }
    // Short, equal, repeated and collinear input.
    void degenerate()
    {
        QFETCH(std::vector<Vec3>, path);
        QFETCH(bool, closed);
        QFETCH(std::vector<std::size_t>, expected);
        QCOMPARE(simplify::keptIndices(path, closed, 0.1), expected);
        QCOMPARE(simplify::keptIndices(path, closed, 0.1), reference(path, closed, 0.1));
    }

    // Negative and NaN tolerances act as 0.
    void oddEpsilon()
    {
        std::mt19937_64 rng(22);
        const std::vector<Vec3> path = randomPath(rng, 0, false, 200);
        QCOMPARE(simplify::keptIndices(path, false, -1.0), simplify::keptIndices(path, false, 0.0));
        QCOMPARE(simplify::keptIndices(path, false, std::nan("")), simplify::keptIndices(path, false, 0.0));
    }

    // The plugin: same result as the algorithm, messages instead of exceptions.
    void plugin()
    {
        const simplify::SimplifyPlugin plugin;
        const NoObstacles context;
        std::mt19937_64 rng(23);
        std::vector<Vec3> path = randomPath(rng, 0, true, 500);
        const railforge::ParameterValues params({{"epsilon", 0.1}});
        railforge::SmoothingResult r = plugin.smooth(path, true, params, context);
        QVERIFY(r.ok());
        QCOMPARE(r.points, simplify::smooth(path, true, 0.1));
        path[499].x = -INFINITY;
        r = plugin.smooth(path, false, params, context);
        QVERIFY2(QString::fromStdString(r.error).contains("point 500 is not a finite number"), r.error.c_str());
        path[499].x = 0.0;
        r = plugin.smooth(path, false, railforge::ParameterValues({{"epsilon", -1.0}}), context);
        QVERIFY(!r.ok());
        r = plugin.smooth(path, false, railforge::ParameterValues({{"epsilon", true}}), context);
        QVERIFY2(QString::fromStdString(r.error).contains("wrong type"), r.error.c_str());
    }
};

QTEST_APPLESS_MAIN(TestSimplify)
#include "test_simplify.moc"
