#include "document/level_writer.h"

#include "document/level_reader.h"
#include "document/number_format.h"
#include "document/yaml_sections.h"
#include "document/yaml_text.h"

namespace railforge::document {
namespace {

void writeRails(std::string &out, const std::vector<Rail> &rails)
{
    out += rails.empty() ? "rails: []\n" : "rails:\n";
    for (const Rail &r : rails) {
        out += "  - id: " + yamlString(r.id) + "\n";
        out += std::string("    closed: ") + (r.closed ? "true" : "false") + "\n";
        out += std::string("    spline: {type: ") + splineKindName(r.spline) + ", alpha: " + yamlNumber(r.alpha) + "}\n";
        out += "    points: [";
        for (std::size_t i = 0; i < r.points.size(); ++i) out += (i ? ", " : "") + yamlPoint(r.points[i]);
        out += "]\n";
        if (!r.properties.empty()) out += "    properties: " + yamlProperties(r.properties) + "\n";
    }
}

void writePatrols(std::string &out, const std::vector<Patrol> &patrols)
{
    out += patrols.empty() ? "patrols: []\n" : "patrols:\n";
    for (const Patrol &p : patrols) {
        out += "  - id: " + yamlString(p.id) + "\n";
        out += "    stops: [";
        for (std::size_t i = 0; i < p.stops.size(); ++i) out += (i ? ", " : "") + yamlString(p.stops[i]);
        out += "]\n";
        out += std::string("    mode: ") + patrolModeName(p.mode) + "\n";
        if (p.smoothing.empty()) {
            out += "    smoothing: []\n";
        } else {
            out += "    smoothing:\n";
            for (const SmoothingStep &s : p.smoothing) {
                out += "      - {strategy: " + yamlString(s.strategy) + ", params: " + yamlProperties(s.params);
                if (!s.enabled) out += ", enabled: false";
                out += "}\n";
            }
        }
        if (!p.properties.empty()) out += "    properties: " + yamlProperties(p.properties) + "\n";
    }
}

} // namespace

std::string writeLevel(const Level &level)
{
    std::string out;
    out += "railforge: " + std::to_string(kLevelFormatVersion) + "\n";
    out += "level: {name: " + yamlString(level.info.name) + ", units: " + yamlString(level.info.units) + "}\n";
    writeWaypoints(out, level.waypoints);
    writeEdges(out, level.edges);
    writeObstacles(out, level.obstacles);
    writeRails(out, level.rails);
    writePatrols(out, level.patrols);
    return out;
}

} // namespace railforge::document
