// The grade envelope against its definition evaluated by brute force (every sample against every
// other), open and round a loop, and the moving average against the two bounds the fit relies on:
// it keeps a grade, and it moves values by no more than averagingRadius promises.
#include "core/grade_envelope.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace railforge::core;

namespace {

std::vector<double> randomPlaces(std::mt19937 &rng, int n)
{
    std::uniform_real_distribution<double> gap(0.0, 2.0);
    std::vector<double> s(std::size_t(n), 0.0);
    for (std::size_t i = 1; i < s.size(); ++i) s[i] = s[i - 1] + gap(rng);
    return s;
}

std::vector<double> randomFloors(std::mt19937 &rng, int n)
{
    std::uniform_real_distribution<double> height(-20.0, 20.0);
    std::bernoulli_distribution none(0.2);
    std::vector<double> f(static_cast<std::size_t>(n));
    for (double &v : f) v = none(rng) ? -std::numeric_limits<double>::infinity() : height(rng);
    return f;
}

// A sequence whose neighbours, `spacing` apart, differ by at most slope * spacing.
std::vector<double> randomGraded(std::mt19937 &rng, int n, double slope, double spacing)
{
    std::uniform_real_distribution<double> step(-1.0, 1.0);
    std::vector<double> v(std::size_t(n), 5.0);
    for (std::size_t i = 1; i < v.size(); ++i) v[i] = v[i - 1] + slope * spacing * step(rng);
    return v;
}

} // namespace

class TestGradeEnvelope : public QObject {
    Q_OBJECT
private slots:
    void envelopeIsTheUpperEnvelopeOfCones()
    {
        std::mt19937 rng(7);
        for (int round = 0; round < 200; ++round) {
            const int n = 1 + int(rng() % 60);
            const std::vector<double> s = randomPlaces(rng, n), floor = randomFloors(rng, n);
            const double slope = std::uniform_real_distribution<double>(0.01, 2.0)(rng);
            const std::vector<double> z = gradeEnvelope(s, floor, slope);
            for (int i = 0; i < n; ++i) {
                double brute = -std::numeric_limits<double>::infinity();
                for (int j = 0; j < n; ++j)
                    brute = std::max(brute,
                                     floor[std::size_t(j)] - slope * std::abs(s[std::size_t(i)] - s[std::size_t(j)]));
                if (std::isinf(brute))
                    QVERIFY(std::isinf(z[std::size_t(i)]));
                else
                    QVERIFY2(std::abs(z[std::size_t(i)] - brute) < 1e-9,
                             qPrintable(QString::number(z[std::size_t(i)] - brute)));
            }
        }
    }

    void closedEnvelopeReachesRoundTheSeam()
    {
        std::mt19937 rng(11);
        for (int round = 0; round < 200; ++round) {
            const int n = 3 + int(rng() % 50);
            std::vector<double> s = randomPlaces(rng, n);
            const double period = s.back() + std::uniform_real_distribution<double>(0.1, 2.0)(rng);
            std::vector<double> floor = randomFloors(rng, n);
            floor[0] = 1.0; // at least one floor
            const double slope = std::uniform_real_distribution<double>(0.01, 2.0)(rng);
            const std::vector<double> z = gradeEnvelopeClosed(s, floor, slope, period);
            for (int i = 0; i < n; ++i) {
                double brute = -std::numeric_limits<double>::infinity();
                for (int j = 0; j < n; ++j) {
                    const double d = std::abs(s[std::size_t(i)] - s[std::size_t(j)]);
                    brute = std::max(brute, floor[std::size_t(j)] - slope * std::min(d, period - d));
                }
                QVERIFY2(std::abs(z[std::size_t(i)] - brute) < 1e-9,
                         qPrintable(QString::number(z[std::size_t(i)] - brute)));
            }
        }
    }

    void movingAverageKeepsTheGradeAndItsPromise_data()
    {
        QTest::addColumn<int>("ends");
        QTest::newRow("hold") << int(AverageEnds::Hold);
        QTest::newRow("pin") << int(AverageEnds::Pin);
        QTest::newRow("wrap") << int(AverageEnds::Wrap);
    }
    void movingAverageKeepsTheGradeAndItsPromise()
    {
        QFETCH(int, ends);
        std::mt19937 rng(13 + unsigned(ends));
        for (int round = 0; round < 100; ++round) {
            const int n = 2 + int(rng() % 400);
            const double slope = std::uniform_real_distribution<double>(0.01, 1.0)(rng);
            const double spacing = std::uniform_real_distribution<double>(0.01, 0.5)(rng);
            const double shift = std::uniform_real_distribution<double>(0.01, 1.0)(rng);
            std::vector<double> v = randomGraded(rng, n, slope, spacing);
            // A loop must close within the grade too: a wave that comes round once.
            if (AverageEnds(ends) == AverageEnds::Wrap) {
                const double amplitude = 0.99 * slope * spacing * n / (2 * M_PI);
                const double phase = std::uniform_real_distribution<double>(0.0, 6.0)(rng);
                for (std::size_t i = 0; i < v.size(); ++i)
                    v[i] = amplitude * std::sin(2 * M_PI * double(i) / n + phase);
            }
            const std::size_t radius = averagingRadius(slope, spacing, shift);
            const std::vector<double> out = movingAverage(v, radius, AverageEnds(ends));
            for (std::size_t i = 0; i < out.size(); ++i) {
                QVERIFY(std::abs(out[i] - v[i]) <= shift + 1e-9);
                if (i > 0) QVERIFY(std::abs(out[i] - out[i - 1]) <= slope * spacing * (1 + 1e-9));
            }
            if (AverageEnds(ends) == AverageEnds::Pin) {
                QVERIFY(std::abs(out.front() - v.front()) < 1e-9);
                QVERIFY(std::abs(out.back() - v.back()) < 1e-9);
            }
            // The radius is the largest that keeps the promise.
            const double r = double(radius + 1);
            QVERIFY(slope * spacing * r * (r + 1) / (2 * r + 1) > shift);
        }
    }
};

QTEST_APPLESS_MAIN(TestGradeEnvelope)
#include "test_grade_envelope.moc"
