// GroundMesh's grid over the plan (core/ground.h). At random points of a large terrain a query
// spends its time waiting for the lowest levels of the tree, one cache miss after the other: the
// level it is at says where the next one is. The grid's cell says at once which leaves may hold the
// point: each cell is a node of its own whose slots are the leaves whose boxes meet the cell (the
// very boxes, heights and blocks of the tree's slots), so the query starts there and goes on as
// from any node, and its answers are the tree's: every leaf the tree would visit at a point is in
// the point's cell, as both find cells with the same monotonic function of the float coordinates.
// A cell met by more leaves than a node holds starts at the root; no grid for a small mesh, or for
// one whose leaves are so large that they would fill the cells many times over.
#include "core/ground.h"
#include "core/ground_internal.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace railforge::core {
namespace {

using namespace ground_internal;

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Fewer leaves than this: the tree is a few levels deep and in the cache.
constexpr std::size_t kGridLeaves = 512;
// As many cells as leaves: on a terrain a cell then meets five or six leaves, and one in 100,000
// more than a node holds (two leaves a cell: ten, and most cells would start at the root).
constexpr double kLeavesPerCell = 1.0;
// Cells along a side at most.
constexpr double kMaxCellsAlong = 4096.0;
// Leaf-in-cell entries at most, per cell: beyond, the leaves are too large for a grid.
constexpr std::uint64_t kEntriesPerCell = 16;

} // namespace

std::uint32_t GroundMesh::cellOf(float v, double origin, double perCell, std::uint32_t cells)
{
    // Monotonic in v (a subtraction and a product, each rounded): a coordinate inside [a, b] lies in
    // a cell between theirs. Infinities and points off the grid land in the border cells.
    const double at = (double(v) - origin) * perCell;
    if (!(at > 0.0)) return 0;
    if (at >= double(cells)) return cells - 1;
    return std::uint32_t(at);
}

std::uint32_t GroundMesh::startNode(float x, float y) const
{
    if (m_gridW == 0) return 0;
    return m_treeNodes + cellOf(y, m_gridY0, m_cellsPerY, m_gridH) * m_gridW +
           cellOf(x, m_gridX0, m_cellsPerX, m_gridW);
}

std::size_t GroundMesh::gridCellsAtRoot() const
{
    return std::size_t(std::count_if(m_nodes.begin() + m_treeNodes, m_nodes.end(), [](const Node &cell) {
        return cell.child[0] == 0 && cell.count[0] == 0 && cell.x0[0] == -kFloatInf;
    }));
}

void GroundMesh::buildGrid()
{
    struct Leaf {
        std::uint32_t node;
        int slot;
    };
    std::vector<Leaf> leaves;
    double x0 = kInfinity, y0 = kInfinity, x1 = -kInfinity, y1 = -kInfinity;
    for (std::uint32_t n = 0; n < m_treeNodes; ++n)
        for (int i = 0; i < kWidth; ++i) {
            const Node &node = m_nodes[n];
            if ((node.count[i] & kCountBits) == 0) continue;
            leaves.push_back({n, i});
            x0 = std::min(x0, double(node.x0[i])), y0 = std::min(y0, double(node.y0[i]));
            x1 = std::max(x1, double(node.x1[i])), y1 = std::max(y1, double(node.y1[i]));
        }
    const double dx = x1 - x0, dy = y1 - y0;
    if (leaves.size() < kGridLeaves || !std::isfinite(dx) || !std::isfinite(dy) || !(dx > 0) || !(dy > 0)) return;
    const double cells = double(leaves.size()) / kLeavesPerCell;
    const double across = std::clamp(std::round(std::sqrt(cells * dx / dy)), 1.0, kMaxCellsAlong);
    const double down = std::clamp(std::round(cells / across), 1.0, kMaxCellsAlong);
    const auto w = std::uint32_t(across), h = std::uint32_t(down);
    const double perX = across / dx, perY = down / dy;
    // The cells each leaf meets, counted, then listed cell by cell.
    auto span = [&](const Leaf &l) {
        const Node &node = m_nodes[l.node];
        return std::array<std::uint32_t, 4>{cellOf(node.x0[l.slot], x0, perX, w), cellOf(node.y0[l.slot], y0, perY, h),
                                            cellOf(node.x1[l.slot], x0, perX, w), cellOf(node.y1[l.slot], y0, perY, h)};
    };
    std::uint64_t entries = 0;
    for (const Leaf &l : leaves) {
        const auto [cx0, cy0, cx1, cy1] = span(l);
        entries += std::uint64_t(cx1 - cx0 + 1) * (cy1 - cy0 + 1);
    }
    const std::size_t cellCount = std::size_t(w) * h;
    if (entries > kEntriesPerCell * cellCount) return;
    std::vector<std::uint32_t> first(cellCount + 1, 0);
    for (const Leaf &l : leaves) {
        const auto [cx0, cy0, cx1, cy1] = span(l);
        for (std::uint32_t cy = cy0; cy <= cy1; ++cy)
            for (std::uint32_t cx = cx0; cx <= cx1; ++cx) ++first[std::size_t(cy) * w + cx + 1];
    }
    for (std::size_t c = 0; c < cellCount; ++c) first[c + 1] += first[c];
    std::vector<std::uint32_t> in(first[cellCount]);
    std::vector<std::uint32_t> filled(first.begin(), first.end() - 1);
    for (std::uint32_t k = 0; k < leaves.size(); ++k) {
        const auto [cx0, cy0, cx1, cy1] = span(leaves[k]);
        for (std::uint32_t cy = cy0; cy <= cy1; ++cy)
            for (std::uint32_t cx = cx0; cx <= cx1; ++cx) in[filled[std::size_t(cy) * w + cx]++] = k;
    }
    m_nodes.reserve(m_nodes.size() + cellCount);
    for (std::size_t c = 0; c < cellCount; ++c) {
        Node cell = emptyNode();
        if (first[c + 1] - first[c] > std::uint32_t(kWidth)) {
            // Too many leaves here: one slot holding the whole tree, which the query enters as any child.
            cell.x0[0] = cell.y0[0] = cell.z0[0] = -kFloatInf;
            cell.x1[0] = cell.y1[0] = cell.z1[0] = kFloatInf;
            cell.child[0] = 0;
            cell.count[0] = 0;
        } else {
            int slot = 0;
            for (std::uint32_t e = first[c]; e < first[c + 1]; ++e, ++slot) {
                const Node &node = m_nodes[leaves[in[e]].node];
                const int i = leaves[in[e]].slot;
                cell.x0[slot] = node.x0[i], cell.y0[slot] = node.y0[i], cell.x1[slot] = node.x1[i];
                cell.y1[slot] = node.y1[i], cell.z0[slot] = node.z0[i], cell.z1[slot] = node.z1[i];
                cell.child[slot] = node.child[i];
                cell.count[slot] = node.count[i];
            }
        }
        m_nodes.push_back(cell);
    }
    m_gridW = w, m_gridH = h;
    m_gridX0 = x0, m_gridY0 = y0, m_cellsPerX = perX, m_cellsPerY = perY;
}

} // namespace railforge::core
