// Which editor wrote a recovery copy, and whether it still runs. Two editors may have one level open,
// and a crash of one must not cost the other its copy (nor the reverse), so a copy is keyed by its
// editor: the process id, the process's start time (a recycled process id is another editor) and a
// number for each editor a process opens (tests open several in one process).
#pragma once

#include <QString>

#include <optional>

namespace railforge::document {

struct EditorInstance {
    qint64 pid = 0;
    quint64 started = 0; // the process's start time, in clock ticks since boot
    int number = 0;      // the n-th editor of its process
    friend bool operator==(const EditorInstance &, const EditorInstance &) = default;

    // "pid-started-number", as it stands in file names and copies.
    QString key() const;
    static std::optional<EditorInstance> fromKey(const QString &key);
};

// A new instance for an editor of this process (numbers count up from 1); it is alive until released.
EditorInstance registerEditorInstance();
// This process's editor is gone (closed or destroyed); its copies are then like a crashed editor's.
void releaseEditorInstance(const EditorInstance &instance);

// True while the editor runs: its process is alive with the same start time and, in this process,
// the instance was not released.
bool isAlive(const EditorInstance &instance);

} // namespace railforge::document
