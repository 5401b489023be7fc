#include "document/ground/image_headers.h"

#include <map>
#include <mutex>

namespace railforge::document {
namespace {

std::mutex headersMutex;
std::map<std::string, ImageHeaderInfo> headers;
// A few dozen bytes each; a session that has looked at more files than this starts again.
constexpr std::size_t kMostRemembered = 4096;

} // namespace

std::optional<ImageHeaderInfo> rememberedHeader(const std::string &identity)
{
    const std::lock_guard lock(headersMutex);
    const auto it = headers.find(identity);
    return it == headers.end() ? std::nullopt : std::optional(it->second);
}

void rememberHeader(const std::string &identity, const ImageHeaderInfo &header)
{
    if (identity.empty()) return;
    const std::lock_guard lock(headersMutex);
    if (headers.size() >= kMostRemembered) headers.clear();
    headers[identity] = header;
}

} // namespace railforge::document
