#include "app/view3d/junction_markers.h"

#include "app/drawing/canvas_palette.h"
#include "document/model/junction_network.h"
#include "document/model/rail_geometry.h"

#include <cmath>

namespace railforge::app {

std::vector<JunctionMarker> junctionMarkers(const document::Level &level,
                                            const std::function<const core::ArcLengthTable *(std::size_t)> &tableOf)
{
    auto tableNamed = [&](const std::string &id) -> const core::ArcLengthTable * {
        const int i = document::findRail(level, id);
        return i < 0 ? nullptr : tableOf(std::size_t(i));
    };
    std::vector<JunctionMarker> out;
    for (const document::Junction &j : level.junctions) {
        const auto shape = document::junctionShape(j, tableNamed);
        if (!shape || shape->ways.empty()) continue;
        out.push_back({j.id, shape->place, shape->ways[shape->defaultWay]});
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
        ticks.push_back(j.place + lift);
        ticks.push_back(j.place + lift + j.defaultWay * (size * 4.0));
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
