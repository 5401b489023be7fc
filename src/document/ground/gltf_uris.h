// The files a glTF asks for, read from its JSON before assimp sees it, so a reference whose buffer or
// image lies outside the project is refused with the words "its buffer" / "its image" and none of
// it is read (assimp would not open an image at all, so its own file system would never see it).
#pragma once

#include "document/files/project_files.h"

#include <string>
#include <vector>

namespace railforge::document {

struct GltfUri {
    std::string role; // "buffer" or "image"
    std::string uri;  // as written (percent-encoded)
};

// The buffers' and images' uris of a glTF JSON text, data: uris left out.
std::vector<GltfUri> gltfExternalUris(const QByteArray &json);

// The JSON of an opened .gltf or .glb file (a .glb's first chunk), or nothing when the file is
// neither or its JSON is larger than `maxBytes`.
std::optional<QByteArray> gltfJson(const OpenedFile &file, std::int64_t maxBytes);

// "its buffer '../../secret.txt' is outside the project (/p)" for the first uri of the glTF that
// breaks a rule (a scheme other than data:, a path outside the project, not a regular file, too
// large); empty when none does. Missing files are left to the importer.
std::string gltfRefusal(const ProjectFiles &files, const QString &gltfFolder, const std::vector<GltfUri> &uris);

} // namespace railforge::document
