#include "document/yaml/yaml_tree.h"

#include <cstring>

namespace railforge::document {
namespace {
const std::string &empty()
{
    static const std::string nothing;
    return nothing;
}
const std::vector<std::pair<const YamlNodeData *, const YamlNodeData *>> &noEntries()
{
    static const std::vector<std::pair<const YamlNodeData *, const YamlNodeData *>> none;
    return none;
}
} // namespace

void YamlTree::adopt(YamlTree &&other)
{
    // Moving a deque hands over its blocks, so pointers into it stay valid.
    m_adopted.push_back(std::move(other.m_nodes));
    for (auto &nodes : other.m_adopted) m_adopted.push_back(std::move(nodes));
    other.m_adopted.clear();
    other.m_root = nullptr;
}

const std::string &YamlNode::Scalar() const { return m_data ? m_data->scalar : empty(); }

const std::string &YamlNode::Tag() const { return m_data ? m_data->tag : empty(); }

std::size_t YamlNode::size() const
{
    if (!m_data) return 0;
    return m_data->type == YAML::NodeType::Map ? m_data->entries.size() : m_data->items.size();
}

YamlNode YamlNode::operator[](std::size_t index) const
{
    if (!IsSequence() || index >= m_data->items.size()) return {};
    return YamlNode(m_data->items[index]);
}

YamlNode YamlNode::operator[](const char *key) const
{
    if (!IsMap()) return {};
    for (const auto &[k, v] : m_data->entries)
        if (k->type == YAML::NodeType::Scalar && k->scalar == key) return YamlNode(v);
    return {};
}

YamlEntryIterator YamlNode::begin() const
{
    return YamlEntryIterator((IsMap() ? m_data->entries : noEntries()).begin());
}

YamlEntryIterator YamlNode::end() const { return YamlEntryIterator((IsMap() ? m_data->entries : noEntries()).end()); }

} // namespace railforge::document
