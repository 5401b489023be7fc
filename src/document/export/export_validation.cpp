#include "document/export/export_validation.h"

#include "document/text/text_encoding.h"
#include "document/yaml/json_schema.h"
#include "document/yaml/yaml_parser.h"

namespace railforge::document {

ExportCheck checkExport(std::string_view text, const std::string &file)
{
    ExportCheck result;
    text = withoutUtf8Bom(text);
    if (!checkYamlBytes(text, file, result.diagnostics)) return result;
    YamlLimits limits;
    limits.maxNodes = kMaxExportNodes;
    const std::optional<YamlTree> tree = parseYamlTree(text, file, result.diagnostics, limits);
    if (!tree) return result;
    const YamlNode root = tree->root();
    if (!root || root.IsNull()) {
        result.diagnostics.push_back({Severity::Error, file, 0, 0, "the file is empty"});
        return result;
    }
    // A level given as an export: say so once, not a problem per key.
    if (root.IsMap() && root["railforge"] && !root["format"]) {
        const YAML::Mark mark = root["railforge"].Mark();
        result.diagnostics.push_back({Severity::Error, file, mark.line + 1, mark.column + 1,
                                      "this is a RailForge level, not an engine export: validate it without "
                                      "--export, or export it first"});
        return result;
    }
    std::string error;
    static const std::optional<JsonSchema> schema = JsonSchema::parse(exportSchemaText(), &error);
    if (!schema) {
        result.diagnostics.push_back({Severity::Error, file, 0, 0, "internal error: the export schema: " + error});
        return result;
    }
    schema->check(root, file, result.diagnostics);
    if (result.diagnostics.empty()) {
        result.rails = root["rails"].size();
        result.patrols = root["patrols"].size();
        result.waypoints = root["graph"] ? root["graph"]["nodes"].size() : 0;
    }
    return result;
}

} // namespace railforge::document
