#include "document/ground/reference_files.h"

#include "document/ground/budgeted_work.h"
#include "document/ground/gltf_uris.h"
#include "document/ground/mesh_cost.h"
#include "document/ground/mesh_file_system.h"
#include "document/ground/shared_images.h"

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

// A file read through the read budget: a decoder that asks for more once the time is up or the read
// was cancelled gets an error, so a decode stops within one chunk of the limit.
class BudgetedDevice : public QIODevice {
public:
    BudgetedDevice(QIODevice &inner, const ReadBudget &budget) : m_inner(inner), m_budget(budget)
    {
        QIODevice::open(QIODevice::ReadOnly);
    }
    bool isSequential() const override { return m_inner.isSequential(); }
    qint64 size() const override { return m_inner.size(); }
    bool seek(qint64 pos) override { return m_inner.seek(pos) && QIODevice::seek(pos); }

protected:
    qint64 readData(char *data, qint64 most) override
    {
        if (m_budget.exhausted()) return -1;
        return m_inner.read(data, std::min<qint64>(most, 1 << 20));
    }
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    QIODevice &m_inner;
    const ReadBudget &m_budget;
};

// A reader over an opened image file whose declared size is within the limits, or nothing.
struct CheckedImage {
    std::unique_ptr<QFile> file;
    std::unique_ptr<BudgetedDevice> device; // the file, read within the budget
    std::unique_ptr<QImageReader> reader;
    QSize size;
    std::string identity;     // the file as it is on disk (shared_images.h)
    std::int64_t decoded = 0; // bytes its pixels take once decoded, from its header
};

// Bytes per decoded pixel of a header's format; 8 (the deepest Qt decodes to) when it does not say.
std::int64_t decodedPixelBytes(QImage::Format format)
{
    const int bits = format == QImage::Format_Invalid ? 64 : QImage::toPixelFormat(format).bitsPerPixel();
    return std::max<std::int64_t>(1, (bits + 7) / 8);
}

std::optional<CheckedImage> openImage(const Reference &reference, const ProjectFiles &files, const ReadBudget *budget,
                                      ReferenceProblem *problem)
{
    OpenedFile file = openReference(reference, files, problem);
    if (!file.isOpen()) return std::nullopt;
    CheckedImage out;
    out.identity = fileIdentity(file);
    out.file = std::make_unique<QFile>();
    if (!out.file->open(file.release(), QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        *problem = {"'" + reference.file + "' cannot be read", false};
        return std::nullopt;
    }
    static const ReadBudget unlimited;
    out.device = std::make_unique<BudgetedDevice>(*out.file, budget ? *budget : unlimited);
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
                        " x " + std::to_string(side) + " for a reference image " + raisedBy("--max-image-side"),
                    true};
        return std::nullopt;
    }
    out.decoded = std::int64_t(out.size.width()) * out.size.height() * decodedPixelBytes(out.reader->imageFormat());
    // What the level's images cost together, each file once however many references name it.
    std::int64_t total = 0;
    const std::int64_t limit = files.rules().maxImageBytes;
    if (budget && !budget->charge("image memory", out.identity.empty() ? reference.file : out.identity, out.decoded,
                                  limit, &total)) {
        *problem = {"'" + reference.file + "' decodes to " + formatBytes(out.decoded) + " (" +
                        std::to_string(out.size.width()) + " x " + std::to_string(out.size.height()) +
                        " pixels); the level's images would take " + formatBytes(total) + ", over the limit of " +
                        formatBytes(limit) + " " + raisedBy("--max-image-memory"),
                    true};
        return std::nullopt;
    }
    return out;
}

QImage decode(CheckedImage &image, const Reference &reference, const ProjectFiles &files, const ReadBudget &budget,
              ReferenceProblem *problem)
{
    // Qt's own guard, in MiB: no allocation beyond what the side limit allows (Qt measures any image
    // as if 32-bit; a PNG decodes to 64 bits at most). What this image takes was held to the level's
    // image memory by its header before (openImage), and Qt allocates what the header says.
    const std::int64_t side = files.rules().maxImageSide;
    QImageReader::setAllocationLimit(int(std::max<std::int64_t>(256, side * side * 8 >> 20)));
    QImage decoded = image.reader->read();
    if (decoded.isNull()) {
        const std::string why = budget.exhausted() ? budget.reason() : image.reader->errorString().toStdString();
        *problem = {"'" + reference.file + "' cannot be decoded: " + why, false};
    }
    return decoded;
}

// The reference's image prepared by `prepare` (nothing: as decoded), shared with every other reader of
// the same file for the same `purpose`; null and `problem` when it breaks a limit or cannot be read.
std::shared_ptr<const QImage> readShared(const Reference &reference, const ProjectFiles &files,
                                         const ReadBudget &budget, const std::string &purpose,
                                         const std::function<QImage(QImage)> &prepare, ReferenceProblem *problem)
{
    auto image = openImage(reference, files, &budget, problem);
    if (!image) return nullptr;
    const auto make = [&] {
        QImage decoded = decode(*image, reference, files, budget, problem);
        return decoded.isNull() || !prepare ? decoded : prepare(std::move(decoded));
    };
    if (image->identity.empty()) { // cannot tell the file from another: not shared
        QImage made = make();
        return made.isNull() ? nullptr : std::make_shared<const QImage>(std::move(made));
    }
    return sharedImage(image->identity + "/" + purpose, make);
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

// What the importer gave: the level's triangles, or why not (and whether a rule or a limit refused it).
struct ImportedMesh {
    std::vector<core::GroundTriangle> triangles;
    ReferenceProblem problem;
    bool ok = false;
};

// A node's transform and the point it puts a file point at, in doubles.
struct Placement {
    double m[3][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}};
    Placement then(const aiMatrix4x4 &t) const
    {
        const double local[3][4] = {{t.a1, t.a2, t.a3, t.a4}, {t.b1, t.b2, t.b3, t.b4}, {t.c1, t.c2, t.c3, t.c4}};
        Placement out;
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 4; ++c)
                out.m[r][c] =
                    m[r][0] * local[0][c] + m[r][1] * local[1][c] + m[r][2] * local[2][c] + (c == 3 ? m[r][3] : 0);
        return out;
    }
    core::Vec3 apply(const aiVector3D &v) const
    {
        const double x = v.x, y = v.y, z = v.z;
        return {m[0][0] * x + m[0][1] * y + m[0][2] * z + m[0][3], m[1][0] * x + m[1][1] * y + m[1][2] * z + m[1][3],
                m[2][0] * x + m[2][1] * y + m[2][2] * z + m[2][3]};
    }
};

// Calls f(node, placement) for every node of the scene, each with its ancestors' transforms applied, a
// node as often as the scene names it (without recursion: a file may nest thousands deep).
template <typename F>
void forEachPlacedNode(const aiScene &scene, F f)
{
    std::vector<std::pair<const aiNode *, Placement>> stack{
        {scene.mRootNode, Placement().then(scene.mRootNode->mTransformation)}};
    while (!stack.empty()) {
        const auto [node, placement] = stack.back();
        stack.pop_back();
        f(*node, placement);
        for (unsigned c = node->mNumChildren; c-- > 0;)
            if (node->mChildren[c])
                stack.push_back({node->mChildren[c], placement.then(node->mChildren[c]->mTransformation)});
    }
}

// "it holds 5773202 triangles once its nodes are placed; the level's meshes would have ..., over the
// limit of 4000000 (--max-triangles, ...)": a mesh's triangles, and all the level's with them.
std::string trianglesOverLimit(std::int64_t triangles, std::int64_t total, std::int64_t limit)
{
    return "it holds " + std::to_string(triangles) +
           " triangles once its nodes are placed; the level's meshes would have " + std::to_string(total) +
           ", over the limit of " + std::to_string(limit) + " " + raisedBy("--max-triangles");
}

// Triangles of one imported mesh (points and lines are not ground).
std::int64_t trianglesOf(const aiMesh &mesh)
{
    std::int64_t count = 0;
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) count += mesh.mFaces[f].mNumIndices == 3;
    return count;
}

// The file read by assimp (which sees the disk only through the project's rules) and its nodes placed
// by RailForge, not by assimp's pre-transform step: the triangles after instancing are counted first
// and held to the level's limit before any is made.
ImportedMesh importMesh(const Reference &reference, const ProjectFiles &files, const ReadBudget &budget,
                        const QString &path)
{
    ImportedMesh out;
    Assimp::Importer importer;
    MeshFileSystem fileSystem(files, budget, path);
    BudgetProgress progress(budget);
    importer.SetIOHandler(&fileSystem);
    importer.SetProgressHandler(&progress);
    const auto finish = [&] {
        // The importer owns its handlers unless they are taken back before it goes.
        importer.FreeScene();
        importer.SetIOHandler(nullptr);
        importer.SetProgressHandler(nullptr);
    };
    // No post-processing in the read itself: assimp does not stop its steps when the progress handler
    // says so, so each step runs on its own, after a look at the budget.
    const aiScene *scene = importer.ReadFile(QFile::encodeName(path).toStdString(), 0);
    if (scene && !budget.exhausted()) scene = importer.ApplyPostProcessing(aiProcess_Triangulate);
    const std::string importError = importer.GetErrorString();
    if (!fileSystem.refusal().empty() || budget.exhausted()) {
        // A refused file (or the budget) ends the reference, even where the importer went on without it.
        out.problem = {budget.exhausted() ? "'" + reference.file + "': " + budget.reason() : fileSystem.refusal(),
                       true};
        finish();
        return out;
    }
    if (!scene || (scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE) || !scene->mRootNode) {
        out.problem = {"'" + reference.file + "' cannot be read as a mesh: " + importError, false};
        finish();
        return out;
    }
    std::vector<std::int64_t> meshTriangles(scene->mNumMeshes);
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) meshTriangles[m] = trianglesOf(*scene->mMeshes[m]);
    std::int64_t instanced = 0;
    forEachPlacedNode(*scene, [&](const aiNode &node, const Placement &) {
        for (unsigned i = 0; i < node.mNumMeshes; ++i)
            if (node.mMeshes[i] < scene->mNumMeshes) instanced += meshTriangles[node.mMeshes[i]];
    });
    const std::int64_t limit = files.rules().maxTriangles;
    std::int64_t total = 0;
    if (!budget.charge("triangles", reference.id, instanced, limit, &total)) {
        out.problem = {"'" + reference.file + "': " + trianglesOverLimit(instanced, total, limit), true};
        finish();
        return out;
    }
    out.triangles.reserve(std::size_t(instanced));
    forEachPlacedNode(*scene, [&](const aiNode &node, const Placement &placement) {
        for (unsigned i = 0; i < node.mNumMeshes; ++i) {
            if (node.mMeshes[i] >= scene->mNumMeshes) continue;
            const aiMesh &mesh = *scene->mMeshes[node.mMeshes[i]];
            const auto point = [&](unsigned v) {
                return placeMeshPoint(reference, placement.apply(mesh.mVertices[v]));
            };
            for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
                const aiFace &face = mesh.mFaces[f];
                if (face.mNumIndices != 3) continue;
                out.triangles.push_back({point(face.mIndices[0]), point(face.mIndices[1]), point(face.mIndices[2])});
            }
        }
    });
    out.ok = true;
    finish();
    return out;
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
    file = OpenedFile(); // assimp opens it again through the same rules
    // The import may run past the time limit inside a step of assimp's own: it is then left to end on
    // its own thread, with copies of everything it reads.
    auto imported = runWithinBudget<ImportedMesh>(
        budget, [reference, files, budget, path] { return importMesh(reference, files, budget, path); });
    if (!imported) {
        *problem = {"'" + reference.file + "': " + budget.reason(), true};
        return std::nullopt;
    }
    if (!imported->ok) {
        *problem = std::move(imported->problem);
        return std::nullopt;
    }
    return std::move(imported->triangles);
}

std::shared_ptr<core::HeightGrid> readHeightGrid(const Reference &reference, const ProjectFiles &files,
                                                 const ReadBudget &budget, ReferenceProblem *problem)
{
    // 16-bit grey keeps its 65536 levels; anything else is read as 8-bit grey. The grid reads these
    // samples where they lie, shared with every other grid of the same file.
    const auto grey = [](QImage image) {
        const bool deep = image.format() == QImage::Format_Grayscale16 || image.depth() > 32;
        return image.convertToFormat(deep ? QImage::Format_Grayscale16 : QImage::Format_Grayscale8);
    };
    const auto image = readShared(reference, files, budget, "heights", grey, problem);
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
    const auto fit = [maxSide](QImage image) {
        if (maxSide <= 0 || (image.width() <= maxSide && image.height() <= maxSide)) return image;
        return image.scaled(maxSide, maxSide, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    };
    return readShared(reference, files, budget, "picture " + std::to_string(maxSide), fit, problem);
}

QSize referenceImageSize(const Reference &reference, const ProjectFiles &files, const ReadBudget *budget,
                         ReferenceProblem *problem)
{
    const auto image = openImage(reference, files, budget, problem);
    return image ? image->size : QSize();
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
