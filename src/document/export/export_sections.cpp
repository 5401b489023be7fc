#include "document/export/export_sections.h"

#include "document/export/engine_export.h"
#include "document/model/junction_network.h"
#include "document/model/length_units.h"

#include <unordered_map>

namespace railforge::document {

using Style = TreeWriter::Style;

void writePoint(TreeWriter &w, core::Vec3 p)
{
    const double v[3] = {p.x, p.y, p.z};
    w.row(v, 3);
}

void writeExportHeader(TreeWriter &w, const Level &level)
{
    w.key("format");
    w.string("railforge-export");
    w.key("version");
    w.integer(kExportFormatVersion);
    w.key("level");
    w.beginMap(Style::Flow);
    w.key("name");
    w.string(level.info.name);
    w.key("units");
    w.string(level.info.units);
    w.endMap();
    // RailForge's frame: z up, right-handed; docs/export-format.md maps it to Godot, Unity and Unreal.
    w.key("coordinates");
    w.beginMap(Style::Flow);
    w.key("up");
    w.string("z");
    w.key("handedness");
    w.string("right");
    w.key("metres_per_unit");
    if (auto metres = metresPerUnit(level.info.units))
        w.number(*metres);
    else
        w.null();
    w.endMap();
}

// The waypoint graph as a runtime routes on it: every edge with its resolved cost (the given one,
// else the Euclidean length, as the editor's A* uses) and its direction spelled out.
void writeExportGraph(TreeWriter &w, const Level &level)
{
    w.key("graph");
    w.beginMap();
    w.key("nodes");
    w.beginList();
    for (const Waypoint &node : level.waypoints) {
        w.beginMap(Style::Flow);
        w.key("id");
        w.string(node.id);
        w.key("position");
        writePoint(w, node.position);
        w.key("properties");
        w.properties(node.properties);
        w.endMap();
    }
    w.endList();
    std::unordered_map<std::string, Vec3> positions;
    for (const Waypoint &node : level.waypoints) positions.emplace(node.id, node.position);
    w.key("edges");
    w.beginList();
    for (const Edge &edge : level.edges) {
        // Edges name existing waypoints (the loader and the editor's commands keep it so).
        const double cost = edge.cost ? *edge.cost : core::distance(positions[edge.from], positions[edge.to]);
        w.beginMap(Style::Flow);
        w.key("from");
        w.string(edge.from);
        w.key("to");
        w.string(edge.to);
        w.key("cost");
        w.number(cost);
        w.key("bidirectional");
        w.boolean(edge.bidirectional);
        w.key("properties");
        w.properties(edge.properties);
        w.endMap();
    }
    w.endList();
    w.endMap();
}

void writeExportObstacles(TreeWriter &w, const Level &level)
{
    w.key("obstacles");
    w.beginList();
    for (const Obstacle &o : level.obstacles) {
        w.beginMap(Style::Flow);
        w.key("id");
        w.string(o.id);
        if (o.shape == Obstacle::Shape::Circle) {
            w.key("circle");
            w.beginMap(Style::Flow);
            w.key("center");
            const double c[2] = {o.circle.center.x, o.circle.center.y};
            w.row(c, 2);
            w.key("radius");
            w.number(o.circle.radius);
            w.endMap();
        } else {
            w.key("polygon");
            w.beginList(Style::Flow);
            for (const Point2 &p : o.polygon) {
                const double v[2] = {p.x, p.y};
                w.row(v, 2);
            }
            w.endList();
        }
        w.key("properties");
        w.properties(o.properties);
        w.endMap();
    }
    w.endList();
}

void writeExportJunctions(TreeWriter &w, const Level &level)
{
    if (level.junctions.empty()) return;
    const LevelNetwork net = buildLevelNetwork(level);
    w.key("junctions");
    w.beginList();
    for (std::size_t i = 0; i < level.junctions.size(); ++i) {
        const Junction &j = level.junctions[i];
        const core::NetworkJunction &n = net.junctions[i];
        auto direction = [](bool forward) { return forward ? "forward" : "backward"; };
        w.beginMap(Style::Flow);
        w.key("id");
        w.string(j.id);
        w.key("position");
        writePoint(w, core::sampleAt(net.tables[n.rail], n.s).position);
        w.key("at");
        w.beginMap(Style::Flow);
        w.key("rail");
        w.string(j.rail);
        w.key("s");
        w.number(n.s);
        w.endMap();
        w.key("arrive");
        w.string(direction(n.arriveForward));
        w.key("ways");
        w.beginList(Style::Flow);
        for (std::size_t k = 0; k < n.ways.size(); ++k) {
            w.beginMap(Style::Flow);
            w.key("rail");
            w.string(net.wayRails[i][k]);
            w.key("s");
            w.number(n.ways[k].s);
            w.key("direction");
            w.string(direction(n.ways[k].forward));
            w.endMap();
        }
        w.endList();
        w.key("default");
        w.string(net.wayRails[i][n.defaultWay]);
        w.key("properties");
        w.properties(j.properties);
        w.endMap();
    }
    w.endList();
}

void writeExportAgents(TreeWriter &w, const Level &level, const ExportedNavMeshes *navmeshes)
{
    if (level.agents.empty()) return;
    w.key("agents");
    w.beginList();
    for (const Agent &a : level.agents) {
        const auto mesh = navmeshes ? navmeshes->find(a.id) : ExportedNavMeshes::const_iterator{};
        const bool hasMesh = navmeshes && mesh != navmeshes->end();
        // One line an agent, unless its navmesh follows (a list a line: vertices, then polygons).
        w.beginMap(hasMesh ? Style::Block : Style::Flow);
        w.key("id");
        w.string(a.id);
        for (const auto &[name, value] : {std::pair{"radius", a.radius}, std::pair{"height", a.height},
                                          std::pair{"climb", a.climb}, std::pair{"slope", a.slope}}) {
            w.key(name);
            w.number(value);
        }
        w.key("properties");
        w.properties(a.properties);
        if (hasMesh) {
            w.key("navmesh");
            w.beginMap();
            w.key("cell");
            w.number(mesh->second.cell);
            w.key("vertices");
            w.beginList(Style::Flow);
            for (const Vec3 &v : mesh->second.vertices) writePoint(w, v);
            w.endList();
            w.key("polygons");
            w.beginList(Style::Flow);
            for (const auto &polygon : mesh->second.polygons) {
                const std::vector<double> indices(polygon.begin(), polygon.end());
                w.row(indices.data(), indices.size());
            }
            w.endList();
            w.endMap();
        }
        w.endMap();
    }
    w.endList();
}

} // namespace railforge::document
