#include "document/yaml_prepass.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <set>
#include <sstream>
#include <vector>

namespace railforge::document {
namespace {

// Thrown to stop the parse at the first problem that makes going on pointless.
struct StopParse {};

class PrepassHandler : public YAML::EventHandler {
public:
    PrepassHandler(const std::string &file, Diagnostics &diagnostics, const YamlLimits &limits)
        : m_file(file), m_diagnostics(diagnostics), m_limits(limits) {}

    void OnDocumentStart(const YAML::Mark &mark) override
    {
        if (++m_documents > 1)
            fatal(mark, "more than one YAML document in the file; a level is a single document");
    }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark &mark, YAML::anchor_t) override { leaf(mark, "~"); }
    void OnAlias(const YAML::Mark &mark, YAML::anchor_t) override
    {
        fatal(mark, "YAML aliases (*name) are not allowed in level files");
    }
    void OnScalar(const YAML::Mark &mark, const std::string &, YAML::anchor_t,
                  const std::string &value) override
    {
        leaf(mark, value);
    }
    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t,
                         YAML::EmitterStyle::value) override
    {
        open(mark, false);
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t,
                    YAML::EmitterStyle::value) override
    {
        open(mark, true);
    }
    void OnMapEnd() override { close(); }

private:
    struct Frame {
        bool isMap = false;
        bool expectKey = true;
        std::set<std::string> keys;
    };

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

    void open(const YAML::Mark &mark, bool isMap)
    {
        count(mark);
        if (!m_stack.empty() && m_stack.back().isMap)
            m_stack.back().expectKey = !m_stack.back().expectKey;
        if (static_cast<int>(m_stack.size()) >= m_limits.maxDepth)
            fatal(mark, "nesting deeper than " + std::to_string(m_limits.maxDepth) + " levels");
        m_stack.push_back(Frame{isMap, true, {}});
    }

    void close()
    {
        if (!m_stack.empty()) m_stack.pop_back();
    }

    void error(const YAML::Mark &mark, std::string message)
    {
        m_diagnostics.push_back({Severity::Error, m_file, mark.line + 1, mark.column + 1, std::move(message)});
    }

    [[noreturn]] void fatal(const YAML::Mark &mark, std::string message)
    {
        error(mark, std::move(message));
        throw StopParse{};
    }

    const std::string &m_file;
    Diagnostics &m_diagnostics;
    const YamlLimits &m_limits;
    std::vector<Frame> m_stack;
    int m_documents = 0;
    long m_nodes = 0;
};

} // namespace

bool prepassYaml(std::string_view text, const std::string &fileName, Diagnostics &diagnostics,
                 const YamlLimits &limits)
{
    const auto before = diagnostics.size();
    std::istringstream stream{std::string(text)};
    PrepassHandler handler(fileName, diagnostics, limits);
    try {
        YAML::Parser parser(stream);
        while (parser.HandleNextDocument(handler)) {
        }
    } catch (const StopParse &) {
    } catch (const YAML::Exception &e) {
        const bool hasMark = e.mark.line >= 0;
        diagnostics.push_back({Severity::Error, fileName, hasMark ? e.mark.line + 1 : 0,
                               hasMark ? e.mark.column + 1 : 0, "YAML syntax error: " + e.msg});
    }
    return diagnostics.size() == before;
}

bool checkYamlBytes(std::string_view text, const std::string &fileName, Diagnostics &diagnostics)
{
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
        if (byte < 0x20 && byte != '\t' && byte != '\r')
            return fail("control character 0x" + std::to_string(byte) + " in text: is this a binary file?");
        if (byte == 0x7f)
            return fail("control character DEL in text: is this a binary file?");
        size_t length = byte < 0x80 ? 1 : (byte >> 5) == 0x6 ? 2 : (byte >> 4) == 0xe ? 3 : (byte >> 3) == 0x1e ? 4 : 0;
        if (length == 0 || i + length > text.size())
            return fail("invalid UTF-8 byte sequence");
        unsigned codepoint = length == 1 ? byte : byte & (0x7f >> length);
        for (size_t k = 1; k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            if ((next & 0xc0) != 0x80)
                return fail("invalid UTF-8 byte sequence");
            codepoint = (codepoint << 6) | (next & 0x3f);
        }
        static constexpr unsigned minimum[] = {0, 0, 0x80, 0x800, 0x10000};
        if (codepoint < minimum[length] || codepoint > 0x10ffff || (codepoint >= 0xd800 && codepoint <= 0xdfff))
            return fail("invalid UTF-8 byte sequence (overlong or out of range)");
        i += length;
        ++column;
    }
    return true;
}

} // namespace railforge::document
