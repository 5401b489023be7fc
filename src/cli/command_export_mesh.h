// railforge-cli export-mesh: the level's rails as track meshes in glTF 2.0
// (document/export/track_gltf.h).
#pragma once

#include <QStringList>

namespace railforge::cli {

// export-mesh LEVEL.yaml -o OUT.glb|OUT.gltf [--rail ID]... [--style S] [--size M] [--chord-error M]
int runExportMesh(const QStringList &arguments);

} // namespace railforge::cli
