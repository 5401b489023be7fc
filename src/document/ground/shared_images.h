// One decode per image file: every reference that names the same file, on every thread and in every
// view (validate's ground, the editor's ground, plan and 3D view), shares one decoded copy while
// anything holds it. A file is known by what it is on disk (device, inode, size, modification time),
// so a file changed on disk is decoded afresh; nothing is kept once no one holds it.
#pragma once

#include "document/files/project_files.h"

#include <QImage>

#include <functional>
#include <memory>
#include <string>

namespace railforge::document {

// What an opened file is on disk: "device:inode:size:modified" (empty when it cannot be told).
std::string fileIdentity(const OpenedFile &file);

// The image `key` names (a file's identity and what its pixels were prepared for: "heights",
// "picture"): the copy someone still holds, or else what `decode` makes (null when it fails). Two
// threads asking at once for the same key decode it once: the second waits for the first.
std::shared_ptr<const QImage> sharedImage(const std::string &key, const std::function<QImage()> &decode);

// The image `key` names if someone holds it (waiting for a decode of it under way), else null: never
// decodes.
std::shared_ptr<const QImage> heldSharedImage(const std::string &key);

} // namespace railforge::document
