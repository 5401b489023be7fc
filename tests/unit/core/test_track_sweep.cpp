// Track meshes against their definition on random rails, open and closed, tilted: every vertex is a
// section point placed at its station's frame (the export's own frames); between stations the mesh
// stays within the chord error of the swept section, read at 16 places per interval by brute force;
// a closed rail is welded at its seam; every triangle faces the way its normals say.
#include "core/track_sweep.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace railforge::core;

namespace {

// A rail a track can follow: points 5 apart turning at most 40° from one to the next, climbing at
// most 1 between them (bends far wider than any section), closed by a last point back near the first.
Curve randomGentleCurve(std::mt19937_64 &rng, std::size_t n, bool closed)
{
    std::uniform_real_distribution<double> turn(-0.7, 0.7), climb(-1.0, 1.0);
    Curve c;
    c.closed = closed;
    c.spec = {SplineType::CatmullRom, 0.5};
    double heading = 0.0;
    Vec3 at{0, 0, 0};
    for (std::size_t i = 0; i < n; ++i) {
        c.points.push_back(at);
        // A closed rail goes round: its turns add up to a full circle.
        heading += closed ? 2.0 * M_PI / double(n) : turn(rng);
        at += Vec3{5.0 * std::cos(heading), 5.0 * std::sin(heading), closed ? 0.0 : climb(rng)};
    }
    return c;
}

std::vector<double> randomTilts(std::mt19937_64 &rng, std::size_t n)
{
    std::uniform_real_distribution<double> tilt(-60.0, 60.0);
    std::vector<double> out(n);
    for (double &t : out) t = tilt(rng);
    return out;
}

} // namespace

class TestTrackSweep : public QObject {
    Q_OBJECT
private slots:
    void sweepMatchesTheSectionAtTheFrames_data()
    {
        QTest::addColumn<QString>("section");
        QTest::addColumn<bool>("closed");
        for (const char *name : {"rails", "tube", "ribbon", "cable"})
            for (bool closed : {false, true})
                QTest::newRow(qPrintable(QString("%1 %2").arg(name, closed ? "closed" : "open")))
                    << QString(name) << closed;
    }

    void sweepMatchesTheSectionAtTheFrames()
    {
        QFETCH(QString, section);
        QFETCH(bool, closed);
        std::mt19937_64 rng(section.size() * 7 + closed);
        for (int round = 0; round < 6; ++round) {
            const Curve curve = randomGentleCurve(rng, 8, closed);
            const ArcLengthTable table = buildArcLengthTable(curve);
            const FrameTable frames = buildFrameTable(table, randomTilts(rng, curve.points.size()), FrameMode::Upright);
            const TrackSection s = builtInSection(section.toStdString(), 1.2);
            const double chord = 0.01;
            const TrackMesh mesh = sweepTrack(table, frames, s, chord);
            const double railLength = totalLength(table);
            QVERIFY(mesh.stations.size() >= 2);
            QCOMPARE(mesh.stations.front(), 0.0);
            QVERIFY(std::abs(mesh.stations.back() - railLength) < 1e-9);
            QCOMPARE(mesh.positions.size(), mesh.normals.size());
            QCOMPARE(mesh.positions.size(), mesh.vertexS.size());
            // Every vertex: a section point at its station's frame.
            std::vector<std::array<double, 2>> points;
            for (const SectionOutline &o : s.outlines) points.insert(points.end(), o.points.begin(), o.points.end());
            double maxS = 0.0;
            for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
                const SectionFrame f = sectionFrameAt(table, frames, mesh.vertexS[v]);
                const Vec3 d = mesh.positions[v] - f.origin;
                const double x = dot(d, f.right), y = dot(d, f.up);
                QVERIFY2(std::abs(dot(d, f.forward)) < 1e-9, "in the section's plane");
                double nearest = 1e300;
                for (const auto &p : points) nearest = std::min(nearest, std::hypot(p[0] - x, p[1] - y));
                QVERIFY2(nearest < 1e-9, qPrintable(QString("vertex %1 off the section by %2").arg(v).arg(nearest)));
                maxS = std::max(maxS, mesh.vertexS[v]);
            }
            // A closed rail's seam is welded: no ring at s = length.
            if (closed) QVERIFY(maxS < railLength - 1e-9);
            // Between stations, brute force: each section point's swept path within the chord error of
            // the straight line the mesh draws between its two station positions.
            double worst = 0.0;
            for (std::size_t i = 0; i + 1 < mesh.stations.size(); ++i) {
                const double a = mesh.stations[i], b = mesh.stations[i + 1];
                const SectionFrame fa = sectionFrameAt(table, frames, a), fb = sectionFrameAt(table, frames, b);
                for (int k = 1; k < 16; ++k) {
                    const double f = k / 16.0;
                    const SectionFrame fm = sectionFrameAt(table, frames, a + (b - a) * f);
                    for (const auto &p : points)
                        worst = std::max(worst, length(fm.place(p[0], p[1]) -
                                                       (fa.place(p[0], p[1]) * (1 - f) + fb.place(p[0], p[1]) * f)));
                }
            }
            QVERIFY2(worst <= chord * 1.1, qPrintable(QString("chord %1").arg(worst)));
            // Triangles: valid, not degenerate, facing the way their vertices' normals point.
            QCOMPARE(mesh.indices.size() % 3, std::size_t(0));
            std::size_t against = 0;
            for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
                const std::uint32_t i0 = mesh.indices[t], i1 = mesh.indices[t + 1], i2 = mesh.indices[t + 2];
                QVERIFY(i0 < mesh.positions.size() && i1 < mesh.positions.size() && i2 < mesh.positions.size());
                const Vec3 n = cross(mesh.positions[i1] - mesh.positions[i0], mesh.positions[i2] - mesh.positions[i0]);
                QVERIFY2(length(n) > 1e-14, "no degenerate triangle");
                const Vec3 average = mesh.normals[i0] + mesh.normals[i1] + mesh.normals[i2];
                if (dot(n, average) <= 0) ++against;
            }
            QCOMPARE(against, std::size_t(0));
            // Fewer stations where the rail is straighter: never more than the chord error could need.
            QVERIFY(mesh.stations.size() < 20 * railLength);
        }
    }

    // A straight rail needs only its ends (and its control points): the chord is exact there.
    void straightRailNeedsNoMoreStations()
    {
        Curve c;
        c.points = {{0, 0, 0}, {10, 0, 0}, {20, 0, 0}};
        c.spec = {SplineType::Linear, 0.5};
        const ArcLengthTable table = buildArcLengthTable(c);
        const FrameTable frames = buildFrameTable(table, {}, FrameMode::Upright);
        const TrackMesh mesh = sweepTrack(table, frames, twinRailSection(1.5, 0.1, 0.15), 0.001);
        QCOMPARE(mesh.stations.size(), std::size_t(3));
        // Two boxes: 4 flat faces of 2 quads each (2 stations apart), and 2 caps of 2 triangles each.
        QCOMPARE(mesh.indices.size() / 3, std::size_t(2 * (4 * 2 * 2 + 2 * 2)));
    }
};

QTEST_APPLESS_MAIN(TestTrackSweep)
#include "test_track_sweep.moc"
