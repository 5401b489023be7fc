#include "app/view3d/scene_tracks.h"

#include "app/editor/editor_controller.h"
#include "app/ground/ground_model.h"
#include "core/outline_prism.h"
#include "core/track_sweep.h"
#include "document/export/track_colors.h"
#include "document/export/track_joins.h"
#include "document/export/track_parts.h"
#include "document/model/length_units.h"

#include <algorithm>

namespace railforge::app {
namespace {

// The chord error the view draws at, in metres: a quarter of the export's detail is plenty on screen.
constexpr double kDrawnChordErrorMetres = 0.02;

void addVertex(TriangleMesh &mesh, core::Vec3 p, core::Vec3 n)
{
    if (mesh.vertices.empty()) mesh.lowest = mesh.highest = p;
    mesh.lowest = {std::min(mesh.lowest.x, p.x), std::min(mesh.lowest.y, p.y), std::min(mesh.lowest.z, p.z)};
    mesh.highest = {std::max(mesh.highest.x, p.x), std::max(mesh.highest.y, p.y), std::max(mesh.highest.z, p.z)};
    mesh.vertices.push_back({float(p.x), float(p.y), float(p.z), float(n.x), float(n.y), float(n.z)});
}

// A box on `base` (the centre of its bottom face), its sides along x, y and z (unit, right-handed),
// `size` along each: six faces of four corners, facing out.
void addBox(TriangleMesh &mesh, core::Vec3 base, core::Vec3 x, core::Vec3 y, core::Vec3 z, core::Vec3 size)
{
    const core::Vec3 axes[3] = {x * size.x, y * size.y, z * size.z};
    const core::Vec3 centre = base + axes[2] * 0.5;
    for (int axis = 0; axis < 3; ++axis)
        for (double side : {-1.0, 1.0}) {
            const core::Vec3 a = axes[(axis + 1) % 3] * 0.5, b = axes[(axis + 2) % 3] * 0.5;
            const core::Vec3 face = centre + axes[axis] * (0.5 * side);
            const core::Vec3 normal = core::unitOrZero(axes[axis] * side);
            const auto first = std::uint32_t(mesh.vertices.size());
            // Counter-clockwise seen from outside: (a, b) turn about +axis, so the far side goes back.
            const core::Vec3 corners[4] = {face - a - b, face + a * side - b * side, face + a + b,
                                           face - a * side + b * side};
            for (const core::Vec3 &c : corners) addVertex(mesh, c, normal);
            for (std::uint32_t k : {0u, 1u, 2u, 0u, 2u, 3u}) mesh.indices.push_back(first + k);
        }
}

// A prism (core/outline_prism.h) placed with its x, y and z along `x`, `y` and `z` from `origin`.
void addPrism(TriangleMesh &mesh, const core::PrismMesh &prism, core::Vec3 origin, core::Vec3 x, core::Vec3 y,
              core::Vec3 z)
{
    const auto first = std::uint32_t(mesh.vertices.size());
    for (std::size_t v = 0; v < prism.positions.size(); ++v) {
        const core::Vec3 p = prism.positions[v], n = prism.normals[v];
        addVertex(mesh, origin + x * p.x + y * p.y + z * p.z, x * n.x + y * n.y + z * n.z);
    }
    for (std::uint32_t i : prism.indices) mesh.indices.push_back(first + i);
}

QColor lookColor(const document::TrackLook &look)
{
    return QColor::fromRgbF(float(look.rgb[0]), float(look.rgb[1]), float(look.rgb[2]));
}

} // namespace

void SceneTracks::setEditor(EditorController *editor)
{
    if (editor == m_editor) return;
    if (m_editor) {
        disconnect(m_editor->document(), nullptr, this, nullptr);
        disconnect(m_editor->ground(), nullptr, this, nullptr);
    }
    m_editor = editor;
    m_junctionsMoved = true;
    if (m_editor) {
        connect(m_editor->document(), &document::LevelDocument::levelChanged, this, [this](const auto &change) {
            // Where junctions are and what they link decide how the rails' ends are cut; a default
            // way or a name does not.
            if (change.touches({document::ObjectKind::Junction}, document::kShapePart)) m_junctionsMoved = true;
            refresh();
        });
        connect(m_editor->ground(), &GroundModel::groundChanged, this, &SceneTracks::refresh);
    }
    emit editorChanged();
    refresh();
}

void SceneTracks::setShown(bool shown)
{
    if (shown == m_shown) return;
    m_shown = shown;
    emit shownChanged();
    refresh();
}

void SceneTracks::setLive(bool live)
{
    if (live == m_live) return;
    m_live = live;
    emit liveChanged();
    refresh();
}

void SceneTracks::refresh()
{
    if (!m_live || !m_shown || !m_editor) return;
    const document::LevelDocument &document = *m_editor->document();
    const auto &rails = document.level().rails;
    const std::optional<document::TrackStyle> &levelTrack = document.level().info.track;
    const double perUnit = document::metresPerUnit(document.level().info.units).value_or(1.0);
    const auto ground = m_editor->ground()->ground();
    const bool groundChanged = ground != m_ground;
    m_ground = ground;
    std::vector<std::shared_ptr<const document::RailGeometry>> geometries;
    std::vector<document::TrackStyle> styles;
    std::vector<core::TrackSection> sections;
    std::vector<document::SweptRail> swept(rails.size());
    bool supportsWanted = false;
    for (std::size_t i = 0; i < rails.size(); ++i) {
        geometries.push_back(document.railGeometry(i));
        styles.push_back(document::railTrackStyle(rails[i].track, levelTrack));
        supportsWanted = supportsWanted || styles[i].supports.every > 0 || !styles[i].supports.at.empty();
        // Every style in the document is one it checked on the way in (reader, edits).
        const bool sweepable = rails[i].points.size() >= 2 && core::totalLength(geometries[i]->table()) > 0;
        sections.push_back(sweepable ? document::trackSection(styles[i], perUnit) : core::TrackSection{});
    }
    for (std::size_t i = 0; i < rails.size(); ++i)
        if (!sections[i].outlines.empty()) swept[i] = {&geometries[i]->table(), &geometries[i]->frames(), &sections[i]};
    std::vector<std::vector<std::size_t>> against;
    const std::vector<core::SweepEnds> ends =
        document::junctionEnds(document.level(), swept, document::kJoinToleranceMetres / perUnit, &against);
    // A junction moved or relinked can change how any rail ends: every rail is swept again.
    const bool junctionsChanged = std::exchange(m_junctionsMoved, false);
    std::map<std::string, Entry> kept;
    bool shapeChanged = false;
    for (std::size_t i = 0; i < rails.size(); ++i) {
        decltype(Entry::against) leaves;
        for (std::size_t target : against[i]) leaves.push_back({geometries[target], styles[target]});
        auto found = m_byRail.find(rails[i].id);
        if (!junctionsChanged && found != m_byRail.end() && found->second.geometry == geometries[i] &&
            found->second.style == styles[i] && found->second.against == leaves) {
            kept.emplace(rails[i].id, std::move(found->second));
            continue;
        }
        shapeChanged = true;
        Entry entry{
            geometries[i], styles[i], std::move(leaves), {}, lookColor(document::sectionLook(styles[i].section))};
        if (!sections[i].outlines.empty()) {
            const core::TrackMesh mesh = core::sweepTrack(geometries[i]->table(), geometries[i]->frames(), sections[i],
                                                          kDrawnChordErrorMetres / perUnit, 200'000, ends[i]);
            for (std::size_t v = 0; v < mesh.positions.size(); ++v)
                addVertex(entry.track, mesh.positions[v], mesh.normals[v]);
            entry.track.indices = mesh.indices;
        }
        kept.emplace(rails[i].id, std::move(entry));
    }
    shapeChanged = shapeChanged || groundChanged || kept.size() != m_byRail.size();
    m_byRail = std::move(kept);
    if (!shapeChanged) return;

    // Ties and supports, placed as the export places them (every track in the supports' way).
    TriangleMesh ties, supports;
    m_ties = m_supports = 0;
    std::vector<document::TrackObstacle> obstacles;
    if (supportsWanted)
        for (std::size_t i = 0; i < rails.size(); ++i)
            if (core::totalLength(geometries[i]->table()) > 0)
                obstacles.push_back(
                    document::trackObstacle(i, rails[i].id, geometries[i]->table(),
                                            core::sectionReach(document::trackSection(styles[i], perUnit))));
    const core::GroundSet *groundSet = ground && !ground->empty() ? ground.get() : nullptr;
    for (std::size_t i = 0; i < rails.size(); ++i) {
        const document::TrackStyle &style = styles[i];
        if (sections[i].outlines.empty()) continue;
        const document::RailTrackParts parts =
            document::placeTrackParts(i, rails[i], geometries[i]->table(), geometries[i]->frames(), style, sections[i],
                                      perUnit, groundSet, obstacles, 100'000);
        if (!style.ties.section.empty()) {
            // A custom tie: its section at the curve, across and up as the rider sees them.
            const core::PrismMesh prism = core::outlinePrism(style.ties.section, document::tieAlong(style, perUnit));
            for (const document::PlacedTie &t : parts.ties)
                addPrism(ties, prism, t.origin, t.right, t.up, core::cross(t.right, t.up));
        } else {
            const auto box = document::tieBox(style, perUnit);
            for (const document::PlacedTie &t : parts.ties)
                addBox(ties, t.top - t.up * box[1], t.right, t.forward, t.up, {box[0], box[2], box[1]});
        }
        const double width = document::supportSize(style, perUnit), foot = document::footingSize(style, perUnit);
        for (const document::PlacedSupport &s : parts.supports) {
            const double height = s.top - s.foot.z;
            addBox(supports, s.foot, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {width, width, height});
            addBox(supports, s.foot, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {foot, foot, std::min(width, height)});
        }
        m_ties += int(parts.ties.size());
        m_supports += int(parts.supports.size());
    }
    std::vector<std::pair<const TriangleMesh *, QColor>> all;
    for (const auto &[id, entry] : m_byRail)
        if (!entry.track.indices.empty()) all.push_back({&entry.track, entry.color});
    if (!ties.indices.empty()) all.push_back({&ties, lookColor(document::kTieLook)});
    if (!supports.indices.empty()) all.push_back({&supports, lookColor(document::kSupportLook)});
    m_meshes->setColouredMeshes(all);
    emit meshesChanged();
}

} // namespace railforge::app
