#include "document/ground/gltf_uris.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <unistd.h>

#include <cstring>

namespace railforge::document {
namespace {

bool readAt(int fd, void *buffer, std::size_t size, off_t offset)
{
    std::size_t done = 0;
    while (done < size) {
        const ssize_t n = ::pread(fd, static_cast<char *>(buffer) + done, size - done, offset + off_t(done));
        if (n <= 0) return false;
        done += std::size_t(n);
    }
    return true;
}

std::uint32_t littleEndian32(const unsigned char *p)
{
    return p[0] | p[1] << 8 | p[2] << 16 | std::uint32_t(p[3]) << 24;
}

} // namespace

std::vector<GltfUri> gltfExternalUris(const QByteArray &json)
{
    std::vector<GltfUri> out;
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    for (const char *role : {"buffers", "images"}) {
        for (const QJsonValue item : root.value(QLatin1String(role)).toArray()) {
            const QString uri = item.toObject().value(QLatin1String("uri")).toString();
            if (uri.isEmpty() || uri.startsWith(QLatin1String("data:"))) continue;
            out.push_back({role[0] == 'b' ? "buffer" : "image", uri.toStdString()});
        }
    }
    return out;
}

std::optional<QByteArray> gltfJson(const OpenedFile &file, std::int64_t maxBytes)
{
    unsigned char header[20];
    if (file.size() >= 20 && readAt(file.descriptor(), header, sizeof header, 0) &&
        std::memcmp(header, "glTF", 4) == 0) {
        // Binary glTF: a 12-byte header, then the JSON chunk (length, type "JSON", bytes).
        const std::uint32_t length = littleEndian32(header + 12);
        if (std::memcmp(header + 16, "JSON", 4) != 0 || length > maxBytes || 20 + std::int64_t(length) > file.size())
            return std::nullopt;
        QByteArray json(int(length), Qt::Uninitialized);
        if (!readAt(file.descriptor(), json.data(), length, 20)) return std::nullopt;
        return json;
    }
    if (!file.path().endsWith(QLatin1String(".gltf"), Qt::CaseInsensitive) || file.size() > maxBytes)
        return std::nullopt;
    QByteArray json(int(file.size()), Qt::Uninitialized);
    if (!readAt(file.descriptor(), json.data(), std::size_t(file.size()), 0)) return std::nullopt;
    return json;
}

std::string gltfRefusal(const ProjectFiles &files, const QString &gltfFolder, const std::vector<GltfUri> &uris)
{
    for (const GltfUri &u : uris) {
        const QString uri = QString::fromStdString(u.uri);
        const QUrl url(uri);
        // Only relative references name files; file://, http:// and the like are never followed.
        if (!url.scheme().isEmpty() && url.scheme().size() > 1)
            return "its " + u.role + " '" + u.uri +
                   "' is not a file in the project (only relative paths and data: "
                   "uris are read)";
        const QString path = QUrl::fromPercentEncoding(uri.toUtf8());
        FileProblem problem;
        const auto resolved = files.resolve(gltfFolder, path, &problem);
        if (resolved && u.role == "buffer") files.open(*resolved, &problem); // its type and size count too
        if ((resolved && u.role != "buffer") || !problem.breaksRule()) continue;
        return "its " + u.role + " " + problem.message(u.uri);
    }
    return {};
}

} // namespace railforge::document
