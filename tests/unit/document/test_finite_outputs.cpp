// Property test (RapidCheck) of the rule "no NaN ever leaves RailForge": random levels whose numbers
// range from 1e-300 to 1e300, with coincident, repeated and nearly equal points, are either refused
// with every error at a FILE:LINE:COLUMN, or every output the CLI and the export compute from them
// (rail samples, Bezier knots, nearest points, patrol routes, the export text, the saved level) is
// finite with unit tangents.
//
// RC_PARAMS="max_success=2000" runs more cases (the ctest run keeps the default 100 short).

#include "core/polyline.h"
#include "document/export/engine_export.h"
#include "document/model/number_limits.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_points.h"
#include "document/routing/patrol_route.h"
#include "document/strategy/level_obstacle_context.h"
#include "document/strategy/strategy_registry.h"
#include "document/text/number_format.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_writer.h"

#include "finite_oracle.h"

#include <QCoreApplication>
#include <QJsonDocument>

#include <rapidcheck.h>

#include <cmath>
#include <string>
#include <vector>

using namespace railforge;

namespace {

// A number of any magnitude from 1e-300 to 1e300 (half the time within the coordinate range, so
// that a good share of the levels load), or zero.
rc::Gen<double> anyMagnitude()
{
    return rc::gen::apply(
        [](int exponent, int mantissa, bool negative, bool zero, bool modest) {
            if (zero) return 0.0;
            const int e = modest ? exponent % 10 - 1 : exponent; // modest: 1e-10 .. 1e9
            const double v = (1.0 + mantissa / 1000.0) * std::pow(10.0, e);
            return negative ? -v : v;
        },
        rc::gen::inRange(-300, 300), rc::gen::inRange(0, 9000), rc::gen::arbitrary<bool>(),
        rc::gen::weightedOneOf<bool>({{1, rc::gen::just(true)}, {7, rc::gen::just(false)}}),
        rc::gen::arbitrary<bool>());
}

rc::Gen<core::Vec3> anyPoint()
{
    return rc::gen::apply(
        [](double x, double y, double z) {
            return core::Vec3{x, y, z};
        },
        anyMagnitude(), anyMagnitude(), anyMagnitude());
}

// The next rail point: anywhere, the previous one again, or the previous one moved by any amount
// along one axis (1e-300 apart from it up to 1e300).
rc::Gen<core::Vec3> nextPoint(core::Vec3 previous)
{
    return rc::gen::oneOf(anyPoint(), rc::gen::just(previous),
                          rc::gen::apply(
                              [previous](double offset, int axis) {
                                  core::Vec3 p = previous;
                                  (axis == 0 ? p.x : axis == 1 ? p.y : p.z) += offset;
                                  return p;
                              },
                              anyMagnitude(), rc::gen::inRange(0, 3)));
}

std::string number(double v) { return document::formatNumber(v); }

std::string point(core::Vec3 p) { return "[" + number(p.x) + ", " + number(p.y) + ", " + number(p.z) + "]"; }

// A random level's YAML text.
std::string randomLevelText()
{
    std::string text = "railforge: 1\nwaypoints:\n";
    const int waypoints = *rc::gen::inRange(2, 6);
    for (int i = 0; i < waypoints; ++i) {
        const core::Vec3 p = i > 0 && *rc::gen::arbitrary<bool>() ? *nextPoint(core::Vec3{}) : *anyPoint();
        text += "  - {id: w" + std::to_string(i) + ", position: " + point(p) + "}\n";
    }
    text += "edges:\n";
    for (int i = 0; i + 1 < waypoints; ++i) {
        text += "  - {from: w" + std::to_string(i) + ", to: w" + std::to_string(i + 1);
        if (*rc::gen::inRange(0, 4) == 0) text += ", cost: " + number(std::abs(*anyMagnitude()) + 1e-300);
        text += "}\n";
    }
    text += "obstacles:\n  - {id: c, circle: {center: [" + number(*anyMagnitude()) + ", " + number(*anyMagnitude()) +
            "], radius: " + number(std::abs(*anyMagnitude()) + 1e-300) + "}}\n";
    text += "rails:\n";
    static const char *splines[] = {"{type: linear}",
                                    "{type: catmull-rom, alpha: 0}",
                                    "{type: catmull-rom, alpha: 0.5}",
                                    "{type: catmull-rom, alpha: 1}",
                                    "{type: bezier, alpha: 0.5}",
                                    "{type: bezier, alpha: 1}"};
    const int rails = *rc::gen::inRange(1, 4);
    for (int r = 0; r < rails; ++r) {
        const int spline = *rc::gen::inRange(0, 6);
        text += "  - id: r" + std::to_string(r) + "\n    closed: " + (*rc::gen::arbitrary<bool>() ? "true" : "false") +
                "\n    spline: " + splines[spline] + "\n    points:\n";
        core::Vec3 p = *anyPoint();
        const int points = *rc::gen::inRange(2, 7);
        for (int i = 0; i < points; ++i) {
            if (i > 0) p = *nextPoint(p);
            // Handles of any magnitude in every mode on bezier rails, tilts of any size anywhere.
            std::string extras;
            if (spline >= 4) {
                const core::Vec3 out = *nextPoint(core::Vec3{}); // often along one axis, so often accepted
                switch (*rc::gen::inRange(0, 5)) {
                case 0: break; // auto
                case 1: extras += ", out: " + point(out) + ", mode: mirrored"; break;
                case 2: extras += ", in: " + point(out * -0.5) + ", out: " + point(out) + ", mode: aligned"; break;
                case 3:
                    extras += ", in: " + point(*nextPoint(core::Vec3{})) + ", out: " + point(out) + ", mode: free";
                    break;
                default: extras += ", mode: corner"; break;
                }
            }
            if (*rc::gen::inRange(0, 3) == 0)
                extras += ", tilt: " +
                          number(*rc::gen::arbitrary<bool>() ? *anyMagnitude() : double(*rc::gen::inRange(-720, 721)));
            text += "      - " + (extras.empty() ? point(p) : "{at: " + point(p) + extras + "}") + "\n";
        }
        // Channels: values of any magnitude (refused beyond the limits) or of a sensible one.
        if (*rc::gen::inRange(0, 2) == 0) {
            const auto value = [] {
                return number(*rc::gen::inRange(0, 4) == 0 ? *anyMagnitude() : double(*rc::gen::inRange(-1000, 1001)));
            };
            const std::string last = std::to_string(points - 1);
            text += "    channels:\n      speed: {type: float, interp: " +
                    *rc::gen::element<std::string>("step", "linear", "smoothstep") +
                    ", keys: [{point: 0, value: " + value() + "}, {point: " + last + ", value: " + value() + "}]}\n";
            text += "      glow: {type: colour, interp: smoothstep, keys: [{point: 0, value: \"#FF8800\"}, {point: " +
                    last + ", value: \"#0000FF80\"}]}\n      lane: {type: int, keys: [{point: " + last +
                    ", value: " + std::to_string(*rc::gen::inRange(-5, 6)) + "}]}\n";
        }
    }
    text += "patrols:\n  - {id: p, stops: [w0, w" + std::to_string(waypoints - 1) +
            "], mode: " + *rc::gen::element<std::string>("loop", "pingpong", "once") + "}\n";
    return text;
}

// Every accepted level: the checks of the oracle on everything the CLI and the export compute.
void checkAcceptedLevel(const document::Level &level)
{
    std::vector<core::Vec3> queries;
    for (const auto &w : level.waypoints) queries.push_back(w.position);
    queries.push_back({document::kMaxCoordinate, -document::kMaxCoordinate, document::kMaxCoordinate});
    queries.push_back({1e-300, 0, 0});
    double longest = 0;
    for (const auto &rail : level.rails) {
        const core::Curve curve = document::railCurve(rail);
        std::vector<double> tilts;
        for (std::size_t i = 0; i < rail.points.size(); ++i) tilts.push_back(document::pointTilt(rail, i));
        const auto problem = testing::railProblem(curve, document::kMinSpacing, queries, tilts);
        RC_ASSERT(problem.value_or("") == std::string());
        longest = std::fmax(longest, core::totalLength(core::buildArcLengthTable(curve)));
    }
    // The whole level's nearest-point index, as `nearest` without --rail uses it.
    const core::RailIndex index = document::buildRailIndex(level);
    for (const auto &q : queries) {
        const auto hit = index.nearest(q);
        RC_ASSERT(hit.has_value());
        RC_ASSERT(!testing::notFinite(hit->distance, "distance"));
        RC_ASSERT(!testing::notUnit(hit->tangent, "tangent"));
    }

    document::StrategyRegistry registry; // no plugins: these patrols have no smoothing steps
    const document::LevelObstacleContext context(level);
    for (const auto &patrol : level.patrols) {
        const document::PatrolRoute route = document::routePatrol(level, patrol, registry, context);
        if (!route.ok()) continue; // unreachable stops: refused by `route`, not a number problem
        RC_ASSERT(testing::rowsProblem(core::polylineRows(route.smoothed, false), "route").value_or("") ==
                  std::string());
    }

    std::string error;
    bool internalError = false;
    const double spacing = testing::spacingFor(longest, document::kMinSpacing, 500.0);
    const auto exported = document::writeEngineExport(level, spacing, registry, context, &error, &internalError);
    RC_LOG() << error;
    RC_ASSERT(!internalError);
    if (exported) {
        RC_ASSERT(exported->find(".nan") == std::string::npos); // formatNumber's spelling of NaN
        RC_ASSERT(exported->find(".inf") == std::string::npos);
    }
    // The JSON export of the same level: made whenever the YAML one is, and valid JSON (a NaN
    // or an infinity would make it unparseable).
    const auto json = document::writeEngineExport(level, spacing, registry, context, &error, &internalError,
                                                  document::TreeFormat::Json);
    RC_ASSERT(!internalError);
    RC_ASSERT(json.has_value() == exported.has_value());
    if (json) {
        QJsonParseError parseError;
        QJsonDocument::fromJson(QByteArray::fromStdString(*json), &parseError);
        RC_ASSERT(parseError.error == QJsonParseError::NoError);
    }
    const std::string saved = document::writeLevel(level); // throws on a non-finite number
    RC_ASSERT(document::readLevel(saved, "saved.yaml").level.has_value());
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv); // StrategyRegistry is a QObject world
    int refused = 0;
    int accepted = 0;
    const bool ok = rc::check("every random level is refused at a place, or all its outputs are finite", [&] {
        const std::string text = randomLevelText();
        RC_LOG() << text; // shown with a failing case
        const document::LoadResult result = document::readLevel(text, "random.yaml");
        RC_TAG(result.level ? "accepted" : "refused");
        if (!result.level) {
            ++refused;
            RC_ASSERT(document::hasErrors(result.diagnostics));
            for (const auto &d : result.diagnostics) {
                RC_ASSERT(d.file == std::string("random.yaml"));
                RC_ASSERT(d.line >= 1);
                RC_ASSERT(d.column >= 1);
            }
            return;
        }
        ++accepted;
        checkAcceptedLevel(*result.level);
    });
    std::printf("%d levels refused, %d accepted\n", refused, accepted);
    // Both branches must be exercised, or the property says little.
    return ok && refused > 0 && accepted > 0 ? 0 : 1;
}
