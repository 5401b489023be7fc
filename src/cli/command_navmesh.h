// railforge-cli navmesh: an agent's navigation mesh, baked from the level's ground references and
// obstacles, written for an engine (document/navigation/navmesh_file.h).
#pragma once

#include <QStringList>

namespace railforge::cli {

// navmesh LEVEL.yaml --agent ID -o OUT.glb|OUT.gltf|OUT.obj [--stats]
int runNavmesh(const QStringList &arguments);

} // namespace railforge::cli
