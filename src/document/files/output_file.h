// Writing a file the way build scripts and teammates need it: a regular file is replaced atomically
// (the old one stays whole unless the new one is complete), a device or a pipe (/dev/null, a FIFO
// another program reads) is written in place and never replaced, a folder is refused, and every
// failure says which file or folder and the system's reason in words ("no space left on the
// device"), never "Unknown error".
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdio>

namespace railforge::document {

// What stands at a path, as far as writing it is concerned.
enum class OutputTarget {
    Missing, // nothing: a new file is made
    Regular, // a regular file (or a link to one): replaced atomically
    InPlace, // a character or block device, a FIFO or a socket: written as it is
    Folder,  // a folder: refused
};

// What stands at `path` (links followed).
OutputTarget outputTarget(const QString &path);

// Writes `bytes` to `path`: atomically for a regular or new file (permissions of a replaced file
// kept), in place for a device or a FIFO. On failure returns false with a message naming the file
// or folder and the reason in `error`; a regular file is then as it was.
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
