#include "document/checks/route_checks.h"

#include "document/checks/problem_places.h"
#include "document/routing/patrol_route.h"

namespace railforge::document {

LevelProblems patrolRouteProblems(const Level &level, const std::string &onlyPatrol, const WalkFinder *walker)
{
    LevelProblems out;
    for (std::size_t p = 0; p < level.patrols.size(); ++p) {
        const Patrol &patrol = level.patrols[p];
        if (!onlyPatrol.empty() && patrol.id != onlyPatrol) continue;
        const PatrolRoute route = rawPatrolRoute(level, patrol, walker);
        if (route.failedStop < 0) continue; // routable, or a problem of another kind (too few stops)
        out.push_back({Severity::Error,
                       {ProblemSubject::Part::PatrolStop, p, std::size_t(route.failedStop)},
                       route.error,
                       std::nullopt});
    }
    return out;
}

Diagnostics checkPatrolRoutes(const Level &level, const LevelMarks &marks, const std::string &file,
                              const std::string &onlyPatrol, const WalkFinder *walker)
{
    return locateProblems(patrolRouteProblems(level, onlyPatrol, walker), marks, file);
}

} // namespace railforge::document
