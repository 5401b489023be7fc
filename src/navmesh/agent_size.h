// The size of a walking agent and the grid its navigation mesh is baked on. Recast works in cells
// (voxels): the plan is cut into squares of `cell`, heights into steps of `cellHeight`, and the agent's
// sizes are rounded to whole cells the safe way (radius and height up, climb down).
#pragma once

#include <optional>
#include <string>

namespace railforge::nav {

// Level units and degrees, as a level's `agents:` entry gives them.
struct AgentSize {
    double radius = 0.4;
    double height = 1.8;
    double climb = 0.4;
    double slope = 45.0; // the steepest walkable ground, degrees from level
    friend bool operator==(const AgentSize &, const AgentSize &) = default;
};

struct BakeSettings {
    double cell = 0.0;       // plan cell side, level units
    double cellHeight = 0.0; // height step, level units
    int tileCells = 64;      // cells along a tile's side (a tile is re-baked alone)
    friend bool operator==(const BakeSettings &, const BakeSettings &) = default;

    // A tile's side in level units.
    double tileSide() const { return cell * tileCells; }
    // The agent's sizes in cells: radius and height rounded up (never smaller than asked), climb down.
    int radiusCells(const AgentSize &agent) const;
    int heightCells(const AgentSize &agent) const;
    int climbCells(const AgentSize &agent) const;
    // Cells of the border each tile is built with beyond its own square (what its erosion and its
    // neighbours' walls reach in from).
    int borderCells(const AgentSize &agent) const { return radiusCells(agent) + 3; }
};

// The grid for `agent`: a plan cell of `cell` when the level gives one, else a third of the radius;
// a height step of half the cell, fine enough to tell the climb and at least three steps to the height.
BakeSettings bakeSettingsFor(const AgentSize &agent, std::optional<double> cell = std::nullopt);

// Why an agent cannot be baked on these settings ("" when it can): Recast erodes at most 254 cells
// and needs a height of at least three steps.
std::string whyNotBakeable(const AgentSize &agent, const BakeSettings &settings);

} // namespace railforge::nav
