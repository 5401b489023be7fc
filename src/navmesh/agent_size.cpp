#include "navmesh/agent_size.h"

#include <algorithm>
#include <cmath>

namespace railforge::nav {

int BakeSettings::radiusCells(const AgentSize &agent) const { return int(std::ceil(agent.radius / cell - 1e-9)); }

int BakeSettings::heightCells(const AgentSize &agent) const { return int(std::ceil(agent.height / cellHeight - 1e-9)); }

int BakeSettings::climbCells(const AgentSize &agent) const { return int(std::floor(agent.climb / cellHeight + 1e-9)); }

BakeSettings bakeSettingsFor(const AgentSize &agent, std::optional<double> cell)
{
    BakeSettings s;
    s.cell = cell ? *cell : agent.radius / 3.0;
    s.cellHeight = s.cell / 2.0;
    // A climb finer than half a step would round to nothing, and Recast tells an agent's height in
    // whole steps (three at least).
    if (agent.climb > 0.0) s.cellHeight = std::min(s.cellHeight, agent.climb / 2.0);
    s.cellHeight = std::min(s.cellHeight, agent.height / 3.0);
    return s;
}

std::string whyNotBakeable(const AgentSize &agent, const BakeSettings &settings)
{
    if (!(settings.cell > 0.0) || !std::isfinite(settings.cell)) return "the navmesh cell must be a positive number";
    if (settings.radiusCells(agent) > 254)
        return "the agent's radius is over 254 navmesh cells (" + std::to_string(settings.cell) +
               " each): make the cell larger";
    if (settings.heightCells(agent) < 3) return "the agent's height is under three navmesh height steps";
    return "";
}

} // namespace railforge::nav
