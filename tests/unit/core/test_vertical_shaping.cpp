// Crests rounded and valleys filled against their definitions by brute force, on random graded
// profiles: never lower, never steeper, curvature within the bend (second differences), and the
// valleys filled no higher than the upper hull of every pair of samples says.
#include "core/vertical_shaping.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace railforge::core;

namespace {

// Neighbours `spacing` apart differing by at most slope * spacing, with flats and corners.
std::vector<double> randomGraded(std::mt19937 &rng, int n, double slope, double spacing)
{
    std::uniform_real_distribution<double> step(-1.0, 1.0);
    std::uniform_int_distribution<int> run(1, 12);
    std::vector<double> v(std::size_t(n), 3.0);
    double rate = 0;
    int left = 0;
    for (std::size_t i = 1; i < v.size(); ++i) {
        if (left-- <= 0) rate = step(rng), left = run(rng);
        v[i] = v[i - 1] + slope * spacing * rate;
    }
    return v;
}

double secondDifference(const std::vector<double> &z, std::size_t i, double h)
{
    return (z[i - 1] - 2 * z[i] + z[i + 1]) / (h * h);
}

} // namespace

class TestVerticalShaping : public QObject {
    Q_OBJECT
private slots:
    void crestsAreRounded()
    {
        std::mt19937 rng(7);
        for (int round = 0; round < 200; ++round) {
            const double h = 0.1, slope = 0.36, bend = std::uniform_real_distribution<double>(0.05, 2.0)(rng);
            const std::vector<double> z = randomGraded(rng, 300, slope, h);
            const std::vector<double> r = crestsRounded(z, h, bend, slope, false);
            QCOMPARE(r.size(), z.size());
            for (std::size_t i = 0; i < z.size(); ++i) {
                QVERIFY(r[i] >= z[i]);
                // The definition, every sample against every other within reach.
                double best = -1e300;
                for (std::size_t j = 0; j < z.size(); ++j) {
                    const double d = (double(i) - double(j)) * h;
                    if (std::abs(d) <= slope / bend + h) best = std::max(best, z[j] - 0.5 * bend * d * d);
                }
                QVERIFY2(std::abs(r[i] - best) < 1e-12 || r[i] <= best, "no higher than its definition");
                // A climb of `slope` is raised by at most slope² / 2 bend.
                QVERIFY(r[i] - z[i] <= slope * slope / (2 * bend) + 1e-9);
                if (i > 0) QVERIFY(std::abs(r[i] - r[i - 1]) <= slope * h + 1e-12);
                if (i > 0 && i + 1 < z.size()) QVERIFY(secondDifference(r, i, h) >= -bend - 1e-6);
            }
        }
    }

    void valleysAreFilled()
    {
        std::mt19937 rng(11);
        for (int round = 0; round < 100; ++round) {
            const double h = 0.25, slope = 0.5, bend = std::uniform_real_distribution<double>(0.05, 1.0)(rng);
            const std::vector<double> z = randomGraded(rng, 70, slope, h);
            const std::vector<double> f = valleysFilled(z, h, bend, false);
            for (std::size_t i = 0; i < z.size(); ++i) {
                QVERIFY(f[i] >= z[i] - 1e-12);
                // Brute force: the least curve of curvature at most `bend` through any two samples
                // around i that stay above the profile there is the parabola through them.
                double hull = -1e300;
                for (std::size_t a = 0; a <= i; ++a)
                    for (std::size_t b = i; b < z.size(); ++b) {
                        const double sa = double(a) * h, sb = double(b) * h, s = double(i) * h;
                        const double t = b > a ? (s - sa) / (sb - sa) : 0.0;
                        const double chord = z[a] + (z[b] - z[a]) * t;
                        hull = std::max(hull, chord - 0.5 * bend * (s - sa) * (sb - s));
                    }
                QVERIFY2(std::abs(f[i] - hull) < 1e-9, qPrintable(QString("%1 vs %2").arg(f[i]).arg(hull)));
                if (i > 0) QVERIFY(std::abs(f[i] - f[i - 1]) <= slope * h + 1e-9);
                if (i > 0 && i + 1 < z.size()) QVERIFY(secondDifference(f, i, h) <= bend + 1e-6);
            }
        }
    }

    // Both together keep the curvature between -bend and +bend; round a loop too.
    void shapedBothWaysRoundALoop()
    {
        std::mt19937 rng(3);
        const double h = 0.1, slope = 0.3, crest = 0.15, valley = 0.25;
        for (int round = 0; round < 40; ++round) {
            std::vector<double> z = randomGraded(rng, 400, slope, h);
            // Close the loop gently: the last samples climb back to the first.
            for (std::size_t i = z.size() - 60; i < z.size(); ++i) {
                const double t = double(i - (z.size() - 60)) / 60.0;
                z[i] = z[i] * (1 - t) + z[0] * t;
            }
            const std::vector<double> g = valleysFilled(crestsRounded(z, h, crest, 1.0, true), h, valley, true);
            const std::size_t n = g.size();
            for (std::size_t i = 0; i < n; ++i) {
                QVERIFY(g[i] >= z[i] - 1e-12);
                const double d2 = (g[(i + n - 1) % n] - 2 * g[i] + g[(i + 1) % n]) / (h * h);
                QVERIFY2(d2 <= valley + 1e-6 && d2 >= -crest - 0.05, qPrintable(QString::number(d2)));
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestVerticalShaping)
#include "test_vertical_shaping.moc"
