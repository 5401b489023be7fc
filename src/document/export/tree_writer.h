// A small streaming writer of one data tree as JSON or as YAML, for the engine export: the same
// calls give the same content in both formats (same keys in the same order, same number text), so
// an engine reading either gets identical data. Fast enough for hundreds of MB: it appends into
// one string, formats numbers with std::to_chars (shortest round-trip form, number_format.h) and
// keeps no tree.
//
// Layout: a "block" container puts each child on its own line (JSON: indented lines; YAML: block
// mappings "key: value" and sequences "- item"); a "flow" container is written on one line
// ([1, 2] or {a: 1}); everything inside a flow container is flow too. Empty block containers are
// written [] / {}. The caller opens the root as a block mapping.
#pragma once

#include "document/model/property.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace railforge::document {

enum class TreeFormat { Json, Yaml };

class TreeWriter {
public:
    enum class Style { Block, Flow };

    explicit TreeWriter(TreeFormat format);

    void beginMap(Style style = Style::Block);
    void endMap();
    void beginList(Style style = Style::Block);
    void endList();

    // The next value's key (inside a mapping only).
    void key(std::string_view name);

    // Scalars. number() and row() throw NonFiniteOutput for NaN or infinity (finite_output.h).
    void string(std::string_view text);
    void number(double value);
    void integer(long long value);
    void boolean(bool value);
    void null();
    // A real number that always reads back as one (2.0, not 2).
    void real(double value);
    // A typed property value: text, integer, real (always with a '.', like the level file: 2.0),
    // bool, colour (its "#RRGGBB[AA]" text).
    void value(const PropertyValue &value);
    // A mapping of properties (flow), in their given order.
    void properties(const Properties &properties);

    // A flow list of numbers: the hot path for sample rows.
    void row(const double *values, std::size_t count);

    // The text written so far (complete once the root is closed); ends with a newline.
    std::string take();
    // Reserves room for this many bytes (callers that can estimate the size avoid regrowth).
    void reserve(std::size_t bytes) { m_out.reserve(bytes); }
    std::size_t size() const { return m_out.size(); }

private:
    struct Frame {
        bool map = false;
        bool flow = false;
        std::size_t count = 0; // children written so far
        int indent = 0;        // block children's column (YAML) / nesting depth (JSON)
    };

    void jsonSeparator(const Frame &f); // JSON: the comma and the line prefix before a child
    void beginValue();                  // separators and line prefixes before any value
    void beginScalar();                 // beginValue, then the space after a YAML "key:"
    void endValue();                    // the line break after a value in a YAML block container
    void open(bool map, Style style);
    void close(bool map);
    void quoted(std::string_view text); // a JSON string / YAML scalar

    TreeFormat m_format;
    std::string m_out;
    std::vector<Frame> m_stack;
    bool m_haveKey = false;   // key() was called and its value not yet written
    bool m_afterDash = false; // YAML: the cursor is just after "- " of a block list item
};

} // namespace railforge::document
