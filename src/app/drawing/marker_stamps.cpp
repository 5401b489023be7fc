#include "app/drawing/marker_stamps.h"

#include <cmath>
#include <map>
#include <tuple>
#include <utility>

namespace railforge::app {

void fillRimmedSquare(QPainter &painter, QPointF centre, int side, int rim, const QColor &outline, const QColor &fill)
{
    const int outer = side + 2 * rim;
    const int x = int(std::floor(centre.x())) - outer / 2, y = int(std::floor(centre.y())) - outer / 2;
    painter.fillRect(QRect(x, y, outer, outer), outline);
    painter.fillRect(QRect(x + rim, y + rim, side, side), fill);
}

const QImage &discStamp(double radius, const QColor &fill, const QColor &outline, double outlineWidth,
                        double pixelRatio)
{
    using Look = std::tuple<double, QRgb, QRgb, double, double>;
    thread_local std::map<Look, QImage> stamps;
    const Look look{radius, fill.rgba(), outline.rgba(), outlineWidth, pixelRatio};
    auto found = stamps.find(look);
    if (found != stamps.end()) return found->second;
    const double side = 2 * radius + 2 * outlineWidth + 1;
    QImage stamp(QSize(int(std::ceil(side * pixelRatio)), int(std::ceil(side * pixelRatio))),
                 QImage::Format_ARGB32_Premultiplied);
    stamp.setDevicePixelRatio(pixelRatio);
    stamp.fill(Qt::transparent);
    QPainter painter(&stamp);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(outlineWidth > 0 ? QPen(outline, outlineWidth) : QPen(Qt::NoPen));
    painter.setBrush(fill);
    painter.drawEllipse(QPointF(side / 2, side / 2), radius, radius);
    painter.end();
    return stamps.emplace(look, std::move(stamp)).first->second;
}

void drawStamp(QPainter &painter, QPointF centre, const QImage &stamp)
{
    const double half = stamp.width() / stamp.devicePixelRatioF() / 2;
    painter.drawImage(QPointF(std::round(centre.x() - half), std::round(centre.y() - half)), stamp);
}

} // namespace railforge::app
