#include "document/files/level_file.h"

#include "document/text/finite_output.h"
#include "document/yaml/level_rewriter.h"
#include "document/yaml/level_writer.h"

#include <QFile>
#include <QFileInfo>

namespace railforge::document {

LoadResult loadLevelFile(const QString &path)
{
    LoadResult result;
    const std::string name = path.toStdString();
    // A FIFO or a device would block the open or never end: refused by its type before it is opened.
    if (const QFileInfo info(path); info.exists() && !info.isFile()) {
        result.diagnostics.push_back(
            {Severity::Error, name, 0, 0, info.isDir() ? "is a folder, not a level file" : "is not a regular file"});
        return result;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        result.diagnostics.push_back({Severity::Error, name, 0, 0, "cannot open: " + file.errorString().toStdString()});
        return result;
    }
    if (file.size() > kMaxLevelFileBytes) {
        result.diagnostics.push_back({Severity::Error, name, 1, 1,
                                      "file is " + std::to_string(file.size()) + " bytes; the limit is " +
                                          std::to_string(kMaxLevelFileBytes) + " bytes"});
        return result;
    }
    const QByteArray bytes = file.readAll();
    if (file.error() != QFileDevice::NoError) {
        result.diagnostics.push_back({Severity::Error, name, 0, 0, "cannot read: " + file.errorString().toStdString()});
        return result;
    }
    result = readLevel(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), name);
    result.text = bytes.toStdString();
    return result;
}

std::optional<std::string> readFileText(const QString &path)
{
    QFile file(path);
    if (!QFileInfo(path).isFile() || !file.open(QIODevice::ReadOnly)) return std::nullopt;
    const QByteArray bytes = file.read(kMaxLevelFileBytes + 1);
    if (file.error() != QFileDevice::NoError) return std::nullopt;
    return bytes.toStdString();
}

bool saveLevelFile(const QString &path, const Level &level, QString *error)
{
    std::string text;
    try {
        text = writeLevel(level);
    } catch (const NonFiniteOutput &e) {
        if (error)
            *error = QStringLiteral("internal error: %1; %2 was not written").arg(QString::fromUtf8(e.what()), path);
        return false;
    }
    return writeFileAtomically(path, QByteArray::fromStdString(text), error);
}

SavedLevel saveLevelFileOver(const QString &path, const Level &level, const std::string &previousText,
                             const Level *previousLevel, QString *error)
{
    SavedLevel saved;
    try {
        RewrittenLevel rewritten = rewriteLevel(previousText, level, previousLevel);
        saved.text = std::move(rewritten.text);
        saved.keptPreviousText = rewritten.keptPreviousText;
    } catch (const NonFiniteOutput &e) {
        if (error)
            *error = QStringLiteral("internal error: %1; %2 was not written").arg(QString::fromUtf8(e.what()), path);
        return saved;
    }
    saved.ok = writeFileAtomically(path, QByteArray::fromStdString(saved.text), error);
    return saved;
}

} // namespace railforge::document
