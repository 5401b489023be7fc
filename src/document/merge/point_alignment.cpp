#include "document/merge/point_alignment.h"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace railforge::document {
namespace {

// Beyond this many cells the middle of two point lists is not searched for its longest common run:
// the middle is then taken index by index where the counts agree, else as replaced whole.
constexpr std::size_t kMaxSearchCells = 4'000'000;

double squaredDistance(const core::Vec3 &a, const core::Vec3 &b)
{
    const core::Vec3 d = a - b;
    return d.x * d.x + d.y * d.y + d.z * d.z;
}

// Pairs base[b0, b1) with side[s0, s1) in order, as many pairs as the shorter has, choosing which of
// the longer's points take part so the pairs lie nearest (least summed squared distance).
void pairGap(const std::vector<core::Vec3> &base, std::size_t b0, std::size_t b1, const std::vector<core::Vec3> &side,
             std::size_t s0, std::size_t s1, PointAlignment &out)
{
    const std::size_t nb = b1 - b0, ns = s1 - s0;
    if (nb == 0 || ns == 0) return;
    if (nb == ns || nb * ns > kMaxSearchCells) {
        if (nb == ns)
            for (std::size_t k = 0; k < ns; ++k) out[s0 + k] = b0 + k;
        return; // unequal and too large to search: BASE's gone, the side's new
    }
    // cost[i][j]: the best pairing of base[b0, b0 + i) with side[s0, s0 + j) using min(i, j) pairs.
    const std::size_t w = ns + 1;
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<double> cost((nb + 1) * w, inf);
    const auto at = [&](std::size_t i, std::size_t j) -> double & { return cost[i * w + j]; };
    // Only the longer list's points may be left out: all of the shorter's are paired.
    for (std::size_t j = 0; j <= ns; ++j) at(0, j) = j == 0 || ns > nb ? 0 : inf;
    for (std::size_t i = 0; i <= nb; ++i) at(i, 0) = i == 0 || nb > ns ? 0 : inf;
    for (std::size_t i = 1; i <= nb; ++i)
        for (std::size_t j = 1; j <= ns; ++j) {
            double best = at(i - 1, j - 1) + squaredDistance(base[b0 + i - 1], side[s0 + j - 1]);
            if (ns > nb && j > i) best = std::min(best, at(i, j - 1)); // side point j - 1 is new
            if (nb > ns && i > j) best = std::min(best, at(i - 1, j)); // base point i - 1 is gone
            at(i, j) = best;
        }
    for (std::size_t i = nb, j = ns; i > 0 && j > 0;) {
        const double pair = at(i - 1, j - 1) + squaredDistance(base[b0 + i - 1], side[s0 + j - 1]);
        if (at(i, j) == pair) {
            out[s0 + j - 1] = b0 + i - 1;
            --i;
            --j;
        } else if (ns > nb && j > i && at(i, j) == at(i, j - 1)) {
            --j;
        } else {
            --i;
        }
    }
}

} // namespace

PointAlignment alignPoints(const std::vector<core::Vec3> &base, const std::vector<core::Vec3> &side)
{
    PointAlignment out(side.size());
    // What is unchanged at either end first: most edits touch a few points in one place.
    std::size_t head = 0;
    while (head < base.size() && head < side.size() && base[head] == side[head]) {
        out[head] = head;
        ++head;
    }
    std::size_t tail = 0;
    while (tail < base.size() - head && tail < side.size() - head &&
           base[base.size() - 1 - tail] == side[side.size() - 1 - tail]) {
        out[side.size() - 1 - tail] = base.size() - 1 - tail;
        ++tail;
    }
    const std::size_t b0 = head, b1 = base.size() - tail, s0 = head, s1 = side.size() - tail;
    const std::size_t nb = b1 - b0, ns = s1 - s0;
    if (nb == 0 || ns == 0) return out;
    if (nb * ns > kMaxSearchCells) {
        pairGap(base, b0, b1, side, s0, s1, out);
        return out;
    }
    // The longest common run of the middles (positions equal), by dynamic programming.
    const std::size_t w = ns + 1;
    std::vector<std::uint32_t> run((nb + 1) * w, 0);
    for (std::size_t i = nb; i-- > 0;)
        for (std::size_t j = ns; j-- > 0;)
            run[i * w + j] = base[b0 + i] == side[s0 + j] ? run[(i + 1) * w + j + 1] + 1
                                                          : std::max(run[(i + 1) * w + j], run[i * w + j + 1]);
    // Matched points, and each gap between them paired as moved points.
    std::size_t i = 0, j = 0, gapB = 0, gapS = 0;
    while (i < nb && j < ns) {
        if (base[b0 + i] == side[s0 + j] && run[i * w + j] == run[(i + 1) * w + j + 1] + 1) {
            pairGap(base, b0 + gapB, b0 + i, side, s0 + gapS, s0 + j, out);
            out[s0 + j] = b0 + i;
            gapB = ++i;
            gapS = ++j;
        } else if (run[(i + 1) * w + j] >= run[i * w + j + 1]) {
            ++i;
        } else {
            ++j;
        }
    }
    pairGap(base, b0 + gapB, b1, side, s0 + gapS, s1, out);
    return out;
}

bool isReversal(const std::vector<core::Vec3> &base, const std::vector<core::Vec3> &side)
{
    return base.size() > 1 && side.size() == base.size() && std::equal(base.begin(), base.end(), side.rbegin()) &&
           base != side;
}

} // namespace railforge::document
