#include "document/merge/line_diff.h"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace railforge::document {

std::vector<std::string_view> textLines(std::string_view text)
{
    std::vector<std::string_view> lines;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        lines.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    return lines;
}

std::optional<std::vector<std::optional<std::size_t>>>
matchLines(const std::vector<std::string_view> &a, const std::vector<std::string_view> &b, std::size_t maxDifferences)
{
    // Lines as numbers, so the walk compares integers.
    std::unordered_map<std::string_view, int> ids;
    const auto idsOf = [&](const std::vector<std::string_view> &lines) {
        std::vector<int> out;
        out.reserve(lines.size());
        for (const auto &l : lines) out.push_back(ids.emplace(l, int(ids.size())).first->second);
        return out;
    };
    const std::vector<int> x = idsOf(a), y = idsOf(b);
    std::vector<std::optional<std::size_t>> match(a.size());
    // Common head and tail first: most of a level's lines, matched without the walk.
    std::size_t head = 0;
    while (head < x.size() && head < y.size() && x[head] == y[head]) match[head] = head, ++head;
    std::size_t tail = 0;
    while (tail < x.size() - head && tail < y.size() - head && x[x.size() - 1 - tail] == y[y.size() - 1 - tail]) {
        match[x.size() - 1 - tail] = y.size() - 1 - tail;
        ++tail;
    }
    const long n = long(x.size() - head - tail), m = long(y.size() - head - tail);
    if (n == 0 || m == 0) return match;
    const auto X = [&](long i) { return x[head + std::size_t(i)]; };
    const auto Y = [&](long j) { return y[head + std::size_t(j)]; };
    // Myers' greedy walk. Each round keeps the reaches it started from (only its own diagonals, so the
    // kept reaches grow with D², not with D·(N+M)) to trace the path back.
    const long most = std::min<long>(n + m, long(maxDifferences));
    const long offset = most + 1;
    std::vector<long> v(std::size_t(2 * offset + 1), 0);
    std::vector<std::vector<long>> trace; // round d: v[-d..d] as the round found it
    const auto at = [&](const std::vector<long> &w, long k) { return w[std::size_t(offset + k)]; };
    long found = -1;
    for (long d = 0; d <= most && found < 0; ++d) {
        trace.emplace_back(v.begin() + (offset - d), v.begin() + (offset + d + 1));
        for (long k = -d; k <= d; k += 2) {
            long i = (k == -d || (k != d && at(v, k - 1) < at(v, k + 1))) ? at(v, k + 1) : at(v, k - 1) + 1;
            long j = i - k;
            while (i < n && j < m && X(i) == Y(j)) ++i, ++j;
            v[std::size_t(offset + k)] = i;
            if (i >= n && j >= m) {
                found = d;
                break;
            }
        }
    }
    if (found < 0) return std::nullopt;
    // Back from the end: each round's snake (its diagonal run) is a run of matched lines.
    long i = n, j = m;
    for (long d = found; d >= 0; --d) {
        const std::vector<long> &before = trace[std::size_t(d)];
        const auto reach = [&](long k) { return before[std::size_t(k + d)]; };
        const long k = i - j;
        long prevK = k, startI = 0;
        if (d > 0) {
            prevK = (k == -d || (k != d && reach(k - 1) < reach(k + 1))) ? k + 1 : k - 1;
            startI = reach(prevK) + (prevK == k - 1 ? 1 : 0);
        }
        while (i > startI && j > startI - k) {
            --i, --j;
            match[head + std::size_t(i)] = head + std::size_t(j);
        }
        if (d > 0) {
            i = reach(prevK);
            j = i - prevK;
        }
    }
    return match;
}

} // namespace railforge::document
