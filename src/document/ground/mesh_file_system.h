// The only way assimp reaches the disk when RailForge reads a mesh reference: the mesh file and
// every file it pulls in (glTF buffers, OBJ material libraries, FBX externals) go through
// ProjectFiles' rules (inside the project, regular files, size limit) and are read in chunks that
// stop when the read budget (time limit, cancel) is spent. The first refusal is kept, so the
// reference can be refused whole even when the importer would go on without the refused file.
#pragma once

#include "document/files/project_files.h"

#include <assimp/IOSystem.hpp>
#include <assimp/ProgressHandler.hpp>
#include <string>

namespace railforge::document {

class MeshFileSystem : public Assimp::IOSystem {
public:
    // `meshFile` is the canonical path of the reference's own file; paths the importer asks for are
    // named relative to its folder in messages.
    MeshFileSystem(const ProjectFiles &files, const ReadBudget &budget, QString meshFile);

    bool Exists(const char *file) const override;
    char getOsSeparator() const override { return '/'; }
    Assimp::IOStream *Open(const char *file, const char *mode = "rb") override;
    void Close(Assimp::IOStream *stream) override;

    // "its file '../x.mtl' is outside the project (/p)" for the first file refused by a rule, or
    // the budget's reason once it ran out; empty when nothing was refused.
    const std::string &refusal() const { return m_refusal; }

private:
    // Keeps the first refusal.
    void refuse(const FileProblem &problem, const QString &path) const;

    const ProjectFiles &m_files;
    const ReadBudget &m_budget;
    QString m_meshFile;
    QString m_meshFolder;
    mutable std::string m_refusal;
};

// Ends an import when the read budget is spent (assimp asks between its steps).
class BudgetProgress : public Assimp::ProgressHandler {
public:
    explicit BudgetProgress(const ReadBudget &budget) : m_budget(budget) {}
    bool Update(float) override { return !m_budget.exhausted(); }

private:
    const ReadBudget &m_budget;
};

} // namespace railforge::document
