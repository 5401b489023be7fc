// A YAML document as a tree of located nodes, built in the same single streaming pass that refuses
// what yaml-cpp would silently accept (aliases, duplicate keys, several documents, deep nesting,
// node floods, unclosed quotes). YamlNode mirrors the parts of YAML::Node's API the readers use, so
// the readers work on it unchanged; yaml-cpp's own node tree (a second scan of the text) is not built.
#pragma once

#include <yaml-cpp/mark.h>
#include <yaml-cpp/node/type.h>

#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace railforge::document {

class YamlNode;
class YamlEntryIterator;

// The storage of one node (owned by its YamlTree).
struct YamlNodeData {
    YAML::NodeType::value type = YAML::NodeType::Null;
    YAML::Mark mark;
    std::string scalar;
    std::string tag;                         // "?" plain untagged, "!" quoted, else the explicit tag
    std::vector<const YamlNodeData *> items; // sequences
    std::vector<std::pair<const YamlNodeData *, const YamlNodeData *>> entries; // mappings, in file order
};

// A handle on a node (cheap to copy), or an undefined node (a missing key).
class YamlNode {
public:
    YamlNode() = default;
    explicit YamlNode(const YamlNodeData *data) : m_data(data) {}

    explicit operator bool() const { return m_data != nullptr; }
    bool IsDefined() const { return m_data != nullptr; }
    YAML::NodeType::value Type() const { return m_data ? m_data->type : YAML::NodeType::Undefined; }
    bool IsNull() const { return Type() == YAML::NodeType::Null; }
    bool IsScalar() const { return Type() == YAML::NodeType::Scalar; }
    bool IsSequence() const { return Type() == YAML::NodeType::Sequence; }
    bool IsMap() const { return Type() == YAML::NodeType::Map; }
    const std::string &Scalar() const;
    const std::string &Tag() const;
    YAML::Mark Mark() const { return m_data ? m_data->mark : YAML::Mark::null_mark(); }
    // What it holds (null for an undefined node).
    const YamlNodeData *data() const { return m_data; }
    // Items of a sequence or entries of a mapping.
    std::size_t size() const;
    // A sequence item (undefined when out of range or not a sequence).
    YamlNode operator[](std::size_t index) const;
    YamlNode operator[](int index) const { return index < 0 ? YamlNode() : (*this)[std::size_t(index)]; }
    // A mapping's value for a plain key (the first one; duplicates are reported by the parse).
    YamlNode operator[](const char *key) const;
    YamlNode operator[](const std::string &key) const { return (*this)[key.c_str()]; }

    // Iterating a mapping gives (key, value) pairs.
    YamlEntryIterator begin() const;
    YamlEntryIterator end() const;

private:
    const YamlNodeData *m_data = nullptr;
};

// One (key, value) pair of a mapping.
struct YamlEntry {
    YamlNode first;
    YamlNode second;
};

// Walks a mapping's entries in file order.
class YamlEntryIterator {
public:
    using Base = std::vector<std::pair<const YamlNodeData *, const YamlNodeData *>>::const_iterator;
    explicit YamlEntryIterator(Base at) : m_at(at) {}
    YamlEntry operator*() const { return {YamlNode(m_at->first), YamlNode(m_at->second)}; }
    YamlEntryIterator &operator++()
    {
        ++m_at;
        return *this;
    }
    bool operator!=(const YamlEntryIterator &other) const { return m_at != other.m_at; }

private:
    Base m_at;
};

// A parsed document: its nodes and its root (undefined for an empty file).
class YamlTree {
public:
    YamlNode root() const { return YamlNode(m_root); }
    // Used while parsing.
    YamlNodeData &make() { return m_nodes.emplace_back(); }
    void setRoot(const YamlNodeData *root) { m_root = root; }
    // Joining a text parsed in pieces: takes in another tree's nodes (their addresses stay), and
    // gives a node of this tree to change (a list gaining the next piece's items).
    void adopt(YamlTree &&other);
    YamlNodeData &edit(const YamlNodeData *node) { return const_cast<YamlNodeData &>(*node); }

private:
    std::deque<YamlNodeData> m_nodes;                // stable addresses while the tree grows
    std::vector<std::deque<YamlNodeData>> m_adopted; // other pieces' nodes
    const YamlNodeData *m_root = nullptr;
};

} // namespace railforge::document
