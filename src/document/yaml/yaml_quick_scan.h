// A quick scan of the plain YAML that RailForge writes and designers mostly keep: block mappings and
// lists by indentation, one-line flow lists and mappings, plain and one-line quoted scalars, comments,
// LF or CRLF line ends. It builds the very tree the yaml-cpp pass builds (types, text, tags, lines,
// columns, bytes) several times faster, and gives up at the first thing outside that subset or
// anything the full pass would say a word about (a duplicate key, too deep, too many nodes, a tab, a
// carriage return alone, an escape yaml-cpp reads as a lone byte, a multi-line scalar, an empty
// value, anchors, tags, document markers...): the yaml-cpp pass then reads the text and says what it
// says. So a text reads the same whichever pass reads it; test_yaml_quick_scan holds
// the two passes to that over every test level, random levels and random edits of them.
#pragma once

#include "document/yaml/yaml_parser.h"
#include "document/yaml/yaml_tree.h"

#include <optional>
#include <string_view>

namespace railforge::document {

// The tree of `text` when all of it is in the quick subset and would parse without a word; else
// none (and nothing is said: the full pass will).
std::optional<YamlTree> quickScanYaml(std::string_view text, const YamlLimits &limits = {});

} // namespace railforge::document
