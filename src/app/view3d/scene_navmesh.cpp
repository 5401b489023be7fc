#include "app/view3d/scene_navmesh.h"

#include "app/editor/editor_controller.h"

namespace railforge::app {
namespace {

// Over the ground it covers by this much (level units): the skin and the ground never fight for a pixel.
constexpr double kLift = 0.04;

} // namespace

void SceneNavMesh::setEditor(EditorController *editor)
{
    if (editor == m_editor) return;
    if (m_editor) disconnect(m_editor->navmesh(), nullptr, this, nullptr);
    m_editor = editor;
    if (m_editor)
        for (auto signal : {&NavMeshModel::meshChanged, &NavMeshModel::shownChanged})
            connect(m_editor->navmesh(), signal, this, &SceneNavMesh::refresh);
    emit editorChanged();
    refresh();
}

void SceneNavMesh::setLive(bool live)
{
    if (live == m_live) return;
    m_live = live;
    emit liveChanged();
    if (m_live) refresh();
}

void SceneNavMesh::refresh()
{
    if (!m_live) return;
    NavMeshModel *model = m_editor ? m_editor->navmesh() : nullptr;
    const auto mesh = model && model->shown() ? model->shownMesh() : nullptr;
    if (mesh.get() == m_mesh && (!mesh || mesh->revision() == m_revision)) return;
    m_mesh = mesh.get();
    m_revision = mesh ? mesh->revision() : 0;
    TriangleMesh skin;
    std::vector<core::Vec3> lines;
    if (mesh) {
        // The polygons' corners on the exact ground (the mesh's own heights are a cell's step off it).
        const auto navigation = model->navigation();
        bool first = true;
        const auto bound = [&](const core::Vec3 &p) {
            if (first) skin.lowest = skin.highest = p;
            first = false;
            skin.lowest = {std::min(skin.lowest.x, p.x), std::min(skin.lowest.y, p.y), std::min(skin.lowest.z, p.z)};
            skin.highest = {std::max(skin.highest.x, p.x), std::max(skin.highest.y, p.y),
                            std::max(skin.highest.z, p.z)};
        };
        for (const nav::NavPolygon &polygon : mesh->polygons()) {
            const auto start = std::uint32_t(skin.vertices.size());
            for (const core::Vec3 &c : polygon.corners) {
                core::Vec3 p = navigation->onGround(c, *mesh);
                p.z += kLift;
                skin.vertices.push_back({float(p.x), float(p.y), float(p.z), 0.0f, 0.0f, 1.0f});
                bound(p);
            }
            for (std::uint32_t k = 1; k + 1 < polygon.corners.size(); ++k)
                skin.indices.insert(skin.indices.end(), {start, start + k, start + k + 1});
        }
        for (const auto &[a, b] : mesh->boundary()) {
            lines.push_back(navigation->onGround(a, *mesh) + core::Vec3{0, 0, 1.5 * kLift});
            lines.push_back(navigation->onGround(b, *mesh) + core::Vec3{0, 0, 1.5 * kLift});
        }
    }
    m_surface->setMesh(skin);
    m_outline->setSegments(lines);
    m_triangles = int(skin.indices.size() / 3);
    ++m_builds;
    emit changed();
}

} // namespace railforge::app
