// Reading what references point to: a level mesh (glTF 2.0, OBJ, FBX, through assimp) as ground
// triangles placed in the level, a greyscale PNG as a height grid, and images. Every file is read
// under project_files.h's rules (inside the project, regular, size-limited, within the budget);
// images are refused by their declared size before any pixel is decoded. Conventions:
// model/reference.h.
#pragma once

#include "core/ground.h"
#include "document/files/project_files.h"
#include "document/model/reference.h"

#include <QImage>
#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace railforge::document {

// Why a reference's file gave nothing.
struct ReferenceProblem {
    std::string message;  // "its buffer '../../secret.txt' is outside the project (/p)", "'hill.glb': no such file"
    bool refused = false; // a rule of project_files.h or an image limit: an error, and nothing of it was read
};

// A mesh file point in level coordinates: the up convention, then scale, rotation about +z, translation.
core::Vec3 placeMeshPoint(const Reference &reference, core::Vec3 filePoint);

// The triangles of a mesh reference's file, placed in the level; nothing and `problem` when a file
// breaks a rule, is missing, or assimp cannot read it.
std::optional<std::vector<core::GroundTriangle>> readMeshTriangles(const Reference &reference,
                                                                   const ProjectFiles &files, const ReadBudget &budget,
                                                                   ReferenceProblem *problem);

// A heightmap reference's PNG as a height grid (8 or 16 bit grey; colour images use their grey
// value); nothing and `problem` when it breaks a rule or a limit, is missing, unreadable or smaller
// than 2 x 2. The file's decoded pixels count against the level's image memory (FileRules) once,
// however many references name it; they are decoded once and shared (shared_images.h), and the
// decode stops when the budget's time is up.
std::shared_ptr<core::HeightGrid> readHeightGrid(const Reference &reference, const ProjectFiles &files,
                                                 const ReadBudget &budget, ReferenceProblem *problem);

// An image (or heightmap) reference's picture, decoded (shared as above) and, when larger, scaled to fit
// within `maxSide` pixels (0: as decoded; a view needs no more pixels than a screen shows); null and
// `problem` as above.
std::shared_ptr<const QImage> readReferenceImage(const Reference &reference, const ProjectFiles &files,
                                                 const ReadBudget &budget, int maxSide, ReferenceProblem *problem);

// The pixel size an image (or heightmap) file declares, read from its header only (nothing decoded);
// an empty size and `problem` when the file breaks a rule or is not an image, or (with a budget) when
// its decoded pixels would not fit the level's image memory.
QSize referenceImageSize(const Reference &reference, const ProjectFiles &files, const ReadBudget *budget,
                         ReferenceProblem *problem);

// The checks that need no decoding, for any reference: its file resolves in the project, is a
// regular file within the size limit, an image's declared size is within the limit, a glTF's
// buffers and images stay in the project. Nothing when all hold. Cheap enough for the UI thread.
std::optional<ReferenceProblem> checkReferenceFile(const Reference &reference, const ProjectFiles &files);

} // namespace railforge::document
