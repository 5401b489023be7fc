// The mesh's ground queries (core/ground.h GroundMesh): an 8-wide hierarchy of boxes seen from above,
// built by median splits (three halvings a level). Each node holds its children's boxes and heights
// side by side, so a query tests four children per instruction and visits those containing the point
// highest first, stopping at whatever cannot beat its best answer, without loading a child to learn
// its box. A leaf is one block of cache lines: its triangles' float boxes, their corners as indices,
// and the leaf's own vertices in doubles (shared: about ten for eight triangles of a terrain), asked
// for all at once, so the triangles arrive with their boxes. Boxes are floats rounded outwards and
// only reject; every answer comes from the exact test in doubles (heightInside) on the very vertices
// given, so it is exactly what testing every triangle would give.
#include "core/ground.h"
#include "core/ground_internal.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <tuple>

#if defined(__SSE2__)
#include <emmintrin.h>
#include <xmmintrin.h>
#endif

namespace railforge::core {
namespace {

using namespace ground_internal;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::uint32_t kNoChild = std::numeric_limits<std::uint32_t>::max();

bool finite(Vec3 p) { return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z); }

struct Range {
    std::uint32_t first, count;
};

// Where a leaf block's parts start, for a leaf of n triangles: the boxes at 0 (128 bytes), the
// corners (three bytes a triangle) after them, the vertices after those on an 8-byte boundary.
constexpr std::size_t kBoxBytes = 4 * 8 * sizeof(float);
constexpr std::size_t cornersAt(std::size_t) { return kBoxBytes; }
constexpr std::size_t verticesAt(std::size_t n) { return (kBoxBytes + 3 * n + 7) & ~std::size_t(7); }

// A range of triangles' box, in doubles.
struct Box {
    double x0 = kInf, y0 = kInf, x1 = -kInf, y1 = -kInf, z0 = kInf, z1 = -kInf;
};

Box boxOf(const std::vector<GroundTriangle> &ts, Range r)
{
    Box b;
    for (std::uint32_t i = r.first; i < r.first + r.count; ++i)
        for (const Vec3 &p : {ts[i].a, ts[i].b, ts[i].c}) {
            b.x0 = std::min(b.x0, p.x), b.x1 = std::max(b.x1, p.x);
            b.y0 = std::min(b.y0, p.y), b.y1 = std::max(b.y1, p.y);
            b.z0 = std::min(b.z0, p.z), b.z1 = std::max(b.z1, p.z);
        }
    return b;
}

// Splits a range in two at the median of its triangles' plan centres along its box's longer side.
std::array<Range, 2> halve(std::vector<GroundTriangle> &ts, Range r)
{
    const Box b = boxOf(ts, r);
    const bool alongX = b.x1 - b.x0 >= b.y1 - b.y0;
    auto centre = [alongX](const GroundTriangle &t) { return alongX ? t.a.x + t.b.x + t.c.x : t.a.y + t.b.y + t.c.y; };
    const std::uint32_t half = r.count / 2;
    const auto begin = ts.begin() + std::ptrdiff_t(r.first);
    std::nth_element(begin, begin + half, begin + std::ptrdiff_t(r.count),
                     [&](const GroundTriangle &p, const GroundTriangle &q) { return centre(p) < centre(q); });
    return {Range{r.first, half}, Range{r.first + half, r.count - half}};
}

} // namespace

// Which of a node's children may hold an answer, one bit each: the point inside its box, its top
// above the best so far and its bottom not above the ceiling. SSE2 (every x86-64) tests four at
// once; elsewhere a plain loop.
inline unsigned GroundMesh::childrenAt(const Node &n, float x, float y, float best, float ceiling)
{
#if defined(__SSE2__)
    const __m128 px = _mm_set1_ps(x), py = _mm_set1_ps(y), pbest = _mm_set1_ps(best), pceiling = _mm_set1_ps(ceiling);
    unsigned hit = 0;
    for (int k = 0; k < kWidth; k += 4) {
        __m128 in = _mm_and_ps(_mm_cmpge_ps(px, _mm_load_ps(n.x0 + k)), _mm_cmple_ps(px, _mm_load_ps(n.x1 + k)));
        in = _mm_and_ps(in,
                        _mm_and_ps(_mm_cmpge_ps(py, _mm_load_ps(n.y0 + k)), _mm_cmple_ps(py, _mm_load_ps(n.y1 + k))));
        in = _mm_and_ps(
            in, _mm_and_ps(_mm_cmpgt_ps(_mm_load_ps(n.z1 + k), pbest), _mm_cmple_ps(_mm_load_ps(n.z0 + k), pceiling)));
        hit |= unsigned(_mm_movemask_ps(in)) << k;
    }
    return hit;
#else
    unsigned hit = 0;
    for (unsigned i = 0; i < unsigned(kWidth); ++i)
        hit |= unsigned((x >= n.x0[i]) & (x <= n.x1[i]) & (y >= n.y0[i]) & (y <= n.y1[i]) & (n.z1[i] > best) &
                        (n.z0[i] <= ceiling))
               << i;
    return hit;
#endif
}

// Which of a leaf's triangles (up to 8) have the point in their float box, one bit each: four boxes
// tested at once, then only those inside go on to the exact test (no branch to mispredict per
// triangle). The slots past the leaf's triangles hold empty boxes, which nothing is inside.
inline unsigned GroundMesh::trianglesAt(const LeafBoxes &boxes, std::uint32_t count, float x, float y)
{
    unsigned inside = 0;
#if defined(__SSE2__)
    const __m128 px = _mm_set1_ps(x), py = _mm_set1_ps(y);
    for (std::uint32_t k = 0; k < count; k += 4) {
        const __m128 in = _mm_and_ps(
            _mm_and_ps(_mm_cmpge_ps(px, _mm_load_ps(boxes.x0 + k)), _mm_cmple_ps(px, _mm_load_ps(boxes.x1 + k))),
            _mm_and_ps(_mm_cmpge_ps(py, _mm_load_ps(boxes.y0 + k)), _mm_cmple_ps(py, _mm_load_ps(boxes.y1 + k))));
        inside |= unsigned(_mm_movemask_ps(in)) << k;
    }
#else
    for (std::uint32_t i = 0; i < count; ++i)
        inside |= unsigned((x >= boxes.x0[i]) & (x <= boxes.x1[i]) & (y >= boxes.y0[i]) & (y <= boxes.y1[i])) << i;
#endif
    return inside;
}

GroundMesh::GroundMesh(std::vector<GroundTriangle> triangles)
{
    m_triangles.reserve(triangles.size());
    for (const GroundTriangle &t : triangles) {
        if (!finite(t.a) || !finite(t.b) || !finite(t.c) || isVertical(t)) continue;
        m_triangles.push_back(t);
    }
    if (m_triangles.size() >= std::numeric_limits<std::uint32_t>::max() / 2)
        throw std::invalid_argument("too many ground triangles");
    if (m_triangles.empty()) return;
    m_nodes.reserve(m_triangles.size() / 16 + 1);
    build(0, std::uint32_t(m_triangles.size()));
    // The leaves' blocks, in the order of their triangles (nodes were made parents first, and a
    // node's leaves in the order of its range).
    m_leaves.reserve(m_triangles.size());
    for (Node &node : m_nodes)
        for (int i = 0; i < kWidth; ++i)
            if (node.count[i] != 0) std::tie(node.child[i], node.count[i]) = addLeaf(node.child[i], node.count[i]);
    m_leaves.shrink_to_fit();
    m_size = m_triangles.size();
    m_triangles = {}; // the blocks hold them now, their corners shared
    m_treeNodes = std::uint32_t(m_nodes.size());
    buildGrid();
    const Node &root = m_nodes.front();
    m_bounds = {kInf, kInf, -kInf, -kInf};
    for (int i = 0; i < kWidth; ++i) {
        if (root.child[i] == kNoChild) continue;
        m_bounds = {std::min(m_bounds.x0, double(root.x0[i])), std::min(m_bounds.y0, double(root.y0[i])),
                    std::max(m_bounds.x1, double(root.x1[i])), std::max(m_bounds.y1, double(root.y1[i]))};
    }
}

GroundMesh::Node GroundMesh::emptyNode()
{
    Node empty;
    for (int i = 0; i < kWidth; ++i) {
        empty.x0[i] = empty.y0[i] = empty.z0[i] = kFloatInf;
        empty.x1[i] = empty.y1[i] = empty.z1[i] = -kFloatInf;
        empty.child[i] = kNoChild;
        empty.count[i] = 0;
    }
    return empty;
}

std::uint32_t GroundMesh::build(std::uint32_t first, std::uint32_t count)
{
    const std::uint32_t index = std::uint32_t(m_nodes.size());
    m_nodes.push_back(emptyNode());
    // Up to eight parts: the range halved, and each part halved again while it is more than a leaf,
    // three times over (the root of a small mesh holds a single leaf).
    Range parts[kWidth];
    int n = 0;
    parts[n++] = {first, count};
    for (int round = 0; round < 3; ++round) {
        Range next[kWidth];
        int m = 0;
        for (int i = 0; i < n; ++i) {
            if (parts[i].count <= std::uint32_t(kLeafSlots)) {
                next[m++] = parts[i];
                continue;
            }
            for (const Range half : halve(m_triangles, parts[i])) next[m++] = half;
        }
        std::copy(next, next + m, parts);
        n = m;
    }
    for (int i = 0; i < n; ++i) {
        const Box b = boxOf(m_triangles, parts[i]);
        const bool leaf = parts[i].count <= std::uint32_t(kLeafSlots);
        const std::uint32_t child = leaf ? parts[i].first : build(parts[i].first, parts[i].count);
        Node &node = m_nodes[index]; // after the children's build: the vector may have moved
        // Widened by the triangles' own edge slack, so a point on an outer edge is not cut off here;
        // heights too: a point on an edge (the slack) or a vertex (rounding) may give a height a hair
        // past its triangle's corners, and a box cut there would skip what testing every triangle takes.
        const double sx = boxSlack(b.x0, b.x1), sy = boxSlack(b.y0, b.y1), sz = boxSlack(b.z0, b.z1);
        node.x0[i] = down(b.x0 - sx), node.y0[i] = down(b.y0 - sy);
        node.x1[i] = up(b.x1 + sx), node.y1[i] = up(b.y1 + sy);
        node.z0[i] = down(b.z0 - sz), node.z1[i] = up(b.z1 + sz);
        node.child[i] = child;
        node.count[i] = leaf ? parts[i].count : 0;
    }
    return index;
}

std::pair<std::uint32_t, std::uint32_t> GroundMesh::addLeaf(std::uint32_t first, std::uint32_t count)
{
    Vec3 vertices[3 * kLeafSlots];
    std::size_t used = 0;
    unsigned char corners[3 * kLeafSlots];
    // One vertex for corners alike to the bit (0.0 and -0.0 stay apart: the answers must not change).
    auto vertexOf = [&](const Vec3 &p) {
        for (std::size_t k = 0; k < used; ++k)
            if (std::memcmp(&vertices[k], &p, sizeof p) == 0) return (unsigned char)k;
        vertices[used] = p;
        return (unsigned char)(used++);
    };
    for (std::uint32_t k = 0; k < count; ++k) {
        const GroundTriangle &t = m_triangles[first + k];
        corners[3 * k] = vertexOf(t.a), corners[3 * k + 1] = vertexOf(t.b), corners[3 * k + 2] = vertexOf(t.c);
    }
    const std::size_t bytes = verticesAt(count) + sizeof(Vec3) * used;
    const std::size_t lines = (bytes + sizeof(CacheLine) - 1) / sizeof(CacheLine);
    const std::size_t at = m_leaves.size();
    if (at + lines >= std::numeric_limits<std::uint32_t>::max())
        throw std::invalid_argument("too many ground triangles");
    m_leaves.resize(at + lines, CacheLine{});
    unsigned char *block = m_leaves[at].bytes;
    LeafBoxes boxes;
    for (int k = 0; k < kLeafSlots; ++k) { // empty: no point is inside
        boxes.x0[k] = boxes.y0[k] = kFloatInf;
        boxes.x1[k] = boxes.y1[k] = -kFloatInf;
    }
    for (std::uint32_t k = 0; k < count; ++k) {
        const GroundTriangle &t = m_triangles[first + k];
        const double x0 = std::min({t.a.x, t.b.x, t.c.x}), x1 = std::max({t.a.x, t.b.x, t.c.x});
        const double y0 = std::min({t.a.y, t.b.y, t.c.y}), y1 = std::max({t.a.y, t.b.y, t.c.y});
        const double sx = boxSlack(x0, x1), sy = boxSlack(y0, y1);
        boxes.x0[k] = down(x0 - sx), boxes.y0[k] = down(y0 - sy), boxes.x1[k] = up(x1 + sx), boxes.y1[k] = up(y1 + sy);
    }
    static_assert(sizeof boxes == kBoxBytes);
    std::memcpy(block, &boxes, sizeof boxes);
    std::memcpy(block + cornersAt(count), corners, 3 * count);
    std::memcpy(block + verticesAt(count), vertices, sizeof(Vec3) * used);
    return {std::uint32_t(at), count | std::uint32_t(lines) << 8};
}

GroundTriangle GroundMesh::leafTriangle(std::uint32_t block, std::uint32_t count, unsigned k) const
{
    const unsigned char *b = m_leaves[block].bytes;
    const std::size_t n = count & kCountBits;
    const unsigned char *corner = b + cornersAt(n) + 3 * k;
    GroundTriangle t;
    std::memcpy(&t.a, b + verticesAt(n) + sizeof(Vec3) * corner[0], sizeof(Vec3));
    std::memcpy(&t.b, b + verticesAt(n) + sizeof(Vec3) * corner[1], sizeof(Vec3));
    std::memcpy(&t.c, b + verticesAt(n) + sizeof(Vec3) * corner[2], sizeof(Vec3));
    return t;
}

void GroundMesh::forEachTriangle(const std::function<void(const GroundTriangle &)> &visit) const
{
    for (std::uint32_t n = 0; n < m_treeNodes; ++n) // the grid's nodes hold the same leaves again
        for (int i = 0; i < kWidth; ++i)
            for (unsigned k = 0; k < (m_nodes[n].count[i] & kCountBits); ++k)
                visit(leafTriangle(m_nodes[n].child[i], m_nodes[n].count[i], k));
}

std::optional<double> GroundMesh::query(double x, double y, double ceiling) const
{
    if (m_nodes.empty() || !std::isfinite(x) || !std::isfinite(y)) return std::nullopt;
    // The point in floats is inside every float box the exact point is inside (rounding is monotonic);
    // the best height rounded down and the ceiling up, so a comparison in floats never skips a child
    // the doubles would visit.
    const float fx = toFloat(x), fy = toFloat(y), fceiling = up(ceiling);
    double best = -kInf;
    float fbest = -kFloatInf;
    // A child still to visit, with the highest z in it.
    struct Visit {
        float top;
        std::uint32_t child, count;
    };
    // Median splits keep the tree balanced: at most 10 levels for 2^31 triangles, seven children left
    // on the stack by each (and room for an eighth while they are sorted).
    Visit stack[96];
    int depth = 0;
    Visit v{kFloatInf, startNode(fx, fy), 0};
    for (;;) {
        if (v.count == 0) {
            const Node &n = m_nodes[v.child];
            const unsigned hit = childrenAt(n, fx, fy, fbest, fceiling);
            if (hit != 0) {
                // Down into the child reaching highest (its answer prunes the others); the rest
                // stacked so the next highest comes next. On a terrain one child holds the point.
                unsigned i = unsigned(std::countr_zero(hit));
                if ((hit & (hit - 1)) != 0) {
                    // Sorted where they are stacked (a copy of them would cost a string move).
                    Visit *found = stack + depth;
                    int k = 0;
                    for (unsigned m = hit; m != 0; m &= m - 1) {
                        const unsigned c = unsigned(std::countr_zero(m));
                        const Visit f{n.z1[c], n.child[c], n.count[c]};
                        int j = k++;
                        for (; j > 0 && found[j - 1].top > f.top; --j) found[j] = found[j - 1];
                        found[j] = f;
                    }
                    depth += k - 1;
                    v = found[k - 1];
                } else {
                    v = {n.z1[i], n.child[i], n.count[i]};
                }
                continue;
            }
        } else {
            const unsigned char *block = m_leaves[v.child].bytes;
#if defined(__SSE2__)
            // The block's other lines asked for now, with its first: they arrive together.
            for (std::uint32_t line = 1; line < v.count >> 8; ++line)
                _mm_prefetch(reinterpret_cast<const char *>(block + sizeof(CacheLine) * line), _MM_HINT_T0);
#endif
            const std::uint32_t count = v.count & kCountBits;
            for (unsigned m = trianglesAt(*reinterpret_cast<const LeafBoxes *>(block), count, fx, fy); m != 0;
                 m &= m - 1) {
                const GroundTriangle t = leafTriangle(v.child, count, unsigned(std::countr_zero(m)));
                if (const auto h = heightInside(t, x, y); h && *h <= ceiling && *h > best) {
                    best = *h;
                    fbest = down(best);
                }
            }
        }
        // The next child stacked that may still beat the best found since it was pushed.
        while (depth > 0 && stack[depth - 1].top <= fbest) --depth;
        if (depth == 0) break;
        v = stack[--depth];
    }
    if (best == -kInf) return std::nullopt;
    return best;
}

std::optional<double> GroundMesh::highest(double x, double y) const { return query(x, y, kInf); }

std::optional<double> GroundMesh::highestBelow(double x, double y, double z) const
{
    if (std::isnan(z)) return std::nullopt;
    return query(x, y, z);
}

} // namespace railforge::core
