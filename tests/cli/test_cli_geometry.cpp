// railforge-cli nearest / sample on random rails, checked against slow, obviously-correct references:
// dense sampling + golden-section polish for the nearest point, chord sums for arc length.
#include "core/spline.h"
#include "document/model/rail_geometry.h"
#include "document/yaml/level_writer.h"

#include "golden_section.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using namespace railforge;

namespace {

QByteArray runCli(const QStringList &arguments, int *exitCode)
{
    QProcess process;
    process.start(RAILFORGE_CLI, arguments);
    process.waitForFinished(120000);
    *exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    if (*exitCode != 0) qWarning("%s", process.readAllStandardError().constData());
    return process.readAllStandardOutput();
}

document::Rail randomRail(std::mt19937_64 &rng, int index)
{
    document::Rail rail;
    rail.id = "r" + std::to_string(index);
    const int n = std::uniform_int_distribution<int>(2, 12)(rng);
    std::uniform_real_distribution<double> c(-40, 40);
    const bool heights = std::bernoulli_distribution(0.5)(rng);
    for (int i = 0; i < n; ++i) {
        rail.points.push_back({c(rng), c(rng), heights ? c(rng) / 4 : 0.0});
        if (std::bernoulli_distribution(0.1)(rng)) rail.points.push_back(rail.points.back()); // repeated point
    }
    rail.closed = n >= 3 && std::bernoulli_distribution(0.3)(rng);
    rail.spline =
        std::bernoulli_distribution(0.85)(rng) ? document::SplineKind::CatmullRom : document::SplineKind::Linear;
    const double alphas[] = {0.0, 0.5, 1.0};
    rail.alpha = alphas[index % 3];
    return rail;
}

core::Curve curveOf(const document::Rail &rail)
{
    core::Curve curve;
    curve.points = rail.points;
    curve.closed = rail.closed;
    curve.spec = {rail.spline == document::SplineKind::Linear ? core::SplineType::Linear : core::SplineType::CatmullRom,
                  rail.alpha};
    return curve;
}

// Reference nearest distance: 400 samples per segment, then golden-section search around the best few.
double referenceDistance(const std::vector<core::CubicBezier> &segments, const core::Vec3 &p)
{
    double best = std::numeric_limits<double>::infinity();
    for (const auto &b : segments) {
        const int n = 400;
        std::vector<double> d(n + 1);
        for (int i = 0; i <= n; ++i) d[i] = core::distance(core::evaluate(b, double(i) / n), p);
        for (int i = 0; i <= n; ++i) {
            if ((i > 0 && d[i - 1] < d[i]) || (i < n && d[i + 1] < d[i])) continue; // local minima only
            const double lo = std::max(0.0, double(i - 1) / n), hi = std::min(1.0, double(i + 1) / n);
            const auto polished = railforge::testing::goldenSectionMinimum(
                [&](double u) { return core::distance(core::evaluate(b, u), p); }, lo, hi, 200);
            best = std::min({best, d[i], polished.value});
        }
    }
    return best;
}

double chordLength(const core::CubicBezier &b, double u0, double u1, int n = 4000)
{
    double total = 0;
    core::Vec3 last = core::evaluate(b, u0);
    for (int i = 1; i <= n; ++i) {
        const core::Vec3 next = core::evaluate(b, u0 + (u1 - u0) * i / n);
        total += core::distance(last, next);
        last = next;
    }
    return total;
}

QList<QList<double>> parseRows(const QByteArray &csv, QStringList *firstColumn = nullptr)
{
    QList<QList<double>> rows;
    const QList<QByteArray> lines = csv.split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty()) continue;
        QList<double> row;
        const QList<QByteArray> fields = lines[i].split(',');
        for (qsizetype k = firstColumn ? 1 : 0; k < fields.size(); ++k) row << fields[k].toDouble();
        if (firstColumn) *firstColumn << QString::fromUtf8(fields[0]);
        rows << row;
    }
    return rows;
}

} // namespace

class TestCliGeometry : public QObject {
    Q_OBJECT
private slots:
    void nearestAgreesWithTheReference()
    {
        std::mt19937_64 rng(31337);
        QTemporaryDir dir;
        double worst = 0;
        for (int trial = 0; trial < 24; ++trial) {
            document::Level level;
            const int rails = std::uniform_int_distribution<int>(1, 4)(rng);
            for (int r = 0; r < rails; ++r) level.rails.push_back(randomRail(rng, trial * 4 + r));
            const QString levelPath = dir.filePath(QString("level%1.yaml").arg(trial));
            QFile levelFile(levelPath);
            QVERIFY(levelFile.open(QIODevice::WriteOnly));
            levelFile.write(QByteArray::fromStdString(document::writeLevel(level)));
            levelFile.close();

            // Bounding box of all control points, for the tolerance and for far queries.
            core::Vec3 lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
            for (const auto &rail : level.rails)
                for (const auto &p : rail.points) {
                    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
                    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
                }
            const double diagonal = core::distance(lo, hi);

            std::vector<core::Vec3> queries;
            std::uniform_real_distribution<double> c(-50, 50);
            for (int q = 0; q < 25; ++q) queries.push_back({c(rng), c(rng), c(rng) / 4});
            for (const auto &p : level.rails.front().points) queries.push_back(p); // on the curve
            queries.push_back({4000, -3000, 100});                                 // far away
            QString csv = "x,y,z\n";
            for (const auto &q : queries)
                csv += QString("%1,%2,%3\n").arg(q.x, 0, 'g', 17).arg(q.y, 0, 'g', 17).arg(q.z, 0, 'g', 17);
            const QString queryPath = dir.filePath(QString("q%1.csv").arg(trial));
            QFile queryFile(queryPath);
            QVERIFY(queryFile.open(QIODevice::WriteOnly));
            queryFile.write(csv.toUtf8());
            queryFile.close();

            // One rail at a time (--rail) and all rails together.
            for (int only = -1; only < int(level.rails.size()); ++only) {
                QStringList args = {"nearest", levelPath, "--in", queryPath};
                if (only >= 0) args << "--rail" << QString::fromStdString(level.rails[std::size_t(only)].id);
                int exitCode = 0;
                QStringList railIds;
                const auto rows = parseRows(runCli(args, &exitCode), &railIds);
                QCOMPARE(exitCode, 0);
                QCOMPARE(rows.size(), qsizetype(queries.size()));
                for (std::size_t q = 0; q < queries.size(); ++q) {
                    double reference = std::numeric_limits<double>::infinity();
                    for (std::size_t r = 0; r < level.rails.size(); ++r) {
                        if (only >= 0 && int(r) != only) continue;
                        reference = std::min(reference,
                                             referenceDistance(core::toBeziers(curveOf(level.rails[r])), queries[q]));
                    }
                    const auto &row = rows[qsizetype(q)]; // segment,t,s,x,y,z,distance
                    const double error = std::abs(row[6] - reference) / diagonal;
                    worst = std::max(worst, error);
                    if (error > 1e-10)
                        QFAIL(qPrintable(QString("trial %1 query %2: cli %3, reference %4")
                                             .arg(trial)
                                             .arg(q)
                                             .arg(row[6], 0, 'g', 17)
                                             .arg(reference, 0, 'g', 17)));
                    // The reported point is on the reported rail at (segment, t), at the reported distance.
                    const auto railIt = std::find_if(level.rails.begin(), level.rails.end(), [&](const auto &r) {
                        return QString::fromStdString(r.id) == railIds[qsizetype(q)];
                    });
                    QVERIFY(railIt != level.rails.end());
                    const auto segments = core::toBeziers(curveOf(*railIt));
                    const core::Vec3 at = core::evaluate(segments[std::size_t(row[0])], row[1]);
                    QVERIFY(core::distance(at, {row[3], row[4], row[5]}) <= 1e-9 * diagonal);
                    QVERIFY(std::abs(core::distance(queries[q], at) - row[6]) <= 1e-9 * diagonal);
                    // s is the arc length up to there.
                    double s = 0;
                    for (std::size_t k = 0; k < std::size_t(row[0]); ++k) s += chordLength(segments[k], 0, 1);
                    s += chordLength(segments[std::size_t(row[0])], 0, row[1]);
                    QVERIFY2(std::abs(s - row[2]) <= 1e-5 * std::max(1.0, s),
                             qPrintable(QString("s %1 vs %2").arg(row[2]).arg(s)));
                }
            }
        }
        qInfo("worst nearest error / bbox diagonal: %.3g", worst);
    }

    // A big query file goes through the batch on every core: each row is the single query's answer,
    // in input order.
    void bigQueryFileAnswersInInputOrder()
    {
        std::mt19937_64 rng(4711);
        QTemporaryDir dir;
        document::Level level;
        for (int r = 0; r < 3; ++r) level.rails.push_back(randomRail(rng, r));
        const QString levelPath = dir.filePath("level.yaml");
        QFile levelFile(levelPath);
        QVERIFY(levelFile.open(QIODevice::WriteOnly));
        levelFile.write(QByteArray::fromStdString(document::writeLevel(level)));
        levelFile.close();
        std::vector<core::Vec3> queries;
        std::uniform_real_distribution<double> c(-60, 60);
        for (int q = 0; q < 20000; ++q) queries.push_back({c(rng), c(rng), c(rng) / 4});
        QString csv = "x,y,z\n";
        for (const auto &q : queries)
            csv += QString("%1,%2,%3\n").arg(q.x, 0, 'g', 17).arg(q.y, 0, 'g', 17).arg(q.z, 0, 'g', 17);
        const QString queryPath = dir.filePath("q.csv");
        QFile queryFile(queryPath);
        QVERIFY(queryFile.open(QIODevice::WriteOnly));
        queryFile.write(csv.toUtf8());
        queryFile.close();
        int exitCode = 0;
        QStringList railIds;
        const auto rows = parseRows(runCli({"nearest", levelPath, "--in", queryPath}, &exitCode), &railIds);
        QCOMPARE(exitCode, 0);
        QCOMPARE(rows.size(), qsizetype(queries.size()));
        const core::RailIndex index = document::buildRailIndex(level);
        for (std::size_t q = 0; q < queries.size(); ++q) {
            const auto hit = index.nearest(queries[q]);
            QVERIFY(hit);
            const auto &row = rows[qsizetype(q)]; // segment,t,s,x,y,z,distance
            if (!(std::abs(row[6] - hit->distance) <= 1e-12 * (1.0 + hit->distance)))
                QFAIL(qPrintable(QString("query %1: cli %2, single query %3")
                                     .arg(q)
                                     .arg(row[6], 0, 'g', 17)
                                     .arg(hit->distance, 0, 'g', 17)));
            // The same place, unless two are equally near.
            if (core::distance({row[3], row[4], row[5]}, hit->point) > 1e-9)
                QVERIFY(std::abs(core::distance({row[3], row[4], row[5]}, queries[q]) - hit->distance) <= 1e-9);
            else
                QCOMPARE(railIds[qsizetype(q)], QString::fromStdString(level.rails[std::size_t(hit->rail)].id));
        }
    }

    void sampleRowsAreEquallySpacedWithUnitTangents()
    {
        std::mt19937_64 rng(4242);
        QTemporaryDir dir;
        for (int trial = 0; trial < 12; ++trial) {
            document::Level level;
            level.rails.push_back(randomRail(rng, trial));
            const QString levelPath = dir.filePath("rail.yaml");
            QFile file(levelPath);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray::fromStdString(document::writeLevel(level)));
            file.close();
            const auto segments = core::toBeziers(curveOf(level.rails[0]));
            double length = 0;
            for (const auto &b : segments) length += chordLength(b, 0, 1, 20000);
            const double spacing = std::max(length / 97.0, 1e-3);
            int exitCode = 0;
            const auto rows = parseRows(runCli({"sample", levelPath, "--rail", "r" + QString::number(trial),
                                                "--spacing", QString::number(spacing, 'g', 17)},
                                               &exitCode));
            QCOMPARE(exitCode, 0);
            QVERIFY(rows.size() >= 2 || length == 0);
            QCOMPARE(rows.front()[0], 0.0);
            QVERIFY2(std::abs(rows.back()[0] - length) <= 1e-6 * std::max(1.0, length),
                     qPrintable(QString("last s %1, length %2").arg(rows.back()[0]).arg(length)));
            for (qsizetype i = 0; i < rows.size(); ++i) {
                const auto &r = rows[i];
                const double t = std::sqrt(r[4] * r[4] + r[5] * r[5] + r[6] * r[6]);
                QVERIFY2(std::abs(t - 1) <= 1e-12 || (length == 0 && t == 0),
                         qPrintable(QString("tangent length %1").arg(t)));
                QCOMPARE(r.size(), qsizetype(10));
                const double up = std::sqrt(r[7] * r[7] + r[8] * r[8] + r[9] * r[9]);
                QVERIFY2(std::abs(up - 1) <= 1e-12, qPrintable(QString("up length %1").arg(up)));
                QVERIFY(std::abs(r[4] * r[7] + r[5] * r[8] + r[6] * r[9]) <= 1e-12);
                if (i > 0 && i + 1 < rows.size()) QVERIFY(std::abs(r[0] - rows[i - 1][0] - spacing) <= 1e-9 * spacing);
                if (i > 0) {
                    // The chord between consecutive samples never exceeds the arc between them.
                    const double chord =
                        std::sqrt(std::pow(r[1] - rows[i - 1][1], 2) + std::pow(r[2] - rows[i - 1][2], 2) +
                                  std::pow(r[3] - rows[i - 1][3], 2));
                    QVERIFY(chord <= r[0] - rows[i - 1][0] + 1e-9);
                }
            }
        }
    }

    void sampleTurnsUpByTheTilt()
    {
        // A rail along +x with tilt 90 on both points (any spline type): up is -y on every row
        // (right-handed about the tangent); tilt 0 -> 90 passes 45 half way (smoothstep).
        QTemporaryDir dir;
        const QString levelPath = dir.filePath("tilt.yaml");
        QFile file(levelPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(
            "railforge: 1\nlevel: {name: Tilt, units: m}\nrails:\n"
            "  - {id: lin, spline: {type: linear}, points: [{at: [0, 0, 0], tilt: 90}, {at: [10, 0, 0], tilt: 90}]}\n"
            "  - {id: bez, spline: {type: bezier}, points: [{at: [0, 0, 0], out: [3, 0, 0], in: [-3, 0, 0], "
            "mode: mirrored, tilt: 90}, {at: [10, 0, 0], tilt: 90}]}\n"
            "  - {id: ramp, spline: {type: linear}, points: [[0, 0, 0], {at: [10, 0, 0], tilt: 90}]}\n");
        file.close();
        for (const char *rail : {"lin", "bez"}) {
            int exitCode = 0;
            const auto rows = parseRows(runCli({"sample", levelPath, "--rail", rail, "--spacing", "0.5"}, &exitCode));
            QCOMPARE(exitCode, 0);
            QCOMPARE(rows.size(), qsizetype(21));
            for (const auto &r : rows) {
                QVERIFY2(std::abs(r[7]) <= 1e-12 && std::abs(r[8] + 1) <= 1e-12 && std::abs(r[9]) <= 1e-12,
                         qPrintable(QString("%1: up (%2, %3, %4)").arg(rail).arg(r[7]).arg(r[8]).arg(r[9])));
            }
        }
        int exitCode = 0;
        const auto ramp = parseRows(runCli({"sample", levelPath, "--rail", "ramp", "--spacing", "5"}, &exitCode));
        QCOMPARE(ramp.size(), qsizetype(3));
        const double half = std::sqrt(0.5);
        QVERIFY(std::abs(ramp[1][8] + half) <= 1e-12 && std::abs(ramp[1][9] - half) <= 1e-12);
    }

    void badSpacingIsAUsageError()
    {
        int exitCode = 0;
        runCli({"sample", RAILFORGE_SOURCE_DIR "/resources/levels/demo.yaml", "--rail", "zipline", "--spacing", "0"},
               &exitCode);
        QCOMPARE(exitCode, 2);
        runCli({"sample", RAILFORGE_SOURCE_DIR "/resources/levels/demo.yaml", "--rail", "nope", "--spacing", "1"},
               &exitCode);
        QCOMPARE(exitCode, 3);
    }
};

QTEST_GUILESS_MAIN(TestCliGeometry)
#include "test_cli_geometry.moc"
