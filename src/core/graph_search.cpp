#include "core/graph_search.h"

#include <queue>

#include <algorithm>
#include <limits>

namespace railforge::core {

std::size_t WaypointGraph::addNode(Vec3 position)
{
    m_positions.push_back(position);
    m_arcs.emplace_back();
    return m_positions.size() - 1;
}

void WaypointGraph::addArc(std::size_t from, std::size_t to, double cost)
{
    m_arcs[from].push_back({to, cost});
    const double length = distance(m_positions[from], m_positions[to]);
    if (length > 0) {
        const double ratio = cost / length;
        m_minCostPerLength = m_anyArc ? std::min(m_minCostPerLength, ratio) : std::min(1.0, ratio);
        m_anyArc = true;
    }
}

std::optional<std::vector<std::size_t>> WaypointGraph::shortestPath(std::size_t start, std::size_t goal) const
{
    const std::size_t n = m_positions.size();
    if (start >= n || goal >= n) return std::nullopt;
    const double inf = std::numeric_limits<double>::infinity();
    const double scale = std::max(0.0, m_minCostPerLength);
    std::vector<double> cost(n, inf);
    std::vector<std::size_t> previous(n, n);
    std::vector<bool> closed(n, false);
    using Entry = std::pair<double, std::size_t>; // (cost so far + heuristic, node)
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    auto heuristic = [&](std::size_t i) { return scale * distance(m_positions[i], m_positions[goal]); };
    cost[start] = 0;
    open.push({heuristic(start), start});
    while (!open.empty()) {
        const std::size_t node = open.top().second;
        open.pop();
        if (closed[node]) continue;
        closed[node] = true;
        if (node == goal) break;
        for (const Arc &arc : m_arcs[node]) {
            const double next = cost[node] + arc.cost;
            if (next < cost[arc.to]) {
                cost[arc.to] = next;
                previous[arc.to] = node;
                open.push({next + heuristic(arc.to), arc.to});
            }
        }
    }
    if (cost[goal] == inf) return std::nullopt;
    std::vector<std::size_t> path;
    for (std::size_t node = goal; node != n; node = previous[node]) path.push_back(node);
    std::reverse(path.begin(), path.end());
    return path;
}

} // namespace railforge::core
