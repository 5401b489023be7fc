// Reference images as the 3D view's textures, written as 8-bit RGBA files the renderer reads: Qt
// Quick 3D 6.4 uploads a greyscale PNG as a one-channel texture, which draws red, so images are
// turned to RGBA here and draw in their real colours, greyscale included. (Files rather than
// QQuick3DTextureData objects: a texture's data object that outlives the QML Texture using it is
// still signalled to it by Qt Quick 3D 6.4, a crash when the view rebuilds its models.)
#pragma once

#include <QColor>
#include <QImage>
#include <QTemporaryDir>
#include <QUrl>

namespace railforge::app {

class TextureFiles {
public:
    // A file holding `image` as RGBA, under a new name each time (the renderer keeps textures by
    // their URL); an empty URL when the image is null or cannot be written.
    QUrl write(const QImage &image);
    // `image` laid at `opacity` over `ground` (a draped image: where it is transparent or faint, the
    // ground's own colour shows through).
    QUrl writeOver(const QImage &image, QColor ground, double opacity);

private:
    QTemporaryDir m_dir;
    int m_next = 0;
};

} // namespace railforge::app
