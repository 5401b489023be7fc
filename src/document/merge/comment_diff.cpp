#include "document/merge/comment_diff.h"

#include <algorithm>
#include <map>

namespace railforge::document {

std::size_t commentStart(std::string_view row)
{
    char quote = 0;
    for (std::size_t i = 0; i < row.size(); ++i) {
        const char c = row[i];
        if (quote) {
            if (c == quote) quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '#' && (i == 0 || row[i - 1] == ' ' || row[i - 1] == '\t')) {
            return i;
        }
    }
    return std::string_view::npos;
}

std::vector<YamlComment> yamlComments(std::string_view text)
{
    std::vector<YamlComment> out;
    int line = 1;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const std::string_view row = text.substr(at, end - at);
        if (const std::size_t i = commentStart(row); i != std::string_view::npos) {
            std::string_view words = row.substr(i);
            while (!words.empty() && (words.back() == '\r' || words.back() == ' ')) words.remove_suffix(1);
            out.push_back({std::string(words), line});
        }
        at = end + 1;
        ++line;
    }
    return out;
}

std::vector<std::string> commentChanges(std::string_view before, std::string_view after)
{
    const auto a = yamlComments(before), b = yamlComments(after);
    // Each comment matched with one of the same words on the other side; what is left over changed.
    std::map<std::string, int> inA, inB;
    for (const YamlComment &c : a) ++inA[c.text];
    for (const YamlComment &c : b) ++inB[c.text];
    std::vector<std::pair<int, std::string>> out; // by line: removed ones at their old line
    std::map<std::string, int> seenA, seenB;
    for (const YamlComment &c : a)
        if (++seenA[c.text] > inB[c.text])
            out.push_back({c.line, "comment removed (line " + std::to_string(c.line) + "): " + c.text});
    for (const YamlComment &c : b)
        if (++seenB[c.text] > inA[c.text])
            out.push_back({c.line, "comment added (line " + std::to_string(c.line) + "): " + c.text});
    std::stable_sort(out.begin(), out.end(), [](const auto &x, const auto &y) { return x.first < y.first; });
    std::vector<std::string> lines;
    for (auto &[line, text] : out) lines.push_back(std::move(text));
    return lines;
}

} // namespace railforge::document
