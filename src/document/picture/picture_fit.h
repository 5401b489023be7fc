// A picture as a view shows it: at most `side` pixels either way (a screen shows no more), in a
// format that travels and draws (no palette). Fitting never widens the whole picture's pixels first:
// Qt's smooth scaling works on 32- or 64-bit pixels, 2 GiB for a 16384² 16-bit grey image.
#pragma once

#include <QImage>

namespace railforge::picture {

// `image` fitted within `side` (0: as it is): a palette becomes 32-bit pixels; 16-bit grey becomes
// 8-bit grey (a picture shows 256 greys); nearest samples down to twice the side in the image's own
// format, then smoothly to the side. A null image when memory ran out.
QImage fitPicture(QImage image, int side);

} // namespace railforge::picture
