#include "document/yaml/yaml_pieces.h"

#include "document/yaml/yaml_spans.h"

#include <cctype>
#include <cmath>
#include <vector>

namespace railforge::document {
namespace {

struct Line {
    std::size_t start = 0; // first byte
    std::string_view text; // without its line end
    int number = 0;        // 0-based
};

// The text's lines (a CRLF end counts as the end, the CR is not part of the line).
std::vector<Line> linesOf(std::string_view text)
{
    std::vector<Line> lines;
    std::size_t start = 0;
    for (int number = 0; start < text.size(); ++number) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back({start, line, number});
        start = end + 1;
    }
    return lines;
}

// "-" then a space or the line's end, after exactly `indent` spaces: a block list item.
bool itemAt(std::string_view line, int indent)
{
    const std::size_t n = std::size_t(indent);
    if (line.size() <= n || line.find_first_not_of(' ') != n || line[n] != '-') return false;
    return line.size() == n + 1 || line[n + 1] == ' ';
}

// The plain key of a line at column 0 ("rails:", "rails:  # comment"), with whether a value follows
// on the line; none when the line is not a plain key.
std::optional<std::pair<std::string, bool>> rootKey(std::string_view line)
{
    const auto c = static_cast<unsigned char>(line.front());
    if (!(std::isalnum(c) || c == '_')) return std::nullopt;
    for (std::size_t i = 1; i < line.size(); ++i) {
        if (line[i] == '#' || line[i] == '"' || line[i] == '\'' || line[i] == '[' || line[i] == '{')
            return std::nullopt;
        if (line[i] != ':' || (i + 1 < line.size() && line[i + 1] != ' ')) continue;
        const std::string_view rest = line.substr(i + 1);
        return std::pair{std::string(line.substr(0, i)), !restOfLineIsBlank(rest, 0)};
    }
    return std::nullopt;
}

// Whether an item's first line holds a key ("- id: a", "- key:"): read after a stray token, its
// colon is where yaml-cpp says so.
bool itemHasKey(std::string_view line, int indent)
{
    const std::string_view rest = line.substr(std::size_t(indent) + 1);
    return rest.find(": ") != std::string_view::npos || (!rest.empty() && rest.back() == ':');
}

struct Section {
    std::string key;
    bool inlineValue = false;
    std::size_t first = 0, end = 0; // lines: the key's, one past the last
};

} // namespace

std::optional<YamlCut> findYamlCut(std::string_view text, double share)
{
    const std::vector<Line> lines = linesOf(text);
    std::vector<Section> sections;
    bool content = false; // a line other than a comment or blank seen
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view line = lines[i].text;
        if (line.empty() || line.front() == ' ' || line.front() == '#') continue;
        if (line.rfind("---", 0) == 0) {
            // A document start is allowed only as the very first thing.
            if (content || !restOfLineIsBlank(line.substr(3), 0)) return std::nullopt;
            content = true;
            continue;
        }
        content = true;
        if (itemAt(line, 0) && !sections.empty()) continue; // a compact list under the last key
        const auto key = rootKey(line);
        if (!key) return std::nullopt;
        if (!sections.empty()) sections.back().end = i;
        sections.push_back({key->first, key->second, i, lines.size()});
    }
    if (sections.empty()) return std::nullopt;
    const auto bytes = [&](const Section &s) {
        return (s.end < lines.size() ? lines[s.end].start : text.size()) - lines[s.first].start;
    };
    const Section *largest = &sections.front();
    for (const Section &s : sections)
        if (bytes(s) > bytes(*largest)) largest = &s;
    if (largest->inlineValue) return std::nullopt;
    // Its items' indentation is its first line of content's.
    std::size_t i = largest->first + 1;
    while (i < largest->end && restOfLineIsBlank(lines[i].text, 0)) ++i;
    if (i == largest->end) return std::nullopt;
    const int indent = int(lines[i].text.find_first_not_of(' '));
    if (!itemAt(lines[i].text, indent)) return std::nullopt;
    // The item start nearest the share, after the first item (the head keeps at least one).
    const double target = share * double(text.size());
    // Not at an empty item: yaml-cpp places its null by the token after it, which differs alone.
    const Line *cut = nullptr, *beforeCut = nullptr, *previous = &lines[i];
    for (std::size_t j = i + 1; j < largest->end; ++j) {
        if (!itemAt(lines[j].text, indent)) continue;
        if (!restOfLineIsBlank(lines[j].text.substr(std::size_t(indent) + 1), 0) && itemHasKey(lines[j].text, indent) &&
            (!cut || std::abs(double(lines[j].start) - target) < std::abs(double(cut->start) - target))) {
            cut = &lines[j];
            beforeCut = previous;
        }
        previous = &lines[j];
    }
    if (!cut) return std::nullopt;
    YamlCut out;
    out.key = largest->key;
    out.items = cut->start;
    out.itemsLine = cut->number;
    out.tail = largest->end < lines.size() ? lines[largest->end].start : text.size();
    out.tailLine = largest->end < lines.size() ? lines[largest->end].number : int(lines.size());
    out.indent = indent;
    out.beforeCut = beforeCut->start;
    out.beforeTail = previous->start;
    return out;
}

std::pair<std::string, std::string> yamlSeams(std::string_view text, const YamlCut &cut)
{
    // From an item's start to the end of the line after the seam.
    auto seam = [&](std::string prefix, std::size_t from, std::size_t at) {
        std::size_t end = text.find('\n', at);
        end = end == std::string_view::npos ? text.size() : end + 1;
        return prefix.append(text.substr(from, end - from));
    };
    std::string tail;
    if (cut.tail < text.size()) tail = seam(cut.key + ":\n", cut.beforeTail, cut.tail);
    return {seam({}, cut.beforeCut, cut.items), tail};
}

} // namespace railforge::document
