#include "app/view3d/rail_samples.h"

#include <algorithm>

namespace railforge::app {

int viewRowsPerRail(std::size_t rails)
{
    if (rails <= 150) return 1024;
    if (rails <= 300) return 512;
    if (rails <= 600) return 256;
    return 128;
}

RailSamples sampleRailForView(std::shared_ptr<const document::RailGeometry> geometry, int maxRows)
{
    RailSamples out;
    out.geometry = std::move(geometry);
    out.length = out.geometry->length();
    const core::ArcLengthTable &table = out.table();
    if (table.segments.empty()) return out;
    const double spacing = std::max(kViewRowSpacing, out.length / std::max(1, maxRows));
    out.rows = out.length > 0 ? core::sample(table, spacing) : std::vector<core::CurveSample>{core::sampleAt(table, 0)};
    out.ups = core::upVectors(out.frames(), out.rows);
    return out;
}

} // namespace railforge::app
