// Smoothing strategies on random walks with sharp turns (1e3, 1e5, 1e6 points), against the seed
// articles' own algorithms written faithfully from their text as baselines:
//   seed 000 Chaikin RefinePath (Unity floats, a queue, ret.Contains: quadratic), called 3 times;
//   seed 001 CatmullRomSplineUtils.subdividePoints (a float spline object per coordinate and segment);
//   seed 004 path smoothing (every pair traced against every obstacle, RemoveAt and all).
// ns_per_point is per OUTPUT point for Chaikin and Catmull-Rom, per INPUT point for line of sight and
// simplify (which drop points). Output allocation is included. Set RAILFORGE_BENCH_WARM_HEAP=1 to
// keep freed memory in the process (glibc), which separates first-touch page faults from the work.
#include "core/obstacle_index.h"

#include "catmull_rom.h"
#include "chaikin.h"
#include "line_of_sight.h"
#include "random_walk.h"
#include "simplify.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <map>
#include <numbers>
#include <random>
#include <vector>

#ifdef __GLIBC__
#include <malloc.h>
#endif

using railforge::core::CircleObstacle;
using railforge::core::ObstacleIndex;
using railforge::core::Point2d;
using railforge::core::Vec3;

namespace {

// ---- Inputs ----------------------------------------------------------------------------------

// A dense recording (GPS-like): 0.1 steps along a slowly wandering heading, with jitter.
std::vector<Vec3> recording(std::size_t n)
{
    std::mt19937_64 rng(2);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::normal_distribution<double> jitter(0.0, 0.02);
    std::vector<Vec3> p;
    p.reserve(n);
    double heading = 0.0;
    Vec3 at{};
    for (std::size_t i = 0; i < n; ++i) {
        heading += 0.05 * unit(rng);
        at += Vec3{0.1 * std::cos(heading), 0.1 * std::sin(heading), 0.0};
        p.push_back(at + Vec3{jitter(rng), jitter(rng), 0.0});
    }
    return p;
}

// Obstacles spread over the path's bounds (grown by a quarter each side), half circles and half
// star polygons, sized to cover about 10% of that area.
struct Obstacles {
    std::vector<std::vector<Point2d>> polygons;
    std::vector<CircleObstacle> circles;
};
Obstacles obstaclesAround(const std::vector<Vec3> &path, std::size_t count)
{
    double x0 = path[0].x, x1 = x0, y0 = path[0].y, y1 = y0;
    for (const Vec3 &p : path) {
        x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
    }
    const double w = x1 - x0, h = y1 - y0;
    x0 -= w / 4, x1 += w / 4, y0 -= h / 4, y1 += h / 4;
    const double typical = std::sqrt(0.1 * (x1 - x0) * (y1 - y0) / (std::numbers::pi * double(count)));
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> ux(x0, x1), uy(y0, y1), size(0.5, 1.5), jitter(0.3, 0.7);
    Obstacles o;
    for (std::size_t i = 0; i < count; ++i) {
        const Point2d c{ux(rng), uy(rng)};
        const double r = typical * size(rng);
        if (i % 2) {
            o.circles.push_back({c, r});
            continue;
        }
        std::vector<Point2d> poly;
        for (int k = 0; k < 6; ++k) {
            const double angle = (k + jitter(rng)) * std::numbers::pi / 3, rk = r * (0.6 + jitter(rng));
            poly.push_back({c.x + rk * std::cos(angle), c.y + rk * std::sin(angle)});
        }
        o.polygons.push_back(std::move(poly));
    }
    return o;
}

// ---- Seed 000: RefinePath, from the article's C#-like listing (Unity Vector3 semantics). ---------
namespace seed000 {

struct Vector3 {
    float x = 0, y = 0, z = 0;
    friend Vector3 operator+(Vector3 a, Vector3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
    friend Vector3 operator-(Vector3 a, Vector3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
    friend Vector3 operator*(float s, Vector3 a) { return {s * a.x, s * a.y, s * a.z}; }
    friend bool operator==(Vector3 a, Vector3 b)
    {
        return a.x == b.x && a.y == b.y && a.z == b.z;
    } // List.Contains: Equals
    float magnitude() const { return std::sqrt(x * x + y * y + z * z); }
    Vector3 normalized() const
    {
        const float m = magnitude();
        return m > 1e-5f ? Vector3{x / m, y / m, z / m} : Vector3{};
    }
    static float Angle(Vector3 from, Vector3 to) // degrees, as Unity computes it
    {
        const float denominator = std::sqrt((from.x * from.x + from.y * from.y + from.z * from.z) *
                                            (to.x * to.x + to.y * to.y + to.z * to.z));
        if (denominator < 1e-15f) return 0.0f;
        const float dot = std::clamp((from.x * to.x + from.y * to.y + from.z * to.z) / denominator, -1.0f, 1.0f);
        return std::acos(dot) * 57.29578f;
    }
};
using VectorList = std::vector<Vector3>;

VectorList RefinePath(const VectorList &path)
{
    VectorList ret;
    std::deque<Vector3> procPath(path.begin(), path.end());
    ret.push_back(path[0]);
    Vector3 curPoint, prevPoint, nextPoint, currentHeading, nextHeading, pointQ, pointR;
    float angle;
    prevPoint = procPath.front();
    procPath.pop_front();
    while (procPath.size() > 1) {
        curPoint = procPath.front();
        procPath.pop_front();
        nextPoint = procPath.front();
        currentHeading = (curPoint - prevPoint).normalized();
        nextHeading = (nextPoint - curPoint).normalized();
        angle = Vector3::Angle(currentHeading, nextHeading);
        if (angle >= 30) {
            if (angle >= 90) {
                procPath.pop_front();
                prevPoint = curPoint;
                continue;
            }
            pointQ = (0.75f * curPoint) + (0.25f * nextPoint);
            pointR = (0.25f * curPoint) + (0.75f * nextPoint);
            ret.push_back(pointQ);
            ret.push_back(pointR);
            prevPoint = pointR;
        } else {
            // Paranoid check.
            if (std::find(ret.begin(), ret.end(), curPoint) == ret.end()) ret.push_back(curPoint);
            prevPoint = curPoint;
        }
    }
    // Make sure we get home.
    if (std::find(ret.begin(), ret.end(), path[path.size() - 1]) == ret.end()) ret.push_back(path[path.size() - 1]);
    return ret;
}

} // namespace seed000

// ---- Seed 001: CatmullRomSplineUtils, from the article's Java. --------------------------------
namespace seed001 {

class Point2D {
public:
    Point2D() : Point2D(0.0f, 0.0f) {}
    Point2D(float x, float y) : m_x(x), m_y(y) {}
    float getX() const { return m_x; }
    float getY() const { return m_y; }

private:
    float m_x, m_y;
};

class CatmullRomSpline {
public:
    CatmullRomSpline(float p0, float p1, float p2, float p3) : m_p0(p0), m_p1(p1), m_p2(p2), m_p3(p3) {}
    float q(float t) const
    {
        return 0.5f * ((2 * m_p1) + (m_p2 - m_p0) * t + (2 * m_p0 - 5 * m_p1 + 4 * m_p2 - m_p3) * t * t +
                       (3 * m_p1 - m_p0 - 3 * m_p2 + m_p3) * t * t * t);
    }

private:
    float m_p0, m_p1, m_p2, m_p3;
};

class CatmullRomSpline2D {
public:
    CatmullRomSpline2D(Point2D p0, Point2D p1, Point2D p2, Point2D p3)
        : m_x(p0.getX(), p1.getX(), p2.getX(), p3.getX()), m_y(p0.getY(), p1.getY(), p2.getY(), p3.getY())
    {}
    Point2D q(float t) const { return Point2D(m_x.q(t), m_y.q(t)); }

private:
    CatmullRomSpline m_x, m_y;
};

std::vector<Point2D> subdividePoints(const std::vector<Point2D> &points, int subdivisions)
{
    std::vector<Point2D> subdividedPoints(((points.size() - 1) * std::size_t(subdivisions)) + 1);
    const float increments = 1.0f / float(subdivisions);
    for (std::size_t i = 0; i < points.size() - 1; i++) {
        const Point2D p0 = i == 0 ? points[i] : points[i - 1];
        const Point2D p1 = points[i];
        const Point2D p2 = points[i + 1];
        const Point2D p3 = (i + 2 == points.size()) ? points[i + 1] : points[i + 2];
        const CatmullRomSpline2D crs(p0, p1, p2, p3);
        for (int j = 0; j <= subdivisions; j++)
            subdividedPoints[(i * std::size_t(subdivisions)) + std::size_t(j)] = crs.q(float(j) * increments);
    }
    return subdividedPoints;
}

} // namespace seed001

// ---- Seed 004: FindPathForMoveRequest's smoothing loop, every trace against every obstacle. -------
namespace seed004 {

// SphereTraceSingle stand-in: blocked when the segment comes closer than radius to any obstacle
// (the same geometry as RailForge, checked one obstacle after the other).
struct World {
    const Obstacles &obstacles;
    double radius;
    bool trace(const Vec3 &start, const Vec3 &end) const
    {
        const Point2d a{start.x, start.y}, b{end.x, end.y};
        const auto toSegment = [](Point2d p, Point2d s, Point2d e) {
            const double lx = e.x - s.x, ly = e.y - s.y, len2 = lx * lx + ly * ly;
            const double t = len2 > 0 ? std::clamp(((p.x - s.x) * lx + (p.y - s.y) * ly) / len2, 0.0, 1.0) : 0.0;
            return std::hypot(p.x - s.x - t * lx, p.y - s.y - t * ly);
        };
        const auto cross = [](Point2d o, Point2d p, Point2d q) {
            return (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x);
        };
        for (const CircleObstacle &c : obstacles.circles)
            if (toSegment(c.center, a, b) - c.radius < radius) return true;
        for (const auto &poly : obstacles.polygons) {
            bool inside = false;
            for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
                const Point2d p = poly[j], q = poly[i];
                const double d1 = cross(p, q, a), d2 = cross(p, q, b), d3 = cross(a, b, p), d4 = cross(a, b, q);
                if (((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0))) return true;
                if (std::min({toSegment(a, p, q), toSegment(b, p, q), toSegment(p, a, b), toSegment(q, a, b)}) < radius)
                    return true;
                if ((q.y > a.y) != (p.y > a.y) && a.x < p.x + (a.y - p.y) * (q.x - p.x) / (q.y - p.y)) inside = !inside;
            }
            if (inside) return true;
        }
        return false;
    }
};

void smooth(std::vector<Vec3> &pathPoints, const World &world)
{
    int PathLenght = int(pathPoints.size());
    for (int i = 0; i < PathLenght; i++) {
        if (PathLenght <= 1) break;
        for (int j = i + 2; PathLenght; j++) {
            if (j >= PathLenght) break;
            // if obstacle obstructing the path, no changes
            if (world.trace(pathPoints[std::size_t(i)], pathPoints[std::size_t(j)])) break;
            // if no obstacle obstructing the path, delete middle point --> j-1
            pathPoints.erase(pathPoints.begin() + (j - 1));
            j++;
            PathLenght = int(pathPoints.size());
        }
    }
}

} // namespace seed004

// ---- Helpers ---------------------------------------------------------------------------------

// Per-point time in ns: the benchmark's time divided by `points` per iteration.
void reportPerPoint(benchmark::State &state, std::size_t points)
{
    state.counters["ns_per_point"] = benchmark::Counter(
        double(points) * 1e-9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["points_out"] = double(points);
}

// Paths and obstacle fields are built once per size.
const std::vector<Vec3> &walkOf(std::size_t n)
{
    static std::map<std::size_t, std::vector<Vec3>> cache;
    auto it = cache.find(n);
    if (it == cache.end()) it = cache.emplace(n, randomWalk(n)).first;
    return it->second;
}

// ---- Chaikin ---------------------------------------------------------------------------------

// RailForge Chaikin, 3 iterations; `variant` 0 defaults, 1 classic (angle limit 0), 2 the seed's
// settings (limit 30, outliers at 90).
void BM_Chaikin(benchmark::State &state, int variant)
{
    const std::vector<Vec3> &path = walkOf(std::size_t(state.range(0)));
    railforge::chaikin::Options o;
    if (variant == 1) o.angleLimit = 0.0;
    if (variant == 2) o.rejectOutliers = true;
    std::size_t out = 0;
    for (auto _ : state) {
        const std::vector<Vec3> result = railforge::chaikin::smooth(path, false, o);
        out = result.size();
        benchmark::DoNotOptimize(result.data());
    }
    reportPerPoint(state, out);
}
BENCHMARK_CAPTURE(BM_Chaikin, defaults, 0)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Chaikin, classic, 1)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Chaikin, seed_settings, 2)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond);

// The same into one output buffer kept across calls (as an engine re-planning every frame would):
// the first call allocates, the others reuse its memory.
void BM_ChaikinReused(benchmark::State &state, int variant)
{
    const std::vector<Vec3> &path = walkOf(std::size_t(state.range(0)));
    railforge::chaikin::Options o;
    if (variant == 1) o.angleLimit = 0.0;
    std::vector<Vec3> result;
    for (auto _ : state) {
        railforge::chaikin::smooth(path, false, o, result);
        benchmark::DoNotOptimize(result.data());
    }
    reportPerPoint(state, result.size());
}
BENCHMARK_CAPTURE(BM_ChaikinReused, defaults, 0)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ChaikinReused, classic, 1)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

// Seed 000 RefinePath applied 3 times ("call this function a few times").
void BM_SeedChaikin(benchmark::State &state)
{
    seed000::VectorList path;
    for (const Vec3 &p : walkOf(std::size_t(state.range(0)))) path.push_back({float(p.x), float(p.y), float(p.z)});
    std::size_t out = 0;
    for (auto _ : state) {
        seed000::VectorList result = seed000::RefinePath(seed000::RefinePath(seed000::RefinePath(path)));
        out = result.size();
        benchmark::DoNotOptimize(result.data());
    }
    reportPerPoint(state, out);
}
BENCHMARK(BM_SeedChaikin)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SeedChaikin)->Arg(100000)->Iterations(1)->Unit(benchmark::kMillisecond);

// ---- Catmull-Rom -----------------------------------------------------------------------------

// RailForge Catmull-Rom, 8 subdivisions, reflected ends, alpha = argument 1 / 10.
void BM_CatmullRom(benchmark::State &state)
{
    const std::vector<Vec3> &path = walkOf(std::size_t(state.range(0)));
    railforge::catmullrom::Options o;
    o.alpha = double(state.range(1)) / 10.0;
    std::size_t out = 0;
    for (auto _ : state) {
        const std::vector<Vec3> result = railforge::catmullrom::smooth(path, false, o);
        out = result.size();
        benchmark::DoNotOptimize(result.data());
    }
    reportPerPoint(state, out);
}
BENCHMARK(BM_CatmullRom)
    ->ArgNames({"n", "alpha10"})
    ->Args({1000, 5})
    ->Args({100000, 5})
    ->Args({1000000, 5})
    ->Args({1000000, 0})
    ->Args({1000000, 10})
    ->Unit(benchmark::kMillisecond);

// RailForge Catmull-Rom, centripetal, 8 subdivisions, into one output buffer kept across calls.
void BM_CatmullRomReused(benchmark::State &state)
{
    const std::vector<Vec3> &path = walkOf(std::size_t(state.range(0)));
    std::vector<Vec3> result;
    for (auto _ : state) {
        railforge::catmullrom::smooth(path, false, railforge::catmullrom::Options{}, result);
        benchmark::DoNotOptimize(result.data());
    }
    reportPerPoint(state, result.size());
}
BENCHMARK(BM_CatmullRomReused)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

// Seed 001 subdividePoints, 8 subdivisions (uniform, duplicated ends, 2D floats).
void BM_SeedCatmullRom(benchmark::State &state)
{
    std::vector<seed001::Point2D> path;
    for (const Vec3 &p : walkOf(std::size_t(state.range(0)))) path.emplace_back(float(p.x), float(p.y));
    std::size_t out = 0;
    for (auto _ : state) {
        const std::vector<seed001::Point2D> result = seed001::subdividePoints(path, 8);
        out = result.size();
        benchmark::DoNotOptimize(result.data());
    }
    reportPerPoint(state, out);
}
BENCHMARK(BM_SeedCatmullRom)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

// ---- Line of sight ---------------------------------------------------------------------------

// RailForge line of sight, radius 0.5, through the R-tree (built once, as the level's index is).
// Arguments: path points, obstacles.
void BM_LineOfSight(benchmark::State &state)
{
    const std::vector<Vec3> &path = walkOf(std::size_t(state.range(0)));
    const Obstacles obstacles = obstaclesAround(path, std::size_t(state.range(1)));
    const ObstacleIndex index(obstacles.polygons, obstacles.circles);
    std::size_t kept = 0;
    for (auto _ : state) {
        const std::vector<Vec3> result = railforge::lineofsight::smooth(
            path, false, [&](const Vec3 &a, const Vec3 &b) { return index.isClear(a, b, 0.5); });
        kept = result.size();
        benchmark::DoNotOptimize(result.data());
    }
    reportPerPoint(state, path.size());
    state.counters["points_out"] = double(kept);
}
BENCHMARK(BM_LineOfSight)
    ->ArgNames({"n", "obstacles"})
    ->Args({1000, 10000})
    ->Args({10000, 10000})
    ->Args({100000, 10000})
    ->Args({1000000, 10000})
    ->Unit(benchmark::kMillisecond);

// Building the index of 10,000 obstacles (once per level load or edit).
void BM_ObstacleIndexBuild(benchmark::State &state)
{
    const Obstacles obstacles = obstaclesAround(walkOf(10000), std::size_t(state.range(0)));
    for (auto _ : state) {
        const ObstacleIndex index(obstacles.polygons, obstacles.circles);
        benchmark::DoNotOptimize(&index);
    }
}
BENCHMARK(BM_ObstacleIndexBuild)->Arg(10000)->Unit(benchmark::kMillisecond);

// Seed 004's loop, radius 0.5, every trace against every obstacle. Arguments as BM_LineOfSight.
void BM_SeedLineOfSight(benchmark::State &state)
{
    const std::vector<Vec3> &path = walkOf(std::size_t(state.range(0)));
    const Obstacles obstacles = obstaclesAround(path, std::size_t(state.range(1)));
    const seed004::World world{obstacles, 0.5};
    std::size_t kept = 0;
    for (auto _ : state) {
        std::vector<Vec3> points = path;
        seed004::smooth(points, world);
        kept = points.size();
        benchmark::DoNotOptimize(points.data());
    }
    reportPerPoint(state, path.size());
    state.counters["points_out"] = double(kept);
}
BENCHMARK(BM_SeedLineOfSight)
    ->ArgNames({"n", "obstacles"})
    ->Args({1000, 10000})
    ->Args({10000, 10000})
    ->Args({100000, 10000})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// ---- Simplify --------------------------------------------------------------------------------

// Ramer-Douglas-Peucker, epsilon 0.1, on a dense noisy recording.
void BM_Simplify(benchmark::State &state)
{
    const std::vector<Vec3> path = recording(std::size_t(state.range(0)));
    std::size_t kept = 0;
    for (auto _ : state) {
        const std::vector<Vec3> result = railforge::simplify::smooth(path, false, 0.1);
        kept = result.size();
        benchmark::DoNotOptimize(result.data());
    }
    reportPerPoint(state, path.size());
    state.counters["points_out"] = double(kept);
}
BENCHMARK(BM_Simplify)->Arg(1000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char **argv)
{
#ifdef __GLIBC__
    // Optional: serve every allocation from the heap and never return it, so repeated runs reuse
    // warm pages (big blocks are otherwise fresh mmaps whose first-touch faults dominate at 1e6).
    if (const char *warm = std::getenv("RAILFORGE_BENCH_WARM_HEAP"); warm && *warm == '1') {
        mallopt(M_MMAP_MAX, 0);
        mallopt(M_TRIM_THRESHOLD, 1 << 30);
    }
#endif
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
