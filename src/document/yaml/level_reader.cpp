#include "document/yaml/level_reader.h"

#include "document/checks/edit_rules.h"
#include "document/checks/level_marks.h"
#include "document/model/number_limits.h"
#include "document/model/property.h"
#include "document/text/text_encoding.h"
#include "document/yaml/conflict_markers.h"
#include "document/yaml/junction_reader.h"
#include "document/yaml/level_checks.h"
#include "document/yaml/rail_channel_reader.h"
#include "document/yaml/rail_point_reader.h"
#include "document/yaml/track_style_yaml.h"
#include "document/yaml/yaml_node_reader.h"
#include "document/yaml/yaml_parser.h"

#include <yaml-cpp/mark.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

namespace railforge::document {
namespace {

// Reads the structure of a level document; semantic checks run afterwards (level_checks).
class LevelParser {
public:
    LevelParser(NodeReader &reader, Level &level, LevelMarks &marks) : r(reader), m_level(level), m_marks(marks) {}

    void parseRoot(const YamlNode &root)
    {
        if (!root.IsDefined() || root.IsNull()) {
            r.error(root, "the file is empty: a level starts with 'railforge: 1'");
            return;
        }
        if (!r.expectMap(root, "a level document")) return;
        // An engine export opened or validated by mistake: say what it is, not that every key is wrong.
        if (const YamlNode format = root["format"];
            format && format.IsScalar() && format.Scalar() == "railforge-export" && !root["railforge"]) {
            const YamlNode version = root["version"];
            const std::string v = version && version.IsScalar() ? " (version " + version.Scalar() + ")" : "";
            r.error(format, "this is a RailForge engine export" + v +
                                ", not a level: open the level it was exported from "
                                "(railforge-cli validate --export FILE checks an export)");
            return;
        }
        r.warnUnknownKeys(root,
                          {"railforge", "level", "references", "waypoints", "edges", "obstacles", "rails", "patrols",
                           "junctions", "agents"},
                          "the level document");
        if (auto version = r.required(root, "railforge", "the level document")) {
            if (auto v = r.integer(version, "'railforge' (the format version)"); v && *v != kLevelFormatVersion)
                r.error(version, "unsupported format version " + std::to_string(*v) +
                                     " (this RailForge reads version " + std::to_string(kLevelFormatVersion) + ")");
        }
        if (auto info = root["level"]) parseInfo(info);
        forEach(root["references"], "references",
                [this](const YamlNode &n, const std::string &w) { parseReference(n, w); });
        forEach(root["waypoints"], "waypoints",
                [this](const YamlNode &n, const std::string &w) { parseWaypoint(n, w); });
        forEach(root["edges"], "edges", [this](const YamlNode &n, const std::string &w) { parseEdge(n, w); });
        forEach(root["obstacles"], "obstacles",
                [this](const YamlNode &n, const std::string &w) { parseObstacle(n, w); });
        forEach(root["rails"], "rails", [this](const YamlNode &n, const std::string &w) { parseRail(n, w); });
        forEach(root["patrols"], "patrols", [this](const YamlNode &n, const std::string &w) { parsePatrol(n, w); });
        m_level.junctions =
            readJunctions(r, root["junctions"], m_level.rails, m_marks.junctions, m_marks.junctionLinks);
        forEach(root["agents"], "agents", [this](const YamlNode &n, const std::string &w) { parseAgent(n, w); });
    }

private:
    template <typename Fn>
    void forEach(const YamlNode &list, const std::string &what, Fn fn)
    {
        if (!list || list.IsNull()) return;
        if (!r.expectSequence(list, "'" + what + "'")) return;
        for (std::size_t i = 0; i < list.size(); ++i) fn(list[i], what + "[" + std::to_string(i) + "]");
    }

    void parseInfo(const YamlNode &node)
    {
        if (!r.expectMap(node, "'level'")) return;
        r.warnUnknownKeys(node, {"name", "units", "track"}, "'level'");
        if (auto name = node["name"]) {
            if (auto s = r.string(name, "level name")) m_level.info.name = *s;
        }
        if (auto units = node["units"]) {
            if (auto s = r.string(units, "level units")) m_level.info.units = *s;
        }
        if (auto track = node["track"]) m_level.info.track = readTrackStyle(r, track, "the level's default");
    }

    // The start of every object with an id: a mapping, known keys only (else warnings), an id. Both
    // empty after reporting why, when the object cannot be read.
    std::pair<YamlNode, std::optional<std::string>> readObjectId(const YamlNode &node, const std::string &kind,
                                                                 const std::string &what,
                                                                 std::initializer_list<const char *> keys)
    {
        if (!r.expectMap(node, kind + " " + what)) return {};
        r.warnUnknownKeys(node, keys, (kind[0] == 'o' ? "an " : "a ") + kind);
        YamlNode idNode = r.required(node, "id", kind + " " + what);
        if (!idNode) return {};
        return {idNode, r.id(idNode, kind + " id")};
    }

    // A list of `count` finite numbers.
    std::optional<std::vector<double>> numbers(const YamlNode &node, std::size_t count, const std::string &what)
    {
        if (!node.IsSequence() || node.size() != count) {
            r.error(node, what + " must be a list of " + std::to_string(count) + " numbers");
            return std::nullopt;
        }
        std::vector<double> out;
        for (std::size_t i = 0; i < count; ++i) {
            const auto v = r.coordinate(node[i], what);
            if (!v) return std::nullopt;
            out.push_back(*v);
        }
        return out;
    }

    void parseReference(const YamlNode &node, const std::string &what)
    {
        const auto [idNode, id] = readObjectId(node, "reference", what,
                                               {"id", "image", "mesh", "heightmap", "rect", "opacity", "z_range", "up",
                                                "transform", "ground", "color", "visible", "locked"});
        if (!id) return;
        const std::string name = "reference '" + *id + "'";
        if (!m_referenceIds.insert(*id).second) r.error(idNode, "duplicate reference id '" + *id + "'");
        Reference ref;
        ref.id = *id;
        YAML::Mark fileMark = idNode.Mark();
        int kinds = 0;
        for (const ReferenceKind kind : {ReferenceKind::Image, ReferenceKind::Mesh, ReferenceKind::Heightmap}) {
            const YamlNode file = node[referenceKindName(kind)];
            if (!file) continue;
            ++kinds;
            ref.kind = kind;
            fileMark = file.Mark();
            if (auto path = r.string(file, name + " file")) {
                if (path->empty()) r.error(file, name + ": the file path is empty");
                ref.file = *path;
            }
        }
        if (kinds != 1) {
            r.error(node, name + " needs exactly one of 'image', 'mesh' or 'heightmap' (the file it shows)");
            return;
        }
        // A key another kind of reference takes is an error here: it would mean nothing, and a save
        // would drop it.
        const std::pair<const char *, const char *> onlyFor[] = {
            {"opacity", "image"}, {"z_range", "heightmap"}, {"up", "mesh"}, {"transform", "mesh"}};
        auto withArticle = [](std::string kind) { return (kind[0] == 'i' ? "an " : "a ") + kind; };
        for (const auto &[key, kind] : onlyFor)
            if (const YamlNode value = node[key]; value && std::string(kind) != referenceKindName(ref.kind))
                r.error(value, name + ": '" + key + "' applies to " + withArticle(kind) + " reference, not to " +
                                   withArticle(referenceKindName(ref.kind)));
        if (const YamlNode ground = node["ground"]; ground && ref.kind == ReferenceKind::Image)
            r.error(ground, name + ": an image is never ground ('ground' applies to meshes and heightmaps)");
        if (const YamlNode color = node["color"]) {
            if (ref.kind == ReferenceKind::Image)
                r.error(color, name + ": an image shows its own colours ('color' applies to meshes and heightmaps)");
            else if (auto text = r.string(color, name + " color")) {
                if (!isColorText(*text) || text->size() != 7)
                    r.error(color, name + " color must be '#RRGGBB' (six hex digits), not '" + *text + "'");
                ref.color = *text;
            }
        }
        const bool flat = ref.kind != ReferenceKind::Mesh;
        if (auto rect = node["rect"]; rect && flat) {
            if (auto v = numbers(rect, 4, name + " rect")) {
                ref.rect = {(*v)[0], (*v)[1], (*v)[2], (*v)[3]};
                if (!(ref.rect[0] < ref.rect[2]) || !(ref.rect[1] < ref.rect[3]))
                    r.error(rect, name + " rect must be [x0, y0, x1, y1] with x0 < x1 and y0 < y1");
            }
        } else if (flat) {
            r.error(node, name + " needs 'rect: [x0, y0, x1, y1]', the world rectangle it covers");
        } else if (rect) {
            r.error(rect, name + ": a mesh is placed by 'transform', not 'rect'");
        }
        if (auto opacity = node["opacity"]) {
            if (auto v = r.number(opacity, name + " opacity")) {
                if (!(*v >= 0.0 && *v <= 1.0)) r.error(opacity, name + " opacity must be between 0 and 1");
                ref.opacity = *v;
            }
        }
        if (auto range = node["z_range"]) {
            if (auto v = numbers(range, 2, name + " z_range")) {
                ref.zRange = {(*v)[0], (*v)[1]};
                if (!(ref.zRange[0] <= ref.zRange[1]))
                    r.error(range, name + " z_range must be [zmin, zmax], zmin <= zmax");
            }
        } else if (ref.kind == ReferenceKind::Heightmap) {
            r.error(node, name + " needs 'z_range: [zmin, zmax]', the heights of black and white");
        }
        if (auto up = node["up"]) {
            if (auto v = r.string(up, name + " up")) {
                if (*v == "y")
                    ref.up = MeshUp::Y;
                else if (*v == "z")
                    ref.up = MeshUp::Z;
                else
                    r.error(up, name + " up must be 'y' (the file's y is up: glTF) or 'z', not '" + *v + "'");
            }
        }
        if (auto transform = node["transform"]; transform && r.expectMap(transform, name + " transform")) {
            r.warnUnknownKeys(transform, {"scale", "rotate", "translate"}, name + " transform");
            if (auto scale = transform["scale"]) {
                if (auto v = r.number(scale, name + " scale")) {
                    if (!(*v > 0.0) || !std::isfinite(*v)) r.error(scale, name + " scale must be a positive number");
                    ref.scale = *v;
                }
            }
            if (auto rotate = transform["rotate"]) {
                if (auto v = r.coordinate(rotate, name + " rotate")) ref.rotate = *v;
            }
            if (auto translate = transform["translate"]) {
                if (auto p = r.point(translate, name + " translate")) ref.translate = *p;
            }
        }
        for (auto [key, flag] :
             {std::pair{"ground", &ref.ground}, std::pair{"visible", &ref.visible}, std::pair{"locked", &ref.locked}})
            if (auto v = node[key]) {
                if (auto b = r.boolean(v, name + " '" + key + "'")) *flag = *b;
            }
        m_level.references.push_back(std::move(ref));
        m_marks.references.push_back(fileMark);
    }

    void parseWaypoint(const YamlNode &node, const std::string &what)
    {
        const auto [idNode, id] = readObjectId(node, "waypoint", what, {"id", "position", "properties"});
        if (!id) return;
        Waypoint waypoint{*id, {}, {}};
        const std::string name = "waypoint '" + *id + "'";
        if (auto position = r.required(node, "position", name)) {
            if (auto p = r.point(position, name + " position")) waypoint.position = *p;
        }
        waypoint.properties = r.properties(node["properties"], name + " properties");
        m_level.waypoints.push_back(std::move(waypoint));
        m_marks.waypoints.push_back(idNode.Mark());
    }

    void parseEdge(const YamlNode &node, const std::string &what)
    {
        if (!r.expectMap(node, "edge " + what)) return;
        r.warnUnknownKeys(node, {"from", "to", "bidirectional", "cost", "properties"}, "an edge");
        Edge edge;
        auto fromNode = r.required(node, "from", "edge " + what);
        auto toNode = r.required(node, "to", "edge " + what);
        auto from = fromNode ? r.id(fromNode, "edge 'from'") : std::nullopt;
        auto to = toNode ? r.id(toNode, "edge 'to'") : std::nullopt;
        if (!from || !to) return;
        edge.from = *from;
        edge.to = *to;
        const std::string name = "edge " + *from + " -> " + *to;
        if (auto b = node["bidirectional"]) {
            if (auto v = r.boolean(b, name + " 'bidirectional'")) edge.bidirectional = *v;
        }
        if (auto c = node["cost"]) {
            if (auto v = r.number(c, name + " cost")) {
                if (withinCostRange(*v))
                    edge.cost = *v;
                else if (*v <= 0)
                    r.error(c, name + " cost must be greater than 0");
                else
                    r.error(c, name + " cost is " + c.Scalar() + ", above the largest cost 1e15");
            }
        }
        edge.properties = r.properties(node["properties"], name + " properties");
        m_level.edges.push_back(std::move(edge));
        m_marks.edgeFrom.push_back(fromNode.Mark());
        m_marks.edgeTo.push_back(toNode.Mark());
    }

    void parseObstacle(const YamlNode &node, const std::string &what)
    {
        const auto [idNode, id] = readObjectId(node, "obstacle", what, {"id", "polygon", "circle", "properties"});
        if (!id) return;
        Obstacle obstacle;
        obstacle.id = *id;
        const std::string name = "obstacle '" + *id + "'";
        auto polygon = node["polygon"];
        auto circle = node["circle"];
        bool shapeRead = false;
        if (polygon && circle) {
            r.error(circle, name + " has both 'polygon' and 'circle'; give exactly one");
        } else if (polygon) {
            obstacle.shape = Obstacle::Shape::Polygon;
            if (r.expectSequence(polygon, name + " polygon")) {
                shapeRead = true;
                for (std::size_t i = 0; i < polygon.size(); ++i) {
                    if (auto p = r.point(polygon[i], name + " polygon point " + std::to_string(i + 1), false))
                        obstacle.polygon.push_back({p->x, p->y});
                    else
                        shapeRead = false; // already reported; no follow-up "too few points"
                }
            }
        } else if (circle) {
            obstacle.shape = Obstacle::Shape::Circle;
            if (r.expectMap(circle, name + " circle")) {
                r.warnUnknownKeys(circle, {"center", "radius"}, name + " circle");
                if (auto c = r.required(circle, "center", name + " circle")) {
                    if (auto p = r.point(c, name + " circle center", false)) obstacle.circle.center = {p->x, p->y};
                }
                if (auto rad = r.required(circle, "radius", name + " circle")) {
                    if (auto v = r.number(rad, name + " circle radius")) {
                        obstacle.circle.radius = *v;
                        if (!withinRadiusRange(*v))
                            r.error(rad, *v <= 0 ? name + " circle radius must be greater than 0"
                                                 : name + " circle radius is " + rad.Scalar() +
                                                       ", above the largest radius 1e9");
                    }
                }
            }
        } else {
            r.error(node, name + " needs a 'polygon' or a 'circle'");
        }
        obstacle.properties = r.properties(node["properties"], name + " properties");
        m_level.obstacles.push_back(std::move(obstacle));
        m_marks.obstacles.push_back(idNode.Mark());
        m_marks.obstacleShapeRead.push_back(shapeRead);
    }

    void parseRail(const YamlNode &node, const std::string &what)
    {
        const auto [idNode, id] = readObjectId(
            node, "rail", what, {"id", "closed", "spline", "frame", "points", "properties", "channels", "track"});
        if (!id) return;
        Rail rail;
        rail.id = *id;
        const std::string name = "rail '" + *id + "'";
        if (auto closed = node["closed"]) {
            if (auto v = r.boolean(closed, name + " 'closed'")) rail.closed = *v;
        }
        if (auto frame = node["frame"]) {
            if (auto f = r.string(frame, name + " frame")) {
                if (auto mode = frameModeFromName(*f))
                    rail.frame = *mode;
                else
                    r.error(frame, name + " has unknown frame '" + *f +
                                       "' (use upright: tilt 0 is level; or minimal-twist: for loops and corkscrews)");
            }
        }
        if (auto spline = node["spline"]; spline && r.expectMap(spline, name + " spline")) {
            r.warnUnknownKeys(spline, {"type", "alpha"}, name + " spline");
            if (auto type = spline["type"]) {
                if (auto t = r.string(type, name + " spline type")) {
                    if (auto kind = splineKindFromName(*t))
                        rail.spline = *kind;
                    else
                        r.error(type,
                                name + " has unknown spline type '" + *t + "' (use catmull-rom, linear or bezier)");
                }
            }
            if (auto alpha = spline["alpha"]) {
                if (auto a = r.number(alpha, name + " spline alpha")) {
                    if (withinAlphaRange(*a))
                        rail.alpha = *a;
                    else
                        r.error(alpha,
                                name + " spline alpha must be within [0, 1] (0 uniform, 0.5 centripetal, 1 chordal)");
                }
            }
        }
        // The rail's marks go in now: the point check reports at them.
        m_marks.rails.push_back(idNode.Mark());
        m_marks.railPoints.emplace_back();
        if (auto points = r.required(node, "points", name); points && r.expectSequence(points, name + " points")) {
            readRailPoints(r, points, name, rail, m_marks.railPoints.back());
            if (points.size() < 2)
                r.error(points, name + " needs at least 2 points, has " + std::to_string(points.size()));
            else if (rail.points.size() == points.size())
                checkRailSegments(rail, m_level.rails.size(), m_marks, r);
        }
        rail.properties = r.properties(node["properties"], name + " properties");
        if (auto channels = node["channels"]) rail.channels = readRailChannels(r, channels, name, rail);
        if (auto track = node["track"]) rail.track = readTrackStyle(r, track, name);
        m_level.rails.push_back(std::move(rail));
    }

    void parsePatrol(const YamlNode &node, const std::string &what)
    {
        const auto [idNode, id] =
            readObjectId(node, "patrol", what, {"id", "stops", "mode", "agent", "follow", "smoothing", "properties"});
        if (!id) return;
        Patrol patrol;
        patrol.id = *id;
        const std::string name = "patrol '" + *id + "'";
        std::vector<YAML::Mark> stopMarks;
        if (auto stops = r.required(node, "stops", name); stops && r.expectSequence(stops, name + " stops")) {
            for (std::size_t i = 0; i < stops.size(); ++i) {
                if (auto s = r.id(stops[i], name + " stop " + std::to_string(i + 1))) {
                    patrol.stops.push_back(*s);
                    stopMarks.push_back(stops[i].Mark());
                }
            }
            if (stops.size() < 2) r.error(stops, name + " needs at least 2 stops, has " + std::to_string(stops.size()));
        }
        if (auto mode = node["mode"]) {
            if (auto m = r.string(mode, name + " mode")) {
                if (auto parsed = patrolModeFromName(*m))
                    patrol.mode = *parsed;
                else
                    r.error(mode, name + " has unknown mode '" + *m + "' (use loop, pingpong or once)");
            }
        }
        YAML::Mark agentMark = YAML::Mark::null_mark();
        if (auto agent = node["agent"]) {
            agentMark = agent.Mark();
            if (auto a = r.id(agent, name + " agent")) patrol.agent = *a;
        }
        if (auto follow = node["follow"]) {
            if (agentMark.line < 0) agentMark = follow.Mark();
            if (auto f = r.string(follow, name + " follow")) {
                if (auto parsed = patrolFollowFromName(*f))
                    patrol.follow = *parsed;
                else
                    r.error(follow, name + " follows unknown '" + *f +
                                        "' (use graph: the waypoint graph's edges; or navmesh: its agent's walkable "
                                        "ground)");
            }
        }
        std::vector<YAML::Mark> stepMarks;
        if (auto steps = node["smoothing"]; steps && !steps.IsNull() && r.expectSequence(steps, name + " smoothing")) {
            for (std::size_t i = 0; i < steps.size(); ++i)
                parseStep(steps[i], name + " smoothing step " + std::to_string(i + 1), patrol, stepMarks);
        }
        patrol.properties = r.properties(node["properties"], name + " properties");
        m_level.patrols.push_back(std::move(patrol));
        m_marks.patrols.push_back(idNode.Mark());
        m_marks.patrolAgents.push_back(agentMark);
        m_marks.patrolStops.push_back(std::move(stopMarks));
        m_marks.patrolSteps.push_back(std::move(stepMarks));
    }

    void parseAgent(const YamlNode &node, const std::string &what)
    {
        const auto [idNode, id] =
            readObjectId(node, "agent", what, {"id", "radius", "height", "climb", "slope", "navmesh", "properties"});
        if (!id) return;
        Agent agent;
        agent.id = *id;
        const std::string name = "agent '" + *id + "'";
        std::vector<YAML::Mark> fieldMarks(kAgentFieldCount, YAML::Mark::null_mark());
        const std::pair<AgentField, double *> numbers[] = {{AgentField::Radius, &agent.radius},
                                                           {AgentField::Height, &agent.height},
                                                           {AgentField::Climb, &agent.climb},
                                                           {AgentField::Slope, &agent.slope}};
        for (const auto &[field, value] : numbers)
            if (auto n = node[agentFieldName(field)]) {
                fieldMarks[std::size_t(field)] = n.Mark();
                if (auto v = r.number(n, name + " " + agentFieldName(field))) *value = *v;
            }
        if (auto navmesh = node["navmesh"]; navmesh && r.expectMap(navmesh, name + " navmesh")) {
            r.warnUnknownKeys(navmesh, {"cell"}, name + " navmesh");
            if (auto cell = navmesh["cell"]) {
                fieldMarks[std::size_t(AgentField::Cell)] = cell.Mark();
                if (auto v = r.number(cell, name + " navmesh cell")) agent.cell = *v;
            }
        }
        agent.properties = r.properties(node["properties"], name + " properties");
        m_level.agents.push_back(std::move(agent));
        m_marks.agents.push_back(idNode.Mark());
        m_marks.agentFields.push_back(std::move(fieldMarks));
    }

    void parseStep(const YamlNode &node, const std::string &what, Patrol &patrol, std::vector<YAML::Mark> &marks)
    {
        if (!r.expectMap(node, what)) return;
        r.warnUnknownKeys(node, {"strategy", "params", "enabled"}, what);
        SmoothingStep step;
        auto strategy = r.required(node, "strategy", what);
        auto id = strategy ? r.id(strategy, what + " strategy") : std::nullopt;
        if (!id) return;
        step.strategy = *id;
        step.params = r.properties(node["params"], what + " params");
        if (auto enabled = node["enabled"]) {
            if (auto v = r.boolean(enabled, what + " 'enabled'")) step.enabled = *v;
        }
        patrol.smoothing.push_back(std::move(step));
        marks.push_back(strategy.Mark());
    }

    NodeReader &r;
    std::set<std::string> m_referenceIds;
    Level &m_level;
    LevelMarks &m_marks;
};

} // namespace

LoadResult readLevel(std::string_view text, const std::string &fileName, KeepTree keep)
{
    LoadResult result;
    // Places count from after a byte-order mark, as editors show them; the writer never writes one.
    text = withoutUtf8Bom(text);
    if (!checkYamlBytes(text, fileName, result.diagnostics)) return result;
    // A merge left unresolved is told as such at its markers, not as the YAML error a marker makes.
    if (hasConflictMarkers(text)) {
        result.diagnostics = conflictDiagnostics(text, fileName);
        capDiagnostics(result.diagnostics);
        return result;
    }
    // One streaming pass: the checks yaml-cpp lacks and the located tree the reader walks.
    std::optional<YamlTree> tree = parseYamlTree(text, fileName, result.diagnostics);
    if (!tree) {
        capDiagnostics(result.diagnostics);
        return result;
    }
    const YamlNode root = tree->root();

    Level level;
    LevelMarks marks;
    NodeReader reader(fileName, result.diagnostics);
    try {
        LevelParser(reader, level, marks).parseRoot(root);
        checkLevel(level, marks, reader);
    } catch (const std::exception &e) {
        // Defensive: the reader checks types before using values, so this means a bug; still no crash.
        reader.error(YAML::Mark::null_mark(), std::string("unexpected YAML structure: ") + e.what());
    }
    // Report in file order, whichever check found the problem.
    std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(),
                     [](const Diagnostic &a, const Diagnostic &b) {
                         return std::tie(a.line, a.column) < std::tie(b.line, b.column);
                     });
    capDiagnostics(result.diagnostics);
    if (!hasErrors(result.diagnostics)) {
        result.level = std::move(level);
        result.marks = std::move(marks);
        if (keep == KeepTree::Yes) result.tree = std::make_shared<const YamlTree>(std::move(*tree));
    }
    return result;
}

} // namespace railforge::document
