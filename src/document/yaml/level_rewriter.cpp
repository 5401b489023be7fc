#include "document/yaml/level_rewriter.h"

#include "document/text/text_encoding.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_writer.h"
#include "document/yaml/yaml_parser.h"
#include "document/yaml/yaml_patch.h"
#include "document/yaml/yaml_spans.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <type_traits>

namespace railforge::document {
namespace {

// The dash column of items in the canonical writing ("  - ").
constexpr std::size_t kWrittenDashColumn = 2;

// What matches an object before an edit with the same object after it: the id (an edge: its ends).
std::string matchKey(const Waypoint &w) { return w.id; }
std::string matchKey(const Edge &e) { return e.from + '\n' + e.to; }
std::string matchKey(const Obstacle &o) { return o.id; }
std::string matchKey(const Rail &r) { return r.id; }
std::string matchKey(const Patrol &p) { return p.id; }
std::string matchKey(const Junction &j) { return j.id; }
std::string matchKey(const Reference &r) { return r.id; }
std::string matchKey(const Agent &a) { return a.id; }

// A level holding only `objects`, written canonically and parsed back, to compare values node by node.
struct Written {
    std::string text;
    std::optional<YamlTree> tree;
    YamlNode section; // the section's value in `tree`
};

template <typename T>
std::unique_ptr<Written> writeAlone(const std::vector<T> &objects, const char *section)
{
    auto w = std::make_unique<Written>();
    Level level;
    listOf<T>(level) = objects;
    w->text = writeLevel(level);
    Diagnostics ignored;
    w->tree = parseYamlTree(w->text, "", ignored);
    if (w->tree) w->section = w->tree->root()[section];
    return w;
}

std::unique_ptr<Written> writeInfo(const LevelInfo &info)
{
    auto w = std::make_unique<Written>();
    Level level;
    level.info = info;
    w->text = writeLevel(level);
    Diagnostics ignored;
    w->tree = parseYamlTree(w->text, "", ignored);
    if (w->tree) w->section = w->tree->root()["level"];
    return w;
}

// Collects the edits of one save over the previous text.
class Rewriter {
public:
    Rewriter(std::string_view previous, const YamlNode &root) : m_text(previous), m_root(root) {}

    std::vector<TextEdit> edits;
    std::string appended; // whole sections the previous text did not have

    bool info(const LevelInfo &before, const LevelInfo &after)
    {
        if (before == after) return true;
        const YamlNode node = m_root["level"];
        if (!node) return false;
        const auto b = writeInfo(before);
        const auto a = writeInfo(after);
        const auto patch = patchValue(m_text, node, {b->text, b->section}, {a->text, a->section});
        if (!patch) return false;
        edits.insert(edits.end(), patch->begin(), patch->end());
        return true;
    }

    template <typename T>
    bool section(const char *name, const std::vector<T> &before, const std::vector<T> &after)
    {
        if (before == after) return true;
        std::optional<YamlEntry> entry;
        for (const YamlEntry &e : m_root)
            if (e.first.IsScalar() && e.first.Scalar() == name) entry = e;
        if (!entry) {
            if (!after.empty()) appended += sectionText(name, after);
            return true;
        }
        const auto keySpan = nodeSpan(m_text, entry->first);
        if (!keySpan || columnOf(m_text, keySpan->begin) != 0) return false;
        const YamlNode list = entry->second;
        if (!list.IsSequence() || isFlowCollection(m_text, list)) {
            // Empty or a flow list: the section is written anew where it stood.
            const auto valueSpan = list.IsNull() ? keySpan : nodeSpan(m_text, list);
            if (!valueSpan || !restOfLineIsBlank(m_text, valueSpan->end)) return false;
            edits.push_back({keySpan->begin, nextLineStart(m_text, valueSpan->end), sectionText(name, after)});
            return true;
        }
        if (list.size() != before.size()) return false;
        std::vector<TextSpan> lines;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const auto item = itemLines(m_text, list[i]);
            if (!item) return false;
            lines.push_back(*item);
        }
        const std::size_t regionStart = nextLineStart(m_text, keySpan->end);
        const std::size_t regionEnd = lines.back().end;
        if (after.empty()) {
            edits.push_back({keySpan->begin, regionEnd, std::string(name) + ": []\n"});
            return true;
        }
        const std::size_t dashColumn = columnOf(m_text, *itemDash(m_text, list[0]));
        const std::vector<std::optional<std::size_t>> match = matchObjects(before, after);
        std::string region;
        for (std::size_t j = 0; j < after.size(); ++j) {
            if (!match[j]) {
                const auto written = itemText(after[j], name, dashColumn);
                if (!written) return false;
                region += *written;
                continue;
            }
            const std::size_t i = *match[j];
            const std::size_t leadStart = i == 0 ? regionStart : lines[i - 1].end;
            region += m_text.substr(leadStart, lines[i].begin - leadStart); // the item's own comments
            if (before[i] == after[j]) {
                region += m_text.substr(lines[i].begin, lines[i].end - lines[i].begin);
            } else if (const auto patched = patchedItem(list[i], lines[i], before[i], after[j], name)) {
                region += *patched;
            } else if (const auto written = itemText(after[j], name, dashColumn)) {
                region += *written;
            } else {
                return false;
            }
        }
        edits.push_back({regionStart, regionEnd, region});
        return true;
    }

private:
    template <typename T>
    std::string sectionText(const char *name, const std::vector<T> &objects)
    {
        const auto w = writeAlone(objects, name);
        // The written level holds one non-empty section: from its key to the next top-level key.
        const std::string key = std::string(name) + ":";
        const std::size_t start = w->text.find("\n" + key) + 1;
        std::size_t end = start;
        do {
            end = nextLineStart(w->text, end);
        } while (end < w->text.size() && (w->text[end] == ' ' || w->text[end] == '-'));
        return w->text.substr(start, end - start);
    }

    // The canonical lines of one object as an item at `dashColumn`.
    template <typename T>
    std::optional<std::string> itemText(const T &object, const char *name, std::size_t dashColumn)
    {
        const auto w = writeAlone(std::vector<T>{object}, name);
        if (!w->tree || !w->section.IsSequence()) return std::nullopt;
        const auto item = itemLines(w->text, w->section[0]);
        if (!item) return std::nullopt;
        return reindented(std::string_view(w->text).substr(item->begin, item->end - item->begin), kWrittenDashColumn,
                          dashColumn);
    }

    // The item's lines with only what changed rewritten, or nothing when that cannot be done in place.
    template <typename T>
    std::optional<std::string> patchedItem(const YamlNode &item, TextSpan lines, const T &before, const T &after,
                                           const char *name)
    {
        const auto b = writeAlone(std::vector<T>{before}, name);
        const auto a = writeAlone(std::vector<T>{after}, name);
        if (!b->tree || !a->tree) return std::nullopt;
        const auto patch = patchValue(m_text, item, {b->text, b->section[0]}, {a->text, a->section[0]});
        if (!patch) return std::nullopt;
        std::vector<TextEdit> local = *patch;
        for (TextEdit &e : local) {
            if (e.begin < lines.begin || e.end > lines.end) return std::nullopt;
            e.begin -= lines.begin;
            e.end -= lines.begin;
        }
        return applyEdits(m_text.substr(lines.begin, lines.end - lines.begin), std::move(local));
    }

    // For each object after the edits, the object before them it continues: the same id (edge: the
    // same ends); then, when as many are left on both sides, the rest in order (renamed objects).
    template <typename T>
    std::vector<std::optional<std::size_t>> matchObjects(const std::vector<T> &before, const std::vector<T> &after)
    {
        // An edge is keyed by its ends as the waypoints matched before it are called now (a renamed
        // waypoint's edges are the same edges).
        const auto keyBefore = [&](const T &object) {
            if constexpr (std::is_same_v<T, Edge>) {
                T renamed = object;
                for (std::string *end : {&renamed.from, &renamed.to})
                    if (const auto to = m_renamedWaypoints.find(*end); to != m_renamedWaypoints.end())
                        *end = to->second;
                return matchKey(renamed);
            } else {
                return matchKey(object);
            }
        };
        std::vector<std::optional<std::size_t>> match = matchObjectsByKey(before, after, keyBefore);
        if constexpr (std::is_same_v<T, Waypoint>)
            for (std::size_t j = 0; j < after.size(); ++j)
                if (match[j] && before[*match[j]].id != after[j].id)
                    m_renamedWaypoints[before[*match[j]].id] = after[j].id;
        return match;
    }

    template <typename T, typename Key>
    static std::vector<std::optional<std::size_t>> matchObjectsByKey(const std::vector<T> &before,
                                                                     const std::vector<T> &after, Key keyBefore)
    {
        std::multimap<std::string, std::size_t> byKey;
        for (std::size_t i = 0; i < before.size(); ++i) byKey.emplace(keyBefore(before[i]), i);
        std::vector<std::optional<std::size_t>> match(after.size());
        std::vector<bool> used(before.size(), false);
        for (std::size_t j = 0; j < after.size(); ++j) {
            const auto found = byKey.find(matchKey(after[j]));
            if (found == byKey.end()) continue;
            match[j] = found->second;
            used[found->second] = true;
            byKey.erase(found);
        }
        std::vector<std::size_t> leftBefore;
        for (std::size_t i = 0; i < before.size(); ++i)
            if (!used[i]) leftBefore.push_back(i);
        std::vector<std::size_t> leftAfter;
        for (std::size_t j = 0; j < after.size(); ++j)
            if (!match[j]) leftAfter.push_back(j);
        if (leftBefore.size() == leftAfter.size()) {
            for (std::size_t k = 0; k < leftAfter.size(); ++k) match[leftAfter[k]] = leftBefore[k];
            return match;
        }
        // Else a renamed object among added or deleted ones: each left after the edits that is one left
        // before but for its id (an edge: but for one end), when it is the only such pair, continues it
        // and keeps its lines and the comment above them.
        const auto sameButName = [](const T &x, const T &y) {
            if constexpr (std::is_same_v<T, Edge>) {
                if ((x.from == y.from) == (x.to == y.to)) return false; // both ends alike or both not
                T z = y;
                z.from = x.from;
                z.to = x.to;
                return z == x;
            } else {
                T z = y;
                z.id = x.id;
                return z == x;
            }
        };
        for (std::size_t j : leftAfter) {
            std::optional<std::size_t> only;
            int found = 0;
            for (std::size_t i : leftBefore)
                if (!used[i] && sameButName(before[i], after[j])) only = i, ++found;
            if (found != 1) continue;
            const auto rivals = std::count_if(leftAfter.begin(), leftAfter.end(), [&](std::size_t k) {
                return !match[k] && sameButName(before[*only], after[k]);
            });
            if (rivals != 1) continue;
            match[j] = only;
            used[*only] = true;
        }
        return match;
    }

    std::string_view m_text;
    YamlNode m_root;
    std::map<std::string, std::string> m_renamedWaypoints; // old id -> new, as the waypoints matched
};

// The layout-keeping rewrite, or nothing when the previous text cannot carry it.
std::optional<std::string> keepingLayout(std::string_view previous, const Level &level, const Level *previousLevel,
                                         const YamlTree *previousTree)
{
    std::optional<Level> loaded;
    if (!previousLevel) {
        loaded = readLevel(previous, "").level;
        if (!loaded) return std::nullopt;
        previousLevel = &*loaded;
    }
    const Level &before = *previousLevel;
    if (before == level) return std::string(previous);
    std::optional<YamlTree> parsed;
    if (!previousTree) {
        Diagnostics ignored;
        parsed = parseYamlTree(previous, "", ignored);
        if (!parsed) return std::nullopt;
        previousTree = &*parsed;
    }
    const YamlNode root = previousTree->root();
    if (!root.IsMap() || isFlowCollection(previous, root)) return std::nullopt;
    Rewriter rewriter(previous, root);
    if (!rewriter.info(before.info, level.info) ||
        !rewriter.section("references", before.references, level.references) ||
        !rewriter.section("waypoints", before.waypoints, level.waypoints) ||
        !rewriter.section("edges", before.edges, level.edges) ||
        !rewriter.section("obstacles", before.obstacles, level.obstacles) ||
        !rewriter.section("rails", before.rails, level.rails) ||
        !rewriter.section("patrols", before.patrols, level.patrols) ||
        !rewriter.section("junctions", before.junctions, level.junctions) ||
        !rewriter.section("agents", before.agents, level.agents))
        return std::nullopt;
    auto text = applyEdits(previous, std::move(rewriter.edits));
    if (!text) return std::nullopt;
    if (!rewriter.appended.empty()) {
        if (!text->empty() && text->back() != '\n') *text += '\n';
        *text += rewriter.appended;
    }
    return text;
}

// Line ends as the previous text had them: CRLF when it used them.
std::string withLineEnds(std::string text, bool crlf)
{
    if (!crlf) return text;
    std::string out;
    out.reserve(text.size() + text.size() / 16);
    for (const char c : text) {
        if (c == '\n') out += '\r';
        out += c;
    }
    return out;
}

} // namespace

RewrittenLevel rewriteLevel(std::string_view previous, const Level &level, const Level *previousLevel,
                            const YamlTree *previousTree)
{
    previous = withoutUtf8Bom(previous); // accepted when read, never written
    if (previous.empty()) return {writeLevel(level), false};
    const bool crlf = previous.find("\r\n") != std::string_view::npos;
    std::string lf;
    if (crlf) {
        previousTree = nullptr; // its places count the carriage returns this drops
        lf.reserve(previous.size());
        for (std::size_t i = 0; i < previous.size(); ++i)
            if (!(previous[i] == '\r' && i + 1 < previous.size() && previous[i + 1] == '\n')) lf += previous[i];
        previous = lf;
    }
    // A level unchanged is its previous text, known to read as it (the caller read it).
    if (previousLevel && *previousLevel == level) return {withLineEnds(std::string(previous), crlf), true};
    // Every kept layout is proved by reading it back; anything else is written canonically.
    if (auto text = keepingLayout(previous, level, previousLevel, previousTree)) {
        const LoadResult check = readLevel(*text, "");
        if (check.level && *check.level == level) return {withLineEnds(std::move(*text), crlf), true};
    }
    return {writeLevel(level), false};
}

} // namespace railforge::document
