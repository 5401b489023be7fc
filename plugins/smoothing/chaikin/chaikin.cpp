#include "chaikin.h"

#include "core/memory_hints.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>
#include <stdexcept>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h> // equal()
#endif

namespace railforge::chaikin {

namespace {

using core::cross;
using core::dot;

// Decides turnDegrees(a, b) >= limit with the same answer as that expression, but without atan2 in
// the common case (it would dominate the run time): the turn phi >= theta  <=>  cos(phi) <= cos(theta)
// <=>  d|d| <= c|c| r^2 with d = a.b, r^2 = |a|^2 |b|^2 (= |a x b|^2 + d^2), c = cos(theta). The
// rounding of both sides is ~1e-15 r^2, so a difference beyond kMargin r^2 is decisive; anything
// closer (exact right angles, straight runs at limit 0...) is settled by the reference expression.
class TurnTest {
public:
    // Prepares the test for a limit in degrees.
    explicit TurnTest(double limitDegrees)
        : m_limit(limitDegrees), m_always(limitDegrees <= 0.0), m_never(!(limitDegrees <= 180.0))
    {
        const double c = std::cos(limitDegrees * std::numbers::pi / 180.0);
        m_signedCosSquared = c * std::abs(c);
    }

    // True when every turn passes (limit <= 0: classic Chaikin).
    bool always() const { return m_always; }

    // True when the turn from direction a to direction b is >= the limit.
    bool operator()(Vec3 a, Vec3 b) const { return (*this)(a, b, dot(a, a), dot(b, b)); }

    // The same, given aa = a.a and bb = b.b (a loop along a path knows one of them already).
    bool operator()(Vec3 a, Vec3 b, double aa, double bb) const
    {
        if (m_always) return true; // every turn is >= 0
        if (m_never) return false; // no turn exceeds 180 (NaN limits land here too)
        const double d = dot(a, b);
        const double r2 = aa * bb;
        const double g = d * std::abs(d) - m_signedCosSquared * r2;
        // Branch on "decisive" (nearly always true, so well predicted), not on the answer.
        if (std::abs(g) > kMargin * r2 && r2 > kTiny && r2 < kHuge) [[likely]]
            return g < 0.0;
        return exactly(a.x, a.y, a.z, b.x, b.y, b.z);
    }

private:
    // The reference decision, out of line and by components: a Vec3 argument is passed in memory, and
    // preparing that made the compiler spill both directions to the stack on every call, taken or not.
    [[gnu::noinline, gnu::cold]] bool exactly(double ax, double ay, double az, double bx, double by, double bz) const
    {
        return turnDegrees({ax, ay, az}, {bx, by, bz}) >= m_limit;
    }

    static constexpr double kMargin = 1e-10; // relative gap that rounding cannot bridge
    static constexpr double kTiny = 1e-250;  // below this r^2 the squares lose precision: use atan2
    static constexpr double kHuge = 1e250;   // above this they may overflow: use atan2
    double m_limit;                          // the limit in degrees, for the exact fallback
    bool m_always;                           // limit <= 0
    bool m_never;                            // limit > 180 or NaN
    double m_signedCosSquared = 0.0;         // cos(limit) |cos(limit)|
};

// The turn test of classic Chaikin (limit 0), known at compile time: every corner is cut.
struct EveryTurn {
    bool operator()(Vec3, Vec3, double, double) const { return true; }
};

// a == b, as one branch-free test (the three-way comparison compiled into a chain of flag juggling
// that cost as much as cutting the corner).
inline bool equal(const Vec3 &a, const Vec3 &b)
{
#if defined(__SSE2__)
    const __m128d xy = _mm_cmpeq_pd(_mm_loadu_pd(&a.x), _mm_loadu_pd(&b.x));
    const __m128d z = _mm_cmpeq_sd(_mm_load_sd(&a.z), _mm_load_sd(&b.z));
    return (_mm_movemask_pd(xy) | (_mm_movemask_pd(z) & 1) << 2) == 7;
#else
    return (a.x == b.x) & (a.y == b.y) & (a.z == b.z);
#endif
}

// Appends to a vector through a small buffer that stays in L1: one capacity check and one bulk copy
// per 256 points (push_back measured about twice as slow per point). Call flush() at the end.
class Appender {
public:
    // Appends to out.
    explicit Appender(std::vector<Vec3> &out) : m_out(out) {}
    // Queues one point.
    void put(const Vec3 &v)
    {
        m_buffer[m_size++] = v;
        if (m_size == kSize) flush();
    }
    // Moves the queued points into the vector.
    void flush()
    {
        m_out.insert(m_out.end(), m_buffer, m_buffer + m_size);
        m_size = 0;
    }

private:
    static constexpr std::size_t kSize = 256; // 6 KB
    std::vector<Vec3> &m_out;
    Vec3 m_buffer[kSize];
    std::size_t m_size = 0;
};

// Writes corner `cur`, entered along `in` and left along `away` (their squared lengths given), at out:
// cur - ratio in, cur + ratio away when it turns enough, else cur. That is P_i + ratio (P_(i-1) - P_i),
// P_i + ratio (P_(i+1) - P_i) exactly, as prev - cur == -(cur - prev) in IEEE arithmetic. Branch-free
// (the answer is random on real paths): the first cut point is stored, then P_i over it or after it,
// then the second cut point after the first slot, where it either stays or is overwritten by the next
// corner. (A select between the two first points compiled into stack round trips that cost more than
// the rest of the corner.) Always writes out[0] and out[1]. Returns the new end.
template <typename Test>
inline Vec3 *writeCorner(Vec3 cur, Vec3 in, Vec3 away, double inLength2, double awayLength2, double ratio,
                         const Test &isSharp, Vec3 *out)
{
    const int sharp = int(isSharp(in, away, inLength2, awayLength2));
    out[0] = cur - ratio * in;
    out[sharp] = cur;
    out[1] = cur + ratio * away;
    return out + 1 + sharp;
}

// The same for corner `cur` between prev and next.
inline Vec3 *writeCorner(Vec3 prev, Vec3 cur, Vec3 next, double ratio, const TurnTest &isSharp, Vec3 *out)
{
    const Vec3 in = cur - prev, away = next - cur;
    return writeCorner(cur, in, away, dot(in, in), dot(away, away), ratio, isSharp, out);
}

// ---- Open polylines: every iteration is a stream filter, and the input flows through all of them a
// chunk at a time. Only the final result is ever stored in full: intermediate iterations live in small
// cache-resident buffers, which on large paths saves most of the memory traffic (first-touch page
// faults of big fresh buffers dominated the buffered version).

// One iteration of the open algorithm over a stream of points (steps 0, 1, 2 in order, each holding
// back the one or two points it needs to look ahead).
class OpenPass {
public:
    // With the iteration's settings.
    OpenPass(double ratio, const TurnTest &isSharp, bool rejectOutliers, const TurnTest &isOutlier)
        : m_settings{ratio, isSharp, rejectOutliers, isOutlier}
    {}

    // Feeds in[0..n); writes this iteration's output from `out` on (at most 2 (n + 2) + 1 slots used).
    // Returns the new end.
    Vec3 *feed(const Vec3 *in, std::size_t n, Vec3 *out)
    {
        // The first few points go one at a time through the general state machine; once every step
        // has seen enough points, the rest take a loop with no per-point bookkeeping.
        std::size_t i = 0;
        for (; i < n && !m_steady; ++i) out = feedOne(in[i], out);
        if (i == n) return out;
        if (m_settings.rejectOutliers) return rejectRun(m_settings, m_state, in + i, n - i, out);
        if (m_settings.isSharp.always()) return cutRun(m_settings.ratio, EveryTurn{}, m_state, in + i, n - i, out);
        return cutRun(m_settings.ratio, m_settings.isSharp, m_state, in + i, n - i, out);
    }

    // Ends the stream: writes what was held back (at most 3 points). Returns the new end.
    Vec3 *finish(Vec3 *out)
    {
        State &s = m_state;
        if (s.distinct < 3) {
            for (int i = 0; i < s.distinct; ++i) *out++ = s.first[i];
            return out;
        }
        // The last point is always kept (step 1) and never cut (step 2).
        if (m_settings.rejectOutliers) out = cut(m_settings, s, s.pending, out);
        *out++ = s.cur;
        return out;
    }

private:
    // Everything a pass remembers between points.
    struct State {
        bool seenAny = false; // step 0: a point arrived
        Vec3 lastIn;          // step 0: the last distinct point
        int distinct = 0;     // step 0: distinct points so far, counted up to 3
        Vec3 first[2];        // step 0: the first two, held until a third arrives
        int rejectSeen = 0;   // step 1: points received, counted up to 2
        Vec3 kept;            // step 1: last(kept)
        Vec3 pending;         // step 1: the point waiting for its successor
        int cutSeen = 0;      // step 2: points received, counted up to 2
        Vec3 prev, cur;       // step 2: the corner waiting for its successor, and its predecessor
    };

    // The fixed settings of an iteration.
    struct Settings {
        double ratio;        // cut position
        TurnTest isSharp;    // angle limit
        bool rejectOutliers; // step 1 on or off
        TurnTest isOutlier;  // outlier angle
    };

    // One point through steps 0, 1 and 2, whatever the state. Returns the new end.
    Vec3 *feedOne(Vec3 p, Vec3 *out)
    {
        State &s = m_state;
        if (s.seenAny && p == s.lastIn) return out; // step 0: repeats
        s.seenAny = true;
        s.lastIn = p;
        if (s.distinct < 2) {
            // Fewer than 3 distinct points stay as they are, so hold the first two back.
            s.first[s.distinct++] = p;
            return out;
        }
        if (s.distinct == 2) {
            s.distinct = 3;
            out = reject(m_settings, s, s.first[0], out);
            out = reject(m_settings, s, s.first[1], out);
        }
        out = reject(m_settings, s, p, out);
        m_steady = s.cutSeen >= 2 && (!m_settings.rejectOutliers || s.rejectSeen >= 2);
        return out;
    }

    // Steady state without outlier rejection: every distinct point is the next corner's successor
    // (so the last distinct input is the current corner). The state lives in locals: stores through
    // `out` cannot alias them, so they stay in registers.
    template <typename Test>
    static Vec3 *cutRun(const double ratio, const Test isSharp, State &s, const Vec3 *in, std::size_t n, Vec3 *out)
    {
        Vec3 prev = s.prev, cur = s.cur;
        // The direction into a corner is the direction out of the one before: each is computed once.
        Vec3 into = cur - prev;
        double intoLength2 = dot(into, into);
        for (std::size_t i = 0; i < n; ++i) {
            const Vec3 next = in[i];
            if (equal(next, cur)) [[unlikely]]
                continue; // step 0
            const Vec3 away = next - cur;
            const double awayLength2 = dot(away, away);
            out = writeCorner(cur, into, away, intoLength2, awayLength2, ratio, isSharp, out);
            prev = cur;
            cur = next;
            into = away;
            intoLength2 = awayLength2;
        }
        s.prev = prev;
        s.cur = cur;
        s.lastIn = cur;
        return out;
    }

    // Steady state with outlier rejection: the last distinct input is the point pending its verdict.
    static Vec3 *rejectRun(const Settings &c, State &state, const Vec3 *in, std::size_t n, Vec3 *out)
    {
        State s = state; // a local copy, for the same reason as in cutRun
        for (std::size_t i = 0; i < n; ++i) {
            const Vec3 p = in[i];
            if (p == s.pending) continue; // step 0
            if (!c.isOutlier(s.pending - s.kept, p - s.pending)) {
                s.kept = s.pending;
                out = cut(c, s, s.pending, out);
            }
            s.pending = p;
        }
        s.lastIn = s.pending;
        state = s;
        return out;
    }

    // Step 1: P_i is decided once P_(i+1) arrives (`pending` waits for it).
    static Vec3 *reject(const Settings &c, State &s, Vec3 p, Vec3 *out)
    {
        if (!c.rejectOutliers) return cut(c, s, p, out);
        if (s.rejectSeen >= 2) [[likely]] {
            if (!c.isOutlier(s.pending - s.kept, p - s.pending)) {
                s.kept = s.pending;
                out = cut(c, s, s.pending, out);
            }
        } else if (s.rejectSeen++ == 0) {
            s.kept = p; // P0 is always kept
            return cut(c, s, p, out);
        }
        s.pending = p;
        return out;
    }

    // Step 2: corner P_i is written once P_(i+1) arrives.
    static Vec3 *cut(const Settings &c, State &s, Vec3 q, Vec3 *out)
    {
        if (s.cutSeen >= 2) [[likely]] {
            out = writeCorner(s.prev, s.cur, q, c.ratio, c.isSharp, out);
            s.prev = s.cur;
            s.cur = q;
        } else if (s.cutSeen++ == 0) {
            *out++ = q; // P0 is never cut
            s.prev = q;
        } else {
            s.cur = q;
        }
        return out;
    }

    Settings m_settings;   // the same for every point
    State m_state;         // carried from one chunk to the next
    bool m_steady = false; // every step has seen the points it holds back: the run loops take over
};

// Frees Scratch storage.
struct Deallocate {
    std::size_t size; // as allocated
    void operator()(Vec3 *p) const { std::allocator<Vec3>().deallocate(p, size); }
};
// Uninitialized storage for the per-iteration chunk buffers. Vec3 is an implicit-lifetime type, so
// plain stores create the points; zero-filling these buffers (as vector::resize does) cost as much as
// smoothing a short path.
using Scratch = std::unique_ptr<Vec3[], Deallocate>;
Scratch makeScratch(std::size_t size) { return Scratch(std::allocator<Vec3>().allocate(size), Deallocate{size}); }

// Appends pts[0..n) to result, refusing to grow past maxPoints.
void appendChecked(std::vector<Vec3> &result, const Vec3 *pts, std::size_t n, std::size_t maxPoints)
{
    if (n > maxPoints - result.size())
        throw std::length_error("the result would exceed the limit of " + std::to_string(maxPoints) +
                                " points; use fewer iterations or a higher angle limit");
    result.insert(result.end(), pts, pts + n);
}

void smoothOpen(const std::vector<Vec3> &points, const Options &o, const TurnTest &isSharp, const TurnTest &isOutlier,
                std::vector<Vec3> &result)
{
    const auto k = std::size_t(o.iterations);
    std::vector<OpenPass> passes(k, OpenPass(o.ratio, isSharp, o.rejectOutliers, isOutlier));
    // Input chunk size such that the last buffer holds about 2K points (48 KB) whatever the iteration
    // count: the buffers stay in L1/L2 and come from the warm heap, not from fresh mmaps (measured
    // faster than 4K..32K at every size), and are never bigger than the input needs.
    const std::size_t chunk =
        std::min(std::size_t(2048) >> std::min<std::size_t>(k, 7), std::max<std::size_t>(16, points.size()));
    std::vector<Scratch> buffers;
    std::size_t capacity = chunk;
    for (std::size_t s = 0; s < k; ++s) {
        capacity = 2 * capacity + 8; // twice the input, the held-back points, one slot of writeCorner slack
        buffers.push_back(makeScratch(capacity));
    }
    // Reserve the worst case (each iteration at most doubles), so the result is never copied on growth;
    // pages beyond what gets written are never touched. Very large bounds are left to normal growth.
    std::size_t bound = points.size();
    for (std::size_t s = 0; s < k && bound < (std::size_t(1) << 26); ++s) bound *= 2;
    result.clear();
    const std::size_t reserve = std::min({bound, o.maxPoints, std::size_t(1) << 26});
    if (result.capacity() < reserve) {
        result = std::vector<Vec3>(); // give the old block back before taking a bigger one
        result.reserve(reserve);
        core::adviseHugePages(result.data(), result.capacity() * sizeof(Vec3));
    }

    const Vec3 *in = nullptr;
    std::size_t n = 0;
    for (std::size_t offset = 0; offset < points.size(); offset += chunk) {
        in = points.data() + offset;
        n = std::min(chunk, points.size() - offset);
        for (std::size_t s = 0; s < k; ++s) {
            Vec3 *out = buffers[s].get();
            n = std::size_t(passes[s].feed(in, n, out) - out);
            in = out;
        }
        appendChecked(result, in, n, o.maxPoints);
    }
    // The tail: each iteration's held-back points flow through the later ones before they end too.
    n = 0;
    for (std::size_t s = 0; s < k; ++s) {
        Vec3 *out = buffers[s].get();
        Vec3 *end = passes[s].finish(passes[s].feed(in, n, out));
        in = out;
        n = std::size_t(end - out);
    }
    appendChecked(result, in, n, o.maxPoints);
}

// ---- Closed polylines: iteration by iteration over whole buffers (wrap-around needs both ends;
// loops are small in practice).

// Removes consecutive repeats in place, and trailing points equal to the first. Returns true when
// something was removed.
bool removeRepeats(std::vector<Vec3> &p)
{
    const std::size_t n = p.size();
    if (n < 2) return false;
    std::size_t w = 1;
    for (std::size_t i = 1; i < n; ++i)
        if (!(p[i] == p[w - 1])) p[w++] = p[i];
    while (w > 1 && p[w - 1] == p[0]) --w;
    p.resize(w);
    return w != n;
}

// Step 1, in place: P0 stays, P1..P(n-1) are tested (P0 following P(n-1)) while 3 points would remain.
// Returns true when a point was dropped.
bool rejectOutliers(std::vector<Vec3> &p, const TurnTest &isOutlier)
{
    const std::size_t n = p.size();
    std::size_t w = 1; // p[0..w) are the kept points
    for (std::size_t i = 1; i < n; ++i) {
        const Vec3 &next = i + 1 < n ? p[i + 1] : p[0];
        const bool enoughLeft = w + (n - 1 - i) >= 3; // dropping p[i] still leaves a loop
        if (!(enoughLeft && isOutlier(p[i] - p[w - 1], next - p[i]))) p[w++] = p[i];
    }
    p.resize(w);
    return w != n;
}

// Number of points cutClosed would write: one per point plus one per sharp corner.
std::size_t cutSize(const std::vector<Vec3> &p, const TurnTest &isSharp)
{
    const std::size_t n = p.size();
    std::size_t size = n;
    for (std::size_t i = 0; i < n; ++i)
        size += isSharp(p[i] - p[i == 0 ? n - 1 : i - 1], p[i + 1 == n ? 0 : i + 1] - p[i]) ? 1 : 0;
    return size;
}

// Step 2 around the loop into out (replacing its contents). Returns true when a corner was cut.
bool cutClosed(const std::vector<Vec3> &p, double ratio, const TurnTest &isSharp, std::vector<Vec3> &out)
{
    const std::size_t n = p.size();
    out.clear();
    out.reserve(2 * n);
    Appender append(out);
    Vec3 corner[2];
    for (std::size_t i = 0; i < n; ++i) {
        const Vec3 *end =
            writeCorner(p[i == 0 ? n - 1 : i - 1], p[i], p[i + 1 == n ? 0 : i + 1], ratio, isSharp, corner);
        for (const Vec3 *c = corner; c != end; ++c) append.put(*c);
    }
    append.flush();
    return out.size() != n;
}

void smoothClosed(const std::vector<Vec3> &points, const Options &o, const TurnTest &isSharp, const TurnTest &isOutlier,
                  std::vector<Vec3> &result)
{
    std::vector<Vec3> &current = result;
    current.assign(points.begin(), points.end());
    std::vector<Vec3> next;
    for (int iteration = 0; iteration < o.iterations; ++iteration) {
        bool changed = removeRepeats(current);
        if (current.size() < 3) break;
        if (o.rejectOutliers) changed |= rejectOutliers(current, isOutlier);
        // Near the limit, count exactly (one more pass) rather than refuse a result that would fit.
        if (current.size() > o.maxPoints / 2 && cutSize(current, isSharp) > o.maxPoints)
            throw std::length_error("the result would exceed the limit of " + std::to_string(o.maxPoints) +
                                    " points; use fewer iterations or a higher angle limit");
        changed |= cutClosed(current, o.ratio, isSharp, next);
        current.swap(next);
        if (!changed) break; // every further iteration would repeat this one
    }
}

} // namespace

double turnDegrees(Vec3 a, Vec3 b)
{
    return std::atan2(core::length(cross(a, b)), dot(a, b)) * 180.0 / std::numbers::pi;
}

void smooth(const std::vector<Vec3> &points, bool closed, const Options &options, std::vector<Vec3> &out)
{
    if (&out == &points) { // in place: work from a copy of the input
        const std::vector<Vec3> copy(points);
        smooth(copy, closed, options, out);
        return;
    }
    if (options.iterations <= 0) {
        out.assign(points.begin(), points.end());
        return;
    }
    const TurnTest isSharp(options.angleLimit);
    const TurnTest isOutlier(options.outlierAngle);
    if (closed)
        smoothClosed(points, options, isSharp, isOutlier, out);
    else
        smoothOpen(points, options, isSharp, isOutlier, out);
}

std::vector<Vec3> smooth(const std::vector<Vec3> &points, bool closed, const Options &options)
{
    std::vector<Vec3> out;
    smooth(points, closed, options, out);
    return out;
}

} // namespace railforge::chaikin
