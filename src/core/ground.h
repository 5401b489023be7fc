// The ground of a level: where a point dropped at (x, y) lands. Level meshes arrive as triangles
// (the document layer reads the files) and heightmaps as grids of heights; both answer the same
// two questions, exactly as testing every triangle or the grid's bilinear surface would:
//   highest(x, y)           the highest ground surface at (x, y), if any covers it;
//   highestBelow(x, y, z)   the highest surface at or below height z (under a bridge: the road).
// Walls (triangles that are vertical, so cover no area seen from above) are not ground.
#pragma once

#include "core/huge_pages.h"
#include "core/vec3.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace railforge::core {

struct GroundTriangle {
    Vec3 a, b, c;
};

// The height of a triangle's plane at (x, y) when (x, y) lies inside it seen from above (edges and
// corners included, within a relative 1e-12 so neighbouring triangles leave no crack); none for a
// point outside or a vertical triangle.
std::optional<double> triangleHeightAt(const GroundTriangle &t, double x, double y);

// The rectangle a ground covers seen from above (empty: x0 > x1).
struct PlanBox {
    double x0 = 1, y0 = 1, x1 = 0, y1 = 0;
    bool empty() const { return !(x0 <= x1 && y0 <= y1); }
};

// One kind of ground: a mesh or a heightmap.
class GroundSource {
public:
    virtual ~GroundSource() = default;
    virtual std::optional<double> highest(double x, double y) const = 0;
    virtual std::optional<double> highestBelow(double x, double y, double z) const = 0;
    virtual PlanBox bounds() const = 0;
    // Where the ray origin + t direction (0 <= t <= far) first meets this ground, from above or below:
    // the least such t. Walls (vertical triangles) are not ground and are passed through.
    virtual std::optional<double> firstHit(Vec3 origin, Vec3 direction, double far) const = 0;
};

// A triangle mesh under an 8-wide bounding-volume hierarchy over the triangles' boxes seen from
// above (ground_mesh.cpp). Each node holds its children's boxes and their lowest and highest z, so a
// query picks the children to visit, highest first, without loading them, and skips what cannot beat
// its best answer. A grid over the plan (ground_mesh_grid.cpp) hands a query the node of its cell,
// which holds the leaves around the point, so it starts near the bottom of the tree.
class GroundMesh : public GroundSource {
public:
    // Non-finite and vertical triangles are dropped.
    explicit GroundMesh(std::vector<GroundTriangle> triangles);
    std::optional<double> highest(double x, double y) const override;
    std::optional<double> highestBelow(double x, double y, double z) const override;
    PlanBox bounds() const override { return m_bounds; }
    // Down the hierarchy by the nodes' boxes, nearest first (ground_ray.cpp).
    std::optional<double> firstHit(Vec3 origin, Vec3 direction, double far) const override;
    // How many triangles are kept, and each of them (leaf by leaf: a view draws them).
    std::size_t size() const { return m_size; }
    void forEachTriangle(const std::function<void(const GroundTriangle &)> &visit) const;
    // Whether queries start at the grid's cells (tests: a small mesh has none).
    bool hasGrid() const { return m_gridW > 0; }
    // How many of the grid's cells start at the root (met by more leaves than a node holds; tests).
    std::size_t gridCellsAtRoot() const;
    // The bytes its hierarchy, grid and leaves take.
    std::size_t bytes() const { return sizeof(Node) * m_nodes.size() + sizeof(CacheLine) * m_leaves.size(); }

private:
    // Children a node has at most, and triangles a leaf.
    static constexpr int kWidth = 8;
    static constexpr int kLeafSlots = 8;
    // A leaf's triangles in Node::count (the lines of its block above them).
    static constexpr std::uint32_t kCountBits = 0xFF;
    // Four cache lines: eight children's boxes in floats rounded outwards (only ever larger, so
    // nothing is wrongly skipped), one array per side so four at a time are tested side by side.
    struct alignas(64) Node {
        float x0[kWidth], y0[kWidth], x1[kWidth], y1[kWidth], z0[kWidth], z1[kWidth];
        std::uint32_t child[kWidth]; // an inner child's node, a leaf's first line in m_leaves
        // A leaf's triangles (1 to 8) and, from bit 8, how many lines its block takes; 0: an inner
        // child, or none (an empty box).
        std::uint32_t count[kWidth];
    };
    // A leaf's triangles' plan boxes in floats, rounded outwards and grown by the edge slack, side by
    // side (four tested per instruction; slots past its triangles hold empty boxes): a leaf's quick
    // reject before the exact test in doubles.
    struct alignas(16) LeafBoxes {
        float x0[kLeafSlots], y0[kLeafSlots], x1[kLeafSlots], y1[kLeafSlots];
    };
    // A leaf's block: its triangles' float boxes (LeafBoxes), then each triangle's corners as indices into the
    // leaf's own vertices, then those vertices in doubles (a terrain's eight triangles share about
    // ten), in whole cache lines: a query asks for the lines of a leaf together, so its triangles
    // arrive with their boxes instead of a miss after them.
    struct alignas(64) CacheLine {
        unsigned char bytes[64];
    };
    // Writes the block of the leaf of `count` triangles from `first`; its first line and its count
    // field (Node::count).
    std::pair<std::uint32_t, std::uint32_t> addLeaf(std::uint32_t first, std::uint32_t count);
    // Triangle k of the leaf whose block starts at line `block`.
    GroundTriangle leafTriangle(std::uint32_t block, std::uint32_t count, unsigned k) const;
    std::optional<double> query(double x, double y, double ceiling) const;
    // The grid over the plan (ground_mesh_grid.cpp): a node per cell holding every leaf whose box
    // meets the cell, where a query starts instead of the root, so it misses the cache at a cell and
    // its leaves rather than at each of the lowest levels of the tree. A cell met by more leaves than
    // a node holds starts at the root.
    void buildGrid();
    // The node a query at (x, y) (in floats, as the boxes are tested) starts from.
    std::uint32_t startNode(float x, float y) const;
    // The cell of a plan coordinate along x or y: the same monotonic function at build and query.
    static std::uint32_t cellOf(float v, double origin, double perCell, std::uint32_t cells);
    // A node of eight empty slots (no point is inside them, no height beats anything).
    static Node emptyNode();
    static unsigned childrenAt(const Node &n, float x, float y, float best, float ceiling);
    static unsigned trianglesAt(const LeafBoxes &boxes, std::uint32_t count, float x, float y);
    std::uint32_t build(std::uint32_t first, std::uint32_t count);
    // On huge pages where the system gives them (huge_pages.h): queries read them at random places.
    std::vector<GroundTriangle> m_triangles; // while building: sorted leaf by leaf, then dropped
    std::size_t m_size = 0;
    std::vector<CacheLine, HugePageAllocator<CacheLine>> m_leaves; // the leaves' blocks, in that order
    std::vector<Node, HugePageAllocator<Node>> m_nodes;            // the root first, the grid's after the tree's
    std::uint32_t m_treeNodes = 0;                                 // the tree's nodes; the grid's follow
    std::uint32_t m_gridW = 0, m_gridH = 0;                        // cells across and down; 0: no grid
    double m_gridX0 = 0, m_gridY0 = 0, m_cellsPerX = 0, m_cellsPerY = 0;
    PlanBox m_bounds;
};

// A grid of heights over a rectangle: column c, row r (row 0 at the north edge y1) is the height at
// x = x0 + c (x1 - x0) / (W - 1), y = y1 - r (y1 - y0) / (H - 1); bilinear between them.
class HeightGrid : public GroundSource {
public:
    // An image's own samples, 8 or 16 bits each, row by row, read where they lie (a heightmap reference
    // decodes its file once, however many grids read it): each sample's height is
    // z0 + (z1 - z0) * level / full, full being 255 or 65535. `owner` keeps the samples alive.
    struct Levels {
        int width = 0, height = 0;
        int bits = 8;                        // 8 or 16
        const unsigned char *rows = nullptr; // the first row's first sample
        std::size_t rowBytes = 0;            // from one row to the next
        std::shared_ptr<const void> owner;
    };
    // `heights` row by row, width * height of them (at least 2 x 2); x0 < x1, y0 < y1.
    HeightGrid(int width, int height, std::vector<double> heights, double x0, double y0, double x1, double y1);
    // The heights of `levels` between z0 (level 0) and z1 (full); at least 2 x 2 of them.
    HeightGrid(Levels levels, double z0, double z1, double x0, double y0, double x1, double y1);
    std::optional<double> highest(double x, double y) const override;
    std::optional<double> highestBelow(double x, double y, double z) const override;
    PlanBox bounds() const override { return {m_x0, m_y0, m_x1, m_y1}; }
    // Cell by cell along the ray's plan path, each cell's bilinear surface met exactly (a quadratic).
    std::optional<double> firstHit(Vec3 origin, Vec3 direction, double far) const override;
    int width() const { return m_width; }
    int height() const { return m_height; }
    double at(int column, int row) const
    {
        if (!m_levels.rows) return m_heights[std::size_t(row) * std::size_t(m_width) + std::size_t(column)];
        const unsigned char *line = m_levels.rows + std::size_t(row) * m_levels.rowBytes;
        const double level =
            m_levels.bits == 16 ? double(reinterpret_cast<const std::uint16_t *>(line)[column]) : double(line[column]);
        return m_z0 + (m_z1 - m_z0) * level / m_full;
    }

private:
    int m_width, m_height;
    std::vector<double> m_heights; // given as heights, or
    Levels m_levels;               // read from an image's samples
    double m_z0 = 0, m_z1 = 1, m_full = 1;
    double m_x0, m_y0, m_x1, m_y1;
};

// Two ground heights at one place closer than this are one surface (a mesh's seams, a terrain under
// a decal); level units.
inline constexpr double kSurfaceGap = 1e-3;

// Every ground of a level together: the highest of their answers.
class GroundSet {
public:
    void add(std::shared_ptr<const GroundSource> source) { m_sources.push_back(std::move(source)); }
    bool empty() const { return m_sources.empty(); }
    std::optional<double> highest(double x, double y) const;
    std::optional<double> highestBelow(double x, double y, double z) const;
    // Where a point at height z lands: the highest ground at or below it, else (it is under the
    // ground) the highest ground there.
    std::optional<double> under(double x, double y, double z) const;
    // Every surface at (x, y), highest first: a deck, its underside, the road below... Surfaces closer
    // than kSurfaceGap count as one; at most `most` of them.
    std::vector<double> surfacesAt(double x, double y, std::size_t most = 16) const;
    // The surface at (x, y) nearest to height `reference` (of two as near, the higher); the highest
    // when the reference is not a number (nothing to be near yet). None where no ground covers it.
    // The one rule every placement on the ground follows (docs/ui.md "The level's ground").
    std::optional<double> nearestSurface(double x, double y, double reference) const;
    // Where the ray origin + t direction (0 <= t <= far) first meets any of the grounds: the least t.
    // A click in a 3D view lands there (the deck when the pointer is on the deck, the road beside it).
    std::optional<double> firstHit(Vec3 origin, Vec3 direction,
                                   double far = std::numeric_limits<double>::infinity()) const;
    // What all of them cover together.
    PlanBox bounds() const;
    // Each source, in the order added (views draw them).
    const std::vector<std::shared_ptr<const GroundSource>> &sources() const { return m_sources; }

private:
    std::vector<std::shared_ptr<const GroundSource>> m_sources;
};

} // namespace railforge::core
