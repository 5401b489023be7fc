// Fit heights over a terrain with a bridge deck across a ravine, checked as a designer would and
// against references the test computes itself: the fitted curve, read every 0.25 m, keeps the
// clearance above the highest surface (every triangle tried), is nowhere steeper than the grade,
// lies within the tolerance above z* computed by brute force over the original path's samples, and
// stays on its plan path; for every spline kind, open, closed and with its ends kept.
#include "core/arc_length.h"
#include "core/ground.h"
#include "document/ground/rail_height_fit.h"
#include "document/model/rail_geometry.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace railforge;
using namespace railforge::document;

namespace {

constexpr double kDegree = M_PI / 180.0;

// Rolling hills over [-60, 360] x [-120, 120] falling into a ravine (floor -6, sheer walls) at
// 140 < x < 180, and a bridge deck at 12 across it for |y| < 4.
double hills(double x, double y)
{
    if (x > 140 && x < 180) return -6.0;
    return 3 * std::sin(x / 17) + 2 * std::cos(y / 11) + 0.02 * x;
}

std::vector<core::GroundTriangle> terrain()
{
    std::vector<core::GroundTriangle> ts;
    const double cell = 2.0;
    for (double x = -60; x < 360; x += cell)
        for (double y = -120; y < 120; y += cell) {
            // Cells at the ravine's walls are split there so the walls stay sheer.
            auto v = [&](double px, double py) {
                const double inside = (px > 140 && px < 180) || ((px == 140 || px == 180) && x >= 140 && x < 180);
                return core::Vec3{px, py, inside ? -6.0 : hills(px == 140 || px == 180 ? px - 1e-9 : px, py)};
            };
            ts.push_back({v(x, y), v(x + cell, y), v(x + cell, y + cell)});
            ts.push_back({v(x, y), v(x + cell, y + cell), v(x, y + cell)});
        }
    const core::Vec3 a{130, -4, 12}, b{190, -4, 12}, c{190, 4, 12}, d{130, 4, 12};
    ts.push_back({a, b, c});
    ts.push_back({a, c, d});
    return ts;
}

const std::vector<core::GroundTriangle> &triangles()
{
    static const std::vector<core::GroundTriangle> ts = terrain();
    return ts;
}

// The highest surface at (x, y), every triangle tried.
std::optional<double> bruteHighest(double x, double y)
{
    std::optional<double> best;
    for (const core::GroundTriangle &t : triangles())
        if (const auto z = core::triangleHeightAt(t, x, y)) best = best ? std::max(*best, *z) : *z;
    return best;
}

const core::GroundSet &groundSet()
{
    static const core::GroundSet set = [] {
        core::GroundSet s;
        s.add(std::make_shared<core::GroundMesh>(triangles()));
        return s;
    }();
    return set;
}

Rail railOver(SplineKind kind, bool closed)
{
    Rail rail;
    rail.id = "line";
    rail.spline = kind;
    rail.closed = closed;
    // High above everything, so the surface under it is the highest (the deck over the ravine).
    rail.points =
        closed ? std::vector<core::Vec3>{{100, -60, 30}, {230, -40, 30}, {240, 40, 30}, {150, 0, 30}, {60, 50, 30}}
               : std::vector<core::Vec3>{{0, 10, 30},  {60, 30, 30},   {120, 0, 30},
                                         {165, 0, 30}, {210, -10, 30}, {300, 40, 30}};
    if (kind == SplineKind::Bezier) {
        // Designer's own handles: aligned, flat, along the chord of the neighbours.
        const std::size_t n = rail.points.size();
        for (std::size_t i = 0; i < n; ++i) {
            const core::Vec3 prev = rail.points[i > 0 ? i - 1 : (closed ? n - 1 : i)];
            const core::Vec3 next = rail.points[i + 1 < n ? i + 1 : (closed ? 0 : i)];
            core::Vec3 d = next - prev;
            d.z = 0;
            d = d * (12.0 / core::length(d));
            rail.handles.push_back({core::HandleMode::Aligned, d * -1.0, d});
        }
    }
    return rail;
}

// The original path's plan, sampled finely: places s along it and the clearance floor there.
struct PathSamples {
    std::vector<double> s, x, y, floor;
};

PathSamples referenceOf(const Rail &rail, double clearance)
{
    PathSamples r;
    const std::vector<core::CubicBezier> segments = core::toBeziers(railCurve(rail));
    double s = 0;
    core::Vec3 last = segments.front().p[0];
    for (const core::CubicBezier &b : segments)
        for (int j = (&b == &segments.front() ? 0 : 1); j <= 4000; ++j) {
            const core::Vec3 p = core::evaluate(b, j / 4000.0);
            s += std::hypot(p.x - last.x, p.y - last.y);
            last = p;
            if (!r.s.empty() && s - r.s.back() < 0.05) continue;
            r.s.push_back(s);
            r.x.push_back(p.x);
            r.y.push_back(p.y);
            const auto g = groundSet().highest(p.x, p.y);
            r.floor.push_back(g ? *g + clearance : -std::numeric_limits<double>::infinity());
        }
    return r;
}

struct Measured {
    double minClearance = 1e9, steepest = 0, belowLowest = 0, aboveLowest = -1e9, planMoved = 0;
};

// The fitted rail read every 0.25 m of its length against the references.
Measured measure(const Rail &fitted, const PathSamples &ref, double clearance, double grade, bool closed, double period)
{
    Measured m;
    const double slope = std::tan(grade * kDegree);
    const core::ArcLengthTable table = core::buildArcLengthTable(railCurve(fitted));
    const double length = core::totalLength(table);
    for (double at = 0; at <= length; at += 0.25) {
        const core::CurveSample here = core::sampleAt(table, at);
        const core::Vec3 p = here.position, dir = here.tangent;
        if (const auto g = bruteHighest(p.x, p.y)) m.minClearance = std::min(m.minClearance, p.z - *g - clearance);
        // The pitch: the direction of travel against the plan.
        m.steepest = std::max(m.steepest, std::atan2(std::abs(dir.z), std::hypot(dir.x, dir.y)) / kDegree);
        // Where it is along the original path: the nearest of its samples; how far from it.
        std::size_t near = 0;
        double best = 1e18;
        for (std::size_t i = 0; i < ref.s.size(); ++i) {
            const double d = std::hypot(p.x - ref.x[i], p.y - ref.y[i]);
            if (d < best) best = d, near = i;
        }
        m.planMoved = std::max(m.planMoved, best);
        double lowest = -1e18;
        for (std::size_t j = 0; j < ref.s.size(); ++j) {
            double d = std::abs(ref.s[near] - ref.s[j]);
            if (closed) d = std::min(d, period - d);
            lowest = std::max(lowest, ref.floor[j] - slope * d);
        }
        m.belowLowest = std::max(m.belowLowest, lowest - p.z);
        m.aboveLowest = std::max(m.aboveLowest, p.z - lowest);
    }
    return m;
}

} // namespace

class TestRailHeightFit : public QObject {
    Q_OBJECT
private slots:
    void fitKeepsClearanceGradeAndTolerance_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<bool>("closed");
        QTest::addColumn<bool>("keepEnds");
        QTest::addColumn<double>("grade");
        QTest::newRow("catmull-rom 6°") << int(SplineKind::CatmullRom) << false << false << 6.0;
        QTest::newRow("catmull-rom 3°") << int(SplineKind::CatmullRom) << false << false << 3.0;
        QTest::newRow("linear 6°") << int(SplineKind::Linear) << false << false << 6.0;
        QTest::newRow("bezier 6°") << int(SplineKind::Bezier) << false << false << 6.0;
        QTest::newRow("catmull-rom ends kept") << int(SplineKind::CatmullRom) << false << true << 6.0;
        QTest::newRow("bezier ends kept") << int(SplineKind::Bezier) << false << true << 8.0;
        QTest::newRow("catmull-rom loop") << int(SplineKind::CatmullRom) << true << false << 6.0;
    }
    void fitKeepsClearanceGradeAndTolerance()
    {
        QFETCH(int, kind);
        QFETCH(bool, closed);
        QFETCH(bool, keepEnds);
        QFETCH(double, grade);
        const Rail rail = railOver(SplineKind(kind), closed);
        FitHeightsOptions options;
        options.clearance = 1.5;
        options.maxGradeDegrees = grade;
        options.tolerance = 0.25;
        options.keepEnds = keepEnds;
        const FitHeightsOutcome fitted = fitRailHeights(rail, groundSet(), options);
        QVERIFY2(fitted.error.empty(), fitted.error.c_str());
        QVERIFY2(fitted.unmet.empty(), describeFit(fitted).c_str());
        PathSamples ref = referenceOf(rail, options.clearance);
        // Kept ends are floors too: z* rises from them at the grade.
        if (keepEnds) {
            ref.floor.front() = std::max(ref.floor.front(), rail.points.front().z);
            ref.floor.back() = std::max(ref.floor.back(), rail.points.back().z);
        }
        const double period = ref.s.back() + std::hypot(ref.x.front() - ref.x.back(), ref.y.front() - ref.y.back());
        const Measured m = measure(fitted.rail, ref, options.clearance, grade, closed, period);
        const QString figures = QString("clearance margin %1, steepest %2, below z* %3, above z* %4, moved %5; %6")
                                    .arg(m.minClearance)
                                    .arg(m.steepest, 0, 'f', 4)
                                    .arg(m.belowLowest)
                                    .arg(m.aboveLowest)
                                    .arg(m.planMoved)
                                    .arg(QString::fromStdString(describeFit(fitted)));
        QVERIFY2(m.minClearance >= -1e-6, qPrintable(figures));
        QVERIFY2(m.steepest <= grade + 0.01, qPrintable(figures));
        QVERIFY2(m.belowLowest <= 1e-6, qPrintable(figures));
        QVERIFY2(m.aboveLowest <= options.tolerance, qPrintable(figures));
        QVERIFY2(m.planMoved < options.tolerance, qPrintable(figures));
        if (keepEnds) {
            QCOMPARE(fitted.rail.points.front().z, rail.points.front().z);
            QCOMPARE(fitted.rail.points.back().z, rail.points.back().z);
        }
        // What the designer is told matches the rail.
        QCOMPARE(fitted.rail.points.size(), rail.points.size() + fitted.added);
        QVERIFY(fitted.changed > 0);
        QVERIFY(fitted.lowestClearance >= options.clearance - 1e-6);
        QVERIFY(fitted.steepest <= grade + 0.01);
        qInfo("%s", qPrintable(figures));
    }

    // The plan path itself stays put for a Bezier rail with its own handles: only heights change.
    void bezierPlanStaysExactly()
    {
        const Rail rail = railOver(SplineKind::Bezier, false);
        const FitHeightsOutcome fitted = fitRailHeights(rail, groundSet(), FitHeightsOptions{});
        QVERIFY(fitted.error.empty());
        QVERIFY(fitted.planMoved < 1e-5);
    }

    void refusesWhatCannotBeFitted()
    {
        Rail rail = railOver(SplineKind::CatmullRom, false);
        FitHeightsOptions options;
        options.keepEnds = true;
        rail.points.front().z = -20; // under the hills
        FitHeightsOutcome fitted = fitRailHeights(rail, groundSet(), options);
        QVERIFY(fitted.error.find("first point (z -20) is below the lowest height") != std::string::npos);
        QCOMPARE(fitted.rail, rail);
        options.keepEnds = false;
        options.maxGradeDegrees = 0;
        QVERIFY(!fitRailHeights(rail, groundSet(), options).error.empty());
        QCOMPARE(QString::fromStdString(fitRailHeights(rail, core::GroundSet{}, FitHeightsOptions{}).error),
                 QString("the level has no ground"));
        Rail away = rail;
        for (core::Vec3 &p : away.points) p.x += 5000;
        QCOMPARE(QString::fromStdString(fitRailHeights(away, groundSet(), FitHeightsOptions{}).error),
                 QString("no ground is under the rail"));
    }

    // The profile itself: z* at every sample is the brute-force envelope over the samples' floors.
    void lowestProfileIsTheEnvelope()
    {
        const Rail rail = railOver(SplineKind::CatmullRom, false);
        FitHeightsOptions options;
        std::string error;
        const auto profile = lowestProfile(rail, groundSet(), options, &error);
        QVERIFY(profile);
        const double slope = std::tan(options.maxGradeDegrees * kDegree);
        std::mt19937 rng(3);
        for (int k = 0; k < 300; ++k) {
            const std::size_t i = rng() % profile->s.size();
            double brute = -1e18;
            for (std::size_t j = 0; j < profile->s.size(); ++j)
                brute = std::max(brute, profile->ground[j] + options.clearance -
                                            slope * std::abs(profile->s[i] - profile->s[j]));
            QVERIFY(std::abs(profile->lowest[i] - brute) < 1e-9);
            QVERIFY(profile->target[i] >= profile->lowest[i] + options.tolerance / 10 - 1e-9);
            QVERIFY(profile->target[i] <= profile->lowest[i] + 0.8 * options.tolerance + 1e-9);
        }
    }
};

QTEST_APPLESS_MAIN(TestRailHeightFit)
#include "test_rail_height_fit.moc"
