#include "document/ground/reference_files.h"

#include "document/ground/gltf_uris.h"
#include "document/ground/image_headers.h"
#include "document/ground/mesh_cost.h"
#include "document/ground/reference_reader.h"
#include "document/ground/shared_images.h"
#include "document/picture/picture_fit.h"

#include <QFile>
#include <QFileInfo>

#include <cmath>

namespace railforge::document {
namespace {

// The glTF JSON read ahead of the importer is bounded too (an embedded data: uri makes it large).
constexpr std::int64_t kMaxGltfJsonBytes = 256 << 20;

// The reference's own file, opened under the rules; a closed file and `problem` when not.
OpenedFile openReference(const Reference &reference, const ProjectFiles &files, ReferenceProblem *problem)
{
    FileProblem why;
    OpenedFile file = files.openWritten(files.levelFolder(), QString::fromStdString(reference.file), &why);
    if (!file.isOpen()) *problem = {why.message(reference.file), why.breaksRule()};
    return file;
}

// What a header declares, held to the limits: either side within the image side limit, and (with a
// budget) the decoded pixels within the level's image memory, each file counted once however many
// references name it.
std::optional<ReferenceProblem> headerProblem(const Reference &reference, const FileRules &rules,
                                              const ReadBudget *budget, const std::string &identity,
                                              const ImageHeaderInfo &header)
{
    const int side = rules.maxImageSide;
    if (header.width > side || header.height > side)
        return ReferenceProblem{"'" + reference.file + "' declares " + std::to_string(header.width) + " x " +
                                    std::to_string(header.height) + " pixels, over the limit of " +
                                    std::to_string(side) + " x " + std::to_string(side) + " for a reference image " +
                                    raisedBy("--max-image-side"),
                                true};
    std::int64_t total = 0;
    const std::int64_t limit = rules.maxImageBytes;
    if (budget && !budget->charge("image memory", identity.empty() ? reference.file : identity, header.decodedBytes(),
                                  limit, &total))
        return ReferenceProblem{"'" + reference.file + "' decodes to " + formatBytes(header.decodedBytes()) + " (" +
                                    std::to_string(header.width) + " x " + std::to_string(header.height) +
                                    " pixels); the level's images would take " + formatBytes(total) +
                                    ", over the limit of " + formatBytes(limit) + " " + raisedBy("--max-image-memory"),
                                true};
    return std::nullopt;
}

// The reference's image as `request` wants it, shared with every other reader of the same file for
// the same `purpose` (decoded once); null and `problem` when it breaks a limit or cannot be read.
std::shared_ptr<const QImage> readShared(const Reference &reference, const ProjectFiles &files,
                                         const ReadBudget &budget, const std::string &purpose,
                                         reading::ImageRequest request, ReferenceProblem *problem)
{
    OpenedFile file = openReference(reference, files, problem);
    if (!file.isOpen()) return nullptr;
    const std::string identity = fileIdentity(file);
    const auto check = [&](const ImageHeaderInfo &header) {
        return headerProblem(reference, files.rules(), &budget, identity, header);
    };
    // A header seen before is held to the limits at once: a decode someone holds then costs nothing.
    if (const auto known = identity.empty() ? std::nullopt : rememberedHeader(identity)) {
        if (auto refused = check(*known)) {
            *problem = std::move(*refused);
            return nullptr;
        }
    }
    const auto make = [&]() -> QImage {
        ImageHeaderInfo header;
        auto image = readImageInReader(reference, files, budget, std::move(file), request, check, &header, problem);
        if (header.width > 0) rememberHeader(identity, header);
        return image ? std::move(*image) : QImage();
    };
    if (identity.empty()) { // cannot tell the file from another: not shared
        QImage made = make();
        return made.isNull() ? nullptr : std::make_shared<const QImage>(std::move(made));
    }
    return sharedImage(identity + "/" + purpose, make);
}

} // namespace

core::Vec3 placeMeshPoint(const Reference &reference, core::Vec3 p)
{
    const core::Vec3 upright = reference.up == MeshUp::Y ? core::Vec3{p.x, -p.z, p.y} : p;
    const core::Vec3 scaled = upright * reference.scale;
    const double a = reference.rotate * M_PI / 180.0;
    const double c = std::cos(a), s = std::sin(a);
    return reference.translate + core::Vec3{c * scaled.x - s * scaled.y, s * scaled.x + c * scaled.y, scaled.z};
}

namespace {

// "it holds 5773202 triangles once its nodes are placed; the level's meshes would have ..., over the
// limit of 4000000 (--max-triangles, ...)": a mesh's triangles, and all the level's with them.
std::string trianglesOverLimit(std::int64_t triangles, std::int64_t total, std::int64_t limit)
{
    return "it holds " + std::to_string(triangles) +
           " triangles once its nodes are placed; the level's meshes would have " + std::to_string(total) +
           ", over the limit of " + std::to_string(limit) + " " + raisedBy("--max-triangles");
}

// What the file declares it will cost, held to the rules before the importer reads it: the glTF's
// scene after instancing, the .glb's chunks, the OBJ's faces. Nothing when it may be read.
std::optional<ReferenceProblem> declaredCostProblem(const Reference &reference, const ProjectFiles &files,
                                                    const ReadBudget &budget, const OpenedFile &file)
{
    const auto refused = [&](const std::string &why) {
        return ReferenceProblem{"'" + reference.file + "': " + why, true};
    };
    if (const std::string header = glbHeaderProblem(file); !header.empty()) return refused(header);
    const FileRules &rules = files.rules();
    std::optional<MeshCost> cost;
    if (const auto json = gltfJson(file, kMaxGltfJsonBytes)) {
        const std::string refusal = gltfRefusal(files, QFileInfo(file.path()).absolutePath(), gltfExternalUris(*json));
        if (!refusal.empty()) return ReferenceProblem{refusal, true};
        const GltfCost gltf = gltfCost(*json);
        if (!gltf.cost) return refused(gltf.problem);
        cost = gltf.cost;
        if (cost->nodes > rules.maxMeshNodes)
            return refused("its scene has " + std::to_string(cost->nodes) +
                           " nodes once every node is placed as often as it is used, over the limit of " +
                           std::to_string(rules.maxMeshNodes) + " " + raisedBy("--max-mesh-nodes"));
    } else if (file.path().endsWith(QLatin1String(".gltf"), Qt::CaseInsensitive) ||
               file.path().endsWith(QLatin1String(".glb"), Qt::CaseInsensitive)) {
        return refused("its JSON cannot be read ahead of the importer (larger than " + formatBytes(kMaxGltfJsonBytes) +
                       ", or not where a glTF keeps it), so what it would cost is unknown");
    } else if (file.path().endsWith(QLatin1String(".obj"), Qt::CaseInsensitive)) {
        cost = objCost(file, budget);
        if (!cost) return refused(budget.reason());
        // Vertices nothing uses still cost the importer memory: as many as three per allowed triangle.
        if (cost->vertices > 3 * rules.maxTriangles)
            return refused("it declares " + std::to_string(cost->vertices) + " vertices, over the limit of " +
                           std::to_string(3 * rules.maxTriangles) + " (three per triangle of the level's limit) " +
                           raisedBy("--max-triangles"));
    }
    std::int64_t total = 0;
    if (cost && !budget.charge("triangles", reference.id, cost->triangles, rules.maxTriangles, &total))
        return refused(trianglesOverLimit(cost->triangles, total, rules.maxTriangles));
    return std::nullopt;
}

} // namespace

std::optional<std::vector<core::GroundTriangle>> readMeshTriangles(const Reference &reference,
                                                                   const ProjectFiles &files, const ReadBudget &budget,
                                                                   ReferenceProblem *problem)
{
    OpenedFile file = openReference(reference, files, problem);
    if (!file.isOpen()) return std::nullopt;
    if (auto declared = declaredCostProblem(reference, files, budget, file)) {
        *problem = std::move(*declared);
        return std::nullopt;
    }
    const QString path = file.path();
    file = OpenedFile(); // the reader asks for it again, through the same rules
    return readMeshInReader(reference, files, budget, path, problem);
}

std::shared_ptr<core::HeightGrid> readHeightGrid(const Reference &reference, const ProjectFiles &files,
                                                 const ReadBudget &budget, ReferenceProblem *problem)
{
    // 16-bit grey keeps its 65536 levels; anything else is read as 8-bit grey (by the reader). The grid
    // reads these samples where they lie, shared with every other grid of the same file.
    const auto image =
        readShared(reference, files, budget, "heights", {reading::ImageRequest::Want::Heights, 0}, problem);
    if (!image) return nullptr;
    if (image->width() < 2 || image->height() < 2) {
        *problem = {"'" + reference.file + "' is smaller than 2 x 2 pixels", false};
        return nullptr;
    }
    core::HeightGrid::Levels levels;
    levels.width = image->width();
    levels.height = image->height();
    levels.bits = image->format() == QImage::Format_Grayscale16 ? 16 : 8;
    levels.rows = image->constBits();
    levels.rowBytes = std::size_t(image->bytesPerLine());
    levels.owner = image;
    const auto &r = reference.rect;
    return std::make_shared<core::HeightGrid>(std::move(levels), reference.zRange[0], reference.zRange[1], r[0], r[1],
                                              r[2], r[3]);
}

std::shared_ptr<const QImage> readReferenceImage(const Reference &reference, const ProjectFiles &files,
                                                 const ReadBudget &budget, int maxSide, ReferenceProblem *problem)
{
    // A file the level also reads as a heightmap is decoded once, for its heights, while the ground
    // holds them: the picture is those heights fitted here (charged once: the header's identity).
    {
        ReferenceProblem unused; // readShared says it, below
        const OpenedFile file = openReference(reference, files, &unused);
        const std::string identity = file.isOpen() ? fileIdentity(file) : std::string();
        if (const auto heights = identity.empty() ? nullptr : heldSharedImage(identity + "/heights"))
            return sharedImage(identity + "/picture " + std::to_string(maxSide),
                               [&] { return picture::fitPicture(*heights, std::max(0, maxSide)); });
    }
    return readShared(reference, files, budget, "picture " + std::to_string(maxSide),
                      {reading::ImageRequest::Want::Picture, std::max(0, maxSide)}, problem);
}

QSize referenceImageSize(const Reference &reference, const ProjectFiles &files, const ReadBudget *budget,
                         ReferenceProblem *problem)
{
    OpenedFile file = openReference(reference, files, problem);
    if (!file.isOpen()) return {};
    const std::string identity = fileIdentity(file);
    const auto check = [&](const ImageHeaderInfo &header) {
        return headerProblem(reference, files.rules(), budget, identity, header);
    };
    std::optional<ImageHeaderInfo> header = identity.empty() ? std::nullopt : rememberedHeader(identity);
    if (!header) {
        // A header is a few hundred bytes: asked without a budget (the editor's outliner, on its UI
        // thread), a reader that has not answered in a few seconds is not waited for any longer.
        const ReadBudget headerOnly(std::chrono::seconds(5));
        ImageHeaderInfo read;
        if (!readImageInReader(reference, files, budget ? *budget : headerOnly, std::move(file),
                               {reading::ImageRequest::Want::Header, 0}, check, &read, problem))
            return {};
        rememberHeader(identity, read);
        return QSize(read.width, read.height);
    }
    if (auto refused = check(*header)) {
        *problem = std::move(*refused);
        return {};
    }
    return QSize(header->width, header->height);
}

std::optional<ReferenceProblem> checkReferenceFile(const Reference &reference, const ProjectFiles &files)
{
    ReferenceProblem problem;
    if (reference.kind != ReferenceKind::Mesh) {
        if (referenceImageSize(reference, files, nullptr, &problem).isEmpty()) return problem;
        return std::nullopt;
    }
    OpenedFile file = openReference(reference, files, &problem);
    if (!file.isOpen()) return problem;
    if (const auto json = gltfJson(file, kMaxGltfJsonBytes)) {
        const std::string refusal = gltfRefusal(files, QFileInfo(file.path()).absolutePath(), gltfExternalUris(*json));
        if (!refusal.empty()) return ReferenceProblem{refusal, true};
    }
    return std::nullopt;
}

} // namespace railforge::document
