#include "document/yaml/yaml_patch.h"

#include "document/yaml/yaml_spans.h"

#include <algorithm>

namespace railforge::document {
namespace {

// The (key, value) entries of a mapping, in file order.
std::vector<YamlEntry> entriesOf(const YamlNode &map)
{
    std::vector<YamlEntry> entries;
    for (const YamlEntry &entry : map) entries.push_back(entry);
    return entries;
}

// The index of `key` among a mapping's entries.
std::optional<std::size_t> entryIndex(const std::vector<YamlEntry> &entries, const std::string &key)
{
    for (std::size_t i = 0; i < entries.size(); ++i)
        if (entries[i].first.IsScalar() && entries[i].first.Scalar() == key) return i;
    return std::nullopt;
}

// Works out the edits for one value; every helper returns false when the change cannot be made in place.
class Patcher {
public:
    // `after`: the text the wanted values were written in.
    Patcher(std::string_view original, std::string_view after) : m_original(original), m_after(after) {}

    std::vector<TextEdit> edits;

    bool patch(const YamlNode &o, const YamlNode &b, const YamlNode &a)
    {
        if (sameTree(b, a)) return true;
        if (!o) return false;
        if (a.IsMap() && b.IsMap() && o.IsMap()) return patchMap(o, b, a);
        if (a.IsSequence() && b.IsSequence() && o.IsSequence()) return patchSequence(o, b, a);
        return replace(o, a);
    }

private:
    std::optional<std::string> written(const YamlNode &a) const { return inlineText({m_after, a}); }

    // The value's bytes become the written text of `a` (which must fit on one line).
    bool replace(const YamlNode &o, const YamlNode &a)
    {
        const auto span = nodeSpan(m_original, o);
        if (!span) return false;
        if ((o.IsMap() || o.IsSequence()) && !isFlowCollection(m_original, o)) return false;
        auto text = written(a);
        if (!text && a.IsSequence()) text = joinedFlowSequence(a);
        if (!text) return false;
        edits.push_back({span->begin, span->end, *text});
        return true;
    }

    // A sequence written over several lines (one item a line), as one flow sequence.
    std::optional<std::string> joinedFlowSequence(const YamlNode &a) const
    {
        std::string text = "[";
        for (std::size_t i = 0; i < a.size(); ++i) {
            const auto item = written(a[i]);
            if (!item) return std::nullopt;
            if (i) text += ", ";
            text += *item;
        }
        return text + "]";
    }

    bool patchMap(const YamlNode &o, const YamlNode &b, const YamlNode &a)
    {
        const std::vector<YamlEntry> oEntries = entriesOf(o);
        for (const YamlEntry &entry : a) {
            const std::string &key = entry.first.Scalar();
            const YamlNode bValue = b[key];
            const auto at = entryIndex(oEntries, key);
            const YamlNode oValue = at ? oEntries[*at].second : YamlNode();
            if (bValue && sameTree(bValue, entry.second)) continue;
            if (!oValue) {
                if (!addEntry(o, oEntries, entry)) return false;
            } else if (bValue) {
                if (!patch(oValue, bValue, entry.second)) return false;
            } else if (!replace(oValue, entry.second)) {
                return false;
            }
        }
        for (const YamlEntry &entry : b) {
            const std::string &key = entry.first.Scalar();
            if (a[key]) continue;
            if (const auto at = entryIndex(oEntries, key); at && !removeEntry(o, oEntries, *at)) return false;
        }
        return true;
    }

    bool addEntry(const YamlNode &o, const std::vector<YamlEntry> &oEntries, const YamlEntry &entry)
    {
        const auto key = written(entry.first);
        if (!key) return false;
        const auto value = written(entry.second);
        if (isFlowCollection(m_original, o)) {
            if (!value) return false;
            if (oEntries.empty()) {
                edits.push_back({std::size_t(o.Mark().pos) + 1, std::size_t(o.Mark().pos) + 1, *key + ": " + *value});
                return true;
            }
            const auto last = nodeSpan(m_original, oEntries.back().second);
            if (!last) return false;
            std::string entryText = ", ";
            entryText += *key;
            entryText += ": ";
            entryText += *value;
            edits.push_back({last->end, last->end, std::move(entryText)});
            return true;
        }
        // A block mapping: a new line after its last one, at the indentation of its keys.
        const auto span = nodeSpan(m_original, o);
        if (!span || !restOfLineIsBlank(m_original, span->end)) return false;
        const std::string indent(columnOf(m_original, std::size_t(o.Mark().pos)), ' ');
        std::string line = indent + *key + ":";
        if (value) {
            line += " " + *value + "\n";
        } else if (entry.second.IsSequence()) {
            line += "\n";
            for (std::size_t i = 0; i < entry.second.size(); ++i) {
                const auto item = written(entry.second[i]);
                if (!item) return false;
                line += indent + "  - " + *item + "\n";
            }
        } else {
            return false;
        }
        const std::size_t at = nextLineStart(m_original, span->end);
        // At the end of a text without a final newline, the new line needs one before it.
        const bool openLastLine = at == m_original.size() && (m_original.empty() || m_original.back() != '\n');
        edits.push_back({at, at, openLastLine ? "\n" + line : line});
        return true;
    }

    bool removeEntry(const YamlNode &o, const std::vector<YamlEntry> &oEntries, std::size_t index)
    {
        const auto keySpan = nodeSpan(m_original, oEntries[index].first);
        const auto valueSpan = nodeSpan(m_original, oEntries[index].second);
        if (!keySpan || !valueSpan) return false;
        if (isFlowCollection(m_original, o)) {
            if (oEntries.size() == 1) {
                edits.push_back({keySpan->begin, valueSpan->end, ""});
            } else if (index + 1 < oEntries.size()) {
                const auto nextKey = nodeSpan(m_original, oEntries[index + 1].first);
                if (!nextKey) return false;
                edits.push_back({keySpan->begin, nextKey->begin, ""});
            } else {
                const auto previous = nodeSpan(m_original, oEntries[index - 1].second);
                if (!previous) return false;
                edits.push_back({previous->end, valueSpan->end, ""});
            }
            return true;
        }
        // A block mapping: whole lines, when the entry has them to itself.
        const std::size_t start = lineStart(m_original, keySpan->begin);
        if (oEntries.size() == 1 || columnOf(m_original, keySpan->begin) == 0 ||
            m_original.substr(start, keySpan->begin - start).find_first_not_of(' ') != std::string_view::npos ||
            !restOfLineIsBlank(m_original, valueSpan->end))
            return false;
        edits.push_back({start, nextLineStart(m_original, valueSpan->end), ""});
        return true;
    }

    bool patchSequence(const YamlNode &o, const YamlNode &b, const YamlNode &a)
    {
        if (o.size() != b.size()) return false;
        if (a.size() == b.size()) {
            for (std::size_t i = 0; i < a.size(); ++i)
                if (!patch(o[i], b[i], a[i])) return false;
            return true;
        }
        if (isFlowCollection(m_original, o)) return replace(o, a);
        // A block sequence: the items between the common head and tail are replaced line by line.
        std::size_t head = 0;
        while (head < b.size() && head < a.size() && sameTree(b[head], a[head])) ++head;
        std::size_t tail = 0;
        while (tail < b.size() - head && tail < a.size() - head &&
               sameTree(b[b.size() - 1 - tail], a[a.size() - 1 - tail]))
            ++tail;
        const auto firstDash = itemDash(m_original, o[0]);
        if (!firstDash) return false;
        const std::string indent(columnOf(m_original, *firstDash), ' ');
        std::size_t from = 0;
        std::size_t to = 0;
        if (head < b.size() - tail) {
            const auto dash = itemDash(m_original, o[head]);
            const auto lastSpan = nodeSpan(m_original, o[b.size() - tail - 1]);
            if (!dash || !lastSpan || !restOfLineIsBlank(m_original, lastSpan->end)) return false;
            from = lineStart(m_original, *dash);
            to = nextLineStart(m_original, lastSpan->end);
        } else if (head > 0) {
            const auto previous = nodeSpan(m_original, o[head - 1]);
            if (!previous || !restOfLineIsBlank(m_original, previous->end)) return false;
            from = to = nextLineStart(m_original, previous->end);
        } else {
            from = to = lineStart(m_original, *firstDash);
        }
        std::string lines;
        for (std::size_t i = head; i < a.size() - tail; ++i) {
            const auto item = written(a[i]);
            if (!item) return false;
            lines += indent + "- " + *item + "\n";
        }
        if (to == m_original.size() && to > from && m_original.back() != '\n') lines.pop_back();
        edits.push_back({from, to, lines});
        return true;
    }

    std::string_view m_original;
    std::string_view m_after;
};

} // namespace

bool sameTree(const YamlNode &a, const YamlNode &b)
{
    if (a.Type() != b.Type()) return false;
    if (a.IsScalar()) return a.Scalar() == b.Scalar() && a.Tag() == b.Tag();
    if (a.IsSequence()) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!sameTree(a[i], b[i])) return false;
        return true;
    }
    if (a.IsMap()) {
        if (a.size() != b.size()) return false;
        auto i = a.begin();
        auto j = b.begin();
        for (; i != a.end(); ++i, ++j) {
            const YamlEntry x = *i;
            const YamlEntry y = *j;
            if (!sameTree(x.first, y.first) || !sameTree(x.second, y.second)) return false;
        }
        return true;
    }
    return true;
}

std::optional<std::string> inlineText(const WrittenNode &node)
{
    // A block collection is never inline, even when it has one line ("- x" needs its own line).
    if ((node.node.IsSequence() || node.node.IsMap()) && !isFlowCollection(node.text, node.node)) return std::nullopt;
    const auto span = nodeSpan(node.text, node.node);
    if (!span) return std::nullopt;
    const std::string_view text = node.text.substr(span->begin, span->end - span->begin);
    if (text.find('\n') != std::string_view::npos) return std::nullopt;
    return std::string(text);
}

std::optional<std::vector<TextEdit>> patchValue(std::string_view originalText, const YamlNode &original,
                                                const WrittenNode &before, const WrittenNode &after)
{
    Patcher patcher(originalText, after.text);
    if (!patcher.patch(original, before.node, after.node)) return std::nullopt;
    return std::move(patcher.edits);
}

std::optional<std::string> applyEdits(std::string_view text, std::vector<TextEdit> edits)
{
    std::stable_sort(edits.begin(), edits.end(),
                     [](const TextEdit &x, const TextEdit &y) { return x.begin < y.begin; });
    std::string out;
    out.reserve(text.size());
    std::size_t cursor = 0;
    for (const TextEdit &edit : edits) {
        if (edit.begin < cursor || edit.end < edit.begin || edit.end > text.size()) return std::nullopt;
        out.append(text.substr(cursor, edit.begin - cursor));
        out += edit.text;
        cursor = edit.end;
    }
    out.append(text.substr(cursor));
    return out;
}

} // namespace railforge::document
