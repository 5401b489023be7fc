// A reference's file read in a railforge-reader process (src/reader-host), never in RailForge's own:
// the decoders (assimp, Qt's image plugins) are third-party code that a file can make crash or take
// every byte and second there is. The reader has an address-space limit and a CPU-time limit derived
// from the level's read limits, opens no file itself (each one it needs is opened here, under the
// project's rules, and its descriptor handed over), and sends back what it decoded in a sealed memory
// file whose counts are held to the level's limits before a byte is taken. A crash, a limit or the
// read's time running out is a refusal naming the file, what stopped it and the option that raises
// the limit; nothing a reader did not finish is ever used.
#pragma once

#include "core/ground.h"
#include "document/files/project_files.h"
#include "document/ground/image_headers.h"
#include "document/ground/reference_files.h"
#include "document/reading/reader_messages.h"

#include <QImage>

#include <functional>
#include <optional>
#include <vector>

namespace railforge::document {

// The address space a mesh reader may take: its code and libraries, the file twice over, and room
// for the level's triangle limit in the importer's own structures.
std::int64_t meshReaderMemory(const FileRules &rules, std::int64_t fileBytes);
// The address space an image reader starts with (room for the largest image the level may decode),
// and what it is lowered to once the header has declared the image's pixels.
std::int64_t imageReaderMemory(const FileRules &rules);
std::int64_t imageDecodeMemory(const FileRules &rules, std::int64_t decodedBytes);

// How many decodes this process has had its readers make: meshes read, images decoded past their
// header (a header alone is not counted). For the count of "decoded once" in tests.
std::int64_t decodesStarted();

// The triangles of the mesh file at `path` (the reference's file, canonical, found under the rules),
// each node placed as often as the scene uses it, then placed in the level by the reference's
// transform; nothing and `problem` when a rule, a limit, the decoder or the budget stops it.
std::optional<std::vector<core::GroundTriangle>> readMeshInReader(const Reference &reference, const ProjectFiles &files,
                                                                  const ReadBudget &budget, const QString &path,
                                                                  ReferenceProblem *problem);

// Reads the image `file` (the reference's, opened under the rules): its header, which `check` holds to
// the level's limits (a problem stops the read there), then, unless only the header is wanted, its
// pixels. The header is in `header` whenever the file had one. Nothing and `problem` when anything
// stops it (for a header-only read, an empty image means it went well).
std::optional<QImage>
readImageInReader(const Reference &reference, const ProjectFiles &files, const ReadBudget &budget, OpenedFile file,
                  reading::ImageRequest request,
                  const std::function<std::optional<ReferenceProblem>(const ImageHeaderInfo &)> &check,
                  ImageHeaderInfo *header, ReferenceProblem *problem);

} // namespace railforge::document
