// railforge-cli apply-curves LEVEL --from CURVES.json -o OUT: curves drawn or edited in Blender (the
// add-on's curves file) written into a level (docs/blender.md).
#pragma once

#include <QStringList>

namespace railforge::cli {

// Exit 0 written, 2 usage, 3 a bad level or curves file, or a result that would break a rule.
int runApplyCurves(const QStringList &arguments);

} // namespace railforge::cli
