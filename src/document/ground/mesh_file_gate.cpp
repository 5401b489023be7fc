#include "document/ground/mesh_file_gate.h"

#include <QDir>
#include <QFileInfo>

#include <sys/stat.h>

namespace railforge::document {

MeshFileGate::MeshFileGate(const ProjectFiles &files, QString meshFile)
    : m_files(files), m_meshFolder(QFileInfo(meshFile).absolutePath())
{}

void MeshFileGate::refuse(const FileProblem &problem, const QString &path)
{
    if (!m_refusal.empty()) return;
    // Named as the mesh file would write it: relative to its folder.
    const QString shown =
        QDir(m_meshFolder).relativeFilePath(QDir::cleanPath(QDir(m_meshFolder).absoluteFilePath(path)));
    FileProblem named = problem;
    named.absolutePath = false; // the importer joins every name to a folder; the name is the mesh's
    m_refusal = "its file " + named.message(shown.toStdString());
}

bool MeshFileGate::exists(const std::string &written)
{
    const QString path = QFile::decodeName(QByteArray::fromStdString(written));
    FileProblem problem;
    const auto resolved = m_files.resolve(m_meshFolder, path, &problem);
    if (!resolved) {
        if (problem.breaksRule()) refuse(problem, path);
        return false;
    }
    struct stat info {};
    return ::stat(QFile::encodeName(*resolved).constData(), &info) == 0 && S_ISREG(info.st_mode);
}

OpenedFile MeshFileGate::open(const std::string &written)
{
    const QString path = QFile::decodeName(QByteArray::fromStdString(written));
    FileProblem problem;
    OpenedFile opened = m_files.openWritten(m_meshFolder, path, &problem);
    if (!opened.isOpen() && problem.breaksRule()) refuse(problem, path);
    return opened;
}

} // namespace railforge::document
