#include "document/merge/conflicted_level.h"

#include "document/merge/conflict_markers.h"
#include "document/merge/object_lists.h"
#include "document/merge/theirs_text.h"
#include "document/merge/value_text.h"
#include "document/model/object_ref.h"
#include "document/yaml/level_rewriter.h"
#include "document/yaml/level_writer.h"
#include "document/yaml/yaml_parser.h"
#include "document/yaml/yaml_spans.h"

#include <algorithm>
#include <map>

namespace railforge::document {
namespace {

// Adds from `from` the object called `key` when `into` lacks it, next to its neighbour in `from`.
template <typename T>
void addMissing(std::vector<T> &into, const std::vector<T> &from, const std::string &key)
{
    if (findByKey(into, key)) return;
    for (std::size_t i = 0; i < from.size(); ++i)
        if (objectKey(from[i]) == key) insertLike(into, from, i);
}

const char *sectionOf(const std::string &kind)
{
    const char *name = "level";
    const Level none;
    withKindList(none, kind, [&](const auto &, const char *section) { name = section; });
    return name;
}

// Whether the level holds the object a conflict is about (the level's own fields always).
bool present(const Level &level, const MergeConflict &c)
{
    bool found = c.kind == "level";
    withKindList(level, c.kind, [&](auto &list, const char *) { found = findByKey(list, c.id) != nullptr; });
    return found;
}

// The lines a conflict's object stands on in `text` (a level written as block lists), and the column
// of its item's dash.
struct Lines {
    TextSpan span;
    std::size_t column = 0;
};

std::optional<Lines> linesOf(std::string_view text, const YamlNode &root, const MergeConflict &c)
{
    if (c.kind == "level") {
        for (const YamlEntry &e : root) {
            if (!e.first.IsScalar() || e.first.Scalar() != "level") continue;
            const auto key = nodeSpan(text, e.first);
            const auto value = nodeSpan(text, e.second);
            if (!key || !value || !restOfLineIsBlank(text, value->end)) return std::nullopt;
            return Lines{{lineStart(text, key->begin), nextLineStart(text, value->end)}, 0};
        }
        return std::nullopt;
    }
    const YamlNode list = root[sectionOf(c.kind)];
    if (!list.IsSequence() || isFlowCollection(text, list)) return std::nullopt;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const YamlNode item = list[i];
        const std::string id =
            c.kind == "edge" ? item["from"].Scalar() + ">" + item["to"].Scalar() : item["id"].Scalar();
        if (id != c.id) continue;
        const auto lines = itemLines(text, item);
        if (!lines) return std::nullopt;
        return Lines{*lines, columnOf(text, *itemDash(text, item))};
    }
    return std::nullopt;
}

// Every conflict's lines in `text`, or nothing when one cannot be found.
std::optional<std::vector<Lines>> allLines(std::string_view text, const LevelMerge &merge,
                                           std::optional<YamlTree> &tree)
{
    Diagnostics ignored;
    tree = parseYamlTree(text, "", ignored);
    if (!tree || !tree->root().IsMap()) return std::nullopt;
    std::vector<Lines> out;
    for (const MergeConflict &c : merge.conflicts) {
        const auto lines = linesOf(text, tree->root(), c);
        if (!lines) return std::nullopt;
        out.push_back(*lines);
    }
    return out;
}

// The settled level with every conflict's object in it (from the other settlement when it lacks one),
// so that each conflict has lines to stand on.
Level withEveryConflict(Level settled, Level other, const LevelMerge &merge)
{
    for (const MergeConflict &c : merge.conflicts)
        withKindList(settled, c.kind, [&](auto &list, const char *) {
            using T = typename std::remove_reference_t<decltype(list)>::value_type;
            addMissing(list, listOf<T>(other), c.id);
        });
    return settled;
}

} // namespace

std::string writeMergedLevel(std::string_view baseText, std::string_view oursText, const Level &oursLevel,
                             std::string_view theirsText, const Level &theirsLevel, const LevelMerge &merge)
{
    // Nothing to merge: the side that changed, byte for byte.
    if (theirsText == baseText || theirsText == oursText) return std::string(oursText);
    if (oursText == baseText) return std::string(theirsText);
    const MergeTexts texts{baseText, oursText, theirsText, &theirsLevel};
    if (merge.clean()) return withTheirsText(rewriteLevel(oursText, merge.ours, &oursLevel).text, merge.ours, texts);
    const Level layoutOurs = withEveryConflict(merge.ours, merge.theirs, merge);
    const Level layoutTheirs = withEveryConflict(merge.theirs, merge.ours, merge);
    std::string textO = withTheirsText(rewriteLevel(oursText, layoutOurs, &oursLevel).text, layoutOurs, texts);
    std::string textT = rewriteLevel(theirsText, layoutTheirs, &theirsLevel).text;
    std::optional<YamlTree> treeO, treeT;
    auto linesO = allLines(textO, merge, treeO);
    auto linesT = allLines(textT, merge, treeT);
    if (!linesO || !linesT) { // a layout kept in flow lists: both sides written in the canonical form
        textO = writeLevel(layoutOurs);
        textT = writeLevel(layoutTheirs);
        linesO = allLines(textO, merge, treeO);
        linesT = allLines(textT, merge, treeT);
    }
    std::vector<std::size_t> order(merge.conflicts.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return (*linesO)[a].span.begin > (*linesO)[b].span.begin; });
    for (const std::size_t i : order) {
        const MergeConflict &c = merge.conflicts[i];
        const Lines &o = (*linesO)[i];
        const Lines &t = (*linesT)[i];
        std::string block = "<<<<<<< " + std::string(kOursLabelPrefix) + c.summary() + "\n";
        if (present(merge.ours, c)) block += textO.substr(o.span.begin, o.span.end - o.span.begin);
        block += "=======\n";
        if (present(merge.theirs, c))
            block +=
                reindented(std::string_view(textT).substr(t.span.begin, t.span.end - t.span.begin), t.column, o.column);
        block += ">>>>>>> theirs\n";
        textO.replace(o.span.begin, o.span.end - o.span.begin, block);
    }
    return textO;
}

} // namespace railforge::document
