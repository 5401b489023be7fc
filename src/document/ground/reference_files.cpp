#include "document/ground/reference_files.h"

#include <QFileInfo>
#include <QImage>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <cmath>
#include <functional>

namespace railforge::document {

core::Vec3 placeMeshPoint(const Reference &reference, core::Vec3 p)
{
    const core::Vec3 upright = reference.up == MeshUp::Y ? core::Vec3{p.x, -p.z, p.y} : p;
    const core::Vec3 scaled = upright * reference.scale;
    const double a = reference.rotate * M_PI / 180.0;
    const double c = std::cos(a), s = std::sin(a);
    return reference.translate + core::Vec3{c * scaled.x - s * scaled.y, s * scaled.x + c * scaled.y, scaled.z};
}

std::optional<std::vector<core::GroundTriangle>> readMeshTriangles(const Reference &reference, const QString &path,
                                                                   std::string *error)
{
    if (!QFileInfo(path).isFile()) {
        *error = "cannot read mesh '" + reference.file + "': no such file";
        return std::nullopt;
    }
    Assimp::Importer importer;
    // Triangles only, and the node transforms baked in (a glTF's nodes place its meshes).
    const aiScene *scene = importer.ReadFile(
        path.toStdString(), aiProcess_Triangulate | aiProcess_PreTransformVertices | aiProcess_JoinIdenticalVertices);
    if (!scene || (scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE) || !scene->mRootNode) {
        *error = "cannot read mesh '" + reference.file + "': " + importer.GetErrorString();
        return std::nullopt;
    }
    std::vector<core::GroundTriangle> triangles;
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
    return triangles;
}

std::shared_ptr<core::HeightGrid> readHeightGrid(const Reference &reference, const QString &path, std::string *error)
{
    QImage image(path);
    if (image.isNull()) {
        *error = "cannot read heightmap '" + reference.file +
                 "': " + (QFileInfo(path).isFile() ? "not a PNG or JPEG image" : "no such file");
        return nullptr;
    }
    if (image.width() < 2 || image.height() < 2) {
        *error = "heightmap '" + reference.file + "' is smaller than 2 x 2 pixels";
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

} // namespace railforge::document
