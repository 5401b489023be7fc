// The rails' ribbons drawn in groups of kRailsPerChunk: one GPU mesh (with a colour per vertex) for
// each group of rails in level order, so a level of a thousand rails is some thirty draw calls, not
// a thousand (on a software renderer each call costs as much as thousands of triangles). A chunk's
// buffer is put together again only when one of its rails was rebuilt, its rails changed, or one of
// them changed colour (selected, hovered); the ribbons themselves are built per rail (level_scene.h).
#pragma once

#include "app/view3d/level_scene_parts.h"
#include "app/view3d/mesh_geometry.h"

#include <QColor>

#include <memory>
#include <string>
#include <vector>

namespace railforge::app {

inline constexpr std::size_t kRailsPerChunk = 32;

// One rail as a chunk sees it: its ribbon, which build of it that is, and its colour.
struct ChunkRail {
    std::string id;
    const TriangleMesh *ribbon = nullptr;
    int build = 0;
    QColor colour;
    friend bool operator==(const ChunkRail &a, const ChunkRail &b)
    {
        return a.id == b.id && a.build == b.build && a.colour == b.colour;
    }
};

class RailChunks {
public:
    // Lays the rails (in level order) into chunks, re-filling only the chunks whose rails changed.
    // Returns whether the set of chunk geometries changed (QML must then list them again).
    bool update(const std::vector<ChunkRail> &rails);
    // Every chunk's geometry, in order.
    std::vector<MeshGeometry *> geometries() const;
    // How many chunk buffers were filled since the start (tests, benchmarks).
    int fills() const { return m_fills; }

private:
    struct Chunk {
        std::vector<ChunkRail> rails;
        std::unique_ptr<MeshGeometry, LaterDelete<MeshGeometry>> geometry;
    };
    std::vector<Chunk> m_chunks;
    int m_fills = 0;
};

} // namespace railforge::app
