#include "document/ground/level_ground.h"

#include "document/ground/reference_files.h"

#include <QDir>

namespace railforge::document {

LevelGround loadLevelGround(const Level &level, const QString &levelFolder,
                            const std::optional<std::string> &onlyReference)
{
    LevelGround out;
    const QDir folder(levelFolder);
    for (const Reference &r : level.references) {
        if (r.kind == ReferenceKind::Image) continue;
        if (onlyReference ? r.id != *onlyReference : !r.ground) continue;
        const QString path = folder.filePath(QString::fromStdString(r.file));
        std::string error;
        if (r.kind == ReferenceKind::Mesh) {
            if (auto triangles = readMeshTriangles(r, path, &error)) {
                out.ground.add(std::make_shared<core::GroundMesh>(std::move(*triangles)));
                ++out.sources;
                continue;
            }
        } else if (auto grid = readHeightGrid(r, path, &error)) {
            out.ground.add(std::move(grid));
            ++out.sources;
            continue;
        }
        out.warnings.push_back("reference '" + r.id + "': " + error);
    }
    return out;
}

Rail drapedRail(const Rail &rail, const core::GroundSet &ground, double clearance, std::size_t *covered)
{
    Rail out = rail;
    std::size_t count = 0;
    for (core::Vec3 &p : out.points) {
        const auto z = ground.under(p.x, p.y, p.z);
        if (!z) continue;
        p.z = *z + clearance;
        ++count;
    }
    if (covered) *covered = count;
    return out;
}

} // namespace railforge::document
