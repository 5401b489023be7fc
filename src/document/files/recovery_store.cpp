#include "document/files/recovery_store.h"

#include "document/files/level_file.h"
#include "document/text/finite_output.h"
#include "document/yaml/level_writer.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace railforge::document {
namespace {
// A copy starts with these comment lines (so it is also a level file that opens on its own): the file
// it belongs to, the editor that wrote it, and the digest of the text its edits started from.
constexpr char kOriginal[] = "# railforge-recovery: ";
constexpr char kEditor[] = "# railforge-editor: ";
constexpr char kBase[] = "# railforge-base: ";

QString afterPrefix(const QByteArray &line, const char *prefix)
{
    return QString::fromUtf8(line.mid(qsizetype(qstrlen(prefix))).trimmed());
}
} // namespace

RecoveryStore::RecoveryStore(EditorInstance self) : m_self(self)
{
    m_folder = qEnvironmentVariable("RAILFORGE_RECOVERY_DIR");
    if (m_folder.isEmpty())
        m_folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recovery");
}

QByteArray RecoveryStore::digestOf(const std::string &text)
{
    return QCryptographicHash::hash(QByteArray::fromStdString(text), QCryptographicHash::Sha1).toHex();
}

QString RecoveryStore::recoveryPathFor(const QString &originalPath) const
{
    const QString key =
        originalPath.isEmpty() ? QStringLiteral("untitled") : QFileInfo(originalPath).absoluteFilePath();
    const QString hash =
        QString::fromLatin1(QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha1).toHex().left(16));
    const QString base =
        originalPath.isEmpty() ? QStringLiteral("untitled") : QFileInfo(originalPath).completeBaseName();
    return m_folder + "/" + base + "-" + hash + "." + m_self.key() + ".recovery.yaml";
}

bool RecoveryStore::write(const Level &level, const QString &originalPath, const std::string &baseText,
                          QString *error) const
{
    if (!QDir().mkpath(m_folder)) {
        if (error) *error = QStringLiteral("cannot create the recovery folder %1").arg(m_folder);
        return false;
    }
    const QString original = originalPath.isEmpty() ? QString() : QFileInfo(originalPath).absoluteFilePath();
    std::string text;
    try {
        text = writeLevel(level);
    } catch (const NonFiniteOutput &e) {
        if (error)
            *error =
                QStringLiteral("internal error: %1; no recovery copy was written").arg(QString::fromUtf8(e.what()));
        return false;
    }
    const QByteArray header = QByteArray(kOriginal) + original.toUtf8() + "\n" + kEditor + m_self.key().toLatin1() +
                              "\n" + kBase + (baseText.empty() ? QByteArray() : digestOf(baseText)) + "\n";
    return writeFileAtomically(recoveryPathFor(originalPath), header + QByteArray::fromStdString(text), error);
}

std::optional<RecoveryEntry> RecoveryStore::entry(const QString &recoveryPath) const
{
    QFile file(recoveryPath);
    if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
    const QByteArray first = file.readLine(8192);
    if (!first.startsWith(kOriginal)) return std::nullopt;
    RecoveryEntry entry{recoveryPath, afterPrefix(first, kOriginal), QFileInfo(recoveryPath).lastModified(), {}, {}};
    for (int i = 0; i < 2; ++i) {
        const QByteArray line = file.readLine(8192);
        if (line.startsWith(kEditor)) entry.editor = EditorInstance::fromKey(afterPrefix(line, kEditor));
        if (line.startsWith(kBase)) entry.baseDigest = afterPrefix(line, kBase).toLatin1();
    }
    return entry;
}

std::vector<RecoveryEntry> RecoveryStore::orphans() const
{
    std::vector<RecoveryEntry> entries;
    const QDir dir(m_folder);
    for (const QFileInfo &info : dir.entryInfoList({"*.recovery.yaml"}, QDir::Files, QDir::Time)) {
        auto found = entry(info.absoluteFilePath());
        if (found && !(found->editor && isAlive(*found->editor))) entries.push_back(std::move(*found));
    }
    return entries;
}

void RecoveryStore::discard(const QString &originalPath) const { QFile::remove(recoveryPathFor(originalPath)); }

bool RecoveryStore::discardCopy(const QString &recoveryPath) const
{
    const auto found = entry(recoveryPath);
    if (!found) return false;
    if (found->editor && *found->editor != m_self && isAlive(*found->editor)) return false;
    return QFile::remove(recoveryPath);
}

} // namespace railforge::document
