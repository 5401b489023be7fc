#include "document/export/tree_writer.h"

#include "document/text/finite_output.h"
#include "document/text/number_format.h"
#include "document/text/quoted_text.h"
#include "document/yaml/yaml_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace railforge::document {

TreeWriter::TreeWriter(TreeFormat format) : m_format(format) {}

void TreeWriter::quoted(std::string_view text)
{
    if (m_format == TreeFormat::Yaml) {
        m_out += yamlString(std::string(text));
        return;
    }
    appendQuoted(m_out, text, QuoteStyle::Json);
}

void TreeWriter::jsonSeparator(const Frame &f)
{
    if (f.count) m_out += ',';
    if (!f.flow) {
        m_out += '\n';
        m_out.append(std::size_t(f.indent) * 2 + 2, ' ');
    } else if (f.count) {
        m_out += ' ';
    }
}

void TreeWriter::key(std::string_view name)
{
    if (m_stack.empty() || !m_stack.back().map || m_haveKey)
        throw std::logic_error("TreeWriter: key outside a mapping");
    Frame &f = m_stack.back();
    if (m_format == TreeFormat::Json) {
        jsonSeparator(f);
        quoted(name);
        m_out += ": ";
    } else if (f.flow) {
        if (f.count) m_out += ", ";
        quoted(name);
        m_out += ": ";
    } else {
        if (m_afterDash) {
            m_afterDash = false; // first key of a mapping that is a list item: on the "- " line
        } else {
            if (!m_out.empty() && m_out.back() != '\n') m_out += '\n';
            m_out.append(std::size_t(f.indent), ' ');
        }
        quoted(name);
        m_out += ':';
    }
    ++f.count;
    m_haveKey = true;
}

void TreeWriter::beginValue()
{
    if (m_stack.empty()) return;
    Frame &f = m_stack.back();
    if (f.map) {
        if (!m_haveKey) throw std::logic_error("TreeWriter: value without a key in a mapping");
        m_haveKey = false;
        return;
    }
    if (m_format == TreeFormat::Json) {
        jsonSeparator(f);
    } else if (f.flow) {
        if (f.count) m_out += ", ";
    } else {
        if (m_afterDash) throw std::logic_error("TreeWriter: a YAML block list directly in a block list");
        if (!m_out.empty() && m_out.back() != '\n') m_out += '\n';
        m_out.append(std::size_t(f.indent), ' ');
        m_out += "- ";
        m_afterDash = true;
    }
    ++f.count;
}

void TreeWriter::endValue()
{
    m_afterDash = false;
    if (m_format == TreeFormat::Yaml && !m_stack.empty() && !m_stack.back().flow) m_out += '\n';
}

void TreeWriter::open(bool map, Style style)
{
    const bool parentFlow = !m_stack.empty() && m_stack.back().flow;
    const bool parentBlockMap = !m_stack.empty() && m_stack.back().map && !parentFlow;
    beginValue();
    Frame f;
    f.map = map;
    f.flow = style == Style::Flow || parentFlow;
    if (m_format == TreeFormat::Json) {
        f.indent = int(m_stack.size());
        m_out += map ? '{' : '[';
    } else if (f.flow) {
        if (parentBlockMap) m_out += ' ';
        m_afterDash = false;
        m_out += map ? '{' : '[';
    } else {
        // A YAML block container writes nothing until its first child (or "[]" / "{}" if none).
        f.indent = m_stack.empty() ? 0 : m_stack.back().indent + 2;
    }
    m_stack.push_back(f);
}

void TreeWriter::close(bool map)
{
    if (m_stack.empty() || m_stack.back().map != map || m_haveKey)
        throw std::logic_error("TreeWriter: unbalanced container");
    const Frame f = m_stack.back();
    m_stack.pop_back();
    const bool parentBlockMap = !m_stack.empty() && m_stack.back().map && !m_stack.back().flow;
    if (m_format == TreeFormat::Json) {
        if (!f.flow && f.count) {
            m_out += '\n';
            m_out.append(std::size_t(f.indent) * 2, ' ');
        }
        m_out += map ? '}' : ']';
        if (m_stack.empty()) m_out += '\n';
        return;
    }
    if (f.flow) {
        m_out += map ? '}' : ']';
        endValue();
        return;
    }
    if (f.count == 0) {
        if (parentBlockMap) m_out += ' ';
        m_out += map ? "{}" : "[]";
        if (m_stack.empty())
            m_out += '\n'; // an empty root
        else
            endValue();
        return;
    }
    m_afterDash = false;
    if (!m_out.empty() && m_out.back() != '\n') m_out += '\n';
}

void TreeWriter::beginMap(Style style) { open(true, style); }
void TreeWriter::endMap() { close(true); }
void TreeWriter::beginList(Style style) { open(false, style); }
void TreeWriter::endList() { close(false); }

// YAML: a scalar after "key:" needs a space; after "- " or in flow it does not.
void TreeWriter::beginScalar()
{
    const bool parentBlockMap = !m_stack.empty() && m_stack.back().map && !m_stack.back().flow;
    beginValue();
    if (m_format == TreeFormat::Yaml && parentBlockMap) m_out += ' ';
}

void TreeWriter::string(std::string_view text)
{
    beginScalar();
    quoted(text);
    endValue();
}

void TreeWriter::number(double value)
{
    requireFinite(value); // before anything is written: a refused number leaves the writer as it was
    beginScalar();
    appendNumber(m_out, value);
    endValue();
}

void TreeWriter::integer(long long value)
{
    beginScalar();
    char buffer[24];
    m_out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
    endValue();
}

void TreeWriter::real(double value)
{
    requireFinite(value);
    beginScalar();
    m_out += formatReal(value); // 2.0, not 2: the type survives in both formats
    endValue();
}

void TreeWriter::boolean(bool value)
{
    beginScalar();
    m_out += value ? "true" : "false";
    endValue();
}

void TreeWriter::null()
{
    beginScalar();
    m_out += "null";
    endValue();
}

void TreeWriter::value(const PropertyValue &value)
{
    struct Visitor {
        TreeWriter &w;
        void operator()(const std::string &s) const { w.string(s); }
        void operator()(std::int64_t i) const { w.integer(i); }
        void operator()(double d) const { w.real(d); }
        void operator()(bool b) const { w.boolean(b); }
        void operator()(const Color &c) const { w.string(c.hex); }
    };
    std::visit(Visitor{*this}, value);
}

void TreeWriter::properties(const Properties &properties)
{
    beginMap(Style::Flow);
    for (const Property &p : properties) {
        key(p.name);
        value(p.value);
    }
    endMap();
}

void TreeWriter::row(const double *values, std::size_t count)
{
    for (std::size_t i = 0; i < count; ++i) requireFinite(values[i]);
    beginScalar();
    m_out += '[';
    for (std::size_t i = 0; i < count; ++i) {
        if (i) m_out += ", ";
        appendNumber(m_out, values[i]);
    }
    m_out += ']';
    endValue();
}

std::string TreeWriter::take()
{
    if (!m_stack.empty()) throw std::logic_error("TreeWriter: the root is still open");
    return std::move(m_out);
}

} // namespace railforge::document
