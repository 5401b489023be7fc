#include "document/ground/mesh_cost.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

namespace railforge::document {
namespace {

std::int64_t cappedSum(std::int64_t a, std::int64_t b) { return std::min(kCostCap, a + b); }

// Triangles of one glTF mesh: each primitive's indices (or vertices) by its mode.
std::int64_t meshTriangles(const QJsonObject &mesh, const QJsonArray &accessors)
{
    std::int64_t triangles = 0;
    for (const QJsonValue p : mesh.value(QLatin1String("primitives")).toArray()) {
        const QJsonObject primitive = p.toObject();
        const int mode = primitive.value(QLatin1String("mode")).toInt(4);
        const QJsonValue indices = primitive.value(QLatin1String("indices"));
        const int accessor = indices.isDouble()
                                 ? indices.toInt()
                                 : primitive.value(QLatin1String("attributes")).toObject().value("POSITION").toInt(-1);
        if (accessor < 0 || accessor >= accessors.size()) continue;
        const auto count = std::int64_t(accessors.at(accessor).toObject().value(QLatin1String("count")).toDouble());
        if (mode == 4) triangles = cappedSum(triangles, std::max<std::int64_t>(0, count / 3));
        if (mode == 5 || mode == 6) triangles = cappedSum(triangles, std::max<std::int64_t>(0, count - 2));
    }
    return triangles;
}

} // namespace

GltfCost gltfCost(const QByteArray &json)
{
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    const QJsonArray nodes = root.value(QLatin1String("nodes")).toArray();
    const QJsonArray meshes = root.value(QLatin1String("meshes")).toArray();
    const QJsonArray accessors = root.value(QLatin1String("accessors")).toArray();
    std::vector<std::int64_t> ownTriangles(std::size_t(meshes.size()));
    for (qsizetype m = 0; m < meshes.size(); ++m)
        ownTriangles[std::size_t(m)] = meshTriangles(meshes.at(m).toObject(), accessors);

    // Each node's subtree as the importer builds it (itself and every use of its children), found once
    // per node by a walk that never recurses (a chain of 100,000 nodes is a valid file).
    const auto n = std::size_t(nodes.size());
    std::vector<std::vector<int>> children(n);
    std::vector<bool> isChild(n, false);
    for (std::size_t i = 0; i < n; ++i)
        for (const QJsonValue c : nodes.at(qsizetype(i)).toObject().value(QLatin1String("children")).toArray()) {
            const int child = c.toInt(-1);
            if (child < 0 || std::size_t(child) >= n)
                return {std::nullopt, "node " + std::to_string(i) + " names child " + std::to_string(child) +
                                          ", which does not exist"};
            children[i].push_back(child);
            isChild[std::size_t(child)] = true;
        }
    enum State : char { Unseen, Open, Done };
    std::vector<State> state(n, Unseen);
    std::vector<MeshCost> subtree(n);
    for (std::size_t start = 0; start < n; ++start) {
        if (state[start] != Unseen) continue;
        std::vector<std::pair<std::size_t, std::size_t>> stack{{start, 0}}; // node, next child
        state[start] = Open;
        while (!stack.empty()) {
            auto &[node, next] = stack.back();
            if (next < children[node].size()) {
                const auto child = std::size_t(children[node][next++]);
                if (state[child] == Open)
                    return {std::nullopt,
                            "its nodes form a loop: node " + std::to_string(child) + " is its own ancestor"};
                if (state[child] == Unseen) {
                    state[child] = Open;
                    stack.push_back({child, 0});
                }
                continue;
            }
            MeshCost cost{0, 1, 0};
            const int mesh = nodes.at(qsizetype(node)).toObject().value(QLatin1String("mesh")).toInt(-1);
            if (mesh >= 0 && mesh < meshes.size()) cost.triangles = ownTriangles[std::size_t(mesh)];
            for (int child : children[node]) {
                cost.triangles = cappedSum(cost.triangles, subtree[std::size_t(child)].triangles);
                cost.nodes = cappedSum(cost.nodes, subtree[std::size_t(child)].nodes);
            }
            subtree[node] = cost;
            state[node] = Done;
            stack.pop_back();
        }
    }
    // The scene shown (the default one, else the first), else every node no other node names.
    std::vector<int> roots;
    const QJsonArray scenes = root.value(QLatin1String("scenes")).toArray();
    if (!scenes.isEmpty()) {
        const int shown = std::clamp(root.value(QLatin1String("scene")).toInt(0), 0, int(scenes.size()) - 1);
        for (const QJsonValue r : scenes.at(shown).toObject().value(QLatin1String("nodes")).toArray())
            if (r.toInt(-1) >= 0 && std::size_t(r.toInt(-1)) < n) roots.push_back(r.toInt());
    } else {
        for (std::size_t i = 0; i < n; ++i)
            if (!isChild[i]) roots.push_back(int(i));
    }
    MeshCost total;
    for (int r : roots) {
        total.triangles = cappedSum(total.triangles, subtree[std::size_t(r)].triangles);
        total.nodes = cappedSum(total.nodes, subtree[std::size_t(r)].nodes);
    }
    return {total, {}};
}

std::string glbHeaderProblem(const OpenedFile &file)
{
    unsigned char header[12];
    if (file.size() < 12 || ::pread(file.descriptor(), header, 12, 0) != 12 || std::memcmp(header, "glTF", 4) != 0)
        return {};
    const auto word = [](const unsigned char *p) {
        return std::int64_t(p[0] | p[1] << 8 | p[2] << 16 | std::uint32_t(p[3]) << 24);
    };
    if (word(header + 8) > file.size())
        return "its header declares " + formatBytes(word(header + 8)) + " in a file of " + formatBytes(file.size());
    // Each chunk: its length, its type, its bytes; every one must lie within the file.
    for (std::int64_t at = 12; at + 8 <= file.size();) {
        unsigned char chunk[8];
        if (::pread(file.descriptor(), chunk, 8, off_t(at)) != 8) break;
        const std::int64_t length = word(chunk);
        if (at + 8 + length > file.size())
            return "its header declares a chunk of " + formatBytes(length) + " in a file of " +
                   formatBytes(file.size());
        at += 8 + length;
    }
    return {};
}

std::optional<MeshCost> objCost(const OpenedFile &file, const ReadBudget &budget)
{
    MeshCost cost;
    std::vector<char> buffer(std::size_t(4) << 20);
    // One character at a time, so that a line of any length (a face of a million corners) is counted
    // whole without being kept: where in its line the reader is, and what the line is.
    enum class Line { Start, Kind, Vertex, Primitive, Other } line = Line::Start;
    char kind = 0;
    bool inWord = false;
    std::int64_t corners = 0;
    // A face of n corners is n - 2 triangles. A polyline (`l`) of n points is n - 1 segments and a
    // point list (`p`) n points: the importer keeps each as a primitive of its own, so each counts
    // against the triangle limit like a triangle.
    const auto endPrimitive = [&] {
        if (line != Line::Primitive) return;
        const std::int64_t primitives = kind == 'f' ? corners - 2 : kind == 'l' ? corners - 1 : corners;
        cost.triangles = cappedSum(cost.triangles, std::max<std::int64_t>(0, primitives));
    };
    for (std::int64_t at = 0; at < file.size();) {
        if (budget.exhausted()) return std::nullopt;
        const ssize_t got = ::pread(file.descriptor(), buffer.data(), buffer.size(), off_t(at));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        at += got;
        for (ssize_t i = 0; i < got; ++i) {
            const char c = buffer[std::size_t(i)];
            const bool space = c == ' ' || c == '\t';
            // assimp ends a line at CR as well as LF: a file with CR-only ends is as many lines to it.
            if (c == '\n' || c == '\r') {
                endPrimitive();
                line = Line::Start;
                continue;
            }
            switch (line) {
            case Line::Start:
                if (space) break;
                kind = c;
                line = Line::Kind;
                break;
            case Line::Kind:
                if (!space) {
                    line = Line::Other; // "vt", "vn", "usemtl"...
                } else if (kind == 'v') {
                    cost.vertices = cappedSum(cost.vertices, 1);
                    line = Line::Vertex;
                } else if (kind == 'f' || kind == 'l' || kind == 'p') {
                    line = Line::Primitive;
                    corners = 0;
                    inWord = false;
                } else {
                    line = Line::Other;
                }
                break;
            case Line::Primitive:
                if (!space && !inWord) ++corners;
                inWord = !space;
                break;
            case Line::Vertex:
            case Line::Other: break;
            }
        }
    }
    endPrimitive();
    return cost;
}

} // namespace railforge::document
