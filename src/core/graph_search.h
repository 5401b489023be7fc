// Shortest paths over the waypoint graph (A* with a Euclidean heuristic).
#pragma once

#include "core/vec3.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace railforge::core {

// A directed, weighted graph whose nodes have positions (for the heuristic).
class WaypointGraph {
public:
    // Adds a node; returns its index.
    std::size_t addNode(Vec3 position);
    // Adds a directed arc a -> b of `cost` (>= 0); a two-way edge is two arcs.
    void addArc(std::size_t from, std::size_t to, double cost);
    // Number of nodes.
    std::size_t size() const { return m_positions.size(); }
    // Position of node i.
    const Vec3 &position(std::size_t i) const { return m_positions[i]; }

    // The cheapest node sequence from `start` to `goal` (both included), or nothing when unreachable.
    // The heuristic is the straight-line distance scaled by the cheapest cost per unit length of any
    // arc, so it stays admissible when designers give edges costs below their length.
    std::optional<std::vector<std::size_t>> shortestPath(std::size_t start, std::size_t goal) const;

private:
    struct Arc {
        std::size_t to;
        double cost;
    };
    std::vector<Vec3> m_positions;
    std::vector<std::vector<Arc>> m_arcs;
    double m_minCostPerLength = 1.0;
    bool m_anyArc = false;
};

} // namespace railforge::core
