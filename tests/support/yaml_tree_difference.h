// The first difference between two located YAML trees (types, text, tags, line, column and byte of
// every node), or an empty string when they are the same: how a text parsed in pieces is held to the
// one pass's tree (test_yaml_pieces, the level loader's fuzzer).
#pragma once

#include "document/yaml/yaml_tree.h"

#include <string>

namespace railforge::testing {

inline std::string yamlTreeDifference(const document::YamlNodeData *a, const document::YamlNodeData *b,
                                      const std::string &path = "root")
{
    if (!a || !b) return a == b ? std::string() : path + ": one side missing";
    if (a->type != b->type) return path + ": type";
    if (a->scalar != b->scalar) return path + ": text " + a->scalar + " / " + b->scalar;
    if (a->tag != b->tag) return path + ": tag";
    auto place = [](const YAML::Mark &m) {
        return std::to_string(m.line) + ":" + std::to_string(m.column) + "@" + std::to_string(m.pos);
    };
    if (a->mark.line != b->mark.line || a->mark.column != b->mark.column || a->mark.pos != b->mark.pos)
        return path + ": mark " + place(a->mark) + " / " + place(b->mark);
    if (a->items.size() != b->items.size()) return path + ": item count";
    for (std::size_t i = 0; i < a->items.size(); ++i)
        if (std::string d = yamlTreeDifference(a->items[i], b->items[i], path + "[" + std::to_string(i) + "]");
            !d.empty())
            return d;
    if (a->entries.size() != b->entries.size()) return path + ": entry count";
    for (std::size_t i = 0; i < a->entries.size(); ++i) {
        const std::string at = path + "/" + a->entries[i].first->scalar;
        if (std::string d = yamlTreeDifference(a->entries[i].first, b->entries[i].first, at + " (key)"); !d.empty())
            return d;
        if (std::string d = yamlTreeDifference(a->entries[i].second, b->entries[i].second, at); !d.empty()) return d;
    }
    return {};
}

} // namespace railforge::testing
