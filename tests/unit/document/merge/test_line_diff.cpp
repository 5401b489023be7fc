// Property test (RapidCheck) of matchLines (line_diff.h), the Myers walk the comment merge places
// edits with: on random texts of few distinct lines (so many repeat), its matching pairs equal lines
// in order and is as long as the longest common subsequence a plain O(N·M) table finds; past
// maxDifferences it says so instead of answering.
#include "document/merge/line_diff.h"

#include <rapidcheck.h>

#include <string>
#include <vector>

using namespace railforge::document;

namespace {

// The longest common subsequence's length, by the textbook table.
std::size_t lcsLength(const std::vector<std::string_view> &a, const std::vector<std::string_view> &b)
{
    std::vector<std::vector<std::size_t>> t(a.size() + 1, std::vector<std::size_t>(b.size() + 1, 0));
    for (std::size_t i = 1; i <= a.size(); ++i)
        for (std::size_t j = 1; j <= b.size(); ++j)
            t[i][j] = a[i - 1] == b[j - 1] ? t[i - 1][j - 1] + 1 : std::max(t[i - 1][j], t[i][j - 1]);
    return t[a.size()][b.size()];
}

std::string randomText(int lines)
{
    std::string text;
    for (int i = 0; i < lines; ++i) text += "line " + std::to_string(*rc::gen::inRange(0, 5)) + "\n";
    return text;
}

} // namespace

int main()
{
    bool ok = rc::check("matchLines is a longest common subsequence", [] {
        const std::string x = randomText(*rc::gen::inRange(0, 40)), y = randomText(*rc::gen::inRange(0, 40));
        const auto a = textLines(x), b = textLines(y);
        const auto match = matchLines(a, b, 1000);
        RC_ASSERT(match.has_value());
        std::size_t count = 0, last = 0;
        bool first = true;
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (!(*match)[i]) continue;
            const std::size_t j = *(*match)[i];
            RC_ASSERT(j < b.size());
            RC_ASSERT(a[i] == b[j]);
            RC_ASSERT(first || j > last);
            first = false;
            last = j;
            ++count;
        }
        RC_ASSERT(count == lcsLength(a, b));
    });
    ok = rc::check("a walk longer than allowed says so",
                   [] {
                       const int n = *rc::gen::inRange(5, 30);
                       std::string x, y;
                       for (int i = 0; i < n; ++i)
                           x += "a" + std::to_string(i) + "\n", y += "b" + std::to_string(i) + "\n";
                       RC_ASSERT(!matchLines(textLines(x), textLines(y), std::size_t(n)).has_value());
                       RC_ASSERT(matchLines(textLines(x), textLines(y), std::size_t(2 * n)).has_value());
                   }) &&
         ok;
    return ok ? 0 : 1;
}
