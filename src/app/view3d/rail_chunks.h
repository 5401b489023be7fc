// The rails drawn in groups of kRailsPerChunk: for each group of rails in level order one GPU mesh of
// the ribbons and one set of lines for the rails seen too small for a ribbon (both with a colour per
// vertex), so a level of a thousand rails is some sixty draw calls, not a thousand (on a software
// renderer each call costs as much as thousands of triangles). A chunk's buffers are put together
// again only when one of its rails was rebuilt, its rails changed, one of them changed colour
// (selected, hovered) or detail (view_detail.h); the ribbons themselves are built per rail
// (level_scene.h).
#pragma once

#include "app/view3d/level_scene_parts.h"
#include "app/view3d/mesh_geometry.h"
#include "app/view3d/view_detail.h"

#include <QColor>

#include <memory>
#include <string>
#include <vector>

namespace railforge::app {

inline constexpr std::size_t kRailsPerChunk = 32;

// One rail as a chunk sees it: its ribbon, which build of it that is, its colour and how much of
// it is drawn.
struct ChunkRail {
    std::string id;
    const TriangleMesh *ribbon = nullptr;
    int build = 0;
    QColor colour;
    RailDetail detail;
    bool dragged = false; // drawn by the dragged lane, left out of its chunk
    friend bool operator==(const ChunkRail &a, const ChunkRail &b)
    {
        return a.id == b.id && a.build == b.build && a.colour == b.colour && a.detail == b.detail &&
               a.dragged == b.dragged;
    }
};

class RailChunks {
public:
    RailChunks();
    // Lays the rails (in level order) into chunks, re-filling only the chunks whose rails changed.
    // Returns whether the set of chunk geometries changed (QML must then list them again).
    bool update(const std::vector<ChunkRail> &rails);
    // Every chunk's ribbons, in order.
    std::vector<MeshGeometry *> geometries() const;
    // Every chunk's lines, in order (as geometries()).
    std::vector<LineGeometry *> lineGeometries() const;
    // The dragged lane: the rails marked dragged, ribbons and lines, filled on their own (a drag refills
    // this small lane on every step and no chunk, so the rest of the level is not drawn again).
    MeshGeometry *draggedGeometry() const { return m_dragged.geometry.get(); }
    LineGeometry *draggedLines() const { return m_dragged.lines.get(); }
    // How many chunk buffers were filled since the start (tests, benchmarks).
    int fills() const { return m_fills; }

private:
    struct Chunk {
        std::vector<ChunkRail> rails;
        std::unique_ptr<MeshGeometry, LaterDelete<MeshGeometry>> geometry;
        std::unique_ptr<LineGeometry, LaterDelete<LineGeometry>> lines;
    };
    // Puts `rails` (those dragged or not, as `dragged`) into `chunk`'s buffers, unless it holds them already.
    void fill(Chunk &chunk, std::vector<ChunkRail> rails, bool dragged);
    std::vector<Chunk> m_chunks;
    Chunk m_dragged;
    int m_fills = 0;
};

} // namespace railforge::app
