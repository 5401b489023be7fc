// RailIndex::nearestBatch: many queries spread over threads, answers in input order.
//
// Each thread takes a contiguous share of the input and visits it along a Morton (Z-order) curve
// over the index's bounds, so consecutive queries are near each other: the tree nodes and segments
// they read are still in the core's cache, and each query starts from its predecessor's answer
// (a hinted query: the same exact answer, found with a tighter first bound). Shares are equal,
// the threads share nothing but the const index, and every buffer is allocated before they start,
// so a thread can neither wait on another nor throw.
#include "core/memory_hints.h"
#include "core/rail_index.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <system_error>
#include <thread>

namespace railforge::core {

namespace {

// Below this many queries a thread costs more to start than it saves.
constexpr std::size_t kMinPerThread = 4096;
// Bits per axis of the Morton key (30 bits in all, sorted in three radix passes).
constexpr int kMortonBits = 10;
constexpr int kRadixBits = 10;

// The low 10 bits of v spread out to every third bit.
std::uint32_t spreadBits(std::uint32_t v)
{
    v &= 0x3ffu;
    v = (v | (v << 16)) & 0x030000ffu;
    v = (v | (v << 8)) & 0x0300f00fu;
    v = (v | (v << 4)) & 0x030c30c3u;
    v = (v | (v << 2)) & 0x09249249u;
    return v;
}

// Cell of coordinate x in [lo, lo + 1 / scale * 1024), clamped (outside points join the edge cells).
std::uint32_t cellOf(double x, double lo, double scale)
{
    const double cell = (x - lo) * scale;
    if (!(cell > 0.0)) // also NaN: a non-finite query has no answer, its place does not matter
        return 0;
    return cell >= 1023.0 ? 1023u : static_cast<std::uint32_t>(cell);
}

// Sort `items` (Morton key << 32 | input index) by key with a stable LSD radix sort, using `scratch`
// (same size) as the other buffer.
void sortByKey(std::span<std::uint64_t> items, std::span<std::uint64_t> scratch)
{
    std::span<std::uint64_t> from = items;
    std::span<std::uint64_t> to = scratch;
    for (int pass = 0; pass < 3 * kMortonBits / kRadixBits; ++pass) {
        const int shift = 32 + pass * kRadixBits;
        std::size_t count[(1u << kRadixBits) + 1] = {};
        for (const std::uint64_t item : from) ++count[((item >> shift) & ((1u << kRadixBits) - 1)) + 1];
        for (std::size_t b = 1; b <= (1u << kRadixBits); ++b) count[b] += count[b - 1];
        for (const std::uint64_t item : from) to[count[(item >> shift) & ((1u << kRadixBits) - 1)]++] = item;
        std::swap(from, to);
    }
    if (from.data() != items.data()) std::copy(from.begin(), from.end(), items.begin());
}

} // namespace

void RailIndex::nearestBatch(std::span<const Vec3> points, std::span<std::optional<RailHit>> out,
                             const BatchOptions &options) const
{
    if (out.size() != points.size())
        throw std::invalid_argument("rail index: nearestBatch needs one answer slot per point");
    std::uint32_t root = m_root;
    Box box = m_rootBox;
    if (options.rail) {
        const std::ptrdiff_t k = findRail(*options.rail);
        root = k < 0 ? kNone : m_rails[static_cast<std::size_t>(k)].root;
        box = k < 0 ? Box{} : m_rails[static_cast<std::size_t>(k)].box;
    }
    const std::size_t n = points.size();
    if (n == 0) return;
    if (root == kNone) {
        std::fill(out.begin(), out.end(), std::nullopt);
        return;
    }
    if (n >= kPieceBit) throw std::length_error("rail index: too many points in one batch");

    // Morton cells over the searched box (a cube, so that cells are cubes too).
    const Vec3 size = box.hi - box.lo;
    const double side = std::max({size.x, size.y, size.z});
    const double scale = side > 0.0 && std::isfinite(side) ? 1024.0 / side : 0.0;
    std::vector<std::uint64_t> order(n);
    std::vector<std::uint64_t> scratch(n);

    unsigned threads = options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    threads = static_cast<unsigned>(std::clamp<std::size_t>(n / kMinPerThread, 1, threads));

    auto work = [&](std::size_t begin, std::size_t end) {
        const std::span<std::uint64_t> items(order.data() + begin, end - begin);
        for (std::size_t i = begin; i < end; ++i) {
            const Vec3 &p = points[i];
            const std::uint32_t key = spreadBits(cellOf(p.x, box.lo.x, scale)) |
                                      spreadBits(cellOf(p.y, box.lo.y, scale)) << 1 |
                                      spreadBits(cellOf(p.z, box.lo.z, scale)) << 2;
            items[i - begin] = std::uint64_t{key} << 32 | i;
        }
        sortByKey(items, std::span<std::uint64_t>(scratch.data() + begin, end - begin));
        const RailHit *previous = nullptr;
        for (const std::uint64_t item : items) {
            const std::size_t i = item & 0xffffffffu;
            out[i] = query(points[i], root, box, previous);
            if (out[i]) previous = &*out[i];
        }
    };

    std::vector<std::thread> pool;
    pool.reserve(threads - 1);
    const auto shareStart = [n, threads](unsigned t) { return n * t / threads; };
    unsigned started = 1;
    try {
        for (; started < threads; ++started) pool.emplace_back(work, shareStart(started), shareStart(started + 1));
    } catch (const std::system_error &) {
        // No more threads to be had: this thread takes the shares that found none.
    }
    work(shareStart(0), shareStart(1));
    for (unsigned t = started; t < threads; ++t) work(shareStart(t), shareStart(t + 1));
    for (std::thread &thread : pool) thread.join();
}

std::vector<std::optional<RailHit>> RailIndex::nearestBatch(std::span<const Vec3> points,
                                                            const BatchOptions &options) const
{
    std::vector<std::optional<RailHit>> out;
    out.reserve(points.size());
    adviseHugePages(out.data(), points.size() * sizeof(std::optional<RailHit>));
    out.resize(points.size());
    nearestBatch(points, out, options);
    return out;
}

} // namespace railforge::core
