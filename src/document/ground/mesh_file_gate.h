// The only way a mesh reference's reader reaches the disk: the mesh file and every file its importer
// pulls in (glTF buffers, OBJ material libraries, FBX externals) are asked of RailForge, which opens
// each under ProjectFiles' rules (inside the project, regular files, size limit) and hands the reader
// the descriptor. The first refusal is kept, so the reference can be refused whole even when the
// importer would go on without the refused file.
#pragma once

#include "document/files/project_files.h"

#include <optional>
#include <string>

namespace railforge::document {

class MeshFileGate {
public:
    // `meshFile` is the canonical path of the reference's own file; paths the importer asks for are
    // named relative to its folder in messages.
    MeshFileGate(const ProjectFiles &files, QString meshFile);

    // Whether `written` (as the importer wrote it) is a regular file the rules allow.
    bool exists(const std::string &written);
    // The file opened under the rules, or a closed one.
    OpenedFile open(const std::string &written);

    // "its file '../x.mtl' is outside the project (/p)" for the first file refused by a rule; empty
    // when nothing was refused.
    const std::string &refusal() const { return m_refusal; }

private:
    void refuse(const FileProblem &problem, const QString &path);

    const ProjectFiles &m_files;
    QString m_meshFolder;
    std::string m_refusal;
};

} // namespace railforge::document
