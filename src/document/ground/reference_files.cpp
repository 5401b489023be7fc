#include "document/ground/reference_files.h"

#include "document/ground/gltf_uris.h"
#include "document/ground/mesh_file_system.h"

#include <QFile>
#include <QFileInfo>
#include <QImageReader>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
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

// A reader over an opened image file whose declared size is within the limit, or nothing.
struct CheckedImage {
    std::unique_ptr<QFile> device;
    std::unique_ptr<QImageReader> reader;
    QSize size;
};

std::optional<CheckedImage> openImage(const Reference &reference, const ProjectFiles &files, ReferenceProblem *problem)
{
    OpenedFile file = openReference(reference, files, problem);
    if (!file.isOpen()) return std::nullopt;
    CheckedImage out;
    out.device = std::make_unique<QFile>();
    if (!out.device->open(file.release(), QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        *problem = {"'" + reference.file + "' cannot be read", false};
        return std::nullopt;
    }
    out.reader = std::make_unique<QImageReader>(out.device.get());
    out.size = out.reader->size(); // from the header
    if (!out.reader->canRead() || !out.size.isValid()) {
        *problem = {"'" + reference.file + "' is not a PNG or JPEG image", false};
        return std::nullopt;
    }
    const int side = files.rules().maxImageSide;
    if (out.size.width() > side || out.size.height() > side) {
        *problem = {"'" + reference.file + "' declares " + std::to_string(out.size.width()) + " x " +
                        std::to_string(out.size.height()) + " pixels, over the limit of " + std::to_string(side) +
                        " x " + std::to_string(side) + " for a reference image",
                    true};
        return std::nullopt;
    }
    return out;
}

QImage decode(CheckedImage &image, const Reference &reference, const ProjectFiles &files, ReferenceProblem *problem)
{
    // Qt's own guard against a header that lies: no allocation beyond what the side limit allows
    // (64-bit pixels, the deepest a PNG decodes to), in MiB.
    const std::int64_t side = files.rules().maxImageSide;
    QImageReader::setAllocationLimit(int(std::max<std::int64_t>(256, side * side * 8 >> 20)));
    QImage decoded = image.reader->read();
    if (decoded.isNull())
        *problem = {"'" + reference.file + "' cannot be decoded: " + image.reader->errorString().toStdString(), false};
    return decoded;
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

std::optional<std::vector<core::GroundTriangle>> readMeshTriangles(const Reference &reference,
                                                                   const ProjectFiles &files, const ReadBudget &budget,
                                                                   ReferenceProblem *problem)
{
    OpenedFile file = openReference(reference, files, problem);
    if (!file.isOpen()) return std::nullopt;
    const QString folder = QFileInfo(file.path()).absolutePath();
    if (const auto json = gltfJson(file, kMaxGltfJsonBytes)) {
        const std::string refusal = gltfRefusal(files, folder, gltfExternalUris(*json));
        if (!refusal.empty()) {
            *problem = {refusal, true};
            return std::nullopt;
        }
    }
    const QString path = file.path();
    file = OpenedFile(); // assimp opens it again through the same rules

    Assimp::Importer importer;
    MeshFileSystem fileSystem(files, budget, path);
    BudgetProgress progress(budget);
    importer.SetIOHandler(&fileSystem);
    importer.SetProgressHandler(&progress);
    // Triangles only, and the node transforms baked in (a glTF's nodes place its meshes).
    const aiScene *scene =
        importer.ReadFile(QFile::encodeName(path).toStdString(),
                          aiProcess_Triangulate | aiProcess_PreTransformVertices | aiProcess_JoinIdenticalVertices);
    const std::string importError = importer.GetErrorString();
    std::vector<core::GroundTriangle> triangles;
    const bool read = scene && !(scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE) && scene->mRootNode;
    if (read && fileSystem.refusal().empty()) {
        for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
            const aiMesh *mesh = scene->mMeshes[m];
            auto point = [&](unsigned i) {
                const aiVector3D &v = mesh->mVertices[i];
                return placeMeshPoint(reference, {double(v.x), double(v.y), double(v.z)});
            };
            for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
                const aiFace &face = mesh->mFaces[f];
                if (face.mNumIndices != 3) continue; // points and lines
                triangles.push_back({point(face.mIndices[0]), point(face.mIndices[1]), point(face.mIndices[2])});
            }
        }
    }
    // The importer owns its handlers unless they are taken back before it goes.
    importer.FreeScene();
    importer.SetIOHandler(nullptr);
    importer.SetProgressHandler(nullptr);
    if (!fileSystem.refusal().empty()) {
        // A refused file (or the budget) ends the reference, even where the importer went on without it.
        *problem = {fileSystem.refusal(), !budget.exhausted()};
        if (budget.exhausted()) problem->message = "'" + reference.file + "': " + budget.reason();
        return std::nullopt;
    }
    if (!read) {
        *problem = {"'" + reference.file + "' cannot be read as a mesh: " + importError, false};
        return std::nullopt;
    }
    return triangles;
}

std::shared_ptr<core::HeightGrid> readHeightGrid(const Reference &reference, const ProjectFiles &files,
                                                 ReferenceProblem *problem)
{
    QImage image = readReferenceImage(reference, files, problem);
    if (image.isNull()) return nullptr;
    if (image.width() < 2 || image.height() < 2) {
        *problem = {"'" + reference.file + "' is smaller than 2 x 2 pixels", false};
        return nullptr;
    }
    // 16-bit grey keeps its 65536 levels; anything else is read as 8-bit grey.
    const bool deep = image.format() == QImage::Format_Grayscale16 || image.depth() > 32;
    image = image.convertToFormat(deep ? QImage::Format_Grayscale16 : QImage::Format_Grayscale8);
    const double full = deep ? 65535.0 : 255.0;
    const double z0 = reference.zRange[0], z1 = reference.zRange[1];
    std::vector<double> heights;
    heights.reserve(std::size_t(image.width()) * std::size_t(image.height()));
    for (int row = 0; row < image.height(); ++row) {
        const uchar *line = image.constScanLine(row);
        for (int column = 0; column < image.width(); ++column) {
            const double grey = deep ? reinterpret_cast<const quint16 *>(line)[column] : line[column];
            heights.push_back(z0 + (z1 - z0) * grey / full);
        }
    }
    const auto &r = reference.rect;
    return std::make_shared<core::HeightGrid>(image.width(), image.height(), std::move(heights), r[0], r[1], r[2],
                                              r[3]);
}

QImage readReferenceImage(const Reference &reference, const ProjectFiles &files, ReferenceProblem *problem)
{
    auto image = openImage(reference, files, problem);
    return image ? decode(*image, reference, files, problem) : QImage();
}

QSize referenceImageSize(const Reference &reference, const ProjectFiles &files, ReferenceProblem *problem)
{
    const auto image = openImage(reference, files, problem);
    return image ? image->size : QSize();
}

std::optional<ReferenceProblem> checkReferenceFile(const Reference &reference, const ProjectFiles &files)
{
    ReferenceProblem problem;
    if (reference.kind != ReferenceKind::Mesh) {
        if (referenceImageSize(reference, files, &problem).isEmpty()) return problem;
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
