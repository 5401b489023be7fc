#include "app/view3d/rail_chunks.h"

namespace railforge::app {

RailChunks::RailChunks()
{
    // There from the start: QML takes the dragged lane's geometries once.
    m_dragged.geometry.reset(new MeshGeometry);
    m_dragged.lines.reset(new LineGeometry);
    m_dragged.geometry->setColouredMeshes({});
    m_dragged.lines->setColouredPolylines({});
}

bool RailChunks::update(const std::vector<ChunkRail> &rails)
{
    const std::size_t count = (rails.size() + kRailsPerChunk - 1) / kRailsPerChunk;
    const bool resized = count != m_chunks.size();
    m_chunks.resize(count);
    for (std::size_t k = 0; k < count; ++k) {
        const auto first = rails.begin() + std::ptrdiff_t(k * kRailsPerChunk);
        const auto last = rails.begin() + std::ptrdiff_t(std::min(rails.size(), (k + 1) * kRailsPerChunk));
        std::vector<ChunkRail> mine(first, last);
        // A dragged rail is a blank in its chunk: its new builds leave the chunk as it is.
        for (ChunkRail &r : mine)
            if (r.dragged) r = ChunkRail{r.id, nullptr, 0, QColor(), RailDetail{}, true};
        fill(m_chunks[k], std::move(mine), false);
    }
    std::vector<ChunkRail> dragged;
    for (const ChunkRail &r : rails)
        if (r.dragged) dragged.push_back(r);
    fill(m_dragged, std::move(dragged), true);
    return resized;
}

void RailChunks::fill(Chunk &chunk, std::vector<ChunkRail> rails, bool dragged)
{
    if (chunk.geometry && rails == chunk.rails) return;
    if (!chunk.geometry) chunk.geometry.reset(new MeshGeometry);
    if (!chunk.lines) chunk.lines.reset(new LineGeometry);
    std::vector<TriangleMesh> coarse; // the ribbons drawn through fewer rows, while filling
    coarse.reserve(rails.size());
    std::vector<std::pair<const TriangleMesh *, QColor>> parts;
    std::vector<std::pair<std::vector<core::Vec3>, QColor>> lines;
    for (const ChunkRail &r : rails) {
        if (r.dragged != dragged) continue; // drawn by the other lane
        if (r.detail.line) {
            lines.emplace_back(ribbonCentreLine(*r.ribbon, r.detail.stride), r.colour);
        } else if (r.detail.stride > 1) {
            coarse.push_back(ribbonAtStride(*r.ribbon, r.detail.stride));
            parts.emplace_back(&coarse.back(), r.colour);
        } else {
            parts.emplace_back(r.ribbon, r.colour);
        }
    }
    chunk.geometry->setColouredMeshes(parts);
    chunk.lines->setColouredPolylines(lines);
    chunk.rails = std::move(rails);
    if (!dragged) ++m_fills;
}

std::vector<MeshGeometry *> RailChunks::geometries() const
{
    std::vector<MeshGeometry *> out;
    for (const Chunk &c : m_chunks) out.push_back(c.geometry.get());
    return out;
}

std::vector<LineGeometry *> RailChunks::lineGeometries() const
{
    std::vector<LineGeometry *> out;
    for (const Chunk &c : m_chunks) out.push_back(c.lines.get());
    return out;
}

} // namespace railforge::app
