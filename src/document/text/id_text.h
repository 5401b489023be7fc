// What an id may hold. Ids are shown on the canvas, in the outliner and in diagnostics, and written
// into engine exports: a line break in one would forge a line of diagnostics, a NUL would cut it.
#pragma once

#include <string>
#include <string_view>

namespace railforge::document {

// Why `id` cannot be an id ("" when it can): empty, or holding a control character.
std::string whyBadIdText(std::string_view id);

} // namespace railforge::document
