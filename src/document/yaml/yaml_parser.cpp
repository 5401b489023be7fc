#include "document/yaml/yaml_parser.h"

#include "document/text/text_encoding.h"
#include "document/text/utf8.h"
#include "document/yaml/yaml_pieces.h"
#include "document/yaml/yaml_quick_scan.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <cstdio>
#include <set>
#include <sstream>
#include <system_error>
#include <thread>
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

// Where a piece of a text sits in the whole (yaml_pieces.h): its first line and byte, and how deep
// its top node is nested there. The whole text is the piece at {0, 0, 0}.
struct Placement {
    int line = 0;
    long pos = 0;
    int depth = 0;
};

class PrepassHandler : public YAML::EventHandler {
public:
    PrepassHandler(std::string_view text, const std::string &file, Diagnostics &diagnostics, const YamlLimits &limits,
                   YamlTree &tree, Placement placement)
        : m_text(text), m_file(file), m_diagnostics(diagnostics), m_limits(limits), m_tree(tree),
          m_placement(placement), m_columns(text)
    {}

    long nodes() const { return m_nodes; }

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
        node.mark = located(mark);
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
        node.mark = located(mark);
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
        if (static_cast<int>(m_stack.size()) + m_placement.depth >= m_limits.maxDepth)
            fatal(mark, "nesting deeper than " + std::to_string(m_limits.maxDepth) + " levels");
        YamlNodeData &node = m_tree.make();
        node.type = isMap ? YAML::NodeType::Map : YAML::NodeType::Sequence;
        node.mark = located(mark);
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

    // The mark in the whole text: its column in characters, its line and byte past the pieces before.
    YAML::Mark located(const YAML::Mark &mark)
    {
        YAML::Mark at = m_columns(mark);
        at.line += m_placement.line;
        at.pos += int(m_placement.pos);
        return at;
    }

    void error(const YAML::Mark &mark, std::string message)
    {
        const YAML::Mark at = located(mark);
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
    Placement m_placement;
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

// One streaming pass over `text` (the whole file, or a piece of it placed at `placement`).
std::optional<YamlTree> parseWhole(std::string_view text, const std::string &fileName, Diagnostics &diagnostics,
                                   const YamlLimits &limits, Placement placement, long *nodes)
{
    const auto before = diagnostics.size();
    std::istringstream stream{std::string(text)};
    YamlTree tree;
    PrepassHandler handler(text, fileName, diagnostics, limits, tree, placement);
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
    if (nodes) *nodes = handler.nodes();
    if (diagnostics.size() != before) return std::nullopt;
    return tree;
}

// A piece parsed on its own: its tree when it parsed without a word.
struct Piece {
    std::optional<YamlTree> tree;
    long nodes = 0;
};

void parsePiece(std::string_view text, const std::string &fileName, const YamlLimits &limits, Placement placement,
                Piece &piece)
{
    Diagnostics said;
    try {
        piece.tree = parseWhole(text, fileName, said, limits, placement, &piece.nodes);
    } catch (...) { // out of memory in a piece: the whole text's parse will say so
        piece.tree.reset();
    }
    if (!said.empty()) piece.tree.reset();
}

// Whether a piece ends in an empty value ("key:" or "-" with nothing after it): yaml-cpp places such
// a null at the token that follows it, which is in the next piece, so alone it would be placed at
// the piece's end. The last node in the text's order is the last child down from the root.
bool endsInEmptyValue(const YamlTree &tree, std::string_view text)
{
    const YamlNodeData *last = tree.root().data();
    while (last && (!last->items.empty() || !last->entries.empty()))
        last = last->items.empty() ? last->entries.back().second : last->items.back();
    if (!last || last->type != YAML::NodeType::Null) return false;
    // An explicit ~ or null is placed on itself, within the text; an empty one past its last character.
    const std::size_t end = text.find_last_not_of(" \t\r\n");
    return end == std::string_view::npos || last->mark.pos < 0 || std::size_t(last->mark.pos) > end;
}

// The text parsed in three pieces on two threads (yaml_pieces.h) and joined into the tree the one
// pass gives; none when it cannot be cut, a piece says anything, or the joined tree would break a
// rule the pieces cannot see alone (a key of the root in two pieces, too many nodes together).
std::optional<YamlTree> parseInPieces(std::string_view text, const std::string &fileName, const YamlLimits &limits)
{
    const auto cut = findYamlCut(text);
    if (!cut) return std::nullopt;
    Piece head, items, tail;
    try {
        std::thread second([&] {
            parsePiece(text.substr(cut->items, cut->tail - cut->items), fileName, limits,
                       {cut->itemsLine, long(cut->items), 1}, items);
            if (items.tree)
                parsePiece(text.substr(cut->tail), fileName, limits, {cut->tailLine, long(cut->tail), 0}, tail);
        });
        parsePiece(text.substr(0, cut->items), fileName, limits, {}, head);
        second.join();
    } catch (const std::system_error &) { // no thread to be had
        return std::nullopt;
    }
    if (!head.tree || !items.tree || !tail.tree || head.nodes + items.nodes + tail.nodes > limits.maxNodes)
        return std::nullopt;
    // Each seam read across (yaml_pieces.h): what an item leaves behind shows at the next key.
    const auto [first, second] = yamlSeams(text, *cut);
    for (const std::string *seam : {&first, &second}) {
        if (seam->empty()) continue;
        Diagnostics said;
        if (!parseWhole(*seam, fileName, said, limits, {}, nullptr) || !said.empty()) return std::nullopt;
    }
    if (endsInEmptyValue(*head.tree, text.substr(0, cut->items)) ||
        endsInEmptyValue(*items.tree, text.substr(0, cut->tail)))
        return std::nullopt;
    const YamlNode root = head.tree->root(), list = items.tree->root(), more = tail.tree->root();
    if (!root.IsMap() || root.size() == 0 || !list.IsSequence() || (more && !more.IsMap())) return std::nullopt;
    const YamlNodeData &rootData = *root.data();
    const auto [key, section] = rootData.entries.back();
    if (!key || key->type != YAML::NodeType::Scalar || key->scalar != cut->key || !section ||
        section->type != YAML::NodeType::Sequence)
        return std::nullopt;
    // The root's keys must stay one of each, as the one pass checks them.
    auto keyText = [](const YamlNodeData *k) -> std::optional<std::string> {
        if (k->type == YAML::NodeType::Scalar) return k->scalar;
        if (k->type == YAML::NodeType::Null) return std::string("~");
        return std::nullopt;
    };
    std::set<std::string> keys;
    for (const auto &entry : rootData.entries)
        if (const auto k = keyText(entry.first)) keys.insert(*k);
    if (more)
        for (const auto &entry : more.data()->entries)
            if (const auto k = keyText(entry.first); k && !keys.insert(*k).second) return std::nullopt;
    YamlTree joined = std::move(*head.tree);
    auto &sectionItems = joined.edit(section).items;
    sectionItems.insert(sectionItems.end(), list.data()->items.begin(), list.data()->items.end());
    if (more) {
        auto &entries = joined.edit(root.data()).entries;
        entries.insert(entries.end(), more.data()->entries.begin(), more.data()->entries.end());
    }
    joined.adopt(std::move(*items.tree));
    joined.adopt(std::move(*tail.tree));
    return joined;
}

} // namespace

std::optional<YamlTree> parseYamlTree(std::string_view text, const std::string &fileName, Diagnostics &diagnostics,
                                      const YamlLimits &limits)
{
    // The plain YAML a level mostly is reads quickly; anything else (and anything wrong) yaml-cpp reads.
    if (limits.quickScan)
        if (auto quick = quickScanYaml(text, limits)) return quick;
    // A big text is scanned on two cores when it can be; whatever is wrong with it is said by the one pass.
    if (text.size() >= limits.piecesFrom)
        if (auto joined = parseInPieces(text, fileName, limits)) return joined;
    return parseWhole(text, fileName, diagnostics, limits, {}, nullptr);
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
