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
// The first line of a copy names the file it belongs to; the rest is the level, so a copy is also
// a valid level file that opens on its own.
constexpr char kHeader[] = "# railforge-recovery: ";
} // namespace

RecoveryStore::RecoveryStore()
{
    m_folder = qEnvironmentVariable("RAILFORGE_RECOVERY_DIR");
    if (m_folder.isEmpty())
        m_folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recovery");
}

QString RecoveryStore::recoveryPathFor(const QString &originalPath) const
{
    const QString key =
        originalPath.isEmpty() ? QStringLiteral("untitled") : QFileInfo(originalPath).absoluteFilePath();
    const QString hash =
        QString::fromLatin1(QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha1).toHex().left(16));
    const QString base =
        originalPath.isEmpty() ? QStringLiteral("untitled") : QFileInfo(originalPath).completeBaseName();
    return m_folder + "/" + base + "-" + hash + ".recovery.yaml";
}

bool RecoveryStore::write(const Level &level, const QString &originalPath, QString *error) const
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
    QByteArray bytes = QByteArray(kHeader) + original.toUtf8() + "\n" + QByteArray::fromStdString(text);
    return writeFileAtomically(recoveryPathFor(originalPath), bytes, error);
}

std::optional<RecoveryEntry> RecoveryStore::readEntry(const QString &recoveryPath) const
{
    QFile file(recoveryPath);
    if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
    const QByteArray first = file.readLine(8192);
    if (!first.startsWith(kHeader)) return std::nullopt;
    return RecoveryEntry{recoveryPath, QString::fromUtf8(first.mid(int(sizeof(kHeader)) - 1).trimmed()),
                         QFileInfo(recoveryPath).lastModified()};
}

std::optional<RecoveryEntry> RecoveryStore::find(const QString &originalPath) const
{
    const QString path = recoveryPathFor(originalPath);
    return QFileInfo::exists(path) ? readEntry(path) : std::nullopt;
}

std::vector<RecoveryEntry> RecoveryStore::all() const
{
    std::vector<RecoveryEntry> entries;
    const QDir dir(m_folder);
    for (const QFileInfo &info : dir.entryInfoList({"*.recovery.yaml"}, QDir::Files, QDir::Time))
        if (auto entry = readEntry(info.absoluteFilePath())) entries.push_back(*entry);
    return entries;
}

void RecoveryStore::discard(const QString &originalPath) const { QFile::remove(recoveryPathFor(originalPath)); }

} // namespace railforge::document
