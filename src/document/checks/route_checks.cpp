#include "document/checks/route_checks.h"

#include "document/routing/patrol_route.h"

namespace railforge::document {

Diagnostics checkPatrolRoutes(const Level &level, const LevelMarks &marks, const std::string &file,
                              const std::string &onlyPatrol)
{
    Diagnostics out;
    for (std::size_t p = 0; p < level.patrols.size(); ++p) {
        const Patrol &patrol = level.patrols[p];
        if (!onlyPatrol.empty() && patrol.id != onlyPatrol) continue;
        const PatrolRoute route = rawPatrolRoute(level, patrol);
        if (route.failedStop < 0) continue; // routable, or a problem of another kind (too few stops)
        YAML::Mark mark = p < marks.patrols.size() ? marks.patrols[p] : YAML::Mark::null_mark();
        if (p < marks.patrolStops.size() && std::size_t(route.failedStop) < marks.patrolStops[p].size())
            mark = marks.patrolStops[p][std::size_t(route.failedStop)];
        const bool located = mark.line >= 0;
        out.push_back({Severity::Error, file, located ? mark.line + 1 : 0, located ? mark.column + 1 : 0, route.error});
    }
    return out;
}

} // namespace railforge::document
