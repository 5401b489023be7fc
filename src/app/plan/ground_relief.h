// The ground seen from above as the plan draws it under the grid: a soft grey-green relief, lighter
// with height and shaded by slope from the north-west (a hillshade), with a darker contour line every
// `contourStep` level units. Rendered into an image over the ground's bounds, off the UI thread.
#pragma once

#include "core/ground.h"

#include <QImage>
#include <QRectF>

namespace railforge::app {

struct GroundRelief {
    QImage image; // transparent where no ground covers
    QRectF world; // the world rectangle the image covers (x right, y up)
    double contourStep = 0.0;
};

// The relief of `ground` at most `maxPixels` on its longer side (nothing for no ground), with or
// without its contour lines.
GroundRelief renderGroundRelief(const core::GroundSet &ground, int maxPixels = 1024, bool contours = true);

} // namespace railforge::app
