// Deleting one control point of a rail, as a right-click on it does on the plan and in the 3D view.
#pragma once

#include "document/editing/level_document.h"

#include <QString>

#include <optional>

namespace railforge::app {

// Removes the point (one undo step; a rail keeps at least two points: nothing then). Returns what
// the status bar says: "" when nothing more than the point went, else which junctions went with it.
std::optional<QString> removeRailPointSaying(document::LevelDocument &document, const std::string &rail,
                                             std::size_t point);

} // namespace railforge::app
