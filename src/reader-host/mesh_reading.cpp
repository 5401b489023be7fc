#include "reader-host/mesh_reading.h"

#include "reader-host/remote_files.h"

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <vector>

namespace railforge::readerhost {
namespace {

// A node's transform, and the point it puts a file point at, in doubles.
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
    void apply(const aiVector3D &v, double *out) const
    {
        const double x = v.x, y = v.y, z = v.z;
        for (int r = 0; r < 3; ++r) out[r] = m[r][0] * x + m[r][1] * y + m[r][2] * z + m[r][3];
    }
};

// Calls f(node, placement) for every node of the scene as often as the scene names it, each with its
// ancestors' transforms applied (without recursion: a file may nest thousands deep), until f says
// stop. False when it stopped.
template <typename F>
bool forEachPlacedNode(const aiScene &scene, F f)
{
    std::vector<std::pair<const aiNode *, Placement>> stack{
        {scene.mRootNode, Placement().then(scene.mRootNode->mTransformation)}};
    while (!stack.empty()) {
        const auto [node, placement] = stack.back();
        stack.pop_back();
        if (!f(*node, placement)) return false;
        for (unsigned c = node->mNumChildren; c-- > 0;)
            if (node->mChildren[c])
                stack.push_back({node->mChildren[c], placement.then(node->mChildren[c]->mTransformation)});
    }
    return true;
}

std::int64_t trianglesOf(const aiMesh &mesh)
{
    std::int64_t count = 0;
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) count += mesh.mFaces[f].mNumIndices == 3;
    return count;
}

reading::Result failed(reading::Result::Outcome outcome, std::string message)
{
    reading::Result out;
    out.outcome = outcome;
    out.message = std::move(message);
    return out;
}

// assimp turns an allocation that failed into an error message; the reader's memory limit did it.
bool outOfMemory(const std::string &error)
{
    return error.find("bad_alloc") != std::string::npos || error.find("out of memory") != std::string::npos;
}

} // namespace

reading::Result readMesh(reading::Channel &channel, const reading::MeshRequest &request, ResultMemory &memory)
{
    using Outcome = reading::Result::Outcome;
    Assimp::Importer importer;
    RemoteFiles files(channel);
    importer.SetIOHandler(&files);
    const auto done = [&](reading::Result result) {
        // The importer owns its handler unless it is taken back before it goes.
        importer.FreeScene();
        importer.SetIOHandler(nullptr);
        return result;
    };
    const aiScene *scene = importer.ReadFile(request.path, 0);
    if (scene) scene = importer.ApplyPostProcessing(aiProcess_Triangulate);
    const std::string error = importer.GetErrorString();
    if (outOfMemory(error)) return done(failed(Outcome::OutOfMemory, error));
    if (!scene || (scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE) || !scene->mRootNode)
        return done(failed(Outcome::Unreadable, error.empty() ? "not a mesh assimp can read" : error));

    std::vector<std::int64_t> meshTriangles(scene->mNumMeshes);
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) meshTriangles[m] = trianglesOf(*scene->mMeshes[m]);
    std::int64_t nodes = 0, triangles = 0;
    const bool withinLimits = forEachPlacedNode(*scene, [&](const aiNode &node, const Placement &) {
        ++nodes;
        for (unsigned i = 0; i < node.mNumMeshes; ++i)
            if (node.mMeshes[i] < scene->mNumMeshes) triangles += meshTriangles[node.mMeshes[i]];
        return nodes <= request.maxNodes && triangles <= request.maxTriangles;
    });
    if (!withinLimits) {
        const bool tooManyNodes = nodes > request.maxNodes;
        return done(failed(Outcome::OverLimit, tooManyNodes
                                                   ? "its scene has more than " + std::to_string(request.maxNodes) +
                                                         " nodes once every node is placed as often as it is used"
                                                   : "it holds more than " + std::to_string(request.maxTriangles) +
                                                         " triangles once its nodes are placed"));
    }

    if (!memory.create()) return done(failed(Outcome::OutOfMemory, "no memory file for the result"));
    // Written a few thousand triangles at a time: the whole never sits in the reader's memory twice.
    std::vector<double> batch;
    batch.reserve(9 * 4096);
    bool written = true, badIndex = false;
    const auto flush = [&] {
        written = written && memory.append(batch.data(), batch.size() * sizeof(double));
        batch.clear();
    };
    forEachPlacedNode(*scene, [&](const aiNode &node, const Placement &placement) {
        for (unsigned i = 0; i < node.mNumMeshes; ++i) {
            if (node.mMeshes[i] >= scene->mNumMeshes) continue;
            const aiMesh &mesh = *scene->mMeshes[node.mMeshes[i]];
            for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
                const aiFace &face = mesh.mFaces[f];
                if (face.mNumIndices != 3) continue;
                for (unsigned k = 0; k < 3; ++k) {
                    const unsigned v = face.mIndices[k];
                    if (v >= mesh.mNumVertices) {
                        badIndex = true;
                        return false;
                    }
                    double p[3];
                    placement.apply(mesh.mVertices[v], p);
                    batch.insert(batch.end(), p, p + 3);
                }
                if (batch.size() >= 9 * 4096) flush();
            }
        }
        return written;
    });
    if (badIndex) return done(failed(Outcome::Unreadable, "a triangle names a vertex its mesh does not have"));
    flush();
    if (!written || !memory.seal()) return done(failed(Outcome::OutOfMemory, "the result did not fit in memory"));
    reading::Result out;
    out.triangles = triangles;
    out.nodes = nodes;
    out.dataBytes = memory.size();
    return done(out);
}

} // namespace railforge::readerhost
