#include "document/export/track_gltf.h"

#include "core/outline_prism.h"
#include "core/track_sweep.h"
#include "document/export/gltf_builder.h"
#include "document/export/track_colors.h"
#include "document/export/track_joins.h"
#include "document/export/track_parts.h"
#include "document/model/rail_geometry.h"
#include "document/model/rail_shape_geometry.h"
#include "document/text/number_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace railforge::document {
namespace {

// A count as a message gives it: whole below a quadrillion, else in powers of ten.
std::string countText(double n)
{
    char text[32];
    std::snprintf(text, sizeof text, n < 1e15 ? "%.0f" : "%.3g", n);
    return text;
}

// How many parts a rail's style places along `length`: its ties, its supports and their footings.
double partsAlong(const TrackStyle &style, double length)
{
    const auto spaced = [&](double every) {
        return every > 0 ? std::floor(std::max(0.0, length / every - 0.5)) + 1 : 0.0;
    };
    return spaced(style.ties.every) + 2 * (spaced(style.supports.every) + double(style.supports.at.size()));
}

int lookMaterial(GltfBuilder &b, const std::string &name, const TrackLook &look)
{
    return b.material(name, {look.rgb[0], look.rgb[1], look.rgb[2], 1}, look.metallic, look.roughness);
}

// The style a rail is exported with: its own (or the default), then the command's overrides.
std::optional<TrackStyle> exportStyle(const Rail &rail, const LevelInfo &info, const TrackMeshOptions &options,
                                      double metresPerUnit, std::string *why)
{
    TrackStyle style = railTrackStyle(rail.track, info.track);
    if (options.style) {
        const auto kind = trackSectionFromName(*options.style);
        if (!kind) {
            *why = "no track style '" + *options.style + "' (rails, tube, ribbon or cable)";
            return std::nullopt;
        }
        style.section = *kind;
        style.outline.clear();
    }
    if (options.sizeMetres) style.size = *options.sizeMetres / metresPerUnit;
    if (const std::string bad = whyBadTrackStyle(style); !bad.empty()) {
        *why = "rail '" + rail.id + "': " + bad;
        return std::nullopt;
    }
    return style;
}

struct RailShape {
    const Rail *rail = nullptr;
    core::ArcLengthTable table;
    core::FrameTable frames;
    TrackStyle style;
    core::TrackSection section;
};

} // namespace

std::string trackGltf(const Level &level, double metresPerUnit, const TrackMeshOptions &options, bool binary,
                      std::string *error, std::vector<std::string> *notes)
{
    auto fail = [&](std::string why) {
        if (error) *error = std::move(why);
        return std::string();
    };
    if (error) error->clear();
    if (!(metresPerUnit > 0)) return fail("the level's units must be a length");
    if (options.sizeMetres && !(*options.sizeMetres > 0 && std::isfinite(*options.sizeMetres)))
        return fail("the size must be more than 0");
    if (!(options.chordErrorMetres > 0)) return fail("the chord error must be more than 0");
    for (const std::string &id : options.rails)
        if (std::none_of(level.rails.begin(), level.rails.end(), [&](const Rail &r) { return r.id == id; }))
            return fail("the level has no rail '" + id + "'");

    // Every rail's shape first: supports keep clear of every track, exported or not.
    std::vector<RailShape> shapes(level.rails.size());
    std::vector<TrackObstacle> obstacles;
    bool anySupports = false;
    for (std::size_t i = 0; i < level.rails.size(); ++i) {
        const Rail &rail = level.rails[i];
        RailShape &shape = shapes[i];
        shape.rail = &rail;
        if (rail.points.size() < 2) continue;
        std::string why;
        const auto style = exportStyle(rail, level.info, options, metresPerUnit, &why);
        if (!style) return fail(why);
        shape.style = *style;
        shape.section = trackSection(*style, metresPerUnit);
        const auto geometry = geometryOfShape(rail);
        shape.table = geometry->table();
        if (!(core::totalLength(shape.table) > 0)) continue;
        shape.frames = geometry->frames();
        anySupports = anySupports || style->supports.every > 0 || !style->supports.at.empty();
    }
    if (anySupports)
        for (std::size_t i = 0; i < shapes.size(); ++i)
            if (core::totalLength(shapes[i].table) > 0)
                obstacles.push_back(
                    trackObstacle(i, level.rails[i].id, shapes[i].table, core::sectionReach(shapes[i].section)));

    // Where rails meet at junctions, their meshes meet without a cap or a surface drawn twice.
    std::vector<SweptRail> swept(shapes.size());
    for (std::size_t i = 0; i < shapes.size(); ++i)
        if (core::totalLength(shapes[i].table) > 0)
            swept[i] = {&shapes[i].table, &shapes[i].frames, &shapes[i].section};
    const std::vector<core::SweepEnds> ends = junctionEnds(level, swept, kJoinToleranceMetres / metresPerUnit);

    const auto exported = [&](const Rail &rail) {
        return options.rails.empty() ||
               std::find(options.rails.begin(), options.rails.end(), rail.id) != options.rails.end();
    };
    // The parts of the whole output, counted before any is placed.
    double allParts = 0;
    for (const RailShape &shape : shapes)
        if (exported(*shape.rail) && core::totalLength(shape.table) > 0)
            allParts += partsAlong(shape.style, core::totalLength(shape.table));
    if (!(allParts <= double(options.maxParts)))
        return fail("the track would have " + countText(allParts) + " ties, supports and footings, over the limit of " +
                    std::to_string(options.maxParts) + " for the whole export (--max-track-parts raises it)");

    GltfBuilder b(metresPerUnit);
    int tieMesh = -1, column = -1, footing = -1;
    std::int64_t triangles = 0; // of the tracks swept so far
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        const RailShape &shape = shapes[i];
        const Rail &rail = *shape.rail;
        if (!exported(rail)) continue;
        const double length = core::totalLength(shape.table);
        if (!(length > 0)) continue;
        // The stations this rail may have: what the level's triangles left allow.
        const std::int64_t perStation =
            2 * std::int64_t(std::max<std::size_t>(1, core::sweepQuadsPerStation(shape.section)));
        const std::int64_t stations = std::max<std::int64_t>(0, options.maxTriangles - triangles) / perStation;
        const core::TrackMesh mesh =
            core::sweepTrack(shape.table, shape.frames, shape.section, options.chordErrorMetres / metresPerUnit,
                             std::size_t(std::max<std::int64_t>(stations, 2)), ends[i]);
        triangles += std::int64_t(mesh.indices.size() / 3);
        if (mesh.capped || triangles > options.maxTriangles)
            return fail("rail '" + rail.id + "': its track within the chord error of " +
                        formatNumber(options.chordErrorMetres) + " m takes the level's track over the limit of " +
                        std::to_string(options.maxTriangles) +
                        " triangles for the whole export (--max-mesh-triangles raises it, or a larger --chord-error)");
        if (mesh.indices.empty()) continue;
        // Positions from the rail's first point, which the node's translation (doubles) puts back: a
        // float keeps millimetres only within a few kilometres of its origin.
        const core::Vec3 origin = rail.points.front();
        tinygltf::Node node;
        node.name = rail.id;
        node.mesh =
            b.mesh(rail.id, mesh.positions, mesh.normals, mesh.uvs, mesh.indices, origin,
                   lookMaterial(b, trackSectionName(shape.style.section), sectionLook(shape.style.section)), true);
        const auto at = b.yUp(origin);
        node.translation.assign(at.begin(), at.end());
        tinygltf::Value::Object extras;
        extras["rail"] = tinygltf::Value(rail.id);
        extras["length"] = tinygltf::Value(length * metresPerUnit);
        extras["style"] = tinygltf::Value(std::string(trackSectionName(shape.style.section)));
        node.extras = tinygltf::Value(extras);
        const int railNode = b.node(node, -1);

        const RailTrackParts parts =
            placeTrackParts(i, rail, shape.table, shape.frames, shape.style, shape.section, metresPerUnit,
                            options.ground, obstacles, std::size_t(options.maxParts));
        if (notes)
            for (const std::string &n : parts.notes) notes->push_back("rail '" + rail.id + "': " + n);
        if (!parts.ties.empty() && !shape.style.ties.section.empty()) {
            // A custom tie: this rail's own prism, placed at the curve as its section says.
            const core::PrismMesh prism =
                core::outlinePrism(shape.style.ties.section, tieAlong(shape.style, metresPerUnit));
            std::vector<core::Vec3> positions, normals;
            // In the level's axes as unitBox puts its corners, so that mesh() turns them into glTF's.
            for (const core::Vec3 &p : prism.positions) positions.push_back({p.x, -p.z, p.y});
            for (const core::Vec3 &n : prism.normals) normals.push_back({n.x, -n.z, n.y});
            std::vector<std::array<double, 2>> uvs;
            for (const core::Vec3 &p : prism.positions) uvs.push_back({p.x, p.z});
            const int tie = b.mesh(rail.id + " tie", positions, normals, uvs, prism.indices, {},
                                   lookMaterial(b, "ties", kTieLook), true);
            std::vector<GltfInstance> ties;
            for (const PlacedTie &t : parts.ties)
                ties.push_back({b.yUp(t.origin - origin), b.turnOnto(t.right, t.up), {1, 1, 1}, t.s * metresPerUnit});
            b.instances(rail.id + " ties", tie, ties, options.instancing, railNode);
        } else if (!parts.ties.empty()) {
            if (tieMesh < 0) tieMesh = b.unitBox("tie", -1.0, lookMaterial(b, "ties", kTieLook));
            const auto box = tieBox(shape.style, metresPerUnit);
            std::vector<GltfInstance> ties;
            for (const PlacedTie &t : parts.ties)
                ties.push_back({b.yUp(t.top - origin),
                                b.turnOnto(t.right, t.up),
                                {box[0] * metresPerUnit, box[1] * metresPerUnit, box[2] * metresPerUnit},
                                t.s * metresPerUnit});
            b.instances(rail.id + " ties", tieMesh, ties, options.instancing, railNode);
        }
        if (!parts.supports.empty()) {
            const int grey = lookMaterial(b, "supports", kSupportLook);
            if (column < 0) column = b.unitBox("support", 0.0, grey);
            if (footing < 0) footing = b.unitBox("footing", 0.0, grey);
            const double width = supportSize(shape.style, metresPerUnit) * metresPerUnit;
            const double foot = footingSize(shape.style, metresPerUnit) * metresPerUnit;
            std::vector<GltfInstance> columns, footings;
            for (const PlacedSupport &s : parts.supports) {
                const auto base = b.yUp(s.foot - origin);
                columns.push_back(
                    {base, {0, 0, 0, 1}, {width, (s.top - s.foot.z) * metresPerUnit, width}, s.s * metresPerUnit});
                // A footing as thick as the column is wide, or the column's height when it is shorter.
                footings.push_back({base,
                                    {0, 0, 0, 1},
                                    {foot, std::min(width, (s.top - s.foot.z) * metresPerUnit), foot},
                                    s.s * metresPerUnit});
            }
            b.instances(rail.id + " supports", column, columns, options.instancing, railNode);
            b.instances(rail.id + " footings", footing, footings, options.instancing, railNode);
        }
    }
    if (b.empty()) return fail("no rail to make a track of (a rail needs two points and a length)");
    std::string out = b.write(level.info.name, binary);
    if (out.empty()) return fail("tinygltf could not write the file");
    return out;
}

} // namespace railforge::document
