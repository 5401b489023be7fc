// RailIndex: exact nearest point on rail curves (distance, segment, u, arc length s, tangent),
// "within range r?" and "all rails within r", in about O(log n) per query; coherent queries that
// start from a previous answer, and batches spread over every core.
//
// Bezier segments (one "piece" each) sit in a 4-wide bounding-volume hierarchy of their
// control-hull boxes (which contain the curve), split by the binned surface-area heuristic (by
// medians below 16 levels, which bounds the depth), searched branch-and-bound with a shrinking
// best distance, nearest box first. Node boxes are stored as floats rounded outwards (a node is two
// cache lines instead of four; the boxes only grow, so nothing is ever wrongly pruned) and
// compared in double. A candidate piece is settled exactly: the Bernstein coefficients of its
// squared distance |B(v) - p|^2 (a degree-6 polynomial) bound it from below, so a piece is
// rejected, or split by de Casteljau until the distance is monotone or has a single interior
// minimum, which a safeguarded Newton on d/dv = 0 polishes; piece ends are always candidates too.
// No sampling heuristics: the result is the true minimum to floating-point tolerance, also at
// joints and ends.
#pragma once

#include "core/arc_length.h"
#include "core/spline.h"
#include "core/vec3.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace railforge::core {

// One rail handed to a RailIndex: the caller's id and its curve.
struct IndexedCurve {
    int rail = 0; // caller's rail id (unique within one index)
    Curve curve;  // control points and spline
};

// One rail handed to a RailIndex as ready-made Bezier segments (e.g. a curve projected to a plane).
struct IndexedSegments {
    int rail = 0;                      // caller's rail id (unique within one index)
    std::vector<CubicBezier> segments; // the curve, segment by segment
    bool closed = false;               // whether the last segment joins the first (for tangents)
};

// Answer to a nearest-point query.
struct RailHit {
    int rail = 0;            // id of the rail the point lies on
    std::size_t segment = 0; // segment of the nearest point
    double u = 0.0;          // local parameter t on that segment, in [0, 1]
    double s = 0.0;          // arc length from the rail's start to the point
    Vec3 point;              // the nearest point on the curve
    double distance = 0.0;   // distance from the query point to `point`
    Vec3 tangent;            // unit direction of travel there (zero only on a zero-length rail)
};

// How nearestBatch runs.
struct BatchOptions {
    unsigned threads = 0;    // worker threads; 0: one per core (std::thread::hardware_concurrency)
    std::optional<int> rail; // only this rail (as nearest(p, rail)); all rails when unset
};

// Immutable spatial index over rail curves; queries are const and thread-safe.
class RailIndex {
public:
    // Children per BVH node.
    static constexpr int kWidth = 4;

    // An empty index: every query finds nothing.
    RailIndex() = default;
    // Index one curve under id `rail`.
    explicit RailIndex(const Curve &curve, int rail = 0);
    // Index many rails; throws std::invalid_argument on duplicate ids or non-finite points.
    // Rails with fewer than 2 points have no curve and are never found.
    explicit RailIndex(const std::vector<IndexedCurve> &rails);
    // Index rails given as Bezier segments; same rules as above.
    explicit RailIndex(const std::vector<IndexedSegments> &rails);

    // Nearest point over all rails (ties: first found); nullopt when empty or p is not finite.
    std::optional<RailHit> nearest(Vec3 p) const;
    // Nearest point on rail `rail` only; nullopt for an unknown or empty rail.
    std::optional<RailHit> nearest(Vec3 p, int rail) const;
    // Coherent queries: the same exact answer as nearest(p) (up to ties), found faster when p is
    // near the point `hint` answered for, typically the previous query of a moving rider or cursor.
    // The search starts at the hint's segment, walks along its rail's joints (points on the curve)
    // while they come closer, and takes the nearest as its first bound. Any hint is safe: one from
    // another index (e.g. before an edit) or with an unknown rail or segment only makes it cold.
    std::optional<RailHit> nearest(Vec3 p, const RailHit &hint) const;
    // The same on rail `rail` only (as nearest(p, rail)).
    std::optional<RailHit> nearest(Vec3 p, int rail, const RailHit &hint) const;
    // Nearest point of every point, in input order (nullopt where nearest(p) would give none),
    // spread over options.threads threads. Each thread takes a contiguous share, visits it in a
    // space-filling-curve order and hints every query with its predecessor's answer. Small batches
    // run on the calling thread.
    std::vector<std::optional<RailHit>> nearestBatch(std::span<const Vec3> points,
                                                     const BatchOptions &options = {}) const;
    // The same into a caller's buffer of points.size() answers (reused across calls, it saves the
    // first-touch cost of fresh memory); throws std::invalid_argument on a size mismatch.
    void nearestBatch(std::span<const Vec3> points, std::span<std::optional<RailHit>> out,
                      const BatchOptions &options = {}) const;
    // True when some rail passes within distance r of p (r inclusive); stops at the first proof.
    bool withinRange(Vec3 p, double r) const;
    // Nearest point of every rail within distance r of p, nearest first (ties by rail id).
    std::vector<RailHit> allWithin(Vec3 p, double r) const;

    // Number of rails indexed (including empty ones).
    std::size_t railCount() const { return m_rails.size(); }
    // Arc-length table of rail `rail` (for sampling), or nullptr for an unknown id.
    const ArcLengthTable *arcLength(int rail) const;
    // Bytes held by the index: tree, pieces, lookup tables and the rails' arc-length tables.
    std::size_t memoryBytes() const;
    // Segments indexed over all rails.
    std::size_t segmentCount() const { return m_pieces.size(); }

private:
    // Axis-aligned box.
    struct Box {
        Vec3 lo; // minimum corner
        Vec3 hi; // maximum corner
    };
    // Inner BVH node holding its children's boxes, axis-major so that SIMD tests them together.
    // Floats rounded outwards: 112 bytes, two cache lines (doubles took four).
    struct alignas(64) Node {
        float lo[3][kWidth];         // [axis][child] minimum corners (+inf for an unused child)
        float hi[3][kWidth];         // [axis][child] maximum corners (-inf for an unused child)
        std::uint32_t child[kWidth]; // a node index, a piece index | kPieceBit, or kNone
    };
    // Where a piece (one segment, stored in tree order in m_pieces) belongs.
    struct PieceInfo {
        std::uint32_t segment;    // segment index on its rail
        std::uint32_t rail;       // internal rail index (position in m_rails)
        std::uint32_t firstBreak; // the segment's first arc-length break (prefetched for the hit)
    };
    // One indexed rail.
    struct Rail {
        int id;                   // caller's id
        ArcLengthTable arc;       // segments + arc-length table (for s and tangents)
        std::uint32_t root;       // its subtree (node or piece reference), kNone when it has no curve
        std::uint32_t firstPiece; // its segments' entries in m_pieceOf
        Box box;                  // bounds of the whole rail
    };
    // Search state of one query (defined in the .cpp).
    struct Search;
    // Tree building helpers (defined in the .cpp).
    struct Builder;

    static constexpr std::uint32_t kPieceBit = 0x80000000u; // marks piece references among children
    static constexpr std::uint32_t kNone = 0xffffffffu;     // "no subtree"

    // Index one rail: its arc-length table, pieces and subtree.
    void addRail(int id, ArcLengthTable table);
    // Checks ids for duplicates and fills m_byId.
    template <typename Rails>
    void registerIds(const Rails &rails);
    // Build the top tree over the rails' subtrees.
    void buildTop();
    // Turn a finished search into a hit.
    RailHit makeHit(const Search &search) const;
    // One query over the subtree of `root`, optionally started from a hint.
    std::optional<RailHit> query(Vec3 p, std::uint32_t root, const Box &box, const RailHit *hint) const;
    // The first candidate of a hinted search: the nearest joint found walking from the hint.
    void walkFromHint(Search &search, const RailHit &hint, std::uint32_t root) const;
    // Internal index of rail id, or -1.
    std::ptrdiff_t findRail(int id) const;

    std::vector<Node> m_nodes;                         // every inner node, all rails and the top tree
    std::vector<CubicBezier> m_pieces;                 // every segment, in tree order (what a query reads)
    std::vector<PieceInfo> m_pieceInfo;                // where each piece belongs (read for the answer)
    std::vector<std::uint32_t> m_pieceOf;              // piece of each rail's segments (rail.firstPiece + segment)
    std::vector<Rail> m_rails;                         // rails in input order
    std::vector<std::pair<int, std::uint32_t>> m_byId; // (id, rail index), sorted by id
    std::uint32_t m_root = kNone;                      // root of the whole hierarchy
    Box m_rootBox{};                                   // bounds of everything
};

} // namespace railforge::core
