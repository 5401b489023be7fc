#include "core/track_sweep.h"

#include <algorithm>
#include <cmath>

namespace railforge::core {
namespace {

// Every point of every outline.
std::vector<std::array<double, 2>> allPoints(const TrackSection &section)
{
    std::vector<std::array<double, 2>> out;
    for (const SectionOutline &o : section.outlines) out.insert(out.end(), o.points.begin(), o.points.end());
    return out;
}

// Whether the mesh's straight line between two stations strays farther than `tolerance` from the
// swept points between them, read at seven places. The middle first, then the quarters: a span that
// must be halved is usually told by its middle alone, so most of the frames are read only for spans
// that are kept.
bool strays(const ArcLengthTable &table, const FrameTable &frames, const std::vector<std::array<double, 2>> &pts,
            double a, double b, const SectionFrame &fa, const SectionFrame &fb, double tolerance)
{
    for (int k : {4, 2, 6, 1, 3, 5, 7}) {
        const double f = k / 8.0;
        const SectionFrame fm = sectionFrameAt(table, frames, a + (b - a) * f);
        for (const auto &p : pts) {
            const Vec3 exact = fm.place(p[0], p[1]);
            const Vec3 drawn = fa.place(p[0], p[1]) * (1 - f) + fb.place(p[0], p[1]) * f;
            if (length(exact - drawn) > tolerance) return true;
        }
    }
    return false;
}

// The stations (sweepStations) with the frame at each: the halving reads each station's frame once
// and the sweep places its rings at them.
struct Station {
    double s;
    SectionFrame frame;
};

std::vector<Station> stationsWithFrames(const ArcLengthTable &table, const FrameTable &frames,
                                        const TrackSection &section, double chordError, std::size_t maxStations);

// Whether a closed outline is convex (a fan caps it).
bool convex(const SectionOutline &o)
{
    const std::size_t n = o.points.size();
    if (!o.closed || n < 3) return false;
    int sign = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const auto &a = o.points[i], &b = o.points[(i + 1) % n], &c = o.points[(i + 2) % n];
        const double cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
        if (std::abs(cross) < 1e-15) continue;
        const int s = cross > 0 ? 1 : -1;
        if (sign != 0 && s != sign) return false;
        sign = s;
    }
    return sign > 0;
}

} // namespace

SectionFrame sectionFrameAt(const ArcLengthTable &table, const FrameTable &frames, double s)
{
    const CurveSample c = sampleAt(table, s);
    const Vec3 up = upAt(frames, s, c.position, c.tangent);
    return {c.position, c.tangent, cross(c.tangent, up), up};
}

namespace {

std::vector<Station> stationsWithFrames(const ArcLengthTable &table, const FrameTable &frames,
                                        const TrackSection &section, double chordError, std::size_t maxStations)
{
    const double length = totalLength(table);
    std::vector<double> start{0.0};
    for (std::size_t i = 1; i < table.segments.size(); ++i) start.push_back(table.breaks[table.firstBreak[i]].s);
    start.push_back(length);
    std::sort(start.begin(), start.end());
    start.erase(std::unique(start.begin(), start.end(), [](double a, double b) { return b - a < 1e-9; }), start.end());
    const std::vector<std::array<double, 2>> pts = allPoints(section);
    std::vector<Station> out{{start.front(), sectionFrameAt(table, frames, start.front())}};
    if (pts.empty() || !(length > 0)) {
        for (std::size_t i = 1; i < start.size(); ++i)
            out.push_back({start[i], sectionFrameAt(table, frames, start[i])});
        return out;
    }
    const double tolerance = std::max(chordError, length * 1e-12);
    // Depth first, so the stations come out in order; the budget stops the halving where it is.
    std::size_t budget = maxStations > start.size() ? maxStations - start.size() : 0;
    struct Span {
        Station a, b;
    };
    std::vector<Span> stack;
    for (std::size_t i = 0; i + 1 < start.size(); ++i) {
        stack.push_back({out.back(), {start[i + 1], sectionFrameAt(table, frames, start[i + 1])}});
        while (!stack.empty()) {
            const Span span = stack.back();
            stack.pop_back();
            // A real corner (a linear rail's) stays one: no halving below a thousandth of the error.
            if (budget > 0 && span.b.s - span.a.s > std::max(tolerance * 1e-3, length * 1e-9) &&
                strays(table, frames, pts, span.a.s, span.b.s, span.a.frame, span.b.frame, tolerance)) {
                --budget;
                const double mid = 0.5 * (span.a.s + span.b.s);
                const Station middle{mid, sectionFrameAt(table, frames, mid)};
                stack.push_back({middle, span.b});
                stack.push_back({span.a, middle});
                continue;
            }
            out.push_back(span.b);
        }
    }
    return out;
}

} // namespace

std::vector<double> sweepStations(const ArcLengthTable &table, const FrameTable &frames, const TrackSection &section,
                                  double chordError, std::size_t maxStations)
{
    std::vector<double> out;
    for (const Station &station : stationsWithFrames(table, frames, section, chordError, maxStations))
        out.push_back(station.s);
    return out;
}

TrackMesh sweepTrack(const ArcLengthTable &table, const FrameTable &frames, const TrackSection &section,
                     double chordError, std::size_t maxStations)
{
    TrackMesh mesh;
    const std::vector<Station> stations = stationsWithFrames(table, frames, section, chordError, maxStations);
    for (const Station &station : stations) mesh.stations.push_back(station.s);
    // A closed rail's last station is its seam again: its ring is the first's.
    const bool weld = table.closed && mesh.stations.size() > 2;
    const std::size_t rings = weld ? mesh.stations.size() - 1 : mesh.stations.size();
    std::vector<SectionFrame> at;
    at.reserve(rings);
    for (std::size_t i = 0; i < rings; ++i) at.push_back(stations[i].frame);
    auto add = [&](std::size_t station, double x, double y, double nx, double ny, double u) {
        const SectionFrame &f = at[station];
        mesh.positions.push_back(f.place(x, y));
        mesh.normals.push_back(unitOrZero(f.right * nx + f.up * ny));
        mesh.uvs.push_back({u, mesh.stations[station]});
        mesh.vertexS.push_back(mesh.stations[station]);
        return std::uint32_t(mesh.positions.size() - 1);
    };
    // A band of quads from columns of vertices (one column per station): column c, station i.
    auto band = [&](const std::vector<std::vector<std::uint32_t>> &columns, bool closedAround) {
        const std::size_t n = columns.size();
        for (std::size_t c = 0; c + (closedAround ? 0 : 1) < n; ++c) {
            const std::vector<std::uint32_t> &a = columns[c], &b = columns[(c + 1) % n];
            const std::size_t steps = weld ? rings : rings - 1;
            for (std::size_t i = 0; i < steps; ++i) {
                const std::size_t j = (i + 1) % rings;
                mesh.indices.insert(mesh.indices.end(), {a[i], a[j], b[j], a[i], b[j], b[i]});
            }
        }
    };
    for (const SectionOutline &o : section.outlines) {
        const std::size_t n = o.points.size();
        if (n < 2) continue;
        const std::size_t edges = o.closed ? n : n - 1;
        std::vector<double> around(n + 1, 0.0); // perimeter length to each point
        for (std::size_t k = 0; k < n; ++k) {
            const auto &p = o.points[k], &q = o.points[(k + 1) % n];
            around[k + 1] = around[k] + std::hypot(q[0] - p[0], q[1] - p[1]);
        }
        auto edgeNormal = [&](std::size_t k) {
            const auto &p = o.points[k], &q = o.points[(k + 1) % n];
            const double dx = q[0] - p[0], dy = q[1] - p[1], len = std::hypot(dx, dy);
            return len > 0 ? std::array<double, 2>{dy / len, -dx / len} : std::array<double, 2>{0.0, 0.0};
        };
        if (o.smooth) {
            // One column per point, its normal between its two edges'; a closed outline's first point
            // again at the end, u the whole perimeter, so the texture does not run back across a face.
            std::vector<std::vector<std::uint32_t>> columns(o.closed ? n + 1 : n);
            for (std::size_t c = 0; c < columns.size(); ++c) {
                const std::size_t k = c % n;
                const auto e0 = edgeNormal(o.closed ? (k + n - 1) % n : (k > 0 ? k - 1 : 0));
                const auto e1 = edgeNormal(o.closed || k + 1 < n ? k : n - 2);
                const double nx = e0[0] + e1[0], ny = e0[1] + e1[1];
                for (std::size_t i = 0; i < rings; ++i)
                    columns[c].push_back(add(i, o.points[k][0], o.points[k][1], nx, ny, around[c]));
            }
            band(columns, false);
        } else {
            // Two columns per edge, flat.
            for (std::size_t k = 0; k < edges; ++k) {
                const auto nk = edgeNormal(k);
                const auto &p = o.points[k], &q = o.points[(k + 1) % n];
                std::vector<std::vector<std::uint32_t>> columns(2);
                for (std::size_t i = 0; i < rings; ++i) {
                    columns[0].push_back(add(i, p[0], p[1], nk[0], nk[1], around[k]));
                    columns[1].push_back(add(i, q[0], q[1], nk[0], nk[1], around[k + 1]));
                }
                band(columns, false);
            }
        }
        // Caps at an open rail's ends: a fan over a convex closed outline.
        if (!weld && convex(o)) {
            for (const bool first : {true, false}) {
                const std::size_t station = first ? 0 : rings - 1;
                const SectionFrame &f = at[station];
                const Vec3 facing = first ? f.forward * -1.0 : f.forward;
                std::vector<std::uint32_t> ring;
                for (const auto &p : o.points) {
                    mesh.positions.push_back(f.place(p[0], p[1]));
                    mesh.normals.push_back(facing);
                    mesh.uvs.push_back({p[0], mesh.stations[station]}); // v = s, as everywhere
                    mesh.vertexS.push_back(mesh.stations[station]);
                    ring.push_back(std::uint32_t(mesh.positions.size() - 1));
                }
                for (std::size_t k = 1; k + 1 < n; ++k) {
                    if (first)
                        mesh.indices.insert(mesh.indices.end(), {ring[0], ring[k], ring[k + 1]});
                    else
                        mesh.indices.insert(mesh.indices.end(), {ring[0], ring[k + 1], ring[k]});
                }
            }
        }
    }
    return mesh;
}

} // namespace railforge::core
