#include "app/view3d/rail_chunks.h"

namespace railforge::app {

bool RailChunks::update(const std::vector<ChunkRail> &rails)
{
    const std::size_t count = (rails.size() + kRailsPerChunk - 1) / kRailsPerChunk;
    const bool resized = count != m_chunks.size();
    m_chunks.resize(count);
    for (std::size_t k = 0; k < count; ++k) {
        Chunk &chunk = m_chunks[k];
        const auto first = rails.begin() + std::ptrdiff_t(k * kRailsPerChunk);
        const auto last = rails.begin() + std::ptrdiff_t(std::min(rails.size(), (k + 1) * kRailsPerChunk));
        std::vector<ChunkRail> mine(first, last);
        if (chunk.geometry && mine == chunk.rails) continue;
        if (!chunk.geometry) chunk.geometry.reset(new MeshGeometry);
        std::vector<std::pair<const TriangleMesh *, QColor>> parts;
        for (const ChunkRail &r : mine) parts.emplace_back(r.ribbon, r.colour);
        chunk.geometry->setColouredMeshes(parts);
        chunk.rails = std::move(mine);
        ++m_fills;
    }
    return resized;
}

std::vector<MeshGeometry *> RailChunks::geometries() const
{
    std::vector<MeshGeometry *> out;
    for (const Chunk &c : m_chunks) out.push_back(c.geometry.get());
    return out;
}

} // namespace railforge::app
