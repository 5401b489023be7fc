#include "document/yaml/yaml_sections.h"

#include "document/text/number_format.h"
#include "document/yaml/yaml_text.h"

namespace railforge::document {

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
        if (e.cost) out += ", cost: " + yamlNumber(*e.cost);
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
                   ", radius: " + yamlNumber(o.circle.radius) + "}";
        } else {
            out += ", polygon: [";
            for (std::size_t i = 0; i < o.polygon.size(); ++i)
                out += (i ? ", " : "") + yamlPoint2(o.polygon[i].x, o.polygon[i].y);
            out += "]";
        }
        out += flowProperties(o.properties) + "}\n";
    }
}

} // namespace railforge::document
