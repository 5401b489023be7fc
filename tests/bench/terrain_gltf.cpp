#include "terrain_gltf.h"

#include <QByteArray>
#include <QFile>

#include <cmath>

namespace railforge::bench {
namespace {

double terrainHeight(double x, double y) { return 20 * std::sin(x * 0.013) * std::cos(y * 0.017) + 0.002 * x * y; }

} // namespace

std::vector<core::GroundTriangle> terrainTriangles()
{
    std::vector<core::GroundTriangle> out;
    out.reserve(std::size_t(2 * (kTerrainSide - 1) * (kTerrainSide - 1)));
    auto at = [](int i, int j) { return core::Vec3{double(i), double(j), terrainHeight(i, j)}; };
    for (int j = 0; j + 1 < kTerrainSide; ++j)
        for (int i = 0; i + 1 < kTerrainSide; ++i) {
            out.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
            out.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
        }
    return out;
}

QString writeTerrainGltf(const QString &folder)
{
    QByteArray indices, positions;
    for (int j = 0; j < kTerrainSide; ++j)
        for (int i = 0; i < kTerrainSide; ++i) {
            const float v[3] = {float(i), float(terrainHeight(i, j)), float(-j)};
            positions.append(reinterpret_cast<const char *>(v), sizeof v);
        }
    for (int j = 0; j + 1 < kTerrainSide; ++j)
        for (int i = 0; i + 1 < kTerrainSide; ++i) {
            const quint32 a = quint32(j * kTerrainSide + i), b = a + 1, c = a + kTerrainSide + 1, d = a + kTerrainSide;
            for (quint32 k : {a, b, c, a, c, d}) indices.append(reinterpret_cast<const char *>(&k), 4);
        }
    QFile bin(folder + "/terrain.bin");
    bin.open(QIODevice::WriteOnly);
    bin.write(indices + positions);
    bin.close();
    const QString json =
        QStringLiteral(
            R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],)"
            R"("meshes":[{"primitives":[{"attributes":{"POSITION":1},"indices":0}]}],)"
            R"("buffers":[{"byteLength":%1,"uri":"terrain.bin"}],)"
            R"("bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":%2},{"buffer":0,"byteOffset":%2,"byteLength":%3}],)"
            R"("accessors":[{"bufferView":0,"componentType":5125,"count":%4,"type":"SCALAR"},)"
            R"({"bufferView":1,"componentType":5126,"count":%5,"type":"VEC3","min":[0,-40,%6],"max":[%7,2000,0]}]})")
            .arg(indices.size() + positions.size())
            .arg(indices.size())
            .arg(positions.size())
            .arg(indices.size() / 4)
            .arg(kTerrainSide * kTerrainSide)
            .arg(-(kTerrainSide - 1))
            .arg(kTerrainSide - 1);
    QFile file(folder + "/terrain.gltf");
    file.open(QIODevice::WriteOnly);
    file.write(json.toUtf8());
    return file.fileName();
}

} // namespace railforge::bench
