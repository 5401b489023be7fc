#include "core/arc_length.h"

#include "core/param_reading.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <thread>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace railforge::core {

namespace {

// Gauss-Legendre 8-point rule on [-1, 1]: positive nodes and their weights (the rule is symmetric).
constexpr double kNode[4] = {0.18343464249564981, 0.52553240991632899, 0.79666647741362673, 0.96028985649753618};
constexpr double kWeight[4] = {0.36268378337836199, 0.31370664587788727, 0.22238103445337448, 0.10122853629037626};

// Gauss-Legendre 4-point rule, for short steps inside one table interval while sampling.
constexpr double kNode4[2] = {0.33998104358485626, 0.86113631159405258};
constexpr double kWeight4[2] = {0.65214515486254614, 0.34785484513745386};
// Longest sampling step (fraction of its table interval) integrated with the 4-point rule.
constexpr double kShortStep = 0.125;
// Rows chained step to step before one is solved from the table again (bounds rounding build-up).
constexpr int kMaxChainedSteps = 32;
// Rows of a sampling made in one go from one start (a chunk a thread takes).
constexpr std::size_t kSampleChunk = 32768;

// Agreement asked of two successive estimates, relative to the segment's control-polygon length.
constexpr double kRelativeTolerance = 1e-12;
// Deepest halving (an interval of 2^-40): reached only beside an exact cusp, where |B'| has a kink.
constexpr int kMaxDepth = 40;
// Residual asked of the s -> u inversion, relative to s.
constexpr double kInverseTolerance = 8.0 * std::numeric_limits<double>::epsilon();

// |B'(u)| of one segment, with B' in power form c0 + u (c1 + u c2).
struct Speed {
    Vec3 c0; // B'(0)
    Vec3 c1; // linear coefficient
    Vec3 c2; // quadratic coefficient

    explicit Speed(const CubicBezier &b)
        : c0((b.p[1] - b.p[0]) * 3.0), c1((b.p[2] - 2.0 * b.p[1] + b.p[0]) * 6.0),
          c2((b.p[3] - 3.0 * b.p[2] + 3.0 * b.p[1] - b.p[0]) * 3.0)
    {}

    // dB/du at u.
    Vec3 velocity(double u) const { return c0 + (c1 + c2 * u) * u; }
    // d2B/du2 at u.
    Vec3 acceleration(double u) const { return c1 + c2 * (2.0 * u); }
    // Speed |dB/du| at u.
    double operator()(double u) const { return length(velocity(u)); }
};

#if defined(__SSE2__)
// speed(mid - h) + speed(mid + h), both in one register: the same operations in the same order as
// two scalar calls (so bitwise the same sum), in about half the time. Nearest-point hits and
// samples each spend a Gauss-Legendre sum on their arc length.
double speedPair(const Speed &speed, double mid, double h)
{
    const __m128d u = _mm_add_pd(_mm_set1_pd(mid), _mm_set_pd(h, -h)); // (mid - h, mid + h)
    const auto component = [&u](double c0, double c1, double c2) {
        return _mm_add_pd(_mm_set1_pd(c0), _mm_mul_pd(_mm_add_pd(_mm_set1_pd(c1), _mm_mul_pd(_mm_set1_pd(c2), u)), u));
    };
    const __m128d x = component(speed.c0.x, speed.c1.x, speed.c2.x);
    const __m128d y = component(speed.c0.y, speed.c1.y, speed.c2.y);
    const __m128d z = component(speed.c0.z, speed.c1.z, speed.c2.z);
    const __m128d squared = _mm_add_pd(_mm_add_pd(_mm_mul_pd(x, x), _mm_mul_pd(y, y)), _mm_mul_pd(z, z));
    // length()'s common case in both lanes; anything else (tiny, huge, NaN) takes the scalar path.
    const __m128d inRange =
        _mm_and_pd(_mm_cmpge_pd(squared, _mm_set1_pd(1e-290)), _mm_cmple_pd(squared, _mm_set1_pd(1e290)));
    if (_mm_movemask_pd(inRange) != 3) return speed(mid - h) + speed(mid + h);
    const __m128d root = _mm_sqrt_pd(squared);
    return _mm_cvtsd_f64(root) + _mm_cvtsd_f64(_mm_unpackhi_pd(root, root));
}
#else
double speedPair(const Speed &speed, double mid, double h) { return speed(mid - h) + speed(mid + h); }
#endif

// 8-point Gauss-Legendre estimate of the integral of the speed over [a, b].
double gauss(const Speed &speed, double a, double b)
{
    const double half = 0.5 * (b - a);
    const double mid = 0.5 * (a + b);
    double sum = 0.0;
    for (int k = 0; k < 4; ++k) sum += kWeight[k] * speedPair(speed, mid, half * kNode[k]);
    return sum * half;
}

// 4-point Gauss-Legendre estimate over [a, b] (used only for steps short relative to a table interval).
double gauss4(const Speed &speed, double a, double b)
{
    const double half = 0.5 * (b - a);
    const double mid = 0.5 * (a + b);
    double sum = 0.0;
    for (int k = 0; k < 2; ++k) sum += kWeight4[k] * speedPair(speed, mid, half * kNode4[k]);
    return sum * half;
}

// Sum of the control-polygon leg lengths (>= the segment length; 0 for a point segment).
double hullLength(const CubicBezier &b)
{
    return distance(b.p[0], b.p[1]) + distance(b.p[1], b.p[2]) + distance(b.p[2], b.p[3]);
}

// Adaptive integration state of one segment: appends a break at the start of every accepted interval.
struct Refiner {
    const Speed &speed;         // integrand
    double tolerance;           // absolute agreement asked of two estimates
    std::uint32_t segment;      // segment being integrated
    double s;                   // arc length reached so far (from the curve start)
    std::vector<ArcBreak> &out; // table being filled

    // Integrate [a, b] whose single-rule estimate is `whole`, halving until the halves agree with it.
    void refine(double a, double b, double whole, int depth)
    {
        const double m = 0.5 * (a + b);
        const double left = gauss(speed, a, m);
        const double right = gauss(speed, m, b);
        // Written so that a NaN (non-finite input) ends the recursion instead of deepening it.
        if (depth >= kMaxDepth || !(std::abs(left + right - whole) > tolerance)) {
            out.push_back({a, s, segment});
            s += left;
            out.push_back({m, s, segment});
            s += right;
            return;
        }
        refine(a, m, left, depth + 1);
        refine(m, b, right, depth + 1);
    }
};

// One table interval: where it lies and the arc lengths at its ends.
struct Interval {
    std::size_t segment = 0; // segment it lies on
    double ua = 0.0;         // local parameter at its start
    double ub = 1.0;         // local parameter at its end
    double sa = 0.0;         // arc length at its start
    double sb = 0.0;         // arc length at its end
};

// Interval j of the table (0 <= j < breaks.size() - 1).
Interval intervalAt(const ArcLengthTable &table, std::size_t j)
{
    const ArcBreak &a = table.breaks[j];
    const ArcBreak &b = table.breaks[j + 1];
    return {a.segment, a.u, b.segment == a.segment ? b.u : 1.0, a.s, b.s};
}

// Index of the interval holding arc length s: the first one whose end is >= s.
std::size_t intervalIndexOf(const ArcLengthTable &table, double s)
{
    const std::size_t last = table.breaks.size() - 2;
    const auto it = std::lower_bound(table.breaks.begin() + 1, table.breaks.end() - 1, s,
                                     [](const ArcBreak &b, double v) { return b.s < v; });
    return std::min(static_cast<std::size_t>(it - (table.breaks.begin() + 1)), last);
}

// A solved place in an interval: u and the arc length computed there (when known exactly).
struct Solved {
    double u = 0.0;      // local parameter
    double s = 0.0;      // arc length computed at u
    bool exact = false;  // s is a converged evaluation (usable as an anchor for the next step)
    Vec3 velocity;       // dB/du at u, when known (speed >= 0)
    double speed = -1.0; // |velocity|, or -1 when not computed yet
};

// Local parameter u in the interval with arc length `target`: Newton from `guess`, bisection fallback.
Solved solveInInterval(const Speed &speed, const Interval &iv, double target, double guess)
{
    if (!(iv.sb > iv.sa) || !(target > iv.sa)) return {iv.ua, iv.sa, true, {}, -1.0};
    if (!(target < iv.sb)) return {iv.ub, iv.sb, true, {}, -1.0};
    double lo = iv.ua;
    double hi = iv.ub;
    double u = (guess > lo && guess < hi) ? guess : lo + (hi - lo) * ((target - iv.sa) / (iv.sb - iv.sa));
    const double tolerance = kInverseTolerance * target;
    for (int iteration = 0; iteration < 100; ++iteration) {
        const double f = iv.sa + gauss(speed, iv.ua, u) - target;
        if (std::abs(f) <= tolerance) return {u, target + f, true, {}, -1.0};
        if (f < 0.0)
            lo = u;
        else
            hi = u;
        const double v = speed(u);
        double next = v > 0.0 ? u - f / v : lo - 1.0;
        if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
        if (next == u) break;
        u = next;
    }
    return {u, target, false, {}, -1.0};
}

// First-order guess for the solve from the table, stepping from the anchor (-1: no usable guess).
double guessFrom(const Speed &speed, const Interval &iv, const Solved &anchor, double target)
{
    const double v = anchor.speed >= 0.0 ? anchor.speed : speed(anchor.u);
    const double u = v > 0.0 ? anchor.u + (target - anchor.s) / v : -1.0;
    return u > iv.ua && u < iv.ub ? u : -1.0;
}

// Short step from a solved anchor (same interval) to `target`: a second-order prediction whose
// arc length is checked with the 4-point rule over the step, then one Newton correction when
// needed. The correction is accepted unchecked only when its own error bound, |B''| du^2 / 2,
// is within the tolerance; otherwise the step fails and the caller solves from the table.
bool stepFromAnchor(const Speed &speed, const Interval &iv, const Solved &anchor, double target, Solved &out)
{
    const Vec3 d1 = anchor.speed >= 0.0 ? anchor.velocity : speed.velocity(anchor.u);
    const double v = anchor.speed >= 0.0 ? anchor.speed : length(d1);
    if (!(v > 0.0)) return false;
    const double maxStep = kShortStep * (iv.ub - iv.ua);
    const double tolerance = kInverseTolerance * target;
    const auto inStep = [&](double u) { return u > anchor.u && u - anchor.u <= maxStep && u <= iv.ub; };
    // s(u) ~ s0 + v du + (v'/2) du^2 with v' = d1.d2 / v, inverted to second order.
    const double du1 = (target - anchor.s) / v;
    const double u = anchor.u + du1 - 0.5 * dot(d1, speed.acceleration(anchor.u)) / (v * v) * du1 * du1;
    if (!inStep(u)) return false;
    const double f = anchor.s + gauss4(speed, anchor.u, u) - target;
    if (std::abs(f) <= tolerance) {
        out = {u, target + f, true, {}, -1.0};
        return true;
    }
    const double vu = speed(u);
    if (!(vu > 0.0)) return false;
    const double du = -f / vu;
    const double corrected = u + du;
    if (!inStep(corrected) || !(0.5 * length(speed.acceleration(u)) * du * du <= tolerance)) return false;
    out = {corrected, target, true, {}, -1.0};
    return true;
}

// Unit tangent at (segment, u): normalized B' when it is clearly non-zero, the careful fallback otherwise.
Vec3 tangentAt(const ArcLengthTable &table, std::size_t segment, double u, double hull)
{
    const Vec3 d = derivative(table.segments[segment], u);
    const double len = length(d);
    if (len > 1e-9 * hull) return d / len;
    return unitTangent(table.segments, table.closed, segment, u);
}

} // namespace

double bezierArcLength(const CubicBezier &b, double u0, double u1)
{
    if (u1 < u0) std::swap(u0, u1);
    const Speed speed(b);
    std::vector<ArcBreak> breaks;
    Refiner refiner{speed, kRelativeTolerance * hullLength(b), 0, 0.0, breaks};
    if (!(refiner.tolerance > 0.0) || u0 == u1) return 0.0;
    refiner.refine(u0, u1, gauss(speed, u0, u1), 0);
    return refiner.s;
}

ArcLengthTable buildArcLengthTable(const Curve &curve) { return buildArcLengthTable(toBeziers(curve), curve.closed); }

ArcLengthTable buildArcLengthTable(std::vector<CubicBezier> segments, bool closed)
{
    if (segments.size() >= std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("arc length table: too many segments");
    ArcLengthTable table;
    table.segments = std::move(segments);
    table.closed = closed;
    const auto n = static_cast<std::uint32_t>(table.segments.size());
    table.breaks.reserve(std::size_t{n} * 4 + 1);
    table.firstBreak.reserve(std::size_t{n} + 1);
    double s = 0.0;
    for (std::uint32_t i = 0; i < n; ++i) {
        table.firstBreak.push_back(static_cast<std::uint32_t>(table.breaks.size()));
        const CubicBezier &b = table.segments[i];
        const double hull = hullLength(b);
        if (!(hull > 0.0) || !std::isfinite(hull)) {
            table.breaks.push_back({0.0, s, i}); // a point segment (or unusable input): zero length
            continue;
        }
        const Speed speed(b);
        Refiner refiner{speed, kRelativeTolerance * hull, i, s, table.breaks};
        refiner.refine(0.0, 1.0, gauss(speed, 0.0, 1.0), 0);
        s = refiner.s;
    }
    table.firstBreak.push_back(static_cast<std::uint32_t>(table.breaks.size()));
    table.breaks.push_back({0.0, s, n}); // end sentinel
    return table;
}

double totalLength(const ArcLengthTable &table) { return table.breaks.empty() ? 0.0 : table.breaks.back().s; }

double arcLengthAt(const ArcLengthTable &table, CurveParam at)
{
    if (at.segment >= table.segments.size()) return totalLength(table);
    return arcLengthAt(table, at, table.segments[at.segment]);
}

double arcLengthAt(const ArcLengthTable &table, CurveParam at, const CubicBezier &segment)
{
    const std::size_t n = table.segments.size();
    if (n == 0) return 0.0;
    if (at.segment >= n) return totalLength(table);
    const double u = std::isnan(at.u) ? 0.0 : std::clamp(at.u, 0.0, 1.0);
    // Last break of the segment at or before u.
    const auto first = table.breaks.begin() + table.firstBreak[at.segment];
    const auto end = table.breaks.begin() + table.firstBreak[at.segment + 1];
    const auto it = std::upper_bound(first, end, u, [](double v, const ArcBreak &b) { return v < b.u; }) - 1;
    if (u == it->u) return it->s;
    if (u == 1.0) return end->s;
    return it->s + gauss(Speed(segment), it->u, u);
}

CurveParam locate(const ArcLengthTable &table, double s)
{
    if (table.segments.empty()) return {};
    const double length = totalLength(table);
    s = std::isnan(s) ? 0.0 : std::clamp(s, 0.0, length);
    const Interval iv = intervalAt(table, intervalIndexOf(table, s));
    return {iv.segment, solveInInterval(Speed(table.segments[iv.segment]), iv, s, -1.0).u};
}

CurveSample sampleAt(const ArcLengthTable &table, double s)
{
    if (table.segments.empty()) return {};
    const CurveParam at = locate(table, s);
    const CubicBezier &b = table.segments[at.segment];
    CurveSample row;
    row.s = std::isnan(s) ? 0.0 : std::clamp(s, 0.0, totalLength(table));
    row.position = evaluate(b, at.u);
    row.tangent = tangentAt(table, at.segment, at.u, hullLength(b));
    return row;
}

CurveSample sampleAtParam(const ArcLengthTable &table, CurveParam at)
{
    if (table.segments.empty()) return {};
    if (at.segment >= table.segments.size()) at = {table.segments.size() - 1, 1.0};
    const CubicBezier &b = table.segments[at.segment];
    const double u = std::isnan(at.u) ? 0.0 : std::clamp(at.u, 0.0, 1.0);
    CurveSample row;
    row.s = arcLengthAt(table, {at.segment, u}, b);
    row.position = evaluate(b, u);
    row.tangent = tangentAt(table, at.segment, u, hullLength(b));
    return row;
}

namespace {

// Rows [begin, end) of an equal-spacing sampling with `full` + 1 rows into out[begin..end),
// started from the table at `begin` (see sample()).
void fillRows(const ArcLengthTable &table, double spacing, double length, std::size_t full, std::size_t begin,
              std::size_t end, CurveSample *out)
{
    const std::size_t lastInterval = table.breaks.size() - 2;
    // The interval holding row `begin` (the first j with breaks[j + 1].s >= its s), then a monotone walk.
    const double firstTarget = begin == full ? length : static_cast<double>(begin) * spacing;
    const auto after =
        std::lower_bound(table.breaks.begin() + 1, table.breaks.begin() + static_cast<std::ptrdiff_t>(lastInterval) + 1,
                         firstTarget, [](const ArcBreak &b, double t) { return b.s < t; });
    std::size_t j = static_cast<std::size_t>(after - table.breaks.begin()) - 1;
    std::size_t speedSegment = std::numeric_limits<std::size_t>::max();
    Speed speed(table.segments[0]);
    double hull = 0.0;
    std::size_t anchorInterval = std::numeric_limits<std::size_t>::max(); // interval of `anchor`, if any
    Solved anchor;
    int chained = kMaxChainedSteps; // rows stepped from their predecessor since the last solve from the table
    for (std::size_t i = begin; i < end; ++i) {
        const double target = i == full ? length : static_cast<double>(i) * spacing;
        while (j < lastInterval && table.breaks[j + 1].s < target) ++j;
        const Interval iv = intervalAt(table, j);
        if (iv.segment != speedSegment) {
            speedSegment = iv.segment;
            speed = Speed(table.segments[iv.segment]);
            hull = hullLength(table.segments[iv.segment]);
        }
        // Rows step from an exact anchor: the previous row, or the interval start for an interval's
        // first row. Long steps, failed steps and every kMaxChainedSteps-th row (so that rounding
        // in the chain cannot build up) are solved from the table instead.
        if (anchorInterval != j) {
            anchor = {iv.ua, iv.sa, true, {}, -1.0};
            anchorInterval = j;
            chained = 0;
        }
        Solved at;
        const bool stepped = chained < kMaxChainedSteps && stepFromAnchor(speed, iv, anchor, target, at);
        if (!stepped) at = solveInInterval(speed, iv, target, guessFrom(speed, iv, anchor, target));
        chained = stepped ? chained + 1 : 0;
        // The tangent's derivative also serves the next step's prediction.
        at.velocity = speed.velocity(at.u);
        at.speed = core::length(at.velocity);
        const Vec3 tangent = at.speed > 1e-9 * hull ? at.velocity / at.speed
                                                    : unitTangent(table.segments, table.closed, iv.segment, at.u);
        out[i] = {target, evaluate(table.segments[iv.segment], at.u), tangent};
        anchor = at;
        anchorInterval = at.exact ? j : std::numeric_limits<std::size_t>::max();
    }
}

} // namespace

std::vector<CurveSample> sample(const ArcLengthTable &table, double spacing, std::size_t maxSamples)
{
    if (!(spacing > 0.0) || !std::isfinite(spacing))
        throw std::invalid_argument("sample spacing must be a finite number > 0");
    std::vector<CurveSample> rows;
    if (table.segments.empty()) return rows;
    const double length = totalLength(table);
    const double steps = std::floor(length / spacing);
    if (!(steps < static_cast<double>(maxSamples)))
        throw std::length_error("sampling would produce too many rows; use a larger spacing");
    // Rows at i * spacing for i < full, then s = length (a remainder under 1e-9 spacing is merged).
    auto full = static_cast<std::size_t>(steps);
    if (length - static_cast<double>(full) * spacing > 1e-9 * spacing) ++full;
    if (full == 0 && length > 0.0) full = 1;
    if (full + 1 > maxSamples) throw std::length_error("sampling would produce too many rows; use a larger spacing");
    rows.resize(full + 1);
    // Chunks of kSampleChunk rows, each started afresh from the table, so the rows do not depend
    // on how many threads made them; big samplings share the chunks among the cores.
    const std::size_t chunks = (full + kSampleChunk) / kSampleChunk;
    const unsigned threads =
        static_cast<unsigned>(std::min<std::size_t>(chunks / 2, std::max(1u, std::thread::hardware_concurrency())));
    const auto fillShare = [&](unsigned share, unsigned shares) {
        for (std::size_t k = share; k < chunks; k += shares) {
            const std::size_t first = k * kSampleChunk;
            fillRows(table, spacing, length, full, first, std::min(first + kSampleChunk, full + 1), rows.data());
        }
    };
    if (threads <= 1) {
        fillShare(0, 1);
    } else {
        std::vector<std::thread> workers;
        for (unsigned t = 1; t < threads; ++t) workers.emplace_back(fillShare, t, threads);
        fillShare(0, threads);
        for (std::thread &w : workers) w.join();
    }
    return rows;
}

std::vector<CurveSample> sample(const Curve &curve, double spacing, std::size_t maxSamples)
{
    return sample(buildArcLengthTable(curve), spacing, maxSamples);
}

} // namespace railforge::core
