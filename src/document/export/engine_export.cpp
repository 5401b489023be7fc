#include "document/export/engine_export.h"

#include "core/arc_length.h"
#include "core/polyline.h"
#include "document/checks/edit_rules.h"
#include "document/export/export_rails.h"
#include "document/export/export_sections.h"
#include "document/model/rail_shape_geometry.h"
#include "document/routing/patrol_route.h"
#include "document/strategy/strategy_registry.h"
#include "document/text/finite_output.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

namespace railforge::document {
namespace {

using Style = TreeWriter::Style;

// A patrol's rows: every `spacing` along the path, and one at each vertex of it (each stop, each
// corner), so that an engine interpolating between rows follows the path exactly and passes every
// stop where its agent waits. A vertex row keeps the vertex's exact position; its tangent is the
// direction of the segment leaving it (arriving, at the end).
std::vector<core::CurveSample> patrolRows(const core::ArcLengthTable &table, const std::vector<Vec3> &path,
                                          double spacing)
{
    std::vector<core::CurveSample> even = core::sample(table, spacing);
    std::vector<core::CurveSample> vertices = core::polylineRows(path, false);
    for (std::size_t i = 0; i < vertices.size(); ++i)
        vertices[i].s = i < table.segments.size() ? core::arcLengthAt(table, {i, 0.0}) : core::totalLength(table);
    // Merge by s; a row as close as rounding to a vertex row is that vertex (the vertex's is kept).
    const double same = 1e-9 * spacing;
    std::vector<core::CurveSample> rows;
    rows.reserve(even.size() + vertices.size());
    std::size_t a = 0;
    std::size_t b = 0;
    while (a < even.size() || b < vertices.size()) {
        const bool takeVertex = a == even.size() || (b < vertices.size() && vertices[b].s <= even[a].s + same);
        const core::CurveSample next = takeVertex ? vertices[b++] : even[a++];
        // A vertex comes before an even row at (about) its s, so that row is dropped; so is a second
        // vertex where a segment has no length: one row for each s.
        if (!rows.empty() && next.s - rows.back().s <= same) continue;
        rows.push_back(next);
    }
    return rows;
}

// A patrol's path, where it reaches each stop, and the pipeline that made it. Returns false with
// `error` set (and `strategyFailed` when a plugin, not the level, is at fault).
bool patrol(TreeWriter &w, const Level &level, const Patrol &patrol, double spacing, const StrategyRegistry &registry,
            const LevelObstacleContext &context, const WalkFinder *walker, std::string *error, bool *strategyFailed)
{
    const PatrolRoute route = routePatrol(level, patrol, registry, context, walker);
    if (!route.ok()) {
        *error = route.error;
        *strategyFailed = route.strategyFailed;
        return false;
    }
    const core::ArcLengthTable table = pathTable(route.smoothed);
    const double length = core::totalLength(table);
    w.beginMap();
    w.key("id");
    w.string(patrol.id);
    w.key("mode");
    w.string(patrolModeName(patrol.mode));
    // Who walks it, and on what its samples were routed (an engine's agent of those sizes walks them).
    if (!patrol.agent.empty()) {
        w.key("agent");
        w.string(patrol.agent);
        w.key("follow");
        w.string(route.walked ? "navmesh" : "graph");
    }
    w.key("length");
    w.number(length);
    w.key("spacing");
    w.number(spacing);
    w.key("samples");
    w.beginList();
    for (const core::CurveSample &r : patrolRows(table, route.smoothed, spacing)) {
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
                                             const LevelObstacleContext &context, std::string *error,
                                             bool *internalError, TreeFormat format, const WalkFinder *walker,
                                             const ExportedNavMeshes *navmeshes)
{
    if (internalError) *internalError = false;
    if (std::string why = whyBadSpacing(spacing); !why.empty()) {
        *error = why;
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
        w.reserve(std::size_t(std::min(rows * 220.0, 1073741824.0)) +
                  200 * (level.waypoints.size() + level.edges.size()) + 4096);
        w.beginMap();
        writeExportHeader(w, level);
        writeExportGraph(w, level);
        writeExportObstacles(w, level);
        writeExportRails(w, level.rails, spacing);
        w.key("patrols");
        w.beginList();
        for (const Patrol &p : level.patrols) {
            bool strategyFailed = false;
            if (!patrol(w, level, p, spacing, registry, context, walker, error, &strategyFailed)) {
                if (internalError && strategyFailed) *internalError = true; // the plugin's fault, not the level's
                return std::nullopt;
            }
        }
        w.endList();
        writeExportJunctions(w, level);
        writeExportAgents(w, level, navmeshes);
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
        *error =
            "spacing " + formatNumber(spacing) + " would make an export too large for memory; use a larger spacing";
        return std::nullopt;
    } catch (const std::exception &e) {
        *error = std::string("cannot sample: ") + e.what();
        return std::nullopt;
    }
}

} // namespace railforge::document
