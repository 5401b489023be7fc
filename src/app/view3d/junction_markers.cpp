#include "app/view3d/junction_markers.h"

#include "app/drawing/canvas_palette.h"
#include "document/model/junction_network.h"
#include "document/model/rail_geometry.h"

#include <cmath>

namespace railforge::app {

std::vector<JunctionMarker> junctionMarkers(const document::Level &level,
                                            const std::function<const core::ArcLengthTable *(std::size_t)> &tableOf,
                                            double reach)
{
    auto tableNamed = [&](const std::string &id) -> const core::ArcLengthTable * {
        const int i = document::findRail(level, id);
        return i < 0 ? nullptr : tableOf(std::size_t(i));
    };
    std::vector<JunctionMarker> out;
    for (const document::Junction &j : level.junctions) {
        const auto shape = document::junctionShape(j, tableNamed);
        if (!shape || shape->ways.empty()) continue;
        const std::vector<document::JunctionWay> ways = document::junctionWays(j, [&](const std::string &id) {
            const core::ArcLengthTable *t = tableNamed(id);
            return t ? core::totalLength(*t) : 0.0;
        });
        JunctionMarker marker{j.id, shape->place, {shape->place}};
        const std::size_t chosen = document::defaultWayIndex(j, ways);
        const core::ArcLengthTable *table = chosen < ways.size() ? tableNamed(ways[chosen].rail) : nullptr;
        if (table && !table->segments.empty()) {
            const double length = core::totalLength(*table), from = ways[chosen].s;
            constexpr int kSteps = 12;
            for (int k = 1; k <= kSteps; ++k) {
                const double s = from + (ways[chosen].forward ? 1 : -1) * reach * k / kSteps;
                if (s < 0 || s > length) break;
                marker.defaultWay.push_back(core::sampleAt(*table, s).position);
            }
        }
        // A way too short to follow (or not built): its direction, as far.
        if (marker.defaultWay.size() < 2)
            marker.defaultWay.push_back(shape->place + shape->ways[shape->defaultWay] * reach);
        out.push_back(std::move(marker));
    }
    return out;
}

void fillJunctions(PointInstances &markers, LineGeometry &ways, const std::vector<JunctionMarker> &junctions,
                   const std::string &hovered, const std::set<std::string> &selected, double size)
{
    std::vector<PointInstance> points;
    std::vector<core::Vec3> ticks;
    for (const JunctionMarker &j : junctions) {
        const bool lit = j.id == hovered;
        // The marker is a sphere 100 across (#Sphere): `size` across, larger when the mouse is on it.
        const QColor colour = selected.count(j.id) ? palette::selection : palette::junction;
        points.push_back({j.place, float(size * (lit ? 1.5 : 1.0) / 100.0), lit ? colour.lighter(130) : colour});
        // Drawn a little above the rail so that the ribbon does not hide it.
        const core::Vec3 lift{0.0, 0.0, size * 0.35};
        for (std::size_t k = 1; k < j.defaultWay.size(); ++k) {
            ticks.push_back(j.defaultWay[k - 1] + lift);
            ticks.push_back(j.defaultWay[k] + lift);
        }
    }
    markers.setPoints(std::move(points));
    ways.setSegments(ticks);
}

std::optional<std::string> junctionUnder(const std::vector<JunctionMarker> &junctions, const SceneCamera &camera,
                                         QSizeF viewport, QPointF screen, double pixels)
{
    std::optional<std::string> best;
    double bestDistance = pixels;
    for (const JunctionMarker &j : junctions) {
        const auto p = project(camera, viewport, j.place);
        if (!p) continue;
        const double d = std::hypot(p->at.x() - screen.x(), p->at.y() - screen.y());
        if (d <= bestDistance) best = j.id, bestDistance = d;
    }
    return best;
}

} // namespace railforge::app
