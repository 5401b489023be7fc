#include "core/rail_index.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace railforge::core {

namespace {

// Rounding allowance of the Bernstein coefficients, relative to the largest |control point - p|^2.
constexpr double kSlack = 64.0 * std::numeric_limits<double>::epsilon();
// Deepest de Casteljau split of one piece's distance polynomial (a 2^-30 wide interval).
constexpr int kMaxSplitDepth = 30;
// Node levels split by the surface-area heuristic; deeper ones split at the median, so a tree of
// n items is at most kSahLevels + ceil(log2(n) / 2) nodes deep whatever the shape of the rails.
constexpr int kSahLevels = 16;
// Traversal stack size: a node pushes at most kWidth - 1 entries, and the top tree and a rail's
// tree are each at most 16 + 16 nodes deep (< 2^31 items), so at most 3 * 64 entries are pending.
constexpr int kMaxStack = 3 * 64 + RailIndex::kWidth;
// A Newton step this small (relative to the bracket) leaves an error far below rounding after it.
constexpr double kNewtonStop = 1e-7;
// Joints a hinted query walks along its rail at most before the tree takes over.
constexpr int kMaxHintWalk = 16;

} // namespace

namespace {

// Node boxes are floats rounded outwards: the boxes only grow, so no subtree is ever wrongly
// pruned, and a node takes two cache lines instead of four.
float floatBelow(double v)
{
    const auto f = static_cast<float>(v);
    return static_cast<double>(f) > v ? std::nextafter(f, -std::numeric_limits<float>::infinity()) : f;
}
float floatAbove(double v)
{
    const auto f = static_cast<float>(v);
    return static_cast<double>(f) < v ? std::nextafter(f, std::numeric_limits<float>::infinity()) : f;
}

} // namespace

// Tree building helpers with access to the private node types.
struct RailIndex::Builder {
    // One thing to put in the tree: its box, centroid and reference.
    struct Item {
        Box box;           // bounds
        Vec3 centroid;     // split key
        std::uint32_t ref; // piece reference or rail subtree
    };
    // A built subtree: its reference and bounds.
    struct Built {
        std::uint32_t ref; // node index or piece reference
        Box box;           // bounds
    };

    // Smallest box holding both.
    static Box unite(const Box &a, const Box &b)
    {
        return {{std::min(a.lo.x, b.lo.x), std::min(a.lo.y, b.lo.y), std::min(a.lo.z, b.lo.z)},
                {std::max(a.hi.x, b.hi.x), std::max(a.hi.y, b.hi.y), std::max(a.hi.z, b.hi.z)}};
    }

    // Box of a Bezier's control points, which contains the curve.
    static Box hullBox(const std::array<Vec3, 4> &p)
    {
        Box b{p[0], p[0]};
        for (int k = 1; k < 4; ++k) b = unite(b, Box{p[k], p[k]});
        return b;
    }

    // Reorder items so that the first half and the second half split at the median of the
    // centroids along their longest axis; returns the size of the first half.
    static std::size_t medianSplit(std::span<Item> items)
    {
        Box c{items[0].centroid, items[0].centroid};
        for (const Item &it : items) c = unite(c, Box{it.centroid, it.centroid});
        const Vec3 extent = c.hi - c.lo;
        const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
        const auto key = [axis](const Item &it) { return along(it.centroid, axis); };
        const std::size_t mid = items.size() / 2;
        std::nth_element(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(mid), items.end(),
                         [&key](const Item &a, const Item &b) { return key(a) < key(b); });
        return mid;
    }

    // Coordinate `axis` (0: x, 1: y, 2: z) of v.
    static double along(const Vec3 &v, int axis) { return axis == 0 ? v.x : axis == 1 ? v.y : v.z; }

    // Slices of the centroids' extent that the surface-area heuristic weighs splits between.
    static constexpr int kSahBins = 32;

    // Slice of an item's centroid, of kSahBins equal ones from lo over extent on `axis`.
    static int binOf(const Item &it, int axis, double lo, double extent)
    {
        return std::min(kSahBins - 1, static_cast<int>((along(it.centroid, axis) - lo) / extent * kSahBins));
    }

    // Half the surface area of a box.
    static double halfArea(const Box &b)
    {
        const Vec3 e = b.hi - b.lo;
        return e.x * e.y + e.y * e.z + e.z * e.x;
    }

    // Reorder items into two groups by the binned surface-area heuristic (the split whose boxes
    // are smallest for their item counts); falls back to the median when no split separates them.
    static std::size_t sahSplit(std::span<Item> items)
    {
        if (items.size() <= 4) return medianSplit(items);
        Box c{items[0].centroid, items[0].centroid};
        for (const Item &it : items) c = unite(c, Box{it.centroid, it.centroid});
        double bestCost = std::numeric_limits<double>::infinity();
        int bestAxis = -1;
        int bestBin = 0;
        for (int axis = 0; axis < 3; ++axis) {
            const double lo = along(c.lo, axis);
            const double extent = along(c.hi, axis) - lo;
            if (!(extent > 0.0)) continue;
            Box boxes[kSahBins];
            std::size_t counts[kSahBins] = {};
            for (const Item &it : items) {
                const int b = binOf(it, axis, lo, extent);
                boxes[b] = counts[b] == 0 ? it.box : unite(boxes[b], it.box);
                ++counts[b];
            }
            double rightArea[kSahBins];
            std::size_t rightCount[kSahBins];
            Box acc{};
            std::size_t n = 0;
            for (int b = kSahBins - 1; b > 0; --b) {
                if (counts[b] > 0) acc = n == 0 ? boxes[b] : unite(acc, boxes[b]);
                n += counts[b];
                rightArea[b] = n > 0 ? halfArea(acc) : 0.0;
                rightCount[b] = n;
            }
            acc = Box{};
            n = 0;
            for (int b = 0; b + 1 < kSahBins; ++b) {
                if (counts[b] > 0) acc = n == 0 ? boxes[b] : unite(acc, boxes[b]);
                n += counts[b];
                if (n == 0 || rightCount[b + 1] == 0) continue;
                const double cost = halfArea(acc) * double(n) + rightArea[b + 1] * double(rightCount[b + 1]);
                if (cost < bestCost) {
                    bestCost = cost;
                    bestAxis = axis;
                    bestBin = b;
                }
            }
        }
        if (bestAxis < 0) return medianSplit(items);
        const double lo = along(c.lo, bestAxis);
        const double extent = along(c.hi, bestAxis) - lo;
        const auto left = std::partition(items.begin(), items.end(),
                                         [&](const Item &it) { return binOf(it, bestAxis, lo, extent) <= bestBin; });
        return static_cast<std::size_t>(left - items.begin());
    }

    // Two levels of splits give up to four children per node, down to single items,
    // which become leaves through makeLeaf (it may move pieces into their final order).
    template <class MakeLeaf>
    static Built build(std::vector<Node> &nodes, std::span<Item> items, MakeLeaf &makeLeaf, int level = 0)
    {
        if (items.size() == 1) return {makeLeaf(items[0]), items[0].box};
        std::span<Item> groups[kWidth];
        int count = 0;
        const auto split = level < kSahLevels ? sahSplit : medianSplit;
        const std::size_t mid = split(items);
        for (std::span<Item> half : {items.first(mid), items.subspan(mid)}) {
            if (half.size() == 1) {
                groups[count++] = half;
            } else {
                const std::size_t quarter = split(half);
                groups[count++] = half.first(quarter);
                groups[count++] = half.subspan(quarter);
            }
        }
        const auto self = static_cast<std::uint32_t>(nodes.size());
        Node empty;
        for (int k = 0; k < kWidth; ++k) {
            for (int axis = 0; axis < 3; ++axis) {
                empty.lo[axis][k] = std::numeric_limits<float>::infinity();
                empty.hi[axis][k] = -std::numeric_limits<float>::infinity();
            }
            empty.child[k] = kNone;
        }
        nodes.push_back(empty);
        Box total{};
        for (int k = 0; k < count; ++k) {
            const Built sub = build(nodes, groups[k], makeLeaf, level + 1);
            Node &n = nodes[self];
            n.lo[0][k] = floatBelow(sub.box.lo.x);
            n.lo[1][k] = floatBelow(sub.box.lo.y);
            n.lo[2][k] = floatBelow(sub.box.lo.z);
            n.hi[0][k] = floatAbove(sub.box.hi.x);
            n.hi[1][k] = floatAbove(sub.box.hi.y);
            n.hi[2][k] = floatAbove(sub.box.hi.z);
            n.child[k] = sub.ref;
            total = k == 0 ? sub.box : unite(total, sub.box);
        }
        return {self, total};
    }
};

// One query: branch-and-bound over the tree with a shrinking best squared distance.
struct RailIndex::Search {
    const RailIndex &index;  // what is searched
    Vec3 p;                  // query point
    double best;             // best squared distance so far, or the squared range limit
    bool stopAtFirst;        // withinRange: any candidate <= best ends the search
    bool found = false;      // a candidate <= the initial bound was found
    bool done = false;       // stopAtFirst satisfied
    std::uint32_t piece = 0; // piece of the best candidate
    double v = 0.0;          // piece parameter of the best candidate

    // Record a candidate of squared distance d2 at piece parameter at.
    void consider(double d2, std::uint32_t i, double at)
    {
        if (d2 < best || (!found && d2 <= best)) {
            best = d2;
            found = true;
            piece = i;
            v = at;
            done = stopAtFirst;
#if defined(__GNUC__)
            // The answer reads this piece's arc-length breaks: fetch them while the search goes on.
            const PieceInfo &info = index.m_pieceInfo[i];
            __builtin_prefetch(index.m_rails[info.rail].arc.breaks.data() + info.firstBreak);
#endif
        }
    }

    // Squared distance from p to a box (0 inside).
    double boxDistance2(const Box &b) const
    {
        const double dx = std::max(std::max(b.lo.x - p.x, p.x - b.hi.x), 0.0);
        const double dy = std::max(std::max(b.lo.y - p.y, p.y - b.hi.y), 0.0);
        const double dz = std::max(std::max(b.lo.z - p.z, p.z - b.hi.z), 0.0);
        return dx * dx + dy * dy + dz * dz;
    }

    // Squared distances from p to a node's child boxes (d) and to their centres, doubled (c).
    static void childDistances(const Node &n, const double (&pc)[3], double (&d)[kWidth], double (&c)[kWidth])
    {
#if defined(__SSE2__)
        static_assert(kWidth == 4, "the SIMD path handles two pairs of children");
        const __m128d zero = _mm_setzero_pd();
        __m128d d01 = zero;
        __m128d d23 = zero;
        __m128d c01 = zero;
        __m128d c23 = zero;
        for (int axis = 0; axis < 3; ++axis) {
            const __m128d pv = _mm_set1_pd(pc[axis]);
            const __m128d p2 = _mm_add_pd(pv, pv);
            const __m128 lo = _mm_load_ps(&n.lo[axis][0]);
            const __m128 hi = _mm_load_ps(&n.hi[axis][0]);
            const __m128d lo01 = _mm_cvtps_pd(lo);
            const __m128d lo23 = _mm_cvtps_pd(_mm_movehl_ps(lo, lo));
            const __m128d hi01 = _mm_cvtps_pd(hi);
            const __m128d hi23 = _mm_cvtps_pd(_mm_movehl_ps(hi, hi));
            const __m128d e01 = _mm_max_pd(_mm_max_pd(_mm_sub_pd(lo01, pv), _mm_sub_pd(pv, hi01)), zero);
            const __m128d e23 = _mm_max_pd(_mm_max_pd(_mm_sub_pd(lo23, pv), _mm_sub_pd(pv, hi23)), zero);
            d01 = _mm_add_pd(d01, _mm_mul_pd(e01, e01));
            d23 = _mm_add_pd(d23, _mm_mul_pd(e23, e23));
            const __m128d f01 = _mm_sub_pd(_mm_add_pd(lo01, hi01), p2);
            const __m128d f23 = _mm_sub_pd(_mm_add_pd(lo23, hi23), p2);
            c01 = _mm_add_pd(c01, _mm_mul_pd(f01, f01));
            c23 = _mm_add_pd(c23, _mm_mul_pd(f23, f23));
        }
        _mm_storeu_pd(&d[0], d01);
        _mm_storeu_pd(&d[2], d23);
        _mm_storeu_pd(&c[0], c01);
        _mm_storeu_pd(&c[2], c23);
#else
        for (int k = 0; k < kWidth; ++k) {
            d[k] = 0.0;
            c[k] = 0.0;
        }
        for (int axis = 0; axis < 3; ++axis) {
            for (int k = 0; k < kWidth; ++k) {
                const double lo = n.lo[axis][k];
                const double hi = n.hi[axis][k];
                const double e = std::max(std::max(lo - pc[axis], pc[axis] - hi), 0.0);
                d[k] += e * e;
                const double f = lo + hi - 2.0 * pc[axis];
                c[k] += f * f;
            }
        }
#endif
    }

    // Depth-first, nearest box first (ties, typically p inside both, by nearer centre), pruning
    // every box farther than the best distance found so far.
    void run(std::uint32_t root, const Box &rootBox)
    {
        if (root == kNone || boxDistance2(rootBox) > best) return;
        struct Entry {
            std::uint32_t ref; // subtree to visit
            double d2;         // its box distance, rechecked when popped
        };
        Entry stack[kMaxStack];
        int top = 0;
        const double pc[3] = {p.x, p.y, p.z};
        const Node *const nodes = index.m_nodes.data();
        std::uint32_t current = root;
        for (;;) {
            if (current & kPieceBit) {
                visitPiece(current & ~kPieceBit);
                if (done) return;
            } else {
                const Node &n = nodes[current];
#if defined(__GNUC__)
                // Fetch every child now: the nearest one is read next, and its load would otherwise
                // wait for the box tests below. (An unused slot, kNone, fetches piece 0: harmless.)
                const CubicBezier *const pieces = index.m_pieces.data();
                for (int k = 0; k < kWidth; ++k) {
                    const std::uint32_t ref = n.child[k];
                    const std::uint32_t at = ref == kNone ? 0u : (ref & ~kPieceBit);
                    const char *fetch = (ref & kPieceBit) ? reinterpret_cast<const char *>(pieces + at)
                                                          : reinterpret_cast<const char *>(nodes + at);
                    __builtin_prefetch(fetch);
                    __builtin_prefetch(fetch + 64);
                }
#endif
                double d[kWidth];
                double c[kWidth];
                childDistances(n, pc, d, c);
                // Descend into the nearest child (ties by nearer centre); stack the others worth visiting.
                int nearest = -1;
                double nearD = best;
                double nearC = std::numeric_limits<double>::infinity();
                for (int k = 0; k < kWidth; ++k) {
                    const bool better = n.child[k] != kNone && (d[k] < nearD || (d[k] == nearD && c[k] < nearC));
                    nearest = better ? k : nearest;
                    nearD = better ? d[k] : nearD;
                    nearC = better ? c[k] : nearC;
                }
                if (nearest >= 0) {
                    for (int k = 0; k < kWidth; ++k) {
                        if (k == nearest || n.child[k] == kNone || d[k] > best) continue;
                        const std::uint32_t ref = n.child[k];
                        stack[top++] = {ref, d[k]};
                    }
                    current = n.child[nearest];
                    continue;
                }
            }
            // Pop the next subtree still worth visiting.
            for (;;) {
                if (top == 0) return;
                const Entry e = stack[--top];
                if (e.d2 <= best) {
                    current = e.ref;
                    break;
                }
            }
        }
    }

    // Exact minimum of |B(v) - p|^2 over one piece, unless its lower bound cannot beat best.
    void visitPiece(std::uint32_t i)
    {
        const std::array<Vec3, 4> &cp = index.m_pieces[i].p;
        const Vec3 q0 = cp[0] - p;
        const Vec3 q1 = cp[1] - p;
        const Vec3 q2 = cp[2] - p;
        const Vec3 q3 = cp[3] - p;
        const double d00 = dot(q0, q0);
        const double d11 = dot(q1, q1);
        const double d22 = dot(q2, q2);
        const double d33 = dot(q3, q3);
        // Bernstein coefficients of the degree-6 polynomial f(v) = |sum_i b3_i(v) q_i|^2.
        double c[7];
        c[0] = d00;
        c[1] = dot(q0, q1);
        c[2] = (2.0 * dot(q0, q2) + 3.0 * d11) / 5.0;
        c[3] = (dot(q0, q3) + 9.0 * dot(q1, q2)) / 10.0;
        c[4] = (2.0 * dot(q1, q3) + 3.0 * d22) / 5.0;
        c[5] = dot(q2, q3);
        c[6] = d33;
        const double slack = kSlack * std::max(std::max(d00, d11), std::max(d22, d33));
        double lowest = c[0];
        for (int k = 1; k < 7; ++k) lowest = std::min(lowest, c[k]);
        if (lowest - slack > best) return;
        consider(d00, i, 0.0);
        consider(d33, i, 1.0);
        if (done) return;
        PieceSolver solver{*this, i, q0, (q1 - q0) * 3.0, (q2 - 2.0 * q1 + q0) * 3.0, q3 - q0 + 3.0 * (q1 - q2), slack};
        solver.search(c, 0.0, 1.0, 0);
    }

    // Minimization on one piece, in power form relative to p: B(v) - p = e0 + v (e1 + v (e2 + v e3)).
    struct PieceSolver {
        Search &owner;       // owning search (best so far)
        std::uint32_t piece; // piece index
        Vec3 e0;             // B(0) - p
        Vec3 e1;             // linear coefficient
        Vec3 e2;             // quadratic coefficient
        Vec3 e3;             // cubic coefficient
        double slack;        // rounding allowance of the coefficients

        // B(v) - p.
        Vec3 offset(double at) const { return e0 + (e1 + (e2 + e3 * at) * at) * at; }

        // Record the exact squared distance at v.
        void evaluateAt(double at) { owner.consider(lengthSquared(offset(at)), piece, at); }

        // c = Bernstein coefficients of f over [a, b]; f(a) and f(b) were already considered.
        void search(const double (&c)[7], double a, double b, int depth)
        {
            double interior = c[1];
            for (int k = 2; k < 6; ++k) interior = std::min(interior, c[k]);
            if (interior - slack > owner.best || owner.done) return;
            // Sign changes of f' (its coefficients are the differences), ignoring rounding-level ones.
            int changes = 0;
            int firstSign = 0;
            int lastSign = 0;
            for (int k = 0; k < 6; ++k) {
                const double d = c[k + 1] - c[k];
                const int sign = d > slack ? 1 : (d < -slack ? -1 : 0);
                if (sign == 0) continue;
                if (firstSign == 0)
                    firstSign = sign;
                else if (sign != lastSign)
                    ++changes;
                lastSign = sign;
            }
            if (firstSign == 0 || (changes == 0)) return; // monotone (or flat to rounding): the ends hold the minimum
            if (changes == 1) {
                if (firstSign < 0) newton(c, a, b); // falls then rises: one interior minimum
                return;                             // rises then falls: only a maximum inside
            }
            if (depth >= kMaxSplitDepth) {
                newton(c, a, b);
                return;
            }
            // Split at the middle (de Casteljau on the coefficients) and search the lower half first.
            double left[7];
            double right[7];
            double w[7];
            std::copy(std::begin(c), std::end(c), std::begin(w));
            left[0] = w[0];
            right[6] = w[6];
            for (int r = 1; r < 7; ++r) {
                for (int k = 0; k + r < 7; ++k) w[k] = 0.5 * (w[k] + w[k + 1]);
                left[r] = w[0];
                right[6 - r] = w[6 - r];
            }
            const double m = 0.5 * (a + b);
            evaluateAt(m);
            const double leftLow = *std::min_element(std::begin(left), std::end(left));
            const double rightLow = *std::min_element(std::begin(right), std::end(right));
            if (leftLow <= rightLow) {
                search(left, a, m, depth + 1);
                search(right, m, b, depth + 1);
            } else {
                search(right, m, b, depth + 1);
                search(left, a, m, depth + 1);
            }
        }

        // Root of g(v) = (B(v) - p).B'(v) in [a, b] by Newton, kept inside a shrinking bracket.
        void newton(const double (&c)[7], double a, double b)
        {
            double lo = a;
            double hi = b;
            // Start from p projected on the chord B(a)B(b) (pieces are short and nearly straight),
            // or from the lowest coefficient's abscissa when the chord is a point.
            const Vec3 ra = offset(a);
            const Vec3 chord = offset(b) - ra;
            const double chord2 = lengthSquared(chord);
            double at;
            if (chord2 > 0.0) {
                at = a + (b - a) * std::clamp(-dot(ra, chord) / chord2, 0.02, 0.98);
            } else {
                int lowestK = 0;
                for (int k = 1; k < 7; ++k)
                    if (c[k] < c[lowestK]) lowestK = k;
                at = a + (b - a) * (lowestK / 6.0);
            }
            const Vec3 d3 = 6.0 * e3;
            for (int iteration = 0; iteration < 100; ++iteration) {
                const Vec3 r = offset(at);
                const Vec3 d1 = e1 + (2.0 * e2 + 3.0 * e3 * at) * at;
                const Vec3 d2 = 2.0 * e2 + d3 * at;
                const double g = dot(r, d1);
                if (g < 0.0)
                    lo = at;
                else if (g > 0.0)
                    hi = at;
                else
                    break;
                // Halley's step (cubic convergence: one iteration fewer than Newton from the chord
                // guess), Newton's where Halley's denominator is not positive.
                const double slope = dot(d1, d1) + dot(r, d2);
                const double bend = 3.0 * dot(d1, d2) + dot(r, d3);
                const double denominator = 2.0 * slope * slope - g * bend;
                const double next = denominator > 0.0 ? at - 2.0 * g * slope / denominator : at - g / slope;
                if (slope > 0.0 && next >= lo && next <= hi) {
                    const double step = std::abs(next - at);
                    at = next;
                    if (step <= kNewtonStop * (b - a)) break;
                } else {
                    at = 0.5 * (lo + hi); // Newton left the bracket: bisect
                    if (!(hi - lo > 1e-15 * (b - a))) break;
                }
            }
            evaluateAt(at);
        }
    };
};

RailIndex::RailIndex(const Curve &curve, int rail) : RailIndex(std::vector<IndexedCurve>{{rail, curve}}) {}

template <typename Rails>
void RailIndex::registerIds(const Rails &rails)
{
    if (rails.size() >= kPieceBit) throw std::length_error("rail index: too many rails");
    for (const auto &r : rails) m_byId.emplace_back(r.rail, static_cast<std::uint32_t>(m_byId.size()));
    std::sort(m_byId.begin(), m_byId.end());
    for (std::size_t k = 1; k < m_byId.size(); ++k)
        if (m_byId[k].first == m_byId[k - 1].first)
            throw std::invalid_argument("rail index: duplicate rail id " + std::to_string(m_byId[k].first));
}

RailIndex::RailIndex(const std::vector<IndexedCurve> &rails)
{
    registerIds(rails);
    for (const IndexedCurve &r : rails) {
        for (const Vec3 &pt : r.curve.points)
            if (!isFinite(pt))
                throw std::invalid_argument("rail index: rail " + std::to_string(r.rail) + " has a non-finite point");
        addRail(r.rail, buildArcLengthTable(r.curve));
    }
    buildTop();
}

RailIndex::RailIndex(const std::vector<IndexedSegments> &rails)
{
    registerIds(rails);
    for (const IndexedSegments &r : rails) {
        for (const CubicBezier &b : r.segments)
            for (const Vec3 &pt : b.p)
                if (!isFinite(pt))
                    throw std::invalid_argument("rail index: rail " + std::to_string(r.rail) +
                                                " has a non-finite point");
        addRail(r.rail, buildArcLengthTable(r.segments, r.closed));
    }
    buildTop();
}

void RailIndex::addRail(int id, ArcLengthTable table)
{
    const auto railIndex = static_cast<std::uint32_t>(m_rails.size());
    m_rails.push_back(Rail{id, std::move(table), kNone, static_cast<std::uint32_t>(m_pieceOf.size()), Box{}});
    Rail &rail = m_rails.back();
    const std::vector<CubicBezier> &segments = rail.arc.segments;
    if (segments.empty()) return;
    if (m_pieces.size() + segments.size() >= kPieceBit) throw std::length_error("rail index: too many segments");

    std::vector<Builder::Item> items;
    items.reserve(segments.size());
    for (std::size_t s = 0; s < segments.size(); ++s) {
        const Box box = Builder::hullBox(segments[s].p);
        items.push_back({box, (box.lo + box.hi) * 0.5, static_cast<std::uint32_t>(s)});
    }
    // Pieces are stored in tree order, so neighbours in the tree are neighbours in memory;
    // m_pieceOf finds a segment's piece again (for hinted queries).
    m_pieceOf.resize(m_pieceOf.size() + segments.size());
    auto makeLeaf = [this, railIndex, &segments](const Builder::Item &item) {
        const auto piece = static_cast<std::uint32_t>(m_pieces.size());
        const Rail &owner = m_rails[railIndex];
        m_pieces.push_back(segments[item.ref]);
        m_pieceInfo.push_back({item.ref, railIndex, owner.arc.firstBreak[item.ref]});
        m_pieceOf[owner.firstPiece + item.ref] = piece;
        return piece | kPieceBit;
    };
    const Builder::Built built = Builder::build(m_nodes, std::span<Builder::Item>(items), makeLeaf);
    rail.root = built.ref;
    rail.box = built.box;
}

void RailIndex::buildTop()
{
    std::vector<Builder::Item> items;
    for (const Rail &rail : m_rails)
        if (rail.root != kNone) items.push_back({rail.box, (rail.box.lo + rail.box.hi) * 0.5, rail.root});
    if (items.empty()) return;
    auto makeLeaf = [](const Builder::Item &item) { return item.ref; };
    const Builder::Built built = Builder::build(m_nodes, std::span<Builder::Item>(items), makeLeaf);
    m_root = built.ref;
    m_rootBox = built.box;
    // The index lives long and is queried often: hand back what the vectors' growth over-reserved.
    m_nodes.shrink_to_fit();
    m_pieces.shrink_to_fit();
    m_pieceInfo.shrink_to_fit();
}

std::ptrdiff_t RailIndex::findRail(int id) const
{
    const auto it = std::lower_bound(m_byId.begin(), m_byId.end(), std::pair<int, std::uint32_t>{id, 0});
    if (it == m_byId.end() || it->first != id) return -1;
    return it->second;
}

const ArcLengthTable *RailIndex::arcLength(int rail) const
{
    const std::ptrdiff_t k = findRail(rail);
    return k < 0 ? nullptr : &m_rails[static_cast<std::size_t>(k)].arc;
}

RailHit RailIndex::makeHit(const Search &search) const
{
    const CubicBezier &curve = m_pieces[search.piece];
    const PieceInfo &info = m_pieceInfo[search.piece];
    const Rail &rail = m_rails[info.rail];
    RailHit hit;
    hit.rail = rail.id;
    hit.segment = info.segment;
    hit.u = search.v;
    hit.point = evaluate(curve, hit.u);
    hit.distance = std::sqrt(search.best);
    hit.s = arcLengthAt(rail.arc, {hit.segment, hit.u}, curve);
    // B' normalized where it is clearly non-zero (nearly always); unitTangent's one-sided limits
    // where it vanishes (a cusp, a repeated point).
    const std::array<Vec3, 4> &cp = curve.p;
    const double scale =
        std::max({maxAbsComponent(cp[1] - cp[0]), maxAbsComponent(cp[2] - cp[1]), maxAbsComponent(cp[3] - cp[2])});
    const Vec3 d = derivative(curve, hit.u);
    const double speed = length(d);
    if (speed > 1e-9 * scale && std::isfinite(speed))
        hit.tangent = d / speed;
    else
        hit.tangent = unitTangent(rail.arc.segments, rail.arc.closed, hit.segment, hit.u);
    return hit;
}

void RailIndex::walkFromHint(Search &search, const RailHit &hint, std::uint32_t root) const
{
    const std::ptrdiff_t k = findRail(hint.rail);
    if (k < 0) return;
    const Rail &rail = m_rails[static_cast<std::size_t>(k)];
    const std::vector<CubicBezier> &segments = rail.arc.segments;
    const std::size_t n = segments.size();
    if (hint.segment >= n || (root != m_root && root != rail.root)) return;
    // Joint j is where segment j starts (joint n: where the last one ends; a closed rail's joint n
    // is joint 0). Joints lie on the curve, so the nearest one seen bounds the answer from above.
    // They are read from the rail's own segments, in rail order: neighbours share cache lines.
    const auto joint = [&segments, n](std::size_t j) -> const Vec3 & {
        return j < n ? segments[j].p[0] : segments[n - 1].p[3];
    };
    const std::size_t joints = rail.arc.closed ? n : n + 1;
    const auto step = [joints](std::size_t j, int direction) {
        return direction > 0 ? (j + 1 < joints ? j + 1 : 0) : (j > 0 ? j - 1 : joints - 1);
    };
    std::size_t at = hint.u < 0.5 ? hint.segment : hint.segment + 1;
    at = at < joints ? at : 0;
    double best = lengthSquared(joint(at) - search.p);
    // Walk towards the nearer neighbour while the joints come closer (not past an open rail's end).
    int direction = 0;
    for (int d : {1, -1}) {
        const bool wraps = d > 0 ? at + 1 == joints : at == 0;
        if (wraps && !rail.arc.closed) continue;
        const double next = lengthSquared(joint(step(at, d)) - search.p);
        if (next < best) {
            best = next;
            at = step(at, d);
            direction = d;
            break;
        }
    }
    for (int walked = 1; direction != 0 && walked < kMaxHintWalk; ++walked) {
        const bool wraps = direction > 0 ? at + 1 == joints : at == 0;
        if (wraps && !rail.arc.closed) break;
        const double next = lengthSquared(joint(step(at, direction)) - search.p);
        if (!(next < best)) break;
        best = next;
        at = step(at, direction);
    }
    // The joint as a candidate: the start of segment `at`, or the end of the last segment.
    const std::size_t segment = at < n ? at : n - 1;
    search.consider(best, m_pieceOf[rail.firstPiece + segment], at < n ? 0.0 : 1.0);
}

std::optional<RailHit> RailIndex::query(Vec3 p, std::uint32_t root, const Box &box, const RailHit *hint) const
{
    if (!isFinite(p) || root == kNone) return std::nullopt;
    Search search{*this, p, std::numeric_limits<double>::infinity(), false};
    if (hint) walkFromHint(search, *hint, root);
    search.run(root, box);
    if (!search.found) return std::nullopt;
    return makeHit(search);
}

std::optional<RailHit> RailIndex::nearest(Vec3 p) const { return query(p, m_root, m_rootBox, nullptr); }

std::optional<RailHit> RailIndex::nearest(Vec3 p, const RailHit &hint) const
{
    return query(p, m_root, m_rootBox, &hint);
}

std::optional<RailHit> RailIndex::nearest(Vec3 p, int rail) const
{
    const std::ptrdiff_t k = findRail(rail);
    if (k < 0) return std::nullopt;
    const Rail &r = m_rails[static_cast<std::size_t>(k)];
    return query(p, r.root, r.box, nullptr);
}

std::optional<RailHit> RailIndex::nearest(Vec3 p, int rail, const RailHit &hint) const
{
    const std::ptrdiff_t k = findRail(rail);
    if (k < 0) return std::nullopt;
    const Rail &r = m_rails[static_cast<std::size_t>(k)];
    return query(p, r.root, r.box, &hint);
}

std::size_t RailIndex::memoryBytes() const
{
    std::size_t bytes = sizeof(*this) + m_nodes.capacity() * sizeof(Node) + m_pieces.capacity() * sizeof(CubicBezier) +
                        m_pieceInfo.capacity() * sizeof(PieceInfo) + m_pieceOf.capacity() * sizeof(std::uint32_t) +
                        m_rails.capacity() * sizeof(Rail) + m_byId.capacity() * sizeof(m_byId[0]);
    for (const Rail &rail : m_rails)
        bytes += rail.arc.segments.capacity() * sizeof(CubicBezier) + rail.arc.breaks.capacity() * sizeof(ArcBreak) +
                 rail.arc.firstBreak.capacity() * sizeof(std::uint32_t);
    return bytes;
}

bool RailIndex::withinRange(Vec3 p, double r) const
{
    if (!isFinite(p) || !(r >= 0.0) || m_root == kNone) return false;
    Search search{*this, p, r * r, true};
    search.run(m_root, m_rootBox);
    return search.found;
}

std::vector<RailHit> RailIndex::allWithin(Vec3 p, double r) const
{
    std::vector<RailHit> hits;
    if (!isFinite(p) || !(r >= 0.0)) return hits;
    for (const Rail &rail : m_rails) {
        if (rail.root == kNone) continue;
        Search search{*this, p, r * r, false};
        search.run(rail.root, rail.box);
        if (search.found) hits.push_back(makeHit(search));
    }
    std::sort(hits.begin(), hits.end(), [](const RailHit &a, const RailHit &b) {
        return a.distance != b.distance ? a.distance < b.distance : a.rail < b.rail;
    });
    return hits;
}

} // namespace railforge::core
