#include "document/merge/comment_merge.h"

#include "document/merge/comment_diff.h"
#include "document/merge/line_diff.h"
#include "document/yaml/conflict_markers.h"

#include <algorithm>
#include <optional>

namespace railforge::document {
namespace {

using Lines = std::vector<std::string_view>;
using Match = std::vector<std::optional<std::size_t>>;

std::string_view withoutLineEnd(std::string_view l)
{
    while (!l.empty() && (l.back() == '\r' || l.back() == ' ' || l.back() == '\t')) l.remove_suffix(1);
    return l;
}

bool isBlank(std::string_view l) { return withoutLineEnd(l).empty(); }

// A line that is a comment and nothing else.
bool isCommentLine(std::string_view l)
{
    const std::size_t at = commentStart(l);
    return at != std::string_view::npos && l.substr(0, at).find_first_not_of(" \t") == std::string_view::npos;
}

// What a line says apart from its comment.
std::string_view codePart(std::string_view l)
{
    const std::size_t at = commentStart(l);
    return withoutLineEnd(at == std::string_view::npos ? l : l.substr(0, at));
}

// A line's comment with the blanks before it ("   # the main line"), empty when it has none.
std::string_view commentPart(std::string_view l)
{
    const std::string_view code = codePart(l);
    return withoutLineEnd(l.substr(code.size()));
}

bool onlyComments(const Lines &lines)
{
    return std::all_of(lines.begin(), lines.end(), [](std::string_view l) { return isBlank(l) || isCommentLine(l); });
}

// One stretch where THEIRS differs from BASE: BASE's lines [b0, b1) became THEIRS' [t0, t1).
struct Hunk {
    std::size_t b0, b1, t0, t1;
};

std::vector<Hunk> hunks(const Match &bt, std::size_t baseSize, std::size_t theirsSize)
{
    std::vector<Hunk> out;
    std::size_t i = 0, j = 0;
    while (i < baseSize || j < theirsSize) {
        if (i < baseSize && bt[i] && *bt[i] == j) {
            ++i, ++j;
            continue;
        }
        const std::size_t b0 = i, t0 = j;
        while (i < baseSize && !bt[i]) ++i;
        j = i < baseSize ? *bt[i] : theirsSize;
        out.push_back({b0, i, t0, j});
    }
    return out;
}

// One change to the merged text's lines: [from, to) replaced by `lines`.
struct Replacement {
    std::size_t from, to;
    std::vector<std::string> lines;
};

std::vector<std::string> owned(const Lines &lines) { return {lines.begin(), lines.end()}; }

Lines slice(const Lines &lines, std::size_t from, std::size_t to)
{
    return Lines(lines.begin() + long(from), lines.begin() + long(to));
}

class Placer {
public:
    Placer(const Lines &b, const Lines &t, const Lines &m, const Match &baseInMerged, CommentMerge &result,
           std::string sideName)
        : B(b), T(t), M(m), bm(baseInMerged), out(result), side(std::move(sideName))
    {}

    void place(const Hunk &h)
    {
        const Lines bl = slice(B, h.b0, h.b1), tl = slice(T, h.t0, h.t1);
        if (bl.size() == tl.size() && sameCode(bl, tl)) return trailing(h, bl, tl);
        if (onlyComments(bl) && onlyComments(tl)) return commentLines(h, bl, tl);
        // Lines of code changed with comments next to them: the comment lines at the hunk's end (and at
        // its start) are a comment hunk of their own, placed as one; the code is the merge's.
        const auto commentRun = [](const Lines &l, std::size_t from, std::size_t to, bool atEnd) {
            std::size_t n = 0;
            while (n < to - from &&
                   (isCommentLine(l[atEnd ? to - 1 - n : from + n]) || isBlank(l[atEnd ? to - 1 - n : from + n])))
                ++n;
            return n;
        };
        Hunk middle = h;
        const std::size_t bEnd = commentRun(B, h.b0, h.b1, true), tEnd = commentRun(T, h.t0, h.t1, true);
        if (bEnd + tEnd > 0 && bEnd < h.b1 - h.b0 && tEnd < h.t1 - h.t0) {
            commentLines({h.b1 - bEnd, h.b1, h.t1 - tEnd, h.t1}, slice(B, h.b1 - bEnd, h.b1),
                         slice(T, h.t1 - tEnd, h.t1));
            middle.b1 -= bEnd;
            middle.t1 -= tEnd;
        }
        const std::size_t bStart = commentRun(B, middle.b0, middle.b1, false),
                          tStart = commentRun(T, middle.t0, middle.t1, false);
        if (bStart + tStart > 0 && bStart < middle.b1 - middle.b0 && tStart < middle.t1 - middle.t0) {
            commentLines({middle.b0, middle.b0 + bStart, middle.t0, middle.t0 + tStart},
                         slice(B, middle.b0, middle.b0 + bStart), slice(T, middle.t0, middle.t0 + tStart));
            middle.b0 += bStart;
            middle.t0 += tStart;
        }
        newCommentsAbove(middle, slice(B, middle.b0, middle.b1), slice(T, middle.t0, middle.t1));
    }

    std::vector<Replacement> replacements;

private:
    const Lines &B, &T, &M;
    const Match &bm;
    CommentMerge &out;
    std::string side;

    static bool sameCode(const Lines &a, const Lines &b)
    {
        for (std::size_t i = 0; i < a.size(); ++i)
            if (codePart(a[i]) != codePart(b[i])) return false;
        return true;
    }

    // Where BASE's line `i` stands in the merged text: -1 before the first, M.size() past the last.
    std::optional<long> mergedAt(long i) const
    {
        if (i < 0) return -1;
        if (std::size_t(i) >= B.size()) return long(M.size());
        if (const auto at = bm[std::size_t(i)]) return long(*at);
        return std::nullopt;
    }

    void conflict(std::size_t from, std::size_t to, const Lines &ours, const std::vector<std::string> &theirs)
    {
        std::vector<std::string> lines{"<<<<<<< " + std::string(kOursLabelPrefix) +
                                       "a comment (ours and theirs each changed it)"};
        for (std::string_view l : ours) lines.emplace_back(l);
        lines.emplace_back("=======");
        lines.insert(lines.end(), theirs.begin(), theirs.end());
        lines.emplace_back(">>>>>>> theirs");
        out.conflicts.push_back("a comment at line " + std::to_string(from + 1) +
                                " of ours' text (ours and theirs "
                                "each changed it)");
        replacements.push_back({from, to, std::move(lines)});
    }

    // The side's comments that found no place, unless the merged text holds them anyway.
    void unplaced(const Lines &tl, std::size_t t0)
    {
        for (std::size_t i = 0; i < tl.size(); ++i) {
            const std::size_t at = commentStart(tl[i]);
            if (at == std::string_view::npos) continue;
            const std::string_view words = withoutLineEnd(tl[i].substr(at));
            if (std::any_of(M.begin(), M.end(), [&](std::string_view l) { return l.find(words) != l.npos; })) continue;
            out.unplaced.push_back(side + "' line " + std::to_string(t0 + i + 1) + ": " + std::string(words));
        }
    }

    // Whether `lines` holds `run` as consecutive lines.
    static bool contains(const Lines &lines, const Lines &run)
    {
        return !run.empty() && std::search(lines.begin(), lines.end(), run.begin(), run.end()) != lines.end();
    }

    // THEIRS' new comment lines put in at line `at` of the merged text, unless the comment lines just
    // above or below it already hold them (the merge took THEIRS' own text there).
    void insert(std::size_t at, const Lines &run)
    {
        std::size_t top = at, bottom = at;
        while (top > 0 && (isCommentLine(M[top - 1]) || isBlank(M[top - 1]))) --top;
        while (bottom < M.size() && (isCommentLine(M[bottom]) || isBlank(M[bottom]))) ++bottom;
        Lines near = slice(M, top, bottom);
        Lines comments;
        for (std::string_view l : run)
            if (!isBlank(l)) comments.push_back(l);
        if (std::all_of(comments.begin(), comments.end(),
                        [&](std::string_view l) { return std::find(near.begin(), near.end(), l) != near.end(); }))
            return;
        replacements.push_back({at, at, owned(run)});
    }

    // Lines whose code is BASE's and whose trailing comments THEIRS changed.
    void trailing(const Hunk &h, const Lines &bl, const Lines &tl)
    {
        for (std::size_t p = 0; p < bl.size(); ++p) {
            if (bl[p] == tl[p]) continue;
            const long i = long(h.b0 + p);
            std::optional<long> at = mergedAt(i);
            if (!at) { // the line changed in the merge: it is the one between its unchanged neighbours
                const auto before = mergedAt(i - 1), after = mergedAt(i + 1);
                if (before && after && *after == *before + 2) at = *before + 1;
            }
            if (!at || *at < 0 || std::size_t(*at) >= M.size()) {
                unplaced({tl[p]}, h.t0 + p);
                continue;
            }
            const std::string_view mine = M[std::size_t(*at)];
            if (commentPart(mine) == commentPart(tl[p])) continue; // already so
            const std::string taken = std::string(codePart(mine)) + std::string(commentPart(tl[p]));
            if (commentPart(mine) == commentPart(bl[p])) // ours left the comment alone
                replacements.push_back({std::size_t(*at), std::size_t(*at) + 1, {taken}});
            else
                conflict(std::size_t(*at), std::size_t(*at) + 1, {mine}, {taken});
        }
    }

    // Comment lines alone, changed, added or removed by THEIRS.
    void commentLines(const Hunk &h, const Lines &bl, const Lines &tl)
    {
        const auto before = mergedAt(long(h.b0) - 1), after = mergedAt(long(h.b1));
        if (before && after && *after > *before) {
            const auto from = std::size_t(*before + 1), to = std::size_t(*after);
            const Lines region = slice(M, from, to);
            if (region == tl) return;
            if (region == bl) return replacements.push_back({from, to, owned(tl)});
            if (onlyComments(region)) return conflict(from, to, region, owned(tl));
            if (contains(region, tl)) return; // OURS' lines around THEIRS' comment, already there
            // OURS put lines of its own here: THEIRS' edit goes to BASE's comment lines where they still
            // are, a new comment just above the line it was written above.
            if (!bl.empty() && region.size() >= bl.size()) {
                if (slice(region, 0, bl.size()) == bl)
                    return replacements.push_back({from, from + bl.size(), owned(tl)});
                if (slice(region, region.size() - bl.size(), region.size()) == bl)
                    return replacements.push_back({to - bl.size(), to, owned(tl)});
            }
            if (bl.empty()) return insert(to, tl);
            return unplaced(tl, h.t0);
        }
        // A neighbour changed in the merge: BASE's own comment lines, where they still stand together.
        if (!bl.empty()) {
            const auto first = mergedAt(long(h.b0)), last = mergedAt(long(h.b1) - 1);
            if (first && last && *last - *first == long(bl.size()) - 1)
                return replacements.push_back({std::size_t(*first), std::size_t(*last) + 1, owned(tl)});
        } else if (after && *after >= 0) {
            return insert(std::size_t(*after), tl);
        } else if (before) {
            return insert(std::size_t(*before + 1), tl);
        }
        unplaced(tl, h.t0);
    }

    // Lines of THEIRS' own (a new object, say) with new comment lines above some: each such run of
    // comments goes above the same line in the merged text, below any comment OURS wrote there.
    void newCommentsAbove(const Hunk &h, const Lines &bl, const Lines &tl)
    {
        // The merged text's stretch for this hunk: between the nearest BASE lines it kept.
        long lo = long(h.b0) - 1, hi = long(h.b1);
        while (lo >= 0 && !mergedAt(lo)) --lo;
        while (std::size_t(hi) < B.size() && !mergedAt(hi)) ++hi;
        const std::size_t from = std::size_t(*mergedAt(lo) + 1), to = std::size_t(*mergedAt(hi));
        for (std::size_t q = 0; q < tl.size();) {
            if (!isCommentLine(tl[q]) || std::find(bl.begin(), bl.end(), tl[q]) != bl.end()) {
                ++q;
                continue;
            }
            std::size_t end = q;
            while (end < tl.size() && (isCommentLine(tl[end]) || isBlank(tl[end]))) ++end;
            const Lines run = slice(tl, q, end);
            if (end == tl.size()) { // comments at the end of THEIRS' lines: placed as comment lines are
                commentLines({h.b1, h.b1, h.t0 + q, h.t0 + end}, {}, run);
                break;
            }
            const std::string_view below = tl[end];
            std::optional<std::size_t> at;
            int found = 0;
            for (std::size_t k = from; k < to && k < M.size(); ++k)
                if (M[k] == below) at = k, ++found;
            if (found != 1) {
                unplaced(run, h.t0 + q);
            } else {
                insert(*at, run);
            }
            q = end + 1;
        }
    }
};

} // namespace

CommentMerge mergeComments(std::string_view base, std::string_view theirs, std::string_view merged,
                           const std::string &sideName)
{
    CommentMerge result;
    result.text = std::string(merged);
    const Lines B = textLines(base), T = textLines(theirs), M = textLines(merged);
    const auto bt = matchLines(B, T);
    if (!bt) {
        result.tooDifferent = true;
        return result;
    }
    bool theirsTouchesComments = false;
    const std::vector<Hunk> changes = hunks(*bt, B.size(), T.size());
    for (const Hunk &h : changes)
        for (std::size_t j = h.t0; j < h.t1 && !theirsTouchesComments; ++j)
            theirsTouchesComments = commentStart(T[j]) != std::string_view::npos;
    for (const Hunk &h : changes)
        for (std::size_t i = h.b0; i < h.b1 && !theirsTouchesComments; ++i)
            theirsTouchesComments = commentStart(B[i]) != std::string_view::npos;
    if (!theirsTouchesComments) return result;
    const auto bm = matchLines(B, M);
    if (!bm) {
        result.tooDifferent = true;
        return result;
    }
    Placer placer(B, T, M, *bm, result, sideName);
    for (const Hunk &h : changes) placer.place(h);
    if (placer.replacements.empty()) return result;
    auto &edits = placer.replacements;
    std::stable_sort(edits.begin(), edits.end(),
                     [](const Replacement &a, const Replacement &b) { return a.from < b.from; });
    std::string text;
    text.reserve(merged.size() + 256);
    std::size_t next = 0;
    const auto add = [&](std::string_view line) {
        text += line;
        text += '\n';
    };
    for (const Replacement &r : edits) {
        if (r.from < next) { // two edits for one place: the first stands, the other is said
            result.unplaced.push_back(sideName + "' comment edit at line " + std::to_string(r.from + 1) +
                                      " of the merged text");
            continue;
        }
        for (; next < r.from; ++next) add(M[next]);
        for (const std::string &l : r.lines) add(l);
        next = r.to;
    }
    for (; next < M.size(); ++next) add(M[next]);
    if (!merged.empty() && merged.back() != '\n' && !text.empty()) text.pop_back();
    result.text = std::move(text);
    return result;
}

} // namespace railforge::document
