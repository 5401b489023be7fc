#include "document/merge/theirs_text.h"

#include "document/model/object_ref.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/yaml_parser.h"
#include "document/yaml/yaml_spans.h"

#include <algorithm>
#include <map>
#include <set>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <unordered_set>

namespace railforge::document {
namespace {

// The lines of each object of a text, by "section\nid", its comment lines above it included.
struct ItemLines {
    TextSpan span;
    std::size_t column = 0;
};
using Items = std::unordered_map<std::string, ItemLines>;

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

// The items of `text`, read from `known` (its tree) when given, else parsed into `parsed`.
std::optional<Items> itemsOf(std::string_view text, const YamlTree *known, std::optional<YamlTree> &parsed)
{
    if (!known) {
        Diagnostics ignored;
        parsed = parseYamlTree(text, "", ignored);
        if (!parsed) return std::nullopt;
        known = &*parsed;
    }
    const YamlTree *tree = known;
    if (!tree->root().IsMap()) return std::nullopt;
    Items items;
    for (const char *section :
         {"references", "waypoints", "edges", "obstacles", "rails", "patrols", "junctions", "agents"}) {
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

// The objects present and equal in both levels, each as "section\nid" (the keys of itemsOf), found in
// one pass over each list.
std::unordered_set<std::string> sameObjects(const Level &a, const Level &b)
{
    std::unordered_set<std::string> same;
    const auto add = [&](const char *section, const auto &la, const auto &lb) {
        std::unordered_map<std::string, const std::decay_t<decltype(lb[0])> *> inB;
        for (const auto &y : lb) inB.emplace(objectKey(y), &y);
        for (const auto &x : la)
            if (const auto y = inB.find(objectKey(x)); y != inB.end() && x == *y->second)
                same.insert(std::string(section) + "\n" + objectKey(x));
    };
    add("references", a.references, b.references);
    add("waypoints", a.waypoints, b.waypoints);
    add("edges", a.edges, b.edges);
    add("obstacles", a.obstacles, b.obstacles);
    add("rails", a.rails, b.rails);
    add("patrols", a.patrols, b.patrols);
    add("junctions", a.junctions, b.junctions);
    add("agents", a.agents, b.agents);
    return same;
}

// The opening comment lines of a text (before its first key).
std::size_t headerEnd(std::string_view text)
{
    std::size_t at = 0;
    while (at < text.size() && (text[at] == '#' || text[at] == '\n')) at = nextLineStart(text, at);
    return at;
}

} // namespace

std::string withTheirsLines(std::string_view merged, const YamlTree *mergedTree, const Level &level,
                            const MergeInputs &sides)
{
    // The four texts' items, two on another thread: each is a walk over a tree of up to a million nodes.
    std::optional<YamlTree> treeB, treeO, treeT, treeM;
    std::optional<Items> base, ours;
    const auto baseAndOurs = [&] {
        base = itemsOf(sides.base.text, sides.base.tree, treeB);
        ours = itemsOf(sides.ours.text, sides.ours.tree, treeO);
    };
    std::thread other;
    try {
        other = std::thread(baseAndOurs);
    } catch (const std::system_error &) { // no thread to be had: one after the other
        baseAndOurs();
    }
    const auto theirs = itemsOf(sides.theirs.text, sides.theirs.tree, treeT);
    const auto out = itemsOf(merged, mergedTree, treeM);
    if (other.joinable()) other.join();
    if (!base || !ours || !theirs || !out) return std::string(merged);
    struct Replacement {
        TextSpan span;
        std::string text;
    };
    std::vector<Replacement> replacements;
    const std::unordered_set<std::string> takenWhole = sameObjects(level, *sides.theirs.level);
    for (const auto &[key, at] : *out) {
        const auto t = theirs->find(key);
        if (t == theirs->end()) continue;
        if (!takenWhole.count(key)) continue; // the merge did not take it whole
        const auto b = base->find(key);
        const auto o = ours->find(key);
        const bool newOfTheirs = b == base->end() && o == ours->end();
        const bool oursAsBase = b != base->end() && o != ours->end() &&
                                bytes(sides.base.text, b->second.span) == bytes(sides.ours.text, o->second.span);
        if (!newOfTheirs && !oursAsBase) continue;
        if (bytes(merged, at.span) == bytes(sides.theirs.text, t->second.span)) continue;
        replacements.push_back(
            {at.span, reindented(bytes(sides.theirs.text, t->second.span), t->second.column, at.column)});
    }
    const std::size_t headerB = headerEnd(sides.base.text), headerO = headerEnd(sides.ours.text),
                      headerT = headerEnd(sides.theirs.text);
    if (sides.base.text.substr(0, headerB) == sides.ours.text.substr(0, headerO) && headerEnd(merged) == headerO)
        replacements.push_back({{0, headerO}, std::string(sides.theirs.text.substr(0, headerT))});
    // Laid out once, front to back: thousands of objects taken from theirs cost one copy of the text.
    std::sort(replacements.begin(), replacements.end(),
              [](const Replacement &a, const Replacement &b) { return a.span.begin < b.span.begin; });
    std::string result;
    result.reserve(merged.size() + merged.size() / 8);
    std::size_t copied = 0;
    for (const Replacement &r : replacements) {
        result.append(merged.substr(copied, r.span.begin - copied));
        result += r.text;
        copied = r.span.end;
    }
    result.append(merged.substr(copied));
    return result;
}

std::string withTheirsText(std::string merged, const Level &level, const MergeInputs &sides)
{
    std::string result = withTheirsLines(merged, nullptr, level, sides);
    if (result == merged) return merged;
    const LoadResult check = readLevel(result, "");
    return check.level && *check.level == level ? result : merged;
}

} // namespace railforge::document
