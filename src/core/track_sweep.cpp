#include "core/track_sweep.h"

#include "core/param_reading.h"

#include <algorithm>
#include <cmath>

namespace railforge::core {
namespace {

// The corners of the convex hull of every point of every outline (Andrew's monotone chain). How far
// the mesh strays from the rail is an affine function of the section point, so its length is largest
// at one of these: testing them alone decides exactly as testing every point would.
std::vector<std::array<double, 2>> hullPoints(const TrackSection &section)
{
    std::vector<std::array<double, 2>> pts;
    for (const SectionOutline &o : section.outlines) pts.insert(pts.end(), o.points.begin(), o.points.end());
    std::sort(pts.begin(), pts.end());
    pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
    if (pts.size() < 3) return pts;
    auto turn = [](const std::array<double, 2> &o, const std::array<double, 2> &a, const std::array<double, 2> &b) {
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
    };
    std::vector<std::array<double, 2>> hull(2 * pts.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < pts.size(); ++i) { // lower chain
        while (k >= 2 && turn(hull[k - 2], hull[k - 1], pts[i]) <= 0) --k;
        hull[k++] = pts[i];
    }
    for (std::size_t i = pts.size() - 1, lower = k + 1; i-- > 0;) { // upper chain
        while (k >= lower && turn(hull[k - 2], hull[k - 1], pts[i]) <= 0) --k;
        hull[k++] = pts[i];
    }
    hull.resize(k - 1); // the last is the first again
    return hull;
}

// A place the sweep reads: its arc length, its parameter on the segment being halved, its frame.
struct Station {
    double s = 0.0;
    double u = 0.0;
    SectionFrame frame;
};

// Reads frames at (segment, u) (core/param_reading.h: no arc-length inversion), the up searches
// carried from one read to the next, which are close together.
class FrameReader {
public:
    FrameReader(const ArcLengthTable &table, const FrameTable &frames) : table_(table), frames_(frames) {}
    Station at(std::size_t segment, double u)
    {
        const CurveSample c = sampleAtParam(table_, {segment, u});
        const Vec3 up = upAt(frames_, c.s, c.position, c.tangent, hints_);
        return {c.s, u, {c.position, c.tangent, cross(c.tangent, up), up}};
    }

private:
    const ArcLengthTable &table_;
    const FrameTable &frames_;
    UpHints hints_;
};

// Whether the mesh's straight line between two stations of one segment strays farther than
// `tolerance` from the swept section between them, read at the middle and the quarters (in u). Over
// a cubic segment the gap is, to first order, a cubic in u that is zero at both ends, which three
// places pin down; the halving that follows reads each half again. The middle is read first and
// kept in `middle`: a span that strays is halved there without reading it twice.
bool strays(FrameReader &read, std::size_t segment, const Station &a, const Station &b,
            const std::vector<std::array<double, 2>> &hull, double tolerance, Station &middle)
{
    const double limit = tolerance * tolerance;
    for (int k : {2, 1, 3}) {
        const Station m = read.at(segment, a.u + (b.u - a.u) * (k / 4.0));
        if (k == 2) middle = m;
        // The drawn line's point for this place: as far along it as the place is along the rail.
        const double f = b.s > a.s ? std::clamp((m.s - a.s) / (b.s - a.s), 0.0, 1.0) : k / 4.0;
        const Vec3 dO = m.frame.origin - (a.frame.origin * (1 - f) + b.frame.origin * f);
        const Vec3 dR = m.frame.right - (a.frame.right * (1 - f) + b.frame.right * f);
        const Vec3 dU = m.frame.up - (a.frame.up * (1 - f) + b.frame.up * f);
        for (const auto &p : hull) {
            const Vec3 e = dO + dR * p[0] + dU * p[1];
            if (dot(e, e) > limit) return true;
        }
    }
    return false;
}

// The stations (sweepStations) with the frame at each: the halving reads each station's frame once
// and the sweep places its rings at them.
std::vector<Station> stationsWithFrames(const ArcLengthTable &table, const FrameTable &frames,
                                        const TrackSection &section, double chordError, std::size_t maxStations,
                                        bool *capped = nullptr);

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
                                        const TrackSection &section, double chordError, std::size_t maxStations,
                                        bool *capped)
{
    const std::size_t segments = table.segments.size();
    if (segments == 0) return {{0.0, 0.0, sectionFrameAt(table, frames, 0.0)}};
    const double length = totalLength(table);
    const std::vector<std::array<double, 2>> hull = hullPoints(section);
    const bool halve = !hull.empty() && length > 0;
    const double tolerance = std::max(chordError, length * 1e-12);
    // A real corner (a linear rail's) stays one: no halving below a thousandth of the error.
    const double shortest = std::max(tolerance * 1e-3, length * 1e-9);
    FrameReader read(table, frames);
    std::vector<Station> out{read.at(0, 0.0)};
    // Each segment from its start to its end (one ring at a joint, with the frame the rail arrives
    // by, as sampleAt and the export give it there), halved depth first so the stations come out in order; the budget stops the
    // halving where it is.
    std::size_t budget = maxStations > segments + 1 ? maxStations - segments - 1 : 0;
    struct Span {
        Station a, b;
    };
    std::vector<Span> stack;
    for (std::size_t i = 0; i < segments; ++i) {
        Station end = read.at(i, 1.0);
        if (end.s - out.back().s < 1e-9) continue; // nothing between: the rings would coincide
        end.u = 1.0;
        Station begin = out.back();
        begin.u = 0.0;
        stack.push_back({begin, end});
        while (!stack.empty()) {
            const Span span = stack.back();
            stack.pop_back();
            Station middle;
            if (halve && span.b.s - span.a.s > shortest && strays(read, i, span.a, span.b, hull, tolerance, middle)) {
                if (budget > 0) {
                    --budget;
                    stack.push_back({middle, span.b});
                    stack.push_back({span.a, middle});
                    continue;
                }
                if (capped) *capped = true; // this span stays farther than the chord error
            }
            out.push_back(span.b);
        }
    }
    return out;
}

} // namespace

std::size_t sweepQuadsPerStation(const TrackSection &section)
{
    std::size_t quads = 0;
    for (const SectionOutline &o : section.outlines) {
        const std::size_t n = o.points.size();
        if (n < 2) continue;
        const std::size_t c = o.smooth ? (o.closed ? n + 1 : n) : 2 * (o.closed ? n : n - 1);
        quads += o.smooth ? c - 1 : c / 2;
    }
    return quads;
}

std::vector<double> sweepStations(const ArcLengthTable &table, const FrameTable &frames, const TrackSection &section,
                                  double chordError, std::size_t maxStations)
{
    std::vector<double> out;
    for (const Station &station : stationsWithFrames(table, frames, section, chordError, maxStations))
        out.push_back(station.s);
    return out;
}

TrackMesh sweepTrack(const ArcLengthTable &table, const FrameTable &frames, const TrackSection &section,
                     double chordError, std::size_t maxStations, const SweepEnds &ends)
{
    TrackMesh mesh;
    const std::vector<Station> stations =
        stationsWithFrames(table, frames, section, chordError, maxStations, &mesh.capped);
    for (const Station &station : stations) mesh.stations.push_back(station.s);
    // A closed rail's last station is its seam again: its ring is the first's.
    const bool weld = table.closed && mesh.stations.size() > 2;
    const std::size_t rings = weld ? mesh.stations.size() - 1 : mesh.stations.size();
    std::vector<SectionFrame> at;
    at.reserve(rings);
    for (std::size_t i = 0; i < rings; ++i) at.push_back(stations[i].frame);
    // Room for every vertex and index at once: growing four arrays by doubling was a sixth of a sweep.
    std::size_t perRing = 0, quads = 0, caps = 0;
    for (const SectionOutline &o : section.outlines) {
        const std::size_t n = o.points.size();
        if (n < 2) continue;
        const std::size_t c = o.smooth ? (o.closed ? n + 1 : n) : 2 * (o.closed ? n : n - 1);
        perRing += c;
        quads += o.smooth ? c - 1 : c / 2;
        caps += n;
    }
    const std::size_t vertices = perRing * rings + 2 * caps;
    mesh.positions.resize(vertices);
    mesh.normals.resize(vertices);
    mesh.uvs.resize(vertices);
    mesh.vertexS.resize(vertices);
    mesh.indices.reserve(6 * quads * rings + 6 * caps);
    std::size_t next = 0; // the next vertex to write (the arrays are cut to it at the end)
    auto put = [&](Vec3 position, Vec3 normal, double u, double s) {
        mesh.positions[next] = position;
        mesh.normals[next] = normal;
        mesh.uvs[next] = {u, s};
        mesh.vertexS[next] = s;
        return std::uint32_t(next++);
    };
    // A band of quads from columns of vertices (one column per drawn ring): column c, ring i.
    auto band = [&](const std::vector<std::vector<std::uint32_t>> &columns, bool closedAround) {
        const std::size_t n = columns.size();
        for (std::size_t c = 0; c + (closedAround ? 0 : 1) < n; ++c) {
            const std::vector<std::uint32_t> &a = columns[c], &b = columns[(c + 1) % n];
            const std::size_t count = a.size();
            const std::size_t steps = weld ? count : count - 1;
            for (std::size_t i = 0; i < steps; ++i) {
                const std::size_t j = (i + 1) % count;
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
        // The rings this outline is drawn between: all of them, but where a rail end meets another
        // track at a junction, from where it leaves that track (a ring placed there by halving the
        // span between the last station that overlaps it and the first that does not).
        std::size_t lo = 0, hi = rings - 1;
        SectionFrame loFrame = at[lo], hiFrame = at[hi];
        double loS = mesh.stations[lo], hiS = mesh.stations[hi];
        if (!weld) {
            auto overlaps = [&](const SweepJoin &join, const SectionFrame &f) {
                std::vector<Vec3> placed;
                for (const auto &p : o.points) placed.push_back(f.place(p[0], p[1]));
                return join.overlaps(placed);
            };
            // The last place from `inside` towards `outside` (arc lengths) where the outline overlaps.
            auto leaves = [&](const SweepJoin &join, double inside, double outside) {
                for (int k = 0; k < 48 && std::abs(outside - inside) > 1e-9 * (1 + std::abs(outside)); ++k) {
                    const double middle = 0.5 * (inside + outside);
                    (overlaps(join, sectionFrameAt(table, frames, middle)) ? inside : outside) = middle;
                }
                return inside;
            };
            if (ends.start && ends.start->overlaps && overlaps(*ends.start, at[lo])) {
                while (lo + 1 < hi && overlaps(*ends.start, at[lo + 1])) ++lo;
                loS = leaves(*ends.start, mesh.stations[lo], mesh.stations[lo + 1]);
                loFrame = sectionFrameAt(table, frames, loS);
            }
            if (ends.end && ends.end->overlaps && overlaps(*ends.end, at[hi])) {
                while (hi > lo + 1 && overlaps(*ends.end, at[hi - 1])) --hi;
                hiS = leaves(*ends.end, mesh.stations[hi], mesh.stations[hi - 1]);
                hiFrame = sectionFrameAt(table, frames, hiS);
            }
        }
        auto frameOf = [&](std::size_t i) -> const SectionFrame & {
            return i == lo ? loFrame : i == hi ? hiFrame : at[i];
        };
        auto sOf = [&](std::size_t i) { return i == lo ? loS : i == hi ? hiS : mesh.stations[i]; };
        // (nx, ny) is the unit normal in the section's plane: right and up are orthonormal, so it
        // stays unit without a square root per vertex.
        auto add = [&](std::size_t ring, double x, double y, double nx, double ny, double u) {
            const SectionFrame &f = frameOf(ring);
            return put(f.place(x, y), f.right * nx + f.up * ny, u, sOf(ring));
        };
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
                const double sx = e0[0] + e1[0], sy = e0[1] + e1[1], len = std::hypot(sx, sy);
                const double nx = len > 0 ? sx / len : 0.0, ny = len > 0 ? sy / len : 0.0;
                for (std::size_t i = lo; i <= hi; ++i)
                    columns[c].push_back(add(i, o.points[k][0], o.points[k][1], nx, ny, around[c]));
            }
            band(columns, false);
        } else {
            // Two columns per edge, flat.
            for (std::size_t k = 0; k < edges; ++k) {
                const auto nk = edgeNormal(k);
                const auto &p = o.points[k], &q = o.points[(k + 1) % n];
                std::vector<std::vector<std::uint32_t>> columns(2);
                for (std::size_t i = lo; i <= hi; ++i) {
                    columns[0].push_back(add(i, p[0], p[1], nk[0], nk[1], around[k]));
                    columns[1].push_back(add(i, q[0], q[1], nk[0], nk[1], around[k + 1]));
                }
                band(columns, false);
            }
        }
        // Caps at an open rail's ends: a fan over a convex closed outline; none where the rail goes on
        // into another end to end.
        if (!weld && convex(o)) {
            for (const bool first : {true, false}) {
                const std::optional<SweepJoin> &join = first ? ends.start : ends.end;
                if (join && !join->overlaps) continue;
                const std::size_t station = first ? lo : hi;
                const SectionFrame &f = frameOf(station);
                const Vec3 facing = first ? f.forward * -1.0 : f.forward;
                std::vector<std::uint32_t> ring;
                for (const auto &p : o.points) {
                    // v = s, as everywhere
                    ring.push_back(put(f.place(p[0], p[1]), facing, p[0], sOf(station)));
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
    mesh.positions.resize(next);
    mesh.normals.resize(next);
    mesh.uvs.resize(next);
    mesh.vertexS.resize(next);
    return mesh;
}

} // namespace railforge::core
