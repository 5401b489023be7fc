#include "app/tools/ruler_readout.h"

#include <QObject>

#include <cmath>

namespace railforge::app {

QString rulerReadout(core::Vec3 from, core::Vec3 to, int decimals)
{
    const double dx = to.x - from.x, dy = to.y - from.y, dz = to.z - from.z;
    const double across = std::hypot(dx, dy);
    const QString text = QObject::tr("distance %1  (dx %2, dy %3)")
                             .arg(across, 0, 'f', decimals)
                             .arg(dx, 0, 'f', decimals)
                             .arg(dy, 0, 'f', decimals);
    const double slope = std::atan2(dz, across) * 180.0 / M_PI;
    return text + QObject::tr("  dz %1, slope %2°, 3D %3")
                      .arg(QString::number(dz, 'f', decimals).prepend(dz >= 0 ? "+" : ""))
                      .arg(slope, 0, 'f', 1)
                      .arg(std::hypot(across, dz), 0, 'f', decimals);
}

} // namespace railforge::app
