#include "document/engine_export.h"

#include "core/arc_length.h"
#include "core/frames.h"
#include "document/finite_output.h"
#include "document/length_units.h"
#include "document/number_format.h"
#include "document/patrol_route.h"
#include "document/rail_geometry.h"
#include "document/rail_points.h"
#include "document/strategy_registry.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <future>
#include <stdexcept>
#include <unordered_map>

namespace railforge::document {
namespace {

using Style = TreeWriter::Style;

void point(TreeWriter &w, Vec3 p)
{
    const double v[3] = {p.x, p.y, p.z};
    w.row(v, 3);
}

void header(TreeWriter &w, const Level &level)
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
    // RailForge's frame: z up, right-handed; README's table maps it to Godot, Unity and Unreal.
    w.key("coordinates");
    w.beginMap(Style::Flow);
    w.key("up");
    w.string("z");
    w.key("handedness");
    w.string("right");
    w.key("metres_per_unit");
    if (auto metres = metresPerUnit(level.info.units)) w.number(*metres);
    else w.null();
    w.endMap();
}

// The waypoint graph as a runtime routes on it: every edge with its resolved cost (the given one,
// else the Euclidean length, as the editor's A* uses) and its direction spelled out.
void graph(TreeWriter &w, const Level &level)
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
        point(w, node.position);
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

void obstacles(TreeWriter &w, const Level &level)
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

// A rail's geometry, computed apart from its text so that the next rails are computed on another
// core while this one is written (the export of 1,000 rails spends about 60 % in geometry).
struct RailBake {
    core::Curve curve;
    double length = 0.0;
    std::vector<core::CurveSample> rows;
    std::vector<Vec3> ups;
    std::vector<double> knotS;
};

RailBake bakeRail(const Rail &rail, double spacing)
{
    RailBake b;
    b.curve = railCurve(rail);
    const core::ArcLengthTable table = core::buildArcLengthTable(b.curve);
    b.length = core::totalLength(table);
    b.rows = core::sample(table, spacing);
    b.ups = core::upVectors(railFrames(rail, table), b.rows);
    // Knot i starts segment i; an open rail's last knot ends the curve.
    b.knotS.resize(rail.points.size());
    for (std::size_t i = 0; i < b.knotS.size(); ++i)
        b.knotS[i] = i < table.segments.size() ? core::arcLengthAt(table, {i, 0.0}) : b.length;
    return b;
}

void writeRail(TreeWriter &w, const Rail &rail, const RailBake &b, double spacing)
{
    w.beginMap();
    w.key("id");
    w.string(rail.id);
    w.key("closed");
    w.boolean(rail.closed);
    w.key("length");
    w.number(b.length);
    w.key("spacing");
    w.number(spacing);
    w.key("samples");
    w.beginList();
    for (std::size_t i = 0; i < b.rows.size(); ++i) {
        const core::CurveSample &r = b.rows[i];
        const Vec3 t = requireUnitTangent(r.tangent);
        const Vec3 u = requireUnitUp(b.ups[i], t);
        const double v[10] = {r.s, r.position.x, r.position.y, r.position.z, t.x, t.y, t.z, u.x, u.y, u.z};
        w.row(v, 10);
    }
    w.endList();
    w.key("bezier");
    w.beginList();
    for (const core::BezierKnot &k : core::toBezierKnots(b.curve)) {
        w.beginList(Style::Flow);
        point(w, k.position);
        point(w, k.in);
        point(w, k.out);
        w.endList();
    }
    w.endList();
    w.key("knot_s");
    w.row(b.knotS.data(), b.knotS.size());
    std::vector<double> tilts(rail.points.size());
    for (std::size_t i = 0; i < tilts.size(); ++i) tilts[i] = pointTilt(rail, i);
    if (std::any_of(tilts.begin(), tilts.end(), [](double t) { return t != 0.0; })) {
        w.key("tilt");
        w.row(tilts.data(), tilts.size());
    }
    w.key("properties");
    w.properties(rail.properties);
    w.endMap();
}

// All rails: batches baked on a worker thread one batch ahead of the writing.
void writeRails(TreeWriter &w, const std::vector<Rail> &rails, double spacing)
{
    constexpr std::size_t kBatch = 16;
    auto bake = [&rails, spacing](std::size_t first) {
        std::vector<RailBake> out;
        for (std::size_t i = first; i < std::min(first + kBatch, rails.size()); ++i) out.push_back(bakeRail(rails[i], spacing));
        return out;
    };
    w.key("rails");
    w.beginList();
    std::future<std::vector<RailBake>> next;
    if (!rails.empty()) next = std::async(std::launch::async, bake, 0);
    for (std::size_t first = 0; first < rails.size(); first += kBatch) {
        const std::vector<RailBake> current = next.get(); // rethrows what the worker threw
        if (first + kBatch < rails.size()) next = std::async(std::launch::async, bake, first + kBatch);
        for (std::size_t j = 0; j < current.size(); ++j) writeRail(w, rails[first + j], current[j], spacing);
    }
    w.endList();
}

// A patrol's path, where it reaches each stop, and the pipeline that made it. Returns false with
// `error` set (and `strategyFailed` when a plugin, not the level, is at fault).
bool patrol(TreeWriter &w, const Level &level, const Patrol &patrol, double spacing, const StrategyRegistry &registry,
            const LevelObstacleContext &context, std::string *error, bool *strategyFailed)
{
    const PatrolRoute route = routePatrol(level, patrol, registry, context);
    if (!route.ok()) {
        *error = route.error;
        *strategyFailed = route.strategyFailed;
        return false;
    }
    core::Curve path;
    path.points = route.smoothed;
    path.spec.type = core::SplineType::Linear;
    const core::ArcLengthTable table = core::buildArcLengthTable(path);
    const double length = core::totalLength(table);
    w.beginMap();
    w.key("id");
    w.string(patrol.id);
    w.key("mode");
    w.string(patrolModeName(patrol.mode));
    w.key("length");
    w.number(length);
    w.key("spacing");
    w.number(spacing);
    w.key("samples");
    w.beginList();
    for (const core::CurveSample &r : core::sample(table, spacing)) {
        const Vec3 t = requireUnitTangent(r.tangent);
        const double v[7] = {r.s, r.position.x, r.position.y, r.position.z, t.x, t.y, t.z};
        w.row(v, 7);
    }
    w.endList();
    // The path's vertex where each leg ends is the stop: its s is exact, no nearest-point guess.
    w.key("stops");
    w.beginList();
    for (std::size_t i = 0; i < route.visits.size(); ++i) {
        const std::size_t vertex = route.visitIndex[i];
        w.beginMap(Style::Flow);
        w.key("waypoint");
        w.string(route.visits[i]);
        w.key("s");
        w.number(vertex < table.segments.size() ? core::arcLengthAt(table, {vertex, 0.0}) : length);
        w.endMap();
    }
    w.endList();
    w.key("pipeline");
    w.beginList();
    for (const SmoothingStep &step : patrol.smoothing) {
        if (!step.enabled) continue;
        w.beginMap(Style::Flow);
        w.key("strategy");
        w.string(step.strategy);
        w.key("version");
        const StrategyInfo *info = registry.find(step.strategy);
        w.string(info ? info->version : std::string());
        w.key("params");
        w.properties(step.params);
        w.endMap();
    }
    w.endList();
    w.key("properties");
    w.properties(patrol.properties);
    w.endMap();
    return true;
}

} // namespace

std::optional<TreeFormat> exportFormatForPath(std::string_view path)
{
    const std::size_t dot = path.find_last_of('.');
    const std::size_t slash = path.find_last_of("/\\");
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return std::nullopt;
    std::string ext(path.substr(dot + 1));
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (ext == "json") return TreeFormat::Json;
    if (ext == "yaml" || ext == "yml") return TreeFormat::Yaml;
    return std::nullopt;
}

std::optional<std::string> writeEngineExport(const Level &level, double spacing, const StrategyRegistry &registry,
                                             const LevelObstacleContext &context, std::string *error, bool *internalError,
                                             TreeFormat format)
{
    if (internalError) *internalError = false;
    if (!(spacing > 0) || !std::isfinite(spacing)) {
        *error = "spacing must be a finite number greater than 0";
        return std::nullopt;
    }
    try {
        // Size the output once: control polygons are about as long as their curves, and a rail
        // row is about 200 bytes (the string still grows if the guess is short).
        double rows = 0;
        for (const Rail &r : level.rails) {
            double chords = 0;
            for (std::size_t i = 1; i < r.points.size(); ++i) chords += core::distance(r.points[i - 1], r.points[i]);
            rows += 1.1 * chords / spacing + 2;
        }
        TreeWriter w(format);
        w.reserve(std::size_t(std::min(rows * 220.0, 1073741824.0)) + 200 * (level.waypoints.size() + level.edges.size()) + 4096);
        w.beginMap();
        header(w, level);
        graph(w, level);
        obstacles(w, level);
        writeRails(w, level.rails, spacing);
        w.key("patrols");
        w.beginList();
        for (const Patrol &p : level.patrols) {
            bool strategyFailed = false;
            if (!patrol(w, level, p, spacing, registry, context, error, &strategyFailed)) {
                if (internalError && strategyFailed) *internalError = true; // the plugin's fault, not the level's
                return std::nullopt;
            }
        }
        w.endList();
        w.endMap();
        return w.take();
    } catch (const NonFiniteOutput &e) {
        *error = std::string("internal error: ") + e.what() + "; nothing was written";
        if (internalError) *internalError = true;
        return std::nullopt;
    } catch (const std::length_error &) {
        *error = "spacing " + formatNumber(spacing) + " would make too many samples; use a larger spacing";
        return std::nullopt;
    } catch (const std::bad_alloc &) {
        *error = "spacing " + formatNumber(spacing) + " would make an export too large for memory; use a larger spacing";
        return std::nullopt;
    } catch (const std::exception &e) {
        *error = std::string("cannot sample: ") + e.what();
        return std::nullopt;
    }
}

} // namespace railforge::document
