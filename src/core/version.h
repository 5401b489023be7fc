// The product version, shared by the CLI, the editor and exported files.
#pragma once

namespace railforge::core {

// Semantic version string of this build, e.g. "0.1.0".
const char *versionString();

} // namespace railforge::core
