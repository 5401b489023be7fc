// Chaikin strategy: the fast implementation against a literal transcription of docs/design.md's steps on
// random paths for every parameter combination, the seed's corner example, degenerate input, the
// growth guard and the plugin's error handling.
#include "chaikin.h"
#include "chaikin_plugin.h"
#include "vec3_to_string.h"

#include <QtTest>

#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>

using railforge::core::Vec3;
namespace chaikin = railforge::chaikin;

namespace {

// ---- The reference: docs/design.md's steps, written out plainly (copies everywhere, no shortcuts). ----

// Turn angle in degrees, atan2(|a x b|, a . b), spelled out by components.
double referenceTurn(Vec3 a, Vec3 b)
{
    const double cx = a.y * b.z - a.z * b.y, cy = a.z * b.x - a.x * b.z, cz = a.x * b.y - a.y * b.x;
    const double squared = cx * cx + cy * cy + cz * cz;
    // A 1e150 path's cross product is 1e300: its square overflows, and any correct length scales first.
    const double crossLength = std::isfinite(squared) ? std::sqrt(squared) : std::hypot(cx, cy, cz);
    const double dotProduct = a.x * b.x + a.y * b.y + a.z * b.z;
    return std::atan2(crossLength, dotProduct) * 180.0 / std::numbers::pi;
}

// Consecutive duplicates removed (closed: the wrap-around pair too).
std::vector<Vec3> referenceDistinct(const std::vector<Vec3> &p, bool closed)
{
    std::vector<Vec3> q;
    for (const Vec3 &v : p)
        if (q.empty() || !(q.back() == v)) q.push_back(v);
    while (closed && q.size() > 1 && q.back() == q.front()) q.pop_back();
    return q;
}

// Step 1: outlier rejection.
std::vector<Vec3> referenceReject(const std::vector<Vec3> &q, bool closed, double outlierAngle)
{
    const std::size_t n = q.size();
    std::vector<Vec3> kept{q[0]};
    if (!closed) {
        for (std::size_t i = 1; i <= n - 2; ++i)
            if (referenceTurn(q[i] - kept.back(), q[i + 1] - q[i]) < outlierAngle) kept.push_back(q[i]);
        kept.push_back(q[n - 1]);
        return kept;
    }
    for (std::size_t i = 1; i < n; ++i) {
        const Vec3 next = q[(i + 1) % n];
        const std::size_t leftIfDropped = kept.size() + (n - 1 - i);
        const bool outlier = referenceTurn(q[i] - kept.back(), next - q[i]) >= outlierAngle;
        if (!(outlier && leftIfDropped >= 3)) kept.push_back(q[i]);
    }
    return kept;
}

// Step 2: corner cutting.
std::vector<Vec3> referenceCut(const std::vector<Vec3> &q, bool closed, double ratio, double angleLimit)
{
    const std::size_t n = q.size();
    std::vector<Vec3> out;
    const auto corner = [&](Vec3 prev, Vec3 cur, Vec3 next) {
        if (referenceTurn(cur - prev, next - cur) >= angleLimit) {
            out.push_back(cur + ratio * (prev - cur));
            out.push_back(cur + ratio * (next - cur));
        } else {
            out.push_back(cur);
        }
    };
    if (!closed) {
        out.push_back(q[0]);
        for (std::size_t i = 1; i + 1 < n; ++i) corner(q[i - 1], q[i], q[i + 1]);
        out.push_back(q[n - 1]);
    } else {
        for (std::size_t i = 0; i < n; ++i) corner(q[(i + n - 1) % n], q[i], q[(i + 1) % n]);
    }
    return out;
}

// All iterations, every one of them run (no early stop).
std::vector<Vec3> reference(std::vector<Vec3> p, bool closed, const chaikin::Options &o)
{
    for (int k = 0; k < o.iterations; ++k) {
        p = referenceDistinct(p, closed);
        if (p.size() < 3) return p;
        if (o.rejectOutliers) p = referenceReject(p, closed, o.outlierAngle);
        p = referenceCut(p, closed, o.ratio, o.angleLimit);
    }
    return p;
}

// ---- Inputs. ----

// A random path: continuous coordinates, or a coarse grid walk full of right angles, reversals,
// repeats and straight runs (exact 0/90/180 degree turns exercise the exact threshold handling).
std::vector<Vec3> randomPath(std::mt19937_64 &rng, bool grid, bool threeD, std::size_t n)
{
    std::uniform_real_distribution<double> coord(-10.0, 10.0);
    std::uniform_int_distribution<int> step(-1, 1);
    std::vector<Vec3> p;
    Vec3 at{};
    for (std::size_t i = 0; i < n; ++i) {
        if (grid) {
            at += Vec3{double(step(rng)), double(step(rng)), threeD ? double(step(rng)) : 0.0};
            p.push_back(at);
        } else {
            p.push_back({coord(rng), coord(rng), threeD ? coord(rng) : 0.0});
        }
    }
    return p;
}

// First index where a and b differ, or -1 when equal (sizes compared first).
QString firstDifference(const std::vector<Vec3> &a, const std::vector<Vec3> &b)
{
    if (a.size() != b.size()) return QString("sizes %1 vs %2").arg(a.size()).arg(b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!(a[i] == b[i]))
            return QString("point %1: %2 vs %3")
                .arg(i)
                .arg(railforge::core::toString(a[i]))
                .arg(railforge::core::toString(b[i]));
    return {};
}

// True when no coordinate is NaN or infinite.
bool allFinite(const std::vector<Vec3> &p)
{
    return std::all_of(p.begin(), p.end(), [](const Vec3 &v) { return railforge::core::isFinite(v); });
}

// A context for the plugin, which never asks.
struct NoObstacles : railforge::SmoothingContext {
    bool isClear(const Vec3 &, const Vec3 &, double) const override { return true; }
};

// The plugin's default parameters.
std::map<std::string, railforge::ParameterValue> defaultParams()
{
    return {{"iterations", std::int64_t(3)},
            {"ratio", 0.25},
            {"angleLimit", 30.0},
            {"rejectOutliers", false},
            {"outlierAngle", 90.0}};
}

} // namespace

Q_DECLARE_METATYPE(chaikin::Options)
Q_DECLARE_METATYPE(std::vector<Vec3>)

class TestChaikin : public QObject {
    Q_OBJECT
private slots:
    void seedCorner_data()
    {
        QTest::addColumn<double>("angleLimit");
        QTest::newRow("classic (limit 0)") << 0.0;
        QTest::newRow("default limit 30") << 30.0;
        QTest::newRow("limit exactly 90") << 90.0;
    }
    // Seed 000: {0,0},{0,1},{1,1}, ratio 1/4, one iteration.
    void seedCorner()
    {
        QFETCH(double, angleLimit);
        chaikin::Options o;
        o.iterations = 1;
        o.ratio = 0.25;
        o.angleLimit = angleLimit;
        const std::vector<Vec3> out = chaikin::smooth({{0, 0, 0}, {0, 1, 0}, {1, 1, 0}}, false, o);
        const std::vector<Vec3> expected{{0, 0, 0}, {0, 0.75, 0}, {0.25, 1, 0}, {1, 1, 0}};
        QVERIFY2(out == expected, qPrintable(firstDifference(out, expected)));
    }

    // A right angle is an outlier at outlierAngle 90 (>= is inclusive) but not at 90.5.
    void rightAngleOutlierThreshold()
    {
        chaikin::Options o;
        o.iterations = 1;
        o.rejectOutliers = true;
        o.outlierAngle = 90.0;
        const std::vector<Vec3> path{{0, 0, 0}, {0, 1, 0}, {1, 1, 0}, {2, 1, 0}};
        // {0,1} is dropped; the 45 degree corner left at {1,1} is then cut.
        const std::vector<Vec3> dropped{{0, 0, 0}, {0.75, 0.75, 0}, {1.25, 1, 0}, {2, 1, 0}};
        QCOMPARE(chaikin::smooth(path, false, o), dropped);
        o.outlierAngle = 90.5;
        // Nothing dropped: the right angle is cut, the straight {1,1} stays.
        const std::vector<Vec3> kept{{0, 0, 0}, {0, 0.75, 0}, {0.25, 1, 0}, {1, 1, 0}, {2, 1, 0}};
        QCOMPARE(chaikin::smooth(path, false, o), kept);
    }

    void matchesReference_data()
    {
        QTest::addColumn<chaikin::Options>("options");
        for (int iterations : {0, 1, 2, 3, 5})
            for (double ratio : {0.01, 0.25, 0.5})
                for (double angleLimit : {0.0, 30.0, 90.0, 135.0, 180.0})
                    for (double outlierAngle : {-1.0, 0.0, 45.0, 90.0, 180.0}) { // -1: no rejection
                        chaikin::Options o;
                        o.iterations = iterations;
                        o.ratio = ratio;
                        o.angleLimit = angleLimit;
                        o.rejectOutliers = outlierAngle >= 0.0;
                        o.outlierAngle = std::max(0.0, outlierAngle);
                        const QString rejection = o.rejectOutliers ? QString("reject %1").arg(outlierAngle) : "keep";
                        QTest::addRow("it %d ratio %g limit %g %s", iterations, ratio, angleLimit,
                                      qPrintable(rejection))
                            << o;
                    }
    }
    // Bit-for-bit equal to the reference on open and closed, 2D and 3D, continuous and grid paths.
    void matchesReference()
    {
        QFETCH(chaikin::Options, options);
        std::mt19937_64 rng(std::hash<std::string>{}(QTest::currentDataTag()));
        for (bool closed : {false, true})
            for (bool grid : {false, true})
                for (bool threeD : {false, true})
                    for (int trial = 0; trial < 6; ++trial) {
                        const std::vector<Vec3> path = randomPath(rng, grid, threeD, std::size_t(trial * 7 % 30));
                        const std::vector<Vec3> got = chaikin::smooth(path, closed, options);
                        const std::vector<Vec3> want = reference(path, closed, options);
                        const QString diff = firstDifference(got, want);
                        QVERIFY2(diff.isEmpty(), qPrintable(QString("closed %1 grid %2 3D %3 n %4: %5")
                                                                .arg(closed)
                                                                .arg(grid)
                                                                .arg(threeD)
                                                                .arg(path.size())
                                                                .arg(diff)));
                        QVERIFY(allFinite(got));
                    }
    }

    void chunkBoundaries_data()
    {
        QTest::addColumn<int>("iterations");
        QTest::addColumn<int>("points");
        // Open paths stream through the iterations in chunks of 2048 >> iterations input points
        // (at least 16): these sizes cross many chunk boundaries at every iteration count.
        QTest::newRow("1 iteration") << 1 << 9000;
        QTest::newRow("3 iterations") << 3 << 3000;
        QTest::newRow("7 iterations") << 7 << 300;
        QTest::newRow("10 iterations") << 10 << 150;
        QTest::newRow("12 iterations") << 12 << 40;
    }
    // Long paths, where repeats, held-back points and outlier decisions straddle chunk boundaries,
    // still equal the reference bit for bit.
    void chunkBoundaries()
    {
        QFETCH(int, iterations);
        QFETCH(int, points);
        std::mt19937_64 rng(std::uint64_t(iterations) * 1000 + std::uint64_t(points));
        for (bool grid : {false, true})
            for (double angleLimit : {0.0, 30.0, 90.0})
                for (bool reject : {false, true}) {
                    chaikin::Options o;
                    o.iterations = iterations;
                    o.angleLimit = angleLimit;
                    o.rejectOutliers = reject;
                    o.ratio = grid ? 0.5 : 0.25; // 0.5 makes repeats of its own
                    const std::vector<Vec3> path = randomPath(rng, grid, true, std::size_t(points));
                    const std::vector<Vec3> got = chaikin::smooth(path, false, o);
                    const QString diff = firstDifference(got, reference(path, false, o));
                    QVERIFY2(
                        diff.isEmpty(),
                        qPrintable(
                            QString("grid %1 limit %2 reject %3: %4").arg(grid).arg(angleLimit).arg(reject).arg(diff)));
                }
    }

    void degenerate_data()
    {
        QTest::addColumn<std::vector<Vec3>>("path");
        QTest::addColumn<bool>("closed");
        const Vec3 a{1, 2, 3}, b{4, 6, 3}, c{4, 6, 8};
        for (bool closed : {false, true}) {
            const char *kind = closed ? "closed" : "open";
            QTest::addRow("%s empty", kind) << std::vector<Vec3>{} << closed;
            QTest::addRow("%s one point", kind) << std::vector<Vec3>{a} << closed;
            QTest::addRow("%s two points", kind) << std::vector<Vec3>{a, b} << closed;
            QTest::addRow("%s all equal", kind) << std::vector<Vec3>{a, a, a, a} << closed;
            QTest::addRow("%s repeats", kind) << std::vector<Vec3>{a, a, b, b, b, c, c} << closed;
            QTest::addRow("%s repeats to two", kind) << std::vector<Vec3>{a, a, b, b, a} << closed;
            QTest::addRow("%s collinear", kind)
                << std::vector<Vec3>{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {5, 5, 5}} << closed;
            QTest::addRow("%s back and forth", kind) << std::vector<Vec3>{a, b, a, b, a, b} << closed;
            QTest::addRow("%s tiny", kind)
                << std::vector<Vec3>{{0, 0, 0}, {1e-300, 0, 0}, {1e-300, 1e-300, 0}} << closed;
            QTest::addRow("%s huge", kind) << std::vector<Vec3>{{0, 0, 0}, {1e150, 0, 0}, {1e150, 1e150, 0}} << closed;
        }
    }
    // Degenerate input: equal to the reference under several settings, never NaN, short input as is.
    void degenerate()
    {
        QFETCH(std::vector<Vec3>, path);
        QFETCH(bool, closed);
        for (double angleLimit : {0.0, 30.0})
            for (bool reject : {false, true}) {
                chaikin::Options o;
                o.angleLimit = angleLimit;
                o.rejectOutliers = reject;
                const std::vector<Vec3> got = chaikin::smooth(path, closed, o);
                QCOMPARE(got, reference(path, closed, o));
                QVERIFY(allFinite(got));
                if (path.size() < 3) QCOMPARE(got, path);
            }
    }

    // Smoothing into a caller's buffer gives the same points whatever the buffer held before (bigger,
    // smaller, the input itself), open and closed, for every setting the fast loops specialise on.
    void intoReusedBuffer()
    {
        std::mt19937_64 rng(11);
        std::vector<Vec3> buffer{{9, 9, 9}};
        for (int trial = 0; trial < 60; ++trial) {
            chaikin::Options o;
            o.iterations = trial % 4;
            o.angleLimit = trial % 3 == 0 ? 0.0 : 30.0;
            o.rejectOutliers = trial % 5 == 0;
            const bool closed = trial % 2 == 1;
            const std::vector<Vec3> path = randomPath(rng, trial % 7 == 0, true, std::size_t(rng() % 400));
            const std::vector<Vec3> want = reference(path, closed, o);
            chaikin::smooth(path, closed, o, buffer);
            QVERIFY2(firstDifference(buffer, want).isEmpty(), qPrintable(firstDifference(buffer, want)));
            std::vector<Vec3> inPlace = path;
            chaikin::smooth(inPlace, closed, o, inPlace);
            QVERIFY2(firstDifference(inPlace, want).isEmpty(), qPrintable(firstDifference(inPlace, want)));
        }
    }

    // Straight runs stay exactly as they are under an angle limit (nothing to cut).
    void straightRunUntouched()
    {
        std::vector<Vec3> path;
        for (int i = 0; i < 50; ++i) path.push_back({0.5 * i, 0.25 * i, -1.0 * i});
        QCOMPARE(chaikin::smooth(path, false, chaikin::Options{}), path);
    }

    // Iterations 0 return the input untouched, repeats included.
    void zeroIterations()
    {
        chaikin::Options o;
        o.iterations = 0;
        const std::vector<Vec3> path{{0, 0, 0}, {0, 0, 0}, {1, 0, 0}};
        QCOMPARE(chaikin::smooth(path, false, o), path);
    }

    // Linear time, shown by size: a large path goes through without trouble and within the 2^k bound.
    void largeInput()
    {
        std::mt19937_64 rng(3);
        const std::vector<Vec3> path = randomPath(rng, false, true, 200000);
        chaikin::Options o;
        o.angleLimit = 0.0;
        const std::vector<Vec3> out = chaikin::smooth(path, false, o);
        QCOMPARE(out.size(), 8 * (path.size() - 2) + 2);
        QCOMPARE(out.front(), path.front());
        QCOMPARE(out.back(), path.back());
    }

    // The growth guard refuses a result over the limit, and only such a result.
    void growthGuard()
    {
        chaikin::Options o;
        o.angleLimit = 0.0;
        o.iterations = 3;
        std::mt19937_64 rng(4);
        const std::vector<Vec3> path = randomPath(rng, false, false, 100);
        const std::size_t size = chaikin::smooth(path, false, o).size(); // 8 * 98 + 2
        o.maxPoints = size;
        QCOMPARE(chaikin::smooth(path, false, o).size(), size);
        o.maxPoints = size - 1;
        QVERIFY_THROWS_EXCEPTION(std::length_error, chaikin::smooth(path, false, o));
    }

    // The plugin: same result as the algorithm, messages instead of exceptions.
    void plugin()
    {
        const chaikin::ChaikinPlugin plugin;
        const NoObstacles context;
        std::mt19937_64 rng(5);
        std::vector<Vec3> path = randomPath(rng, false, false, 40);
        railforge::SmoothingResult r = plugin.smooth(path, true, railforge::ParameterValues(defaultParams()), context);
        QVERIFY(r.ok());
        QCOMPARE(r.points, chaikin::smooth(path, true, chaikin::Options{}));

        path[7].y = std::nan("");
        r = plugin.smooth(path, false, railforge::ParameterValues(defaultParams()), context);
        QVERIFY(!r.ok());
        QVERIFY(r.points.empty());
        // path[7] is the 8th point: messages count from 1, like every message of the host.
        QVERIFY2(QString::fromStdString(r.error).contains("point 8 is not a finite number"), r.error.c_str());

        path[7].y = 0.0;
        r = plugin.smooth(path, false, railforge::ParameterValues{}, context);
        QVERIFY2(QString::fromStdString(r.error).contains("missing parameter"), r.error.c_str());

        auto params = defaultParams();
        params["ratio"] = std::string("wide");
        r = plugin.smooth(path, false, railforge::ParameterValues(params), context);
        QVERIFY2(QString::fromStdString(r.error).contains("wrong type"), r.error.c_str());

        params = defaultParams();
        params["ratio"] = std::nan("");
        r = plugin.smooth(path, false, railforge::ParameterValues(params), context);
        QVERIFY(!r.ok());

        // Coordinates whose differences overflow never come back as infinities.
        r = plugin.smooth({{-1.7e308, 0, 0}, {1.7e308, 0, 0}, {1.7e308, 1.7e308, 0}}, false,
                          railforge::ParameterValues(defaultParams()), context);
        QVERIFY(!r.ok() || allFinite(r.points));
    }
};

QTEST_APPLESS_MAIN(TestChaikin)
#include "test_chaikin.moc"
