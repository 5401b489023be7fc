// levelReport (level_report.h) for a level that is being edited: the same problems in the same order,
// but what an edit did not touch is not checked again. Each edge's crossing test is kept with the
// positions of its ends, each rail's ground check with the rail, the patrols' path warnings with the
// graph and the obstacles; an edit of one rail on a level of a thousand re-checks that rail alone.
// The editor's Problems panel uses it to stay live on big levels (docs/benchmarks.md).
#pragma once

#include "document/report/level_report.h"

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

namespace railforge::document {

class LevelObstacleContext;

class LevelReportCache {
public:
    LevelReportCache();
    ~LevelReportCache();

    // Equal to levelReport(level, sources). With `until`, rails not yet checked against the ground are
    // left for the next call once that time has passed (complete() is then false): a first check of a
    // big level over a big terrain is spread over several calls instead of freezing the caller.
    LevelProblems report(const Level &level, const ReportSources &sources,
                         std::optional<std::chrono::steady_clock::time_point> until = std::nullopt);
    // Whether the last report checked everything.
    bool complete() const { return m_complete; }
    // The ground was read again (it may sit where the last one did): every rail is checked again.
    void groundChanged() { m_rails.clear(); }
    // The routes `routeOf` gives changed (the editor's preview finished): path warnings are found again.
    void routesChanged() { m_pathInputs.reset(); }

private:
    struct EdgeEntry {
        Edge edge;
        core::Vec3 from, to;
        std::optional<LevelProblem> problem;
    };
    struct RailEntry {
        Rail rail;
        LevelProblems problems;
    };
    LevelProblems edgeProblems(const Level &level);
    LevelProblems pathProblems(const Level &level, const ReportSources &sources);
    LevelProblems groundProblems(const Level &level, const core::GroundSet &ground,
                                 std::optional<std::chrono::steady_clock::time_point> until);
    // navigationProblems, found again only when the patrols, the graph, the agents or the meshes changed.
    LevelProblems walkabilityProblems(const Level &level, const LevelNavigation *navigation);

    std::vector<Obstacle> m_obstacles; // what m_context was built from
    std::unique_ptr<LevelObstacleContext> m_context;
    std::vector<EdgeEntry> m_edges;
    // The path warnings, and what they were found for.
    std::optional<Level> m_pathInputs;
    const StrategyRegistry *m_pathRegistry = nullptr;
    std::uint64_t m_pathNavigation = 0; // LevelNavigation::serial, 0: none
    LevelProblems m_pathProblems;
    std::optional<Level> m_walkInputs;
    std::uint64_t m_walkNavigation = 0;
    LevelProblems m_walkProblems;
    const core::GroundSet *m_ground = nullptr;
    std::vector<RailEntry> m_rails;
    bool m_complete = true;
};

} // namespace railforge::document
