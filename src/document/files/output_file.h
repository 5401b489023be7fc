// Writing a file the way build scripts and teammates need it: a regular file is replaced atomically
// (the old one stays whole unless the new one is complete), a device or a pipe (/dev/null, a FIFO
// another program reads) is written in place and never replaced, a folder is refused, and every
// failure says which file or folder and the system's reason in words ("no space left on the
// device"), never "Unknown error". Writes follow the project rule of reads (project_files.h): a link
// at the path is replaced by the new file, never written through, and a path that lands outside its
// project through a link is for the caller to refuse (outputLeavesProject) unless the user allows it.
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdio>
#include <optional>

namespace railforge::document {

// What stands at a path, as far as writing it is concerned.
enum class OutputTarget {
    Missing, // nothing: a new file is made
    Regular, // a regular file (or a link to one): replaced atomically, a link by a file
    InPlace, // a character or block device, a FIFO or a socket: written as it is
    Folder,  // a folder: refused
};

// What stands at `path` (links followed).
OutputTarget outputTarget(const QString &path);

// Where writing `path` would land outside the project the path lies in (the nearest folder up from it,
// as written, with .git or railforge-project.yaml; else its own folder) because the path is a link or
// runs through a linked folder: why, naming the link and where it leads ("out.json is a link to
// /home/me/.bashrc, outside the project /p"). Nothing when it lands inside, or the folder is missing.
std::optional<QString> outputLeavesProject(const QString &path);

// Writes `bytes` to `path`: atomically for a regular or new file (permissions of a replaced file
// kept; a link at the path replaced by the file, its target left alone), in place for a device or a
// FIFO. On failure returns false with a message naming the file
// or folder and the reason in `error`; a regular file is then as it was. The temporary file a write
// makes is named ".NAME.railforge-PID-RANDOM.tmp"; each write first removes, from its folder, those
// whose process is gone (a write killed mid-way), and nothing of any other name.
bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error);

// Writes all of `bytes` to an open stream and flushes it; on failure returns false with the
// system's reason in words in `error` (e.g. stdout on a full disk or /dev/full).
bool writeToStream(std::FILE *stream, const QByteArray &bytes, QString *error);

// The system's reason for an errno value, in words a user can act on.
QString systemReason(int error);

// True when `a` and `b` name one file on disk (the same device and inode; links followed).
bool sameFile(const QString &a, const QString &b);

// Makes a write past the process's file size limit (ulimit -f) fail with a message instead of
// killing the process with SIGXFSZ. Called once by each program's main().
void reportFileSizeLimitAsError();

} // namespace railforge::document
