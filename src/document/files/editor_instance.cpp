#include "document/files/editor_instance.h"

#include <QFile>
#include <QStringList>

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <mutex>
#include <set>

namespace railforge::document {
namespace {

// The start time of a process (field 22 of /proc/PID/stat), or nothing when it does not run. Where
// /proc is missing, 0 for any process that exists, so only the process id is compared.
std::optional<quint64> processStart(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (stat.open(QIODevice::ReadOnly)) {
        const QByteArray text = stat.readAll();
        // The command name (field 2) is in parentheses and may hold spaces: count from after it.
        const qsizetype close = text.lastIndexOf(')');
        if (close < 0) return std::nullopt;
        const QList<QByteArray> fields = text.mid(close + 2).split(' ');
        if (fields.size() < 20) return std::nullopt;
        bool ok = false;
        const quint64 started = fields[19].toULongLong(&ok); // field 22 is the 20th after the name
        return ok ? std::optional<quint64>(started) : std::nullopt;
    }
    if (QFile::exists(QStringLiteral("/proc/self"))) return std::nullopt; // /proc works: the process is gone
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM ? std::optional<quint64>(0) : std::nullopt;
}

struct Registry {
    std::mutex mutex;
    int next = 1;
    std::set<int> live;
};

Registry &registry()
{
    static Registry r;
    return r;
}

EditorInstance thisProcess()
{
    static const EditorInstance self{qint64(::getpid()), processStart(::getpid()).value_or(0), 0};
    return self;
}

} // namespace

QString EditorInstance::key() const { return QStringLiteral("%1-%2-%3").arg(pid).arg(started).arg(number); }

std::optional<EditorInstance> EditorInstance::fromKey(const QString &key)
{
    const QStringList parts = key.split('-');
    if (parts.size() != 3) return std::nullopt;
    bool ok[3] = {false, false, false};
    EditorInstance instance{parts[0].toLongLong(&ok[0]), parts[1].toULongLong(&ok[1]), parts[2].toInt(&ok[2])};
    if (!ok[0] || !ok[1] || !ok[2] || instance.pid <= 0) return std::nullopt;
    return instance;
}

EditorInstance registerEditorInstance()
{
    Registry &r = registry();
    const std::lock_guard lock(r.mutex);
    EditorInstance instance = thisProcess();
    instance.number = r.next++;
    r.live.insert(instance.number);
    return instance;
}

void releaseEditorInstance(const EditorInstance &instance)
{
    Registry &r = registry();
    const std::lock_guard lock(r.mutex);
    r.live.erase(instance.number);
}

bool isAlive(const EditorInstance &instance)
{
    const EditorInstance self = thisProcess();
    if (instance.pid == self.pid && instance.started == self.started) {
        Registry &r = registry();
        const std::lock_guard lock(r.mutex);
        return r.live.count(instance.number) != 0;
    }
    const std::optional<quint64> started = processStart(instance.pid);
    return started && *started == instance.started;
}

} // namespace railforge::document
