// A streaming pass over YAML text that refuses what yaml-cpp would silently accept or
// blow up on: aliases, duplicate keys, several documents, deep nesting, huge node counts.
#pragma once

#include "document/text/diagnostic.h"
#include "document/yaml/yaml_tree.h"

#include <optional>
#include <string>
#include <string_view>

namespace railforge::document {

// Limits applied to every YAML input; documented in docs/design.md ("Input limits").
struct YamlLimits {
    int maxDepth = 64;
    long maxNodes = 1'000'000;
    // Texts of at least this many bytes are scanned in pieces on two cores (yaml_pieces.h).
    std::size_t piecesFrom = std::size_t(1) << 20;
    // Whether the quick scan (yaml_quick_scan.h) may read the text first; tests turn it off to reach
    // yaml-cpp's pass, which the quick scan is held to.
    bool quickScan = true;
};

// Parses the text in one streaming pass into a located tree, appending one diagnostic per problem
// (a syntax error on a line indented with a tab is reported as that tab); returns nothing when the
// text must not be loaded.
std::optional<YamlTree> parseYamlTree(std::string_view text, const std::string &fileName, Diagnostics &diagnostics,
                                      const YamlLimits &limits = {});

// Checks the raw bytes: not UTF-16 or UTF-32, valid UTF-8, no control characters other than tab, LF, CR.
bool checkYamlBytes(std::string_view text, const std::string &fileName, Diagnostics &diagnostics);

} // namespace railforge::document
