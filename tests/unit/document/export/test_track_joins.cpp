// Track meshes where rails meet at junctions (document/export/track_joins.h), judged as a viewer
// would: a turnout, a branch leaving a straight `main` mid-way along its tangent and curving away;
// without the join the branch's running rails lie on main's for metres (the same faces drawn twice:
// z-fighting); with it, next to none of the branch's surface lies on main's, and the branch still
// starts inside main's track (no gap). At a
// junction on a rail's end (network.yaml) the rails that go on end to end have no cap there.
#include "core/track_sweep.h"
#include "document/export/track_joins.h"
#include "document/model/rail_geometry.h"
#include "document/model/track_style.h"
#include "document/text/diagnostic.h"
#include "document/yaml/level_reader.h"

#include <QFile>
#include <QtTest>

#include <cmath>

using namespace railforge;
using namespace railforge::document;

namespace {

struct Shapes {
    std::vector<core::ArcLengthTable> tables;
    std::vector<core::FrameTable> frames;
    std::vector<core::TrackSection> sections;
    std::vector<SweptRail> swept;
};

// The turnout: main straight along x, the branch leaving it at s 50 along its tangent, bending right.
const char *kTurnout = R"(railforge: 1
level: {name: turnout, units: m}
rails:
  - id: main
    spline: {type: catmull-rom, alpha: 0.5}
    points: [[0, 0, 0], [50, 0, 0], [100, 0, 0]]
  - id: branch
    spline: {type: bezier, alpha: 0.5}
    points:
      - {at: [50, 0, 0], out: [8, 0, 0]}
      - {at: [75, -5, 0], in: [-8, 1.6, 0]}
junctions:
  - id: switch
    at: {rail: main, s: 50}
    links: [{rail: branch, end: start}]
)";

Level load(const char *path)
{
    QFile file(QString::fromUtf8(RAILFORGE_SOURCE_DIR) + "/" + path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    const LoadResult loaded = readLevel(file.readAll().toStdString(), path);
    return loaded.level.value_or(Level{});
}

Shapes shapesOf(const Level &level)
{
    Shapes s;
    for (const Rail &rail : level.rails) {
        s.tables.push_back(core::buildArcLengthTable(railCurve(rail)));
        s.frames.push_back(railFrames(rail, s.tables.back()));
        s.sections.push_back(trackSection(railTrackStyle(rail.track, level.info.track), 1.0));
    }
    for (std::size_t i = 0; i < level.rails.size(); ++i)
        s.swept.push_back({&s.tables[i], &s.frames[i], &s.sections[i]});
    return s;
}

core::TrackMesh sweep(const Shapes &s, std::size_t i, const core::SweepEnds &ends)
{
    return core::sweepTrack(s.tables[i], s.frames[i], s.sections[i], 0.005, 1'000'000, ends);
}

// The closest point of triangle abc to p (Ericson, "Real-Time Collision Detection", 5.1.5).
core::Vec3 closestOnTriangle(core::Vec3 p, core::Vec3 a, core::Vec3 b, core::Vec3 c)
{
    using core::dot;
    const core::Vec3 ab = b - a, ac = c - a, ap = p - a;
    const double d1 = dot(ab, ap), d2 = dot(ac, ap);
    if (d1 <= 0 && d2 <= 0) return a;
    const core::Vec3 bp = p - b;
    const double d3 = dot(ab, bp), d4 = dot(ac, bp);
    if (d3 >= 0 && d4 <= d3) return b;
    const double vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) return a + ab * (d1 / (d1 - d3));
    const core::Vec3 cp = p - c;
    const double d5 = dot(ab, cp), d6 = dot(ac, cp);
    if (d6 >= 0 && d5 <= d6) return c;
    const double vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) return a + ac * (d2 / (d2 - d6));
    const double va = d3 * d6 - d5 * d4;
    if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    const double denom = 1 / (va + vb + vc);
    return a + ab * (vb * denom) + ac * (vc * denom);
}

// The area of `mesh`'s triangles that lie on `other`'s surface: each read at 78 spread points, a 78th
// counted for each within a millimetre of a triangle of `other` facing the same way
// (brute force), for the points within `radius` of `near`.
double doubledArea(const core::TrackMesh &mesh, const core::TrackMesh &other, core::Vec3 near, double radius)
{
    struct Tri {
        core::Vec3 a, b, c, n;
    };
    std::vector<Tri> theirs;
    for (std::size_t t = 0; t < other.indices.size(); t += 3) {
        const core::Vec3 a = other.positions[other.indices[t]], b = other.positions[other.indices[t + 1]],
                         c = other.positions[other.indices[t + 2]];
        theirs.push_back({a, b, c, core::unitOrZero(core::cross(b - a, c - a))});
    }
    double area = 0;
    for (std::size_t t = 0; t < mesh.indices.size(); t += 3) {
        const core::Vec3 a = mesh.positions[mesh.indices[t]], b = mesh.positions[mesh.indices[t + 1]],
                         c = mesh.positions[mesh.indices[t + 2]];
        const core::Vec3 n = core::cross(b - a, c - a);
        const core::Vec3 facing = core::unitOrZero(n);
        constexpr int kSteps = 12, kPoints = kSteps * (kSteps + 1) / 2;
        for (int i = 0; i < kSteps; ++i)
            for (int j = 0; j < kSteps - i; ++j) {
                const core::Vec3 p = a + (b - a) * ((i + 1.0 / 3) / kSteps) + (c - a) * ((j + 1.0 / 3) / kSteps);
                if (core::length(p - near) > radius) continue;
                for (const Tri &o : theirs)
                    if (core::dot(o.n, facing) > 0.99 && core::length(closestOnTriangle(p, o.a, o.b, o.c) - p) < 1e-3) {
                        area += core::length(n) / 2 / kPoints;
                        break;
                    }
            }
    }
    return area;
}

// Whether the mesh has a cap facing along the rail at arc length s (a vertex there whose normal is the
// rail's tangent, forwards or back).
bool cappedAt(const core::TrackMesh &mesh, const core::ArcLengthTable &table, double s)
{
    const core::Vec3 t = core::sampleAt(table, s).tangent;
    for (std::size_t v = 0; v < mesh.positions.size(); ++v)
        if (std::abs(mesh.vertexS[v] - s) < 1e-9 && std::abs(core::dot(mesh.normals[v], t)) > 0.999) return true;
    return false;
}

} // namespace

class TestTrackJoins : public QObject {
    Q_OBJECT
private slots:
    void branchIsNotDrawnOverItsTrunk()
    {
        const LoadResult loaded = readLevel(kTurnout, "turnout.yaml");
        for (const Diagnostic &d : loaded.diagnostics) qWarning("%s", formatDiagnostic(d).c_str());
        QVERIFY(loaded.level);
        const Level &level = *loaded.level;
        const Shapes s = shapesOf(level);
        const std::size_t main = std::size_t(findRail(level, "main")), branch = std::size_t(findRail(level, "branch"));
        const std::vector<core::SweepEnds> ends = junctionEnds(level, s.swept, kJoinToleranceMetres);
        QVERIFY(ends[branch].start && ends[branch].start->overlaps);
        const core::TrackMesh trunk = sweep(s, main, ends[main]);
        const core::Vec3 fork = core::sampleAt(s.tables[branch], 0).position;
        const double loose = doubledArea(sweep(s, branch, {}), trunk, fork, 10);
        const core::TrackMesh joined = sweep(s, branch, ends[branch]);
        const double kept = doubledArea(joined, trunk, fork, 10);
        qInfo("surface drawn twice: %.4f m2 without the join, %.5f m2 with it", loose, kept);
        // Within 10 m of the switch, before the branch's inner rail crosses main's outer one (at the
        // frog, 13 m on, where real rails cross too). Without the join the branch's rail tops lie on
        // main's for metres.
        QVERIFY2(loose > 0.05, qPrintable(QString::number(loose)));
        QVERIFY2(kept < loose / 50, qPrintable(QString::number(kept)));
        // No gap: where each of the branch's outlines starts it still overlaps main's track.
        double first = 1e9;
        for (double v : joined.vertexS) first = std::min(first, v);
        QVERIFY(first > 0); // trimmed
        std::vector<core::Vec3> ring;
        const core::SectionFrame f = core::sectionFrameAt(s.tables[branch], s.frames[branch], first);
        for (const auto &p : s.sections[branch].outlines.front().points) ring.push_back(f.place(p[0], p[1]));
        for (const auto &o : s.sections[branch].outlines) {
            std::vector<core::Vec3> r;
            for (const auto &p : o.points) r.push_back(f.place(p[0], p[1]));
            if (ringOverlapsTrack(s.swept[main], 50, r, kJoinToleranceMetres)) ring = r;
        }
        QVERIFY(ringOverlapsTrack(s.swept[main], 50, ring, kJoinToleranceMetres));
    }

    void railsGoingOnEndToEndHaveNoCap()
    {
        const Level level = load("tests/data/levels/network.yaml");
        QVERIFY(!level.rails.empty());
        const Shapes s = shapesOf(level);
        const std::vector<core::SweepEnds> ends = junctionEnds(level, s.swept, kJoinToleranceMetres);
        const std::size_t main = std::size_t(findRail(level, "main")), mine = std::size_t(findRail(level, "to_mine"));
        const double mainLength = core::totalLength(s.tables[main]);
        const core::TrackMesh trunk = sweep(s, main, ends[main]), link = sweep(s, mine, ends[mine]);
        QVERIFY(cappedAt(trunk, s.tables[main], 0));           // a free end
        QVERIFY(!cappedAt(trunk, s.tables[main], mainLength)); // goes on into to_mine and to_lift
        QVERIFY(!cappedAt(link, s.tables[mine], 0));
        // Without the junction both would be capped there (the test sees caps).
        QVERIFY(cappedAt(sweep(s, main, {}), s.tables[main], mainLength));
    }
};

QTEST_GUILESS_MAIN(TestTrackJoins)
#include "test_track_joins.moc"
