// What an image file's header declares, as its reader reported it, remembered by the file's identity
// (shared_images.h) for as long as the process runs: a reference asked about again (a view's redraw,
// the next ground read) is held to the limits without starting a reader, and a decode another view
// already holds costs nothing at all. A file changed on disk has another identity.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace railforge::document {

struct ImageHeaderInfo {
    int width = 0;
    int height = 0;
    int decodedBytesPerPixel = 0;
    std::int64_t decodedBytes() const { return std::int64_t(width) * height * decodedBytesPerPixel; }
};

std::optional<ImageHeaderInfo> rememberedHeader(const std::string &identity);
void rememberHeader(const std::string &identity, const ImageHeaderInfo &header);

} // namespace railforge::document
