#include "document/merge/conflicted_level.h"

#include "document/merge/comment_merge.h"
#include "document/merge/object_lists.h"
#include "document/merge/theirs_text.h"
#include "document/merge/value_text.h"
#include "document/model/object_ref.h"
#include "document/yaml/conflict_markers.h"
#include "document/yaml/level_rewriter.h"
#include "document/yaml/level_writer.h"
#include "document/yaml/yaml_parser.h"
#include "document/yaml/yaml_spans.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace railforge::document {
namespace {

const char *sectionOf(const std::string &kind)
{
    const char *name = "level";
    const Level none;
    withKindList(none, kind, [&](const auto &, const char *section) { name = section; });
    return name;
}

// Every object of a level by kind and key ("waypoint", "w1"), found in one pass: a merge with
// thousands of conflicts asks for each of them.
std::set<std::pair<std::string, std::string>> objectsOf(const Level &level)
{
    std::set<std::pair<std::string, std::string>> out;
    for (const char *kind : {"waypoint", "edge", "obstacle", "rail", "patrol", "junction", "reference", "agent"})
        withKindList(level, kind, [&](const auto &list, const char *) {
            for (const auto &o : list) out.insert({kind, objectKey(o)});
        });
    return out;
}

// Whether the level holds the object a conflict is about (the level's own fields always).
bool present(const std::set<std::pair<std::string, std::string>> &objects, const MergeConflict &c)
{
    return c.kind == "level" || objects.count({c.kind, c.id});
}

// The lines a conflict's object stands on in `text` (a level written as block lists), and the column
// of its item's dash.
struct Lines {
    TextSpan span;
    std::size_t column = 0;
};

std::optional<Lines> levelLines(std::string_view text, const YamlNode &root)
{
    for (const YamlEntry &e : root) {
        if (!e.first.IsScalar() || e.first.Scalar() != "level") continue;
        const auto key = nodeSpan(text, e.first);
        const auto value = nodeSpan(text, e.second);
        if (!key || !value || !restOfLineIsBlank(text, value->end)) return std::nullopt;
        return Lines{{lineStart(text, key->begin), nextLineStart(text, value->end)}, 0};
    }
    return std::nullopt;
}

// Every conflict's lines in `text`, or nothing when one cannot be found. Each section a conflict is
// in is read once, its items by id.
std::optional<std::vector<Lines>> allLines(std::string_view text, const LevelMerge &merge,
                                           std::optional<YamlTree> &tree)
{
    Diagnostics ignored;
    tree = parseYamlTree(text, "", ignored);
    if (!tree || !tree->root().IsMap()) return std::nullopt;
    std::map<std::string, std::map<std::string, std::optional<Lines>>> sections; // by kind, then id
    std::vector<Lines> out;
    for (const MergeConflict &c : merge.conflicts) {
        std::optional<Lines> lines;
        if (c.kind == "level") {
            lines = levelLines(text, tree->root());
        } else {
            auto [items, isNew] = sections.try_emplace(c.kind);
            const YamlNode list = tree->root()[sectionOf(c.kind)];
            if (isNew && list.IsSequence() && !isFlowCollection(text, list))
                for (std::size_t i = 0; i < list.size(); ++i) {
                    const YamlNode item = list[i];
                    const std::string id =
                        c.kind == "edge" ? item["from"].Scalar() + ">" + item["to"].Scalar() : item["id"].Scalar();
                    const auto span = itemLines(text, item);
                    items->second.emplace(
                        id, span ? std::optional<Lines>(Lines{*span, columnOf(text, *itemDash(text, item))})
                                 : std::nullopt);
                }
            if (const auto found = items->second.find(c.id); found != items->second.end()) lines = found->second;
        }
        if (!lines) return std::nullopt;
        out.push_back(*lines);
    }
    return out;
}

// The settled level with every conflict's object in it (from the other settlement when it lacks one,
// next to its neighbour there), so that each conflict has lines to stand on.
Level withEveryConflict(Level settled, const Level &other, const LevelMerge &merge)
{
    const auto held = objectsOf(settled);
    std::map<std::string, std::set<std::string>> missing; // by kind
    for (const MergeConflict &c : merge.conflicts)
        if (!present(held, c)) missing[c.kind].insert(c.id);
    for (const auto &[kind, ids] : missing)
        withKindList(settled, kind, [&](auto &list, const char *) {
            using T = typename std::remove_reference_t<decltype(list)>::value_type;
            const std::vector<T> &from = listOf<T>(other);
            std::vector<std::size_t> indices;
            for (std::size_t i = 0; i < from.size(); ++i)
                if (ids.count(objectKey(from[i]))) indices.push_back(i);
            insertAllLike(list, from, indices);
        });
    return settled;
}

// The merge's result with every object it took whole from THEIRS (where OURS kept BASE's value) set
// back to OURS' value: what OURS' own text needs rewriting for before THEIRS' lines are put in. For a
// merge that only took objects from THEIRS it is OURS' level itself, and OURS' text needs no rewrite.
Level oursLayoutOf(const Level &merged, const MergeInputs &sides)
{
    Level layout = merged;
    for (const char *kind : {"waypoint", "edge", "obstacle", "rail", "patrol", "junction", "reference", "agent"})
        withKindList(layout, kind, [&](auto &list, const char *) {
            using T = typename std::remove_reference_t<decltype(list)>::value_type;
            std::unordered_map<std::string, const T *> base, ours, theirs;
            for (const T &o : listOf<T>(*sides.base.level)) base.emplace(objectKey(o), &o);
            for (const T &o : listOf<T>(*sides.ours.level)) ours.emplace(objectKey(o), &o);
            for (const T &o : listOf<T>(*sides.theirs.level)) theirs.emplace(objectKey(o), &o);
            for (T &o : list) {
                const auto b = base.find(objectKey(o)), m = ours.find(objectKey(o)), t = theirs.find(objectKey(o));
                if (b != base.end() && m != ours.end() && t != theirs.end() && *m->second == *b->second &&
                    o == *t->second)
                    o = *m->second;
            }
        });
    return layout;
}

} // namespace

namespace {

// The merge by object: OURS' text with what the merge took or made written in.
MergedText writeMergedObjects(const MergeInputs &sides, const LevelMerge &merge)
{
    // Nothing to merge: the side that changed, byte for byte.
    if (sides.theirs.text == sides.base.text || sides.theirs.text == sides.ours.text)
        return {std::string(sides.ours.text), std::nullopt};
    if (sides.ours.text == sides.base.text) return {std::string(sides.theirs.text), std::nullopt};
    if (merge.clean()) {
        // OURS' text rewritten only where the merge made something new, then THEIRS' own lines put in
        // for what it took from THEIRS, and the whole read back once. A merge of thousands of objects
        // each changed on one side so costs one reading of its result, not a rewrite of every object.
        const Level layout = oursLayoutOf(merge.ours, sides);
        const bool untouched = layout == *sides.ours.level;
        const RewrittenLevel rewritten = untouched
                                             ? RewrittenLevel{std::string(sides.ours.text), true}
                                             : rewriteLevel(sides.ours.text, layout, sides.ours.level, sides.ours.tree);
        // A layout that is no level of its own (an object of OURS naming what THEIRS renamed) is written
        // canonically by the rewrite: then the merge is rewritten whole, below.
        if (rewritten.keptPreviousText) {
            std::string text =
                withTheirsLines(rewritten.text, untouched ? sides.ours.tree : nullptr, merge.ours, sides);
            LoadResult check = readLevel(text, "");
            if (check.level && *check.level == merge.ours) return {std::move(text), std::move(check)};
        }
        // Else (also an object's text changed on both sides without a value change): the merge
        // rewritten over OURS' text, as any save is.
        return {withTheirsText(rewriteLevel(sides.ours.text, merge.ours, sides.ours.level, sides.ours.tree).text,
                               merge.ours, sides),
                std::nullopt};
    }
    const Level layoutOurs = withEveryConflict(merge.ours, merge.theirs, merge);
    const Level layoutTheirs = withEveryConflict(merge.theirs, merge.ours, merge);
    std::string textO = withTheirsText(
        rewriteLevel(sides.ours.text, layoutOurs, sides.ours.level, sides.ours.tree).text, layoutOurs, sides);
    std::string textT = rewriteLevel(sides.theirs.text, layoutTheirs, sides.theirs.level, sides.theirs.tree).text;
    std::optional<YamlTree> treeO, treeT;
    auto linesO = allLines(textO, merge, treeO);
    auto linesT = allLines(textT, merge, treeT);
    if (!linesO || !linesT) { // a layout kept in flow lists: both sides written in the canonical form
        textO = writeLevel(layoutOurs);
        textT = writeLevel(layoutTheirs);
        linesO = allLines(textO, merge, treeO);
        linesT = allLines(textT, merge, treeT);
    }
    // Each conflict's lines replaced by its block, the text rebuilt once in the order of the lines.
    std::vector<std::size_t> order(merge.conflicts.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return (*linesO)[a].span.begin < (*linesO)[b].span.begin; });
    const auto inOurs = objectsOf(merge.ours), inTheirs = objectsOf(merge.theirs);
    std::string result;
    result.reserve(textO.size() + textT.size() / 4);
    std::size_t copied = 0;
    for (const std::size_t i : order) {
        const MergeConflict &c = merge.conflicts[i];
        const Lines &o = (*linesO)[i];
        const Lines &t = (*linesT)[i];
        result.append(textO, copied, o.span.begin - copied);
        result += "<<<<<<< " + std::string(kOursLabelPrefix) + c.summary() + "\n";
        if (present(inOurs, c)) result.append(textO, o.span.begin, o.span.end - o.span.begin);
        result += "=======\n";
        if (present(inTheirs, c))
            result +=
                reindented(std::string_view(textT).substr(t.span.begin, t.span.end - t.span.begin), t.column, o.column);
        result += ">>>>>>> theirs\n";
        copied = o.span.end;
    }
    result.append(textO, copied, std::string::npos);
    return {std::move(result), std::nullopt};
}

} // namespace

MergedText writeMergedLevel(const MergeInputs &sides, const LevelMerge &merge)
{
    MergedText merged = writeMergedObjects(sides, merge);
    if (sides.theirs.text == sides.base.text || sides.ours.text == sides.base.text ||
        sides.theirs.text == sides.ours.text)
        return merged; // one side's text whole: its comments with it
    // Comments are no objects: THEIRS' comment edits are carried over line by line, then OURS' where
    // the merge wrote THEIRS' lines of an object over them.
    for (const auto &[side, name] : {std::pair{sides.theirs.text, "theirs"}, std::pair{sides.ours.text, "ours"}}) {
        CommentMerge comments = mergeComments(sides.base.text, side, merged.text, name);
        if (comments.text != merged.text) {
            merged.text = std::move(comments.text);
            merged.readBack.reset(); // its places counted other lines
        }
        merged.commentConflicts.insert(merged.commentConflicts.end(), comments.conflicts.begin(),
                                       comments.conflicts.end());
        merged.unplacedComments.insert(merged.unplacedComments.end(), comments.unplaced.begin(),
                                       comments.unplaced.end());
        merged.commentsTooDifferent = merged.commentsTooDifferent || comments.tooDifferent;
    }
    return merged;
}

} // namespace railforge::document
