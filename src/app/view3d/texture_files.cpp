#include "app/view3d/texture_files.h"

#include <QPainter>

namespace railforge::app {

QUrl TextureFiles::write(const QImage &image)
{
    if (image.isNull() || !m_dir.isValid()) return {};
    const QString path = m_dir.filePath(QStringLiteral("texture-%1.png").arg(m_next++));
    // Quality 100: no compression, the quickest to write and read back.
    if (!image.convertToFormat(QImage::Format_RGBA8888).save(path, "PNG", 100)) return {};
    return QUrl::fromLocalFile(path);
}

QUrl TextureFiles::writeOver(const QImage &image, QColor ground, double opacity)
{
    if (image.isNull()) return {};
    QImage composed(image.size(), QImage::Format_RGBA8888);
    composed.fill(ground);
    QPainter painter(&composed);
    painter.setOpacity(opacity);
    painter.drawImage(0, 0, image);
    painter.end();
    return write(composed);
}

} // namespace railforge::app
