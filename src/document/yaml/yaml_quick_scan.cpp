#include "document/yaml/yaml_quick_scan.h"

#include "document/text/utf8.h"

#include <yaml-cpp/null.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace railforge::document {
namespace {

// Thrown at the first thing outside the quick subset: the full pass reads the text instead.
struct GiveUp {};

// YAML's longest implicit key (a key without "? ").
constexpr std::size_t kLongestKey = 1024;

bool isFlowIndicator(char c) { return c == ',' || c == '[' || c == ']' || c == '{' || c == '}'; }

// Where a line ends: LF, the CR of a CRLF (a CR alone is left to the full pass), or the text's end
// (peek's NUL).
bool endsLine(char c) { return c == '\n' || c == '\r' || c == '\0'; }

// Characters a plain scalar may not start with (YAML's indicators); '-' may when something other
// than a blank or a flow indicator follows it ("-3.5"). '?' and ':' never do here.
bool mayStartPlain(char c, char next)
{
    if (c == '-') return next != ' ' && !endsLine(next) && !isFlowIndicator(next);
    return std::strchr("?:,[]{}#&*!|>'\"%@`", c) == nullptr && c != ' ' && !endsLine(c);
}

class QuickScanner {
public:
    QuickScanner(std::string_view text, const YamlLimits &limits, YamlTree &tree)
        : m_text(text), m_limits(limits), m_tree(tree)
    {}

    void run()
    {
        checkCharacters();
        const int indent = nextContentLine();
        if (atEnd()) return; // blanks and comments only: no document, no root (as the full pass)
        const YamlNodeData *root = blockNodeAt(indent);
        if (!atEnd()) giveUp(); // a line less indented than the root
        m_tree.setRoot(root);
    }

private:
    [[noreturn]] static void giveUp() { throw GiveUp{}; }

    // What yaml-cpp reads otherwise than bytes as they are, or the full pass refuses: tabs, carriage
    // returns, control characters, malformed UTF-8 (yaml-cpp replaces it), a byte order mark and
    // Unicode's own line breaks.
    void checkCharacters() const
    {
        bool ascii = true;
        for (std::size_t i = 0; i < m_text.size(); ++i) {
            const auto c = static_cast<unsigned char>(m_text[i]);
            const bool crlf = c == '\r' && i + 1 < m_text.size() && m_text[i + 1] == '\n';
            if ((c < 0x20 && c != '\n' && !crlf) || c == 0x7f) giveUp();
            ascii = ascii && c < 0x80;
        }
        if (ascii) return;
        if (!isValidUtf8(m_text)) giveUp();
        for (const char *odd : {"\xC2\x85", "\xE2\x80\xA8", "\xE2\x80\xA9", "\xEF\xBB\xBF"})
            if (m_text.find(odd) != std::string_view::npos) giveUp();
    }

    char peek(std::size_t ahead = 0) const
    {
        return m_at + ahead < m_text.size() ? m_text[m_at + ahead] : '\0'; // no NUL in the text (checked)
    }
    bool atEnd() const { return m_at >= m_text.size(); }
    int indentHere() const { return int(m_at - m_lineStart); }

    // Where the scan is, as yaml-cpp marks it: 0-based line, column in characters, byte. Marks come in
    // text order, so the column is counted on from the last mark on the same line.
    YAML::Mark mark()
    {
        if (m_markPos < m_lineStart) {
            m_markPos = m_lineStart;
            m_markColumn = 0;
        }
        if (m_at < m_markPos) giveUp(); // never: marks are asked for in text order
        for (; m_markPos < m_at; ++m_markPos)
            if ((static_cast<unsigned char>(m_text[m_markPos]) & 0xC0) != 0x80) ++m_markColumn;
        YAML::Mark at;
        at.pos = int(m_at);
        at.line = m_line;
        at.column = m_markColumn;
        return at;
    }

    void skipSpaces()
    {
        while (peek() == ' ') ++m_at;
    }

    // Nothing more on this line but a comment ('#' after a blank).
    bool restIsEmpty() const
    {
        const char c = peek();
        return endsLine(c) || (c == '#' && (m_at == m_lineStart || m_text[m_at - 1] == ' '));
    }

    // Past the end of the line a node ended on: only blanks and a comment may follow it there.
    void endLine()
    {
        skipSpaces();
        if (!restIsEmpty()) giveUp();
        const std::size_t end = m_text.find('\n', m_at);
        m_at = end == std::string_view::npos ? m_text.size() : end + 1;
        if (end != std::string_view::npos) ++m_line;
        m_lineStart = m_at;
    }

    // From a line's start to the next line that holds a node, past blank and comment lines: its
    // indentation, the scan at its first character (or at the end of the text).
    int nextContentLine()
    {
        for (;;) {
            skipSpaces();
            const char c = peek();
            if (c == '\0') return 0;
            if (c == '\n' || c == '\r' || c == '#') {
                endLine();
                continue;
            }
            const int indent = indentHere();
            // Document markers and directives: the full pass says what they mean here.
            if (indent == 0 && (c == '%' || ((m_text.substr(m_at, 3) == "---" || m_text.substr(m_at, 3) == "...") &&
                                             (peek(3) == ' ' || endsLine(peek(3))))))
                giveUp();
            return indent;
        }
    }

    bool isSequenceEntry() const { return peek() == '-' && (peek(1) == ' ' || endsLine(peek(1))); }

    // Whether a block mapping's key starts here: a plain or one-line quoted scalar followed by ':' and
    // a blank or the line's end.
    bool keyAhead() const
    {
        std::size_t i = m_at;
        const char first = peek();
        auto colonAt = [&](std::size_t j) {
            const char after = j + 1 < m_text.size() ? m_text[j + 1] : '\0';
            return j < m_text.size() && m_text[j] == ':' && (after == ' ' || endsLine(after));
        };
        if (first == '"' || first == '\'') {
            for (++i; i < m_text.size() && !endsLine(m_text[i]); ++i) {
                if (first == '"' && m_text[i] == '\\') {
                    ++i; // an escape: the next character does not close the key
                    continue;
                }
                if (m_text[i] != first) continue;
                if (first == '\'' && i + 1 < m_text.size() && m_text[i + 1] == '\'') {
                    ++i;
                    continue;
                }
                return colonAt(i + 1);
            }
            return false;
        }
        if (!mayStartPlain(first, peek(1))) return false;
        for (; i < m_text.size() && !endsLine(m_text[i]); ++i) {
            if (colonAt(i)) return true;
            if (m_text[i] == ' ' && i + 1 < m_text.size() && m_text[i + 1] == '#') return false;
        }
        return false;
    }

    // A new node, counted against the limit.
    YamlNodeData &make(YAML::NodeType::value type)
    {
        if (++m_nodes > m_limits.maxNodes) giveUp();
        YamlNodeData &node = m_tree.make();
        node.type = type;
        node.mark = mark();
        return node;
    }

    YamlNodeData &open(YAML::NodeType::value type)
    {
        if (m_depth >= m_limits.maxDepth) giveUp();
        ++m_depth;
        YamlNodeData &node = make(type);
        node.tag = "?";
        return node;
    }

    // A plain scalar's text as a node: one of YAML's null words is a null (yaml-cpp's rule).
    const YamlNodeData *plainNode(const YAML::Mark &at, std::string_view text)
    {
        std::string value(text);
        const bool null = YAML::IsNullString(value);
        YamlNodeData &node = m_tree.make();
        if (++m_nodes > m_limits.maxNodes) giveUp();
        node.mark = at;
        if (null) {
            node.type = YAML::NodeType::Null;
            return &node;
        }
        node.type = YAML::NodeType::Scalar;
        node.scalar = std::move(value);
        node.tag = "?";
        return &node;
    }

    // A double-quoted scalar's escape after its backslash, decoded as yaml-cpp decodes it ("\u00e9" as
    // UTF-8). \N and \_ (yaml-cpp gives a lone byte for them) and anything unknown: the full pass's.
    void escape(std::string &out)
    {
        const char c = peek();
        ++m_at;
        static constexpr std::string_view from = "0abtnvfre \"'\\/";
        static constexpr std::string_view to = std::string_view("\0\a\b\t\n\v\f\r\x1b \"'\\/", 14);
        if (const std::size_t k = from.find(c); k != std::string_view::npos && c != '\0') {
            out += to[k];
            return;
        }
        if (c == 'L' || c == 'P') {
            out += c == 'L' ? "\xE2\x80\xA8" : "\xE2\x80\xA9";
            return;
        }
        const int digits = c == 'x' ? 2 : c == 'u' ? 4 : c == 'U' ? 8 : 0;
        if (digits == 0) giveUp();
        std::uint32_t code = 0;
        for (int d = 0; d < digits; ++d, ++m_at) {
            const char h = peek();
            const int v = h >= '0' && h <= '9'   ? h - '0'
                          : h >= 'a' && h <= 'f' ? h - 'a' + 10
                          : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                 : -1;
            if (v < 0) giveUp();
            code = code * 16 + std::uint32_t(v);
        }
        if ((code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) giveUp();
        auto byte = [&](std::uint32_t b) { out += char(b); };
        if (code <= 0x7F) {
            byte(code);
        } else if (code <= 0x7FF) {
            byte(0xC0 | (code >> 6)), byte(0x80 | (code & 0x3F));
        } else if (code <= 0xFFFF) {
            byte(0xE0 | (code >> 12)), byte(0x80 | ((code >> 6) & 0x3F)), byte(0x80 | (code & 0x3F));
        } else {
            byte(0xF0 | (code >> 18)), byte(0x80 | ((code >> 12) & 0x3F)), byte(0x80 | ((code >> 6) & 0x3F)),
                byte(0x80 | (code & 0x3F));
        }
    }

    // A quoted scalar on one line.
    const YamlNodeData *quoted()
    {
        const char quote = peek();
        YamlNodeData &node = make(YAML::NodeType::Scalar);
        node.tag = "!";
        for (++m_at;;) {
            const char c = peek();
            if (endsLine(c)) giveUp();
            ++m_at;
            if (quote == '"' && c == '\\') {
                escape(node.scalar);
            } else if (c != quote) {
                node.scalar += c;
            } else if (quote == '\'' && peek() == '\'') {
                node.scalar += '\'';
                ++m_at;
            } else {
                return &node;
            }
        }
    }

    // A plain scalar: to the line's end or a comment; in flow context also to a flow indicator or a
    // ':' that ends it (a flow mapping's key: the caller reads the ':').
    const YamlNodeData *plain(bool flow)
    {
        if (!mayStartPlain(peek(), peek(1))) giveUp();
        const YAML::Mark at = mark();
        const std::size_t start = m_at;
        for (;; ++m_at) {
            const char c = peek();
            if (endsLine(c) || (c == ' ' && peek(1) == '#') || (flow && isFlowIndicator(c))) break;
            if (flow && c == '?') giveUp(); // yaml-cpp ends a plain scalar there in flow context
            if (c != ':') continue;
            const char next = peek(1);
            const bool ends = next == ' ' || endsLine(next) || (flow && isFlowIndicator(next));
            if (flow && ends) break;
            if (flow || ends) giveUp(); // "a:b" in flow context, "a: b: c" in block context
        }
        std::size_t end = m_at;
        while (end > start && m_text[end - 1] == ' ') --end;
        return plainNode(at, m_text.substr(start, end - start));
    }

    // Blanks inside a flow collection: on this line only, no comment.
    void skipFlowSpaces()
    {
        skipSpaces();
        if (endsLine(peek()) || peek() == '#') giveUp();
    }

    const YamlNodeData *flowNode()
    {
        const char c = peek();
        if (c == '[') return flowSequence();
        if (c == '{') return flowMapping();
        if (c == '"' || c == '\'') return quoted();
        return plain(true);
    }

    // Past a flow collection's opening bracket: whether it is empty (and closed).
    bool opensEmpty(char close)
    {
        ++m_at;
        skipFlowSpaces();
        if (peek() != close) return false;
        ++m_at;
        return true;
    }

    // After an entry of a flow collection: whether another follows (past its comma) or it closed.
    bool moreEntries(char close)
    {
        skipFlowSpaces();
        const char c = peek();
        ++m_at;
        if (c == close) return false;
        if (c != ',') giveUp();
        skipFlowSpaces();
        if (peek() == close) giveUp(); // a trailing comma
        return true;
    }

    const YamlNodeData *flowSequence()
    {
        YamlNodeData &list = open(YAML::NodeType::Sequence);
        if (!opensEmpty(']')) do
                list.items.push_back(flowNode());
            while (moreEntries(']'));
        --m_depth;
        return &list;
    }

    const YamlNodeData *flowMapping()
    {
        YamlNodeData &map = open(YAML::NodeType::Map);
        if (!opensEmpty('}')) do {
                const char first = peek();
                if (first == '[' || first == '{') giveUp();
                const std::size_t keyStart = m_at;
                const YamlNodeData *key = first == '"' || first == '\'' ? quoted() : plain(true);
                if (m_at - keyStart > kLongestKey || peek() != ':' || peek(1) != ' ') giveUp();
                ++m_at;
                skipFlowSpaces();
                if (peek() == ',' || peek() == '}') giveUp(); // an empty value
                map.entries.emplace_back(key, flowNode());
            } while (moreEntries('}'));
        checkKeysDiffer(map);
        --m_depth;
        return &map;
    }

    // A value on its key's or its dash's line: a flow collection or a scalar, alone on the line. A
    // next line indented deeper than the collection it sits in (`indent`) would continue a plain
    // scalar or be an error: the full pass says which.
    const YamlNodeData *inlineNode(int indent)
    {
        const char c = peek();
        const YamlNodeData *node = c == '['                  ? flowSequence()
                                   : c == '{'                ? flowMapping()
                                   : (c == '"' || c == '\'') ? quoted()
                                                             : plain(false);
        endLine();
        const int next = nextContentLine();
        if (!atEnd() && next > indent) giveUp();
        return node;
    }

    // A block collection whose first line starts here, at `indent`.
    const YamlNodeData *blockNodeAt(int indent)
    {
        if (isSequenceEntry()) return blockSequence(indent);
        if (keyAhead()) return blockMapping(indent);
        giveUp(); // a scalar alone on its lines
    }

    // A value on the lines after its key or dash: deeper than `indent`. An empty value (a null placed
    // where yaml-cpp places it) is the full pass's.
    const YamlNodeData *nodeOnNextLines(int indent)
    {
        endLine();
        const int next = nextContentLine();
        if (atEnd() || next <= indent) giveUp();
        return blockNodeAt(next);
    }

    const YamlNodeData *blockSequence(int indent)
    {
        YamlNodeData &list = open(YAML::NodeType::Sequence);
        for (;;) {
            ++m_at; // the dash
            skipSpaces();
            if (restIsEmpty())
                list.items.push_back(nodeOnNextLines(indent));
            else if (isSequenceEntry())
                giveUp(); // "- - a"
            else if (keyAhead())
                list.items.push_back(blockMapping(indentHere()));
            else
                list.items.push_back(inlineNode(indent));
            if (atEnd() || indentHere() < indent) break;
            if (indentHere() > indent || !isSequenceEntry()) giveUp();
        }
        --m_depth;
        return &list;
    }

    const YamlNodeData *blockKey()
    {
        const char first = peek();
        const std::size_t start = m_at;
        const YamlNodeData *key = nullptr;
        if (first == '"' || first == '\'') {
            key = quoted();
        } else {
            const YAML::Mark at = mark();
            // To the ':' keyAhead found. The full pass refuses a ',' or '}' in a plain key (as a flow
            // entry without its ':'), and a blank before the ':' is left to it.
            for (; !(peek() == ':' && (peek(1) == ' ' || endsLine(peek(1)))); ++m_at)
                if (peek() == ',' || peek() == '}') giveUp();
            if (m_text[m_at - 1] == ' ') giveUp();
            key = plainNode(at, m_text.substr(start, m_at - start));
        }
        if (m_at - start > kLongestKey || peek() != ':') giveUp();
        ++m_at;
        return key;
    }

    const YamlNodeData *blockMapping(int indent)
    {
        YamlNodeData &map = open(YAML::NodeType::Map);
        for (;;) {
            const YamlNodeData *key = blockKey();
            skipSpaces();
            const YamlNodeData *value = restIsEmpty() ? nodeOnNextLines(indent) : inlineNode(indent);
            map.entries.emplace_back(key, value);
            if (atEnd() || indentHere() < indent) break;
            if (indentHere() > indent || isSequenceEntry() || !keyAhead()) giveUp();
        }
        checkKeysDiffer(map);
        --m_depth;
        return &map;
    }

    // A mapping's keys one of each, as the full pass checks them (a null key reads as "~").
    void checkKeysDiffer(const YamlNodeData &map)
    {
        if (map.entries.size() < 2) return;
        m_keys.clear();
        for (const auto &entry : map.entries)
            m_keys.push_back(entry.first->type == YAML::NodeType::Null ? std::string_view("~")
                                                                       : std::string_view(entry.first->scalar));
        std::sort(m_keys.begin(), m_keys.end());
        if (std::adjacent_find(m_keys.begin(), m_keys.end()) != m_keys.end()) giveUp();
    }

    std::string_view m_text;
    const YamlLimits &m_limits;
    YamlTree &m_tree;
    std::size_t m_at = 0;        // the next byte to read
    int m_line = 0;              // its line, 0-based
    std::size_t m_lineStart = 0; // where that line starts
    std::size_t m_markPos = 0;   // the last mark's byte and column
    int m_markColumn = 0;
    int m_depth = 0;
    long m_nodes = 0;
    std::vector<std::string_view> m_keys; // scratch for checkKeysDiffer
};

} // namespace

std::optional<YamlTree> quickScanYaml(std::string_view text, const YamlLimits &limits)
{
    YamlTree tree;
    try {
        QuickScanner(text, limits, tree).run();
    } catch (const GiveUp &) {
        return std::nullopt;
    }
    return tree;
}

} // namespace railforge::document
