#include "document/merge/theirs_text.h"

#include "document/merge/object_lists.h"
#include "document/model/object_ref.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/yaml_parser.h"
#include "document/yaml/yaml_spans.h"

#include <algorithm>
#include <map>

namespace railforge::document {
namespace {

// The lines of each object of a text, by "section\nid", its comment lines above it included.
struct ItemLines {
    TextSpan span;
    std::size_t column = 0;
};
using Items = std::map<std::string, ItemLines>;

// Where comment-only lines directly above `pos` (a line start) begin.
std::size_t commentsAbove(std::string_view text, std::size_t pos)
{
    while (pos > 0) {
        const std::size_t previous = lineStart(text, pos - 1);
        const std::string_view line = text.substr(previous, pos - previous);
        const std::size_t first = line.find_first_not_of(' ');
        if (first == std::string_view::npos || line[first] != '#') break;
        pos = previous;
    }
    return pos;
}

std::optional<Items> itemsOf(std::string_view text, std::optional<YamlTree> &tree)
{
    Diagnostics ignored;
    tree = parseYamlTree(text, "", ignored);
    if (!tree || !tree->root().IsMap()) return std::nullopt;
    Items items;
    for (const char *section : {"references", "waypoints", "edges", "obstacles", "rails", "patrols", "junctions"}) {
        const YamlNode list = tree->root()[section];
        if (!list.IsSequence() || isFlowCollection(text, list)) continue;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const YamlNode item = list[i];
            const std::string id = std::string(section) == "edges" ? item["from"].Scalar() + ">" + item["to"].Scalar()
                                                                   : item["id"].Scalar();
            const auto lines = itemLines(text, item);
            if (!lines) continue;
            items[std::string(section) + "\n" + id] = {{commentsAbove(text, lines->begin), lines->end},
                                                       columnOf(text, *itemDash(text, item))};
        }
    }
    return items;
}

std::string_view bytes(std::string_view text, TextSpan s) { return text.substr(s.begin, s.end - s.begin); }

// Whether the object `id` of `section` is the same in both levels (and present in both).
bool sameIn(const Level &a, const Level &b, const std::string &section, const std::string &id)
{
    const auto same = [&](const auto &la, const auto &lb) {
        const auto *x = findByKey(la, id);
        const auto *y = findByKey(lb, id);
        return x && y && *x == *y;
    };
    if (section == "references") return same(a.references, b.references);
    if (section == "waypoints") return same(a.waypoints, b.waypoints);
    if (section == "edges") return same(a.edges, b.edges);
    if (section == "obstacles") return same(a.obstacles, b.obstacles);
    if (section == "rails") return same(a.rails, b.rails);
    if (section == "patrols") return same(a.patrols, b.patrols);
    return same(a.junctions, b.junctions);
}

// The opening comment lines of a text (before its first key).
std::size_t headerEnd(std::string_view text)
{
    std::size_t at = 0;
    while (at < text.size() && (text[at] == '#' || text[at] == '\n')) at = nextLineStart(text, at);
    return at;
}

} // namespace

std::string withTheirsText(std::string merged, const Level &level, const MergeTexts &texts)
{
    std::optional<YamlTree> treeB, treeO, treeT, treeM;
    const auto base = itemsOf(texts.base, treeB);
    const auto ours = itemsOf(texts.ours, treeO);
    const auto theirs = itemsOf(texts.theirs, treeT);
    const auto out = itemsOf(merged, treeM);
    if (!base || !ours || !theirs || !out) return merged;
    struct Replacement {
        TextSpan span;
        std::string text;
    };
    std::vector<Replacement> replacements;
    for (const auto &[key, at] : *out) {
        const auto t = theirs->find(key);
        if (t == theirs->end()) continue;
        const std::string section = key.substr(0, key.find('\n'));
        const std::string id = key.substr(key.find('\n') + 1);
        if (!sameIn(level, *texts.theirsLevel, section, id)) continue; // the merge did not take it whole
        const auto b = base->find(key);
        const auto o = ours->find(key);
        const bool newOfTheirs = b == base->end() && o == ours->end();
        const bool oursAsBase = b != base->end() && o != ours->end() &&
                                bytes(texts.base, b->second.span) == bytes(texts.ours, o->second.span);
        if (!newOfTheirs && !oursAsBase) continue;
        if (bytes(merged, at.span) == bytes(texts.theirs, t->second.span)) continue;
        replacements.push_back({at.span, reindented(bytes(texts.theirs, t->second.span), t->second.column, at.column)});
    }
    const std::size_t headerB = headerEnd(texts.base), headerO = headerEnd(texts.ours),
                      headerT = headerEnd(texts.theirs);
    if (texts.base.substr(0, headerB) == texts.ours.substr(0, headerO) && headerEnd(merged) == headerO)
        replacements.push_back({{0, headerO}, std::string(texts.theirs.substr(0, headerT))});
    std::sort(replacements.begin(), replacements.end(),
              [](const Replacement &a, const Replacement &b) { return a.span.begin > b.span.begin; });
    std::string result = merged;
    for (const Replacement &r : replacements) result.replace(r.span.begin, r.span.end - r.span.begin, r.text);
    const LoadResult check = readLevel(result, "");
    return check.level && *check.level == level ? result : merged;
}

} // namespace railforge::document
