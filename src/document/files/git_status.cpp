#include "document/files/git_status.h"

#include <QFileInfo>
#include <QProcess>

namespace railforge::document {

bool gitListsUnmerged(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists()) return false;
    QProcess git;
    git.setWorkingDirectory(info.absolutePath());
    git.start("git", {"ls-files", "-u", "--", info.fileName()});
    // Not a repository, no git: nothing to say. A stuck git is not waited for long.
    if (!git.waitForFinished(10000) || git.exitStatus() != QProcess::NormalExit || git.exitCode() != 0) {
        git.kill();
        git.waitForFinished(1000);
        return false;
    }
    return !git.readAllStandardOutput().trimmed().isEmpty();
}

} // namespace railforge::document
