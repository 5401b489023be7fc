#include "document/picture/picture_fit.h"

namespace railforge::picture {

QImage fitPicture(QImage image, int side)
{
    if (image.colorCount() > 0)
        image = image.convertToFormat(image.hasAlphaChannel() ? QImage::Format_ARGB32 : QImage::Format_RGB32);
    if (side <= 0 || (image.width() <= side && image.height() <= side)) return image;
    if (image.format() == QImage::Format_Grayscale16) image = image.convertToFormat(QImage::Format_Grayscale8);
    if (image.width() > 2 * side || image.height() > 2 * side)
        image = image.scaled(2 * side, 2 * side, Qt::KeepAspectRatio, Qt::FastTransformation);
    return image.scaled(side, side, Qt::KeepAspectRatio, Qt::SmoothTransformation);
}

} // namespace railforge::picture
