// The ground of a level with a 1,000,000-triangle terrain: reading the glTF with assimp and building
// the BVH (target: under 3 s together), and ground queries (target: under 1 microsecond median),
// highest and highest-below, at random points.
#include "core/ground.h"
#include "document/ground/reference_files.h"

#include <QByteArray>
#include <QFile>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>
#include <random>

using namespace railforge;

namespace {

constexpr int kSide = 708; // vertices per side: 2 x 707 x 707 = 999,698 triangles

double terrainHeight(double x, double y) { return 20 * std::sin(x * 0.013) * std::cos(y * 0.017) + 0.002 * x * y; }

std::vector<core::GroundTriangle> terrain()
{
    std::vector<core::GroundTriangle> out;
    out.reserve(std::size_t(2 * (kSide - 1) * (kSide - 1)));
    auto at = [](int i, int j) { return core::Vec3{double(i), double(j), terrainHeight(i, j)}; };
    for (int j = 0; j + 1 < kSide; ++j)
        for (int i = 0; i + 1 < kSide; ++i) {
            out.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
            out.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
        }
    return out;
}

// The terrain as a glTF 2.0 file with an external buffer (y up, as glTF is: file (x, z, -y)).
QString writeTerrainGltf(const QString &folder)
{
    QByteArray indices, positions;
    for (int j = 0; j < kSide; ++j)
        for (int i = 0; i < kSide; ++i) {
            const float v[3] = {float(i), float(terrainHeight(i, j)), float(-j)};
            positions.append(reinterpret_cast<const char *>(v), sizeof v);
        }
    for (int j = 0; j + 1 < kSide; ++j)
        for (int i = 0; i + 1 < kSide; ++i) {
            const quint32 a = quint32(j * kSide + i), b = a + 1, c = a + kSide + 1, d = a + kSide;
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
            .arg(kSide * kSide)
            .arg(-(kSide - 1))
            .arg(kSide - 1);
    QFile file(folder + "/terrain.gltf");
    file.open(QIODevice::WriteOnly);
    file.write(json.toUtf8());
    return file.fileName();
}

} // namespace

static void LoadGltfAndBuild(benchmark::State &state)
{
    QTemporaryDir dir;
    const QString path = writeTerrainGltf(dir.path());
    document::Reference reference;
    reference.kind = document::ReferenceKind::Mesh;
    reference.file = "terrain.gltf";
    std::size_t triangles = 0;
    for (auto _ : state) {
        std::string error;
        auto read = document::readMeshTriangles(reference, path, &error);
        if (!read) state.SkipWithError(error.c_str());
        const core::GroundMesh mesh(std::move(*read));
        triangles = mesh.size();
        benchmark::DoNotOptimize(&mesh);
    }
    state.counters["triangles"] = double(triangles);
}
BENCHMARK(LoadGltfAndBuild)->Unit(benchmark::kMillisecond)->Iterations(2);

static void BuildBvh(benchmark::State &state)
{
    const std::vector<core::GroundTriangle> triangles = terrain();
    for (auto _ : state) {
        const core::GroundMesh mesh(triangles);
        benchmark::DoNotOptimize(&mesh);
    }
    state.counters["triangles"] = double(triangles.size());
}
BENCHMARK(BuildBvh)->Unit(benchmark::kMillisecond)->Iterations(3);

static void Query(benchmark::State &state)
{
    static const core::GroundMesh mesh(terrain());
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> xy(0, kSide - 1), z(-60, 60);
    std::vector<std::array<double, 3>> points(4096);
    for (auto &p : points) p = {xy(rng), xy(rng), z(rng)};
    std::size_t i = 0;
    const bool below = state.range(0) == 1;
    for (auto _ : state) {
        const auto &p = points[i++ & 4095];
        auto h = below ? mesh.highestBelow(p[0], p[1], p[2]) : mesh.highest(p[0], p[1]);
        benchmark::DoNotOptimize(h);
    }
}
BENCHMARK(Query)
    ->Arg(0)
    ->Arg(1)
    ->ArgName("below")
    ->Unit(benchmark::kNanosecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

BENCHMARK_MAIN();
