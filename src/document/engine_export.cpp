#include "document/engine_export.h"

#include "core/arc_length.h"
#include "document/finite_output.h"
#include "document/number_format.h"
#include "document/patrol_route.h"
#include "document/rail_geometry.h"
#include "document/yaml_sections.h"
#include "document/yaml_text.h"

#include <stdexcept>

namespace railforge::document {
namespace {

void writeSamples(std::string &out, const std::vector<core::CurveSample> &samples, const char *indent)
{
    out += std::string(indent) + "samples:\n";
    for (const auto &r : samples) {
        const core::Vec3 t = requireUnitTangent(r.tangent);
        out += std::string(indent) + "  - [" + yamlNumber(r.s) + ", " + yamlNumber(r.position.x) + ", " +
               yamlNumber(r.position.y) + ", " + yamlNumber(r.position.z) + ", " + yamlNumber(t.x) + ", " +
               yamlNumber(t.y) + ", " + yamlNumber(t.z) + "]\n";
    }
}

} // namespace

std::optional<std::string> writeEngineExport(const Level &level, double spacing, const StrategyRegistry &registry,
                                             const LevelObstacleContext &context, std::string *error, bool *internalError)
{
    if (internalError) *internalError = false;
    if (!(spacing > 0) || !std::isfinite(spacing)) {
        *error = "spacing must be a finite number greater than 0";
        return std::nullopt;
    }
    std::string out = "format: railforge-export\nversion: " + std::to_string(kExportFormatVersion) + "\n";
    out += "level: {name: " + yamlString(level.info.name) + ", units: " + yamlString(level.info.units) + "}\n";
    writeWaypoints(out, level.waypoints);
    writeEdges(out, level.edges);
    writeObstacles(out, level.obstacles);
    try {
        out += level.rails.empty() ? "rails: []\n" : "rails:\n";
        for (const Rail &rail : level.rails) {
            const core::Curve curve = railCurve(rail);
            const core::ArcLengthTable table = core::buildArcLengthTable(curve);
            out += "  - id: " + yamlString(rail.id) + "\n";
            out += std::string("    closed: ") + (rail.closed ? "true" : "false") + "\n";
            out += "    length: " + yamlNumber(core::totalLength(table)) + "\n";
            out += "    spacing: " + yamlNumber(spacing) + "\n";
            writeSamples(out, core::sample(table, spacing), "    ");
            out += "    bezier:\n";
            for (const core::BezierKnot &k : core::toBezierKnots(curve))
                out += "      - [" + yamlPoint(k.position) + ", " + yamlPoint(k.in) + ", " + yamlPoint(k.out) + "]\n";
            if (!rail.properties.empty()) out += "    properties: " + yamlProperties(rail.properties) + "\n";
        }
        out += level.patrols.empty() ? "patrols: []\n" : "patrols:\n";
        for (const Patrol &patrol : level.patrols) {
            const PatrolRoute route = routePatrol(level, patrol, registry, context);
            if (!route.ok()) {
                *error = route.error;
                if (internalError && route.strategyFailed) *internalError = true; // the plugin's fault, not the level's
                return std::nullopt;
            }
            core::Curve path;
            path.points = route.smoothed;
            path.spec.type = core::SplineType::Linear;
            const core::ArcLengthTable table = core::buildArcLengthTable(path);
            out += "  - id: " + yamlString(patrol.id) + "\n";
            out += std::string("    mode: ") + patrolModeName(patrol.mode) + "\n";
            out += "    length: " + yamlNumber(core::totalLength(table)) + "\n";
            out += "    spacing: " + yamlNumber(spacing) + "\n";
            writeSamples(out, core::sample(table, spacing), "    ");
            if (!patrol.properties.empty()) out += "    properties: " + yamlProperties(patrol.properties) + "\n";
        }
    } catch (const NonFiniteOutput &e) {
        *error = std::string("internal error: ") + e.what() + "; nothing was written";
        if (internalError) *internalError = true;
        return std::nullopt;
    } catch (const std::length_error &) {
        *error = "spacing " + formatNumber(spacing) + " would make too many samples; use a larger spacing";
        return std::nullopt;
    } catch (const std::exception &e) {
        *error = std::string("cannot sample: ") + e.what();
        return std::nullopt;
    }
    return out;
}

} // namespace railforge::document
