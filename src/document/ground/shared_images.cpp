#include "document/ground/shared_images.h"

#include <map>
#include <mutex>
#include <sys/stat.h>

namespace railforge::document {
namespace {

// One key's place: its decoder's lock and the pixels while anyone holds them.
struct Slot {
    std::mutex decoding; // held while one thread decodes; another asking for the key waits here
    std::weak_ptr<const QImage> image;
};

std::mutex keyedSlotsMutex;
std::map<std::string, std::shared_ptr<Slot>> keyedSlots;

// The slot of `key`, made when new; slots no one holds or waits on are dropped on the way.
std::shared_ptr<Slot> slotOf(const std::string &key)
{
    const std::lock_guard lock(keyedSlotsMutex);
    for (auto at = keyedSlots.begin(); at != keyedSlots.end();)
        at = at->first != key && at->second.use_count() == 1 && at->second->image.expired() ? keyedSlots.erase(at)
                                                                                            : std::next(at);
    std::shared_ptr<Slot> &slot = keyedSlots[key];
    if (!slot) slot = std::make_shared<Slot>();
    return slot;
}

} // namespace

std::string fileIdentity(const OpenedFile &file)
{
    struct stat st {};
    if (!file.isOpen() || ::fstat(file.descriptor(), &st) != 0) return {};
    return std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino) + ":" + std::to_string(st.st_size) + ":" +
           std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec);
}

std::shared_ptr<const QImage> sharedImage(const std::string &key, const std::function<QImage()> &decode)
{
    const std::shared_ptr<Slot> slot = slotOf(key);
    const std::lock_guard lock(slot->decoding);
    if (auto held = slot->image.lock()) return held;
    QImage decoded = decode();
    if (decoded.isNull()) return nullptr;
    auto image = std::make_shared<const QImage>(std::move(decoded));
    slot->image = image;
    return image;
}

std::shared_ptr<const QImage> heldSharedImage(const std::string &key)
{
    std::shared_ptr<Slot> slot;
    {
        const std::lock_guard lock(keyedSlotsMutex);
        const auto at = keyedSlots.find(key);
        if (at == keyedSlots.end()) return nullptr;
        slot = at->second;
    }
    const std::lock_guard lock(slot->decoding);
    return slot->image.lock();
}

} // namespace railforge::document
