#include "core/version.h"

namespace railforge::core {

const char *versionString() { return RAILFORGE_VERSION_STRING; }

} // namespace railforge::core
