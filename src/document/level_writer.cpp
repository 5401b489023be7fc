#include "document/level_writer.h"

#include "document/level_reader.h"
#include "document/number_format.h"
#include "document/yaml_text.h"

namespace railforge::document {
namespace {

// Appends ", properties: {...}" for flow-style items that have properties.
std::string flowProperties(const Properties &properties)
{
    return properties.empty() ? std::string() : ", properties: " + yamlProperties(properties);
}

void writeWaypoints(std::string &out, const std::vector<Waypoint> &waypoints)
{
    out += waypoints.empty() ? "waypoints: []\n" : "waypoints:\n";
    for (const Waypoint &w : waypoints)
        out += "  - {id: " + yamlString(w.id) + ", position: " + yamlPoint(w.position) + flowProperties(w.properties) +
               "}\n";
}

void writeEdges(std::string &out, const std::vector<Edge> &edges)
{
    out += edges.empty() ? "edges: []\n" : "edges:\n";
    for (const Edge &e : edges) {
        out += "  - {from: " + yamlString(e.from) + ", to: " + yamlString(e.to);
        if (!e.bidirectional) out += ", bidirectional: false";
        if (e.cost) out += ", cost: " + formatNumber(*e.cost);
        out += flowProperties(e.properties) + "}\n";
    }
}

void writeObstacles(std::string &out, const std::vector<Obstacle> &obstacles)
{
    out += obstacles.empty() ? "obstacles: []\n" : "obstacles:\n";
    for (const Obstacle &o : obstacles) {
        out += "  - {id: " + yamlString(o.id);
        if (o.shape == Obstacle::Shape::Circle) {
            out += ", circle: {center: " + yamlPoint2(o.circle.center.x, o.circle.center.y) +
                   ", radius: " + formatNumber(o.circle.radius) + "}";
        } else {
            out += ", polygon: [";
            for (std::size_t i = 0; i < o.polygon.size(); ++i)
                out += (i ? ", " : "") + yamlPoint2(o.polygon[i].x, o.polygon[i].y);
            out += "]";
        }
        out += flowProperties(o.properties) + "}\n";
    }
}

void writeRails(std::string &out, const std::vector<Rail> &rails)
{
    out += rails.empty() ? "rails: []\n" : "rails:\n";
    for (const Rail &r : rails) {
        out += "  - id: " + yamlString(r.id) + "\n";
        out += std::string("    closed: ") + (r.closed ? "true" : "false") + "\n";
        out += std::string("    spline: {type: ") + splineKindName(r.spline) + ", alpha: " + formatNumber(r.alpha) + "}\n";
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
