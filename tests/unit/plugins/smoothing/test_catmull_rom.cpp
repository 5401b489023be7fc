// Catmull-Rom strategy: the Hermite-form implementation against a direct Barry-Goldman evaluation of
// docs/design.md's definition for every alpha / end-point / subdivision combination, seed 001's formula
// values, point counts, degenerate input (no NaN ever) and the plugin's error handling.
#include "catmull_rom.h"
#include "catmull_rom_plugin.h"
#include "vec3_to_string.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using railforge::core::Vec3;
namespace catmullrom = railforge::catmullrom;

namespace {

// ---- The reference: knots and the Barry-Goldman pyramid, straight from the definition. ----

// Interpolation over the knot interval [ta, tb] at t. A zero interval only happens between equal
// points (alpha > 0), where the limit of the pyramid is that point.
Vec3 knotLerp(Vec3 a, Vec3 b, double ta, double tb, double t)
{
    if (tb == ta) return a;
    return a * ((tb - t) / (tb - ta)) + b * ((t - ta) / (tb - ta));
}

// The non-uniform Catmull-Rom curve through p1..p2 (knots t0..t3) at t in [t1, t2].
Vec3 barryGoldman(const Vec3 (&p)[4], const double (&k)[4], double t)
{
    const Vec3 a1 = knotLerp(p[0], p[1], k[0], k[1], t);
    const Vec3 a2 = knotLerp(p[1], p[2], k[1], k[2], t);
    const Vec3 a3 = knotLerp(p[2], p[3], k[2], k[3], t);
    const Vec3 b1 = knotLerp(a1, a2, k[0], k[2], t);
    const Vec3 b2 = knotLerp(a2, a3, k[1], k[3], t);
    return knotLerp(b1, b2, k[1], k[2], t);
}

// The whole resampled polyline, as docs/design.md defines it.
std::vector<Vec3> reference(const std::vector<Vec3> &pts, bool closed, const catmullrom::Options &o)
{
    const std::size_t n = pts.size();
    if (n < 2) return pts;
    const bool reflect = o.endpoints == catmullrom::Endpoints::Reflect;
    // The extended point list: index k + 1 holds P_k for k = -1..n (closed: n + 3 entries wrapping).
    std::vector<Vec3> ext;
    if (closed) {
        for (std::size_t k = 0; k < n + 3; ++k) ext.push_back(pts[(k + n - 1) % n]);
    } else {
        ext.push_back(reflect ? 2.0 * pts[0] - pts[1] : pts[0]);
        ext.insert(ext.end(), pts.begin(), pts.end());
        ext.push_back(reflect ? 2.0 * pts[n - 1] - pts[n - 2] : pts[n - 1]);
    }
    std::vector<double> knot{0.0};
    for (std::size_t k = 1; k < ext.size(); ++k)
        knot.push_back(knot.back() + std::pow(railforge::core::distance(ext[k - 1], ext[k]), o.alpha));
    std::vector<Vec3> out;
    const std::size_t segments = closed ? n : n - 1;
    for (std::size_t i = 0; i < segments; ++i) {
        const Vec3 p[4] = {ext[i], ext[i + 1], ext[i + 2], ext[i + 3]};
        const double k[4] = {knot[i], knot[i + 1], knot[i + 2], knot[i + 3]};
        for (int j = 0; j < o.subdivisions; ++j) {
            const double t = k[1] + (double(j) / o.subdivisions) * (k[2] - k[1]);
            out.push_back(barryGoldman(p, k, t));
        }
    }
    if (!closed) out.push_back(pts[n - 1]);
    return out;
}

// Seed 001's one-dimensional uniform formula, transcribed.
double seedQ(double p0, double p1, double p2, double p3, double t)
{
    return 0.5 * ((2 * p1) + (p2 - p0) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t +
                  (3 * p1 - p0 - 3 * p2 + p3) * t * t * t);
}

// ---- Inputs and checks. ----

// A random path: continuous coordinates, or a coarse grid walk with repeats and straight runs.
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

// Largest coordinate difference between same-index points (infinity when the sizes differ).
double maxDifference(const std::vector<Vec3> &a, const std::vector<Vec3> &b)
{
    if (a.size() != b.size()) return INFINITY;
    double worst = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const Vec3 d = a[i] - b[i];
        worst = std::max({worst, std::abs(d.x), std::abs(d.y), std::abs(d.z)});
    }
    return worst;
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
    return {{"subdivisions", std::int64_t(8)}, {"alpha", 0.5}, {"endpoints", std::string("reflect")}};
}

} // namespace

Q_DECLARE_METATYPE(catmullrom::Options)
Q_DECLARE_METATYPE(std::vector<Vec3>)

class TestCatmullRom : public QObject {
    Q_OBJECT
private slots:
    // Seed 001 for 1, 2, 2, 1 (the middle segment needs no phantoms): the formula gives 2.09375 at
    // t = 0.25 and 0.75 and 2.125 at 0.5 (the seed's printed 2.171875 is a typo the formula refutes).
    void seedFormulaValues()
    {
        catmullrom::Options o;
        o.alpha = 0.0;
        o.subdivisions = 4;
        const std::vector<Vec3> out = catmullrom::smooth({{1, 0, 0}, {2, 0, 0}, {2, 0, 0}, {1, 0, 0}}, false, o);
        QCOMPARE(out.size(), std::size_t(13));
        QCOMPARE(out[4].x, 2.0);
        QCOMPARE(out[5].x, 2.09375);
        QCOMPARE(out[6].x, 2.125);
        QCOMPARE(out[7].x, 2.09375);
        QCOMPARE(seedQ(1, 2, 2, 1, 0.25), 2.09375);
        QCOMPARE(seedQ(1, 2, 2, 1, 0.5), 2.125);
    }

    // Alpha 0 with duplicated ends is exactly seed 001's CatmullRomSplineUtils, on its own example.
    void seedExample()
    {
        const std::vector<Vec3> pts{{1, 1, 0}, {2, 2, 0}, {3, 2, 0}, {4, 1, 0}};
        catmullrom::Options o;
        o.alpha = 0.0;
        o.subdivisions = 4;
        o.endpoints = catmullrom::Endpoints::Duplicate;
        const std::vector<Vec3> out = catmullrom::smooth(pts, false, o);
        QCOMPARE(out.size(), std::size_t(13));
        for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
            const Vec3 &p0 = i == 0 ? pts[i] : pts[i - 1], &p1 = pts[i], &p2 = pts[i + 1];
            const Vec3 &p3 = i + 2 == pts.size() ? pts[i + 1] : pts[i + 2];
            for (int j = 0; j <= 4; ++j) {
                const double t = j * 0.25;
                const Vec3 &got = out[i * 4 + std::size_t(j)];
                QVERIFY(std::abs(got.x - seedQ(p0.x, p1.x, p2.x, p3.x, t)) < 1e-12);
                QVERIFY(std::abs(got.y - seedQ(p0.y, p1.y, p2.y, p3.y, t)) < 1e-12);
            }
        }
    }

    void matchesReference_data()
    {
        QTest::addColumn<catmullrom::Options>("options");
        for (double alpha : {0.0, 0.25, 0.5, 0.75, 1.0})
            for (auto endpoints : {catmullrom::Endpoints::Duplicate, catmullrom::Endpoints::Reflect})
                for (int subdivisions : {1, 2, 3, 8}) {
                    const catmullrom::Options o{subdivisions, alpha, endpoints};
                    const char *ends = endpoints == catmullrom::Endpoints::Reflect ? "reflect" : "duplicate";
                    QTest::addRow("alpha %g %s N %d", alpha, ends, subdivisions) << o;
                }
    }
    // Equal to the Barry-Goldman reference (to rounding) on open and closed, 2D and 3D, continuous and
    // grid paths (the latter full of repeated points, i.e. zero knot intervals); j = 0 samples are the
    // control points exactly; nothing is NaN.
    void matchesReference()
    {
        QFETCH(catmullrom::Options, options);
        std::mt19937_64 rng(std::hash<std::string>{}(QTest::currentDataTag()));
        for (bool closed : {false, true})
            for (bool grid : {false, true})
                for (bool threeD : {false, true})
                    for (std::size_t n : {2, 3, 4, 7, 20}) {
                        const std::vector<Vec3> path = randomPath(rng, grid, threeD, n);
                        const std::vector<Vec3> got = catmullrom::smooth(path, closed, options);
                        QCOMPARE(got.size(), catmullrom::outputSize(n, closed, options.subdivisions));
                        QVERIFY(allFinite(got));
                        const double error = maxDifference(got, reference(path, closed, options));
                        QVERIFY2(error < 1e-9, qPrintable(QString("closed %1 grid %2 3D %3 n %4: error %5")
                                                              .arg(closed)
                                                              .arg(grid)
                                                              .arg(threeD)
                                                              .arg(n)
                                                              .arg(error)));
                        for (std::size_t i = 0; i < (closed ? n : n - 1); ++i)
                            QCOMPARE(got[i * std::size_t(options.subdivisions)], path[i]);
                        if (!closed) QCOMPARE(got.back(), path.back());
                    }
    }

    void degenerate_data()
    {
        QTest::addColumn<std::vector<Vec3>>("path");
        const Vec3 a{1, 2, 3}, b{4, 6, 3};
        QTest::newRow("empty") << std::vector<Vec3>{};
        QTest::newRow("one point") << std::vector<Vec3>{a};
        QTest::newRow("two points") << std::vector<Vec3>{a, b};
        QTest::newRow("two equal points") << std::vector<Vec3>{a, a};
        QTest::newRow("all equal") << std::vector<Vec3>{a, a, a, a, a};
        QTest::newRow("repeats") << std::vector<Vec3>{a, a, b, b, b, a, a};
        QTest::newRow("collinear") << std::vector<Vec3>{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {7, 7, 7}};
        QTest::newRow("tiny steps") << std::vector<Vec3>{{0, 0, 0}, {1e-300, 0, 0}, {1e-300, 1e-300, 0}, {1, 1, 0}};
        QTest::newRow("huge") << std::vector<Vec3>{{0, 0, 0}, {1e150, 0, 0}, {1e150, 1e150, 0}};
    }
    // Degenerate input: counts hold, nothing is NaN, a segment between equal points is that point.
    void degenerate()
    {
        QFETCH(std::vector<Vec3>, path);
        for (bool closed : {false, true})
            for (double alpha : {0.0, 0.5, 1.0})
                for (auto endpoints : {catmullrom::Endpoints::Duplicate, catmullrom::Endpoints::Reflect}) {
                    const catmullrom::Options o{5, alpha, endpoints};
                    const std::vector<Vec3> out = catmullrom::smooth(path, closed, o);
                    QCOMPARE(out.size(), catmullrom::outputSize(path.size(), closed, 5));
                    QVERIFY(allFinite(out));
                    if (path.size() < 2) QCOMPARE(out, path);
                    for (std::size_t i = 0; alpha > 0 && i + 1 < path.size(); ++i)
                        if (path[i] == path[i + 1])
                            for (std::size_t j = 0; j < 5; ++j) QCOMPARE(out[i * 5 + j], path[i]);
                }
    }

    // Resampling into a caller's buffer gives the same points as a fresh result, whatever the buffer
    // held before (bigger, smaller, the input itself).
    void intoReusedBuffer()
    {
        std::mt19937_64 rng(12);
        std::vector<Vec3> buffer{{9, 9, 9}};
        for (int trial = 0; trial < 40; ++trial) {
            const std::vector<Vec3> path = randomPath(rng, trial % 5 == 0, true, std::size_t(rng() % 60));
            catmullrom::Options o;
            o.subdivisions = 1 + trial % 9;
            o.alpha = 0.5 * (trial % 3);
            const bool closed = trial % 2 == 1;
            const std::vector<Vec3> want = catmullrom::smooth(path, closed, o);
            catmullrom::smooth(path, closed, o, buffer);
            QCOMPARE(buffer, want);
            std::vector<Vec3> inPlace = path;
            catmullrom::smooth(inPlace, closed, o, inPlace);
            QCOMPARE(inPlace, want);
        }
    }

    // Open, two points, reflected ends: the phantoms continue the chord, so the curve is that chord.
    void reflectedTwoPointsIsStraight()
    {
        const std::vector<Vec3> out = catmullrom::smooth({{0, 0, 0}, {4, 2, 0}}, false, catmullrom::Options{});
        QCOMPARE(out.size(), std::size_t(9));
        for (const Vec3 &p : out) QVERIFY(std::abs(p.y - 0.5 * p.x) < 1e-12);
    }

    // Closed output: n * N points, no repeated closing point, each control point where it belongs.
    void closedConvention()
    {
        const std::vector<Vec3> square{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
        const std::vector<Vec3> out = catmullrom::smooth(square, true, catmullrom::Options{});
        QCOMPARE(out.size(), std::size_t(32));
        for (std::size_t i = 0; i < 4; ++i) QCOMPARE(out[i * 8], square[i]);
        QVERIFY(!(out.back() == out.front()));
    }

    // The plugin: same result as the algorithm, messages instead of exceptions.
    void plugin()
    {
        const catmullrom::CatmullRomPlugin plugin;
        const NoObstacles context;
        std::mt19937_64 rng(5);
        std::vector<Vec3> path = randomPath(rng, false, true, 30);
        railforge::SmoothingResult r = plugin.smooth(path, false, railforge::ParameterValues(defaultParams()), context);
        QVERIFY(r.ok());
        QCOMPARE(r.points, catmullrom::smooth(path, false, catmullrom::Options{}));

        path[3].z = INFINITY;
        r = plugin.smooth(path, false, railforge::ParameterValues(defaultParams()), context);
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error).contains("point 4 is not a finite number"), r.error.c_str());
        path[3].z = 0.0;

        auto params = defaultParams();
        params["endpoints"] = std::string("mirror");
        r = plugin.smooth(path, false, railforge::ParameterValues(params), context);
        QVERIFY2(QString::fromStdString(r.error).contains("mirror"), r.error.c_str());

        params = defaultParams();
        params.erase("alpha");
        r = plugin.smooth(path, false, railforge::ParameterValues(params), context);
        QVERIFY2(QString::fromStdString(r.error).contains("missing parameter alpha"), r.error.c_str());

        // A million points at 64 subdivisions would be 64 million points: refused before any work.
        params = defaultParams();
        params["subdivisions"] = std::int64_t(64);
        r = plugin.smooth(std::vector<Vec3>(1000000, Vec3{1, 2, 3}), false, railforge::ParameterValues(params),
                          context);
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error).contains("subdivisions"), r.error.c_str());

        // A curve that overflows is reported, not returned with infinities.
        r = plugin.smooth({{-1.7e308, 0, 0}, {1.7e308, 0, 0}, {1.7e308, 1.7e308, 0}}, false,
                          railforge::ParameterValues(defaultParams()), context);
        QVERIFY(!r.ok());
    }
};

QTEST_APPLESS_MAIN(TestCatmullRom)
#include "test_catmull_rom.moc"
