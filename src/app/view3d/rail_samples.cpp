#include "app/view3d/rail_samples.h"

#include "document/model/rail_geometry.h"

#include <algorithm>

namespace railforge::app {

int viewRowsPerRail(std::size_t rails)
{
    if (rails <= 150) return 1024;
    if (rails <= 300) return 512;
    if (rails <= 600) return 256;
    return 128;
}

RailSamples sampleRailForView(const document::Rail &rail, int maxRows)
{
    RailSamples out;
    out.table = core::buildArcLengthTable(document::railCurve(rail));
    out.frames = document::railFrames(rail, out.table);
    out.length = core::totalLength(out.table);
    if (out.table.segments.empty()) return out;
    const double spacing = std::max(kViewRowSpacing, out.length / std::max(1, maxRows));
    out.rows = out.length > 0 ? core::sample(out.table, spacing)
                              : std::vector<core::CurveSample>{core::sampleAt(out.table, 0)};
    out.ups = core::upVectors(out.frames, out.rows);
    return out;
}

} // namespace railforge::app
