#include "document/yaml/yaml_parser.h"

#include "document/text/text_encoding.h"
#include "document/text/utf8.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <cstdio>
#include <set>
#include <sstream>
#include <vector>

namespace railforge::document {
namespace {

// Thrown to stop the parse at the first problem that makes going on pointless.
struct StopParse {};

// yaml-cpp counts a mark's column in bytes; designers (and their editors' carets) count characters.
// Marks arrive in file order, so each one is counted on from the last (a long line is not re-read
// for each of its nodes).
class CharacterColumns {
public:
    explicit CharacterColumns(std::string_view text) : m_text(text) {}

    // The mark with its column in characters (its byte position `pos` stays as it was).
    YAML::Mark operator()(YAML::Mark mark)
    {
        if (mark.pos < 0 || mark.column < 0 || std::size_t(mark.pos) > m_text.size()) return mark;
        const std::size_t pos = std::size_t(mark.pos);
        const std::size_t lineStart = pos - std::size_t(mark.column);
        if (lineStart != m_lineStart || pos < m_pos) {
            m_lineStart = m_pos = lineStart;
            m_characters = 0;
        }
        m_characters += codePointCount(m_text.substr(m_pos), pos - m_pos);
        m_pos = pos;
        mark.column = int(m_characters);
        return mark;
    }

private:
    std::string_view m_text;
    std::size_t m_lineStart = 0;
    std::size_t m_pos = 0;
    std::size_t m_characters = 0;
};

class PrepassHandler : public YAML::EventHandler {
public:
    PrepassHandler(std::string_view text, const std::string &file, Diagnostics &diagnostics, const YamlLimits &limits,
                   YamlTree &tree)
        : m_text(text), m_file(file), m_diagnostics(diagnostics), m_limits(limits), m_tree(tree), m_columns(text)
    {}

    void OnDocumentStart(const YAML::Mark &mark) override
    {
        if (++m_documents > 1) fatal(mark, "more than one YAML document in the file; a level is a single document");
    }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark &mark, YAML::anchor_t) override
    {
        leaf(mark, "~");
        YamlNodeData &node = m_tree.make();
        node.type = YAML::NodeType::Null;
        node.mark = m_columns(mark);
        attach(&node);
    }
    void OnAlias(const YAML::Mark &mark, YAML::anchor_t) override
    {
        fatal(mark, "YAML aliases (*name) are not allowed in level files");
    }
    void OnScalar(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t, const std::string &value) override
    {
        checkQuoteClosed(mark);
        const bool isKey = !m_stack.empty() && m_stack.back().isMap && m_stack.back().expectKey;
        if (isKey) checkColonFollows(mark);
        leaf(mark, value);
        YamlNodeData &node = m_tree.make();
        node.type = YAML::NodeType::Scalar;
        node.mark = m_columns(mark);
        node.scalar = value;
        node.tag = tag;
        attach(&node);
    }
    void OnSequenceStart(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t,
                         YAML::EmitterStyle::value) override
    {
        open(mark, false, tag);
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t, YAML::EmitterStyle::value) override
    {
        open(mark, true, tag);
    }
    void OnMapEnd() override { close(); }

private:
    // yaml-cpp accepts a quoted scalar left open at the end of the file (it swallows the rest of the
    // file into the text). Find the closing quote ourselves.
    void checkQuoteClosed(const YAML::Mark &mark)
    {
        if (mark.pos < 0 || std::size_t(mark.pos) >= m_text.size()) return;
        const char quote = m_text[std::size_t(mark.pos)];
        if (quote != '"' && quote != '\'') return;
        for (std::size_t i = std::size_t(mark.pos) + 1; i < m_text.size(); ++i) {
            if (quote == '"' && m_text[i] == '\\') {
                ++i; // an escape: the next character cannot close the string
                continue;
            }
            if (m_text[i] != quote) continue;
            if (quote == '\'' && i + 1 < m_text.size() && m_text[i + 1] == '\'') {
                ++i; // '' is an escaped single quote
                continue;
            }
            return;
        }
        fatal(mark, std::string("unclosed ") + (quote == '"' ? "double" : "single") +
                        " quote: the text runs to the end of the file");
    }

    // yaml-cpp takes a last line without ':' ("waypoints" at the end of a file) as a key with no value
    // (upstream issue #819): a plain mapping key must be followed by ':'.
    void checkColonFollows(const YAML::Mark &mark)
    {
        if (mark.pos < 0 || std::size_t(mark.pos) >= m_text.size()) return;
        std::size_t i = std::size_t(mark.pos);
        const char first = m_text[i];
        if (first == '"' || first == '\'' || first == '?' || first == '[' || first == '{') return; // not a plain key
        // The plain key runs to ':' followed by a space or a line end, or to the end of its line.
        while (i < m_text.size() && m_text[i] != '\n' && m_text[i] != '\r') {
            if (m_text[i] == ':' &&
                (i + 1 == m_text.size() || m_text[i + 1] == ' ' || m_text[i + 1] == '\t' || m_text[i + 1] == '\n' ||
                 m_text[i + 1] == '\r' || m_text[i + 1] == ',' || m_text[i + 1] == '}' || m_text[i + 1] == ']'))
                return;
            if (m_text[i] == ',' || m_text[i] == '}') break; // a flow entry without ':'
            if (m_text[i] == ' ' && i + 1 < m_text.size() && m_text[i + 1] == '#') break;
            ++i;
        }
        error(mark, "expected 'key: value' here; the ':' is missing (YAML syntax error)");
    }

    struct Frame {
        bool isMap = false;
        bool expectKey = true;
        std::set<std::string> keys;
        YamlNodeData *node = nullptr;             // the container being filled
        const YamlNodeData *pendingKey = nullptr; // a mapping key waiting for its value
    };

    // Puts a finished node into the container being filled, or makes it the root.
    void attach(const YamlNodeData *node)
    {
        if (m_stack.empty()) {
            if (!m_rootSet) m_tree.setRoot(node);
            m_rootSet = true;
            return;
        }
        Frame &frame = m_stack.back();
        if (!frame.isMap) {
            frame.node->items.push_back(node);
        } else if (!frame.pendingKey) {
            frame.pendingKey = node;
        } else {
            frame.node->entries.emplace_back(frame.pendingKey, node);
            frame.pendingKey = nullptr;
        }
    }

    void count(const YAML::Mark &mark)
    {
        if (++m_nodes > m_limits.maxNodes)
            fatal(mark, "too many YAML nodes (limit " + std::to_string(m_limits.maxNodes) + ")");
    }

    // A scalar or null; checks it for duplicate keys when it is a mapping key.
    void leaf(const YAML::Mark &mark, const std::string &value)
    {
        count(mark);
        if (m_stack.empty() || !m_stack.back().isMap) return;
        Frame &frame = m_stack.back();
        if (frame.expectKey && !frame.keys.insert(value).second)
            error(mark, "duplicate key '" + value + "' in this mapping");
        frame.expectKey = !frame.expectKey;
    }

    void open(const YAML::Mark &mark, bool isMap, const std::string &tag)
    {
        count(mark);
        if (!m_stack.empty() && m_stack.back().isMap) m_stack.back().expectKey = !m_stack.back().expectKey;
        if (static_cast<int>(m_stack.size()) >= m_limits.maxDepth)
            fatal(mark, "nesting deeper than " + std::to_string(m_limits.maxDepth) + " levels");
        YamlNodeData &node = m_tree.make();
        node.type = isMap ? YAML::NodeType::Map : YAML::NodeType::Sequence;
        node.mark = m_columns(mark);
        node.tag = tag;
        m_stack.push_back(Frame{isMap, true, {}, &node, nullptr});
    }

    void close()
    {
        if (m_stack.empty()) return;
        const YamlNodeData *done = m_stack.back().node;
        m_stack.pop_back();
        attach(done);
    }

    void error(const YAML::Mark &mark, std::string message)
    {
        const YAML::Mark at = m_columns(mark);
        m_diagnostics.push_back({Severity::Error, m_file, at.line + 1, at.column + 1, std::move(message)});
    }

    [[noreturn]] void fatal(const YAML::Mark &mark, std::string message)
    {
        error(mark, std::move(message));
        throw StopParse{};
    }

    std::string_view m_text;
    const std::string &m_file;
    Diagnostics &m_diagnostics;
    const YamlLimits &m_limits;
    YamlTree &m_tree;
    bool m_rootSet = false;
    std::vector<Frame> m_stack;
    CharacterColumns m_columns;
    int m_documents = 0;
    long m_nodes = 0;
};

// 1-based column of a tab among the leading blanks of `line` (0-based), if there is one.
std::optional<int> indentationTab(std::string_view text, int line)
{
    std::size_t start = 0;
    for (int l = 0; l < line; ++l) {
        start = text.find('\n', start);
        if (start == std::string_view::npos) return std::nullopt;
        ++start;
    }
    for (std::size_t i = start; i < text.size() && (text[i] == ' ' || text[i] == '\t'); ++i) {
        if (text[i] == '\t') return int(i - start) + 1;
    }
    return std::nullopt;
}

} // namespace

std::optional<YamlTree> parseYamlTree(std::string_view text, const std::string &fileName, Diagnostics &diagnostics,
                                      const YamlLimits &limits)
{
    const auto before = diagnostics.size();
    std::istringstream stream{std::string(text)};
    YamlTree tree;
    PrepassHandler handler(text, fileName, diagnostics, limits, tree);
    try {
        YAML::Parser parser(stream);
        while (parser.HandleNextDocument(handler)) {}
    } catch (const StopParse &) {
    } catch (const YAML::Exception &e) {
        const bool hasMark = e.mark.line >= 0;
        // yaml-cpp reports a tab in the indentation as "illegal map value", "illegal block entry"...
        // somewhere on its line. Tabs elsewhere (in quoted text, in a flow list) are fine and stay so.
        if (const auto tab = hasMark ? indentationTab(text, e.mark.line) : std::nullopt)
            diagnostics.push_back({Severity::Error, fileName, e.mark.line + 1, *tab,
                                   "tab in indentation: tabs are not allowed in YAML indentation; indent with spaces"});
        else
            diagnostics.push_back({Severity::Error, fileName, hasMark ? e.mark.line + 1 : 0,
                                   hasMark ? CharacterColumns(text)(e.mark).column + 1 : 0,
                                   "YAML syntax error: " + e.msg});
    }
    if (diagnostics.size() != before) return std::nullopt;
    return tree;
}

bool checkYamlBytes(std::string_view text, const std::string &fileName, Diagnostics &diagnostics)
{
    if (auto encoding = wideEncodingName(text)) {
        diagnostics.push_back({Severity::Error, fileName, 1, 1,
                               "the file is " + *encoding + " text; RailForge reads UTF-8 only: save it as UTF-8"});
        return false;
    }
    int line = 1;
    int column = 1;
    for (size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        auto fail = [&](const std::string &what) {
            diagnostics.push_back({Severity::Error, fileName, line, column, what});
            return false;
        };
        if (byte == '\n') {
            ++line;
            column = 1;
            ++i;
            continue;
        }
        // A carriage return alone ends a line on classic Mac OS only; YAML would read the whole file
        // as one line (or as nothing), so say what it is.
        if (byte == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))
            return fail("a line ends with a carriage return alone (classic Mac OS line ends): save the file with "
                        "LF (or CRLF) line ends");
        if (byte < 0x20 && byte != '\t' && byte != '\r') {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02x", byte);
            return fail(std::string("control character ") + hex + " in text: is this a binary file?");
        }
        if (byte == 0x7f) return fail("control character DEL in text: is this a binary file?");
        const std::size_t length = utf8CharLength(text, i);
        if (length == 0) return fail("invalid UTF-8 byte sequence");
        i += length;
        ++column;
    }
    return true;
}

} // namespace railforge::document
