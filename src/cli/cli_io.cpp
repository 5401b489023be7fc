#include "cli/cli_io.h"

#include "cli/console.h"
#include "document/level_file.h"

#include <QFile>

#include <cmath>
#include <cstdio>

namespace railforge::cli {

QString inputName(const QString &path) { return path.isEmpty() ? QStringLiteral("<stdin>") : path; }

std::optional<QByteArray> readInput(const QString &path, qint64 limit)
{
    QFile file;
    const bool ok = path.isEmpty() ? file.open(stdin, QIODevice::ReadOnly) : (file.setFileName(path), file.open(QIODevice::ReadOnly));
    if (!ok) {
        printErr(inputName(path) + ": cannot open: " + file.errorString());
        return std::nullopt;
    }
    // Read one byte past the limit to tell "exactly at the limit" from "over it".
    QByteArray bytes = file.read(limit + 1);
    if (file.error() != QFileDevice::NoError) {
        printErr(inputName(path) + ": cannot read: " + file.errorString());
        return std::nullopt;
    }
    if (bytes.size() > limit) {
        printErr(inputName(path) + ":1:1: input is larger than the limit of " + QString::number(limit) + " bytes");
        return std::nullopt;
    }
    return bytes;
}

bool writeOutput(const QString &path, const QByteArray &bytes)
{
    if (path.isEmpty()) {
        const bool ok = std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stdout) == std::size_t(bytes.size());
        return std::fflush(stdout) == 0 && ok;
    }
    QString error;
    if (document::writeFileAtomically(path, bytes, &error)) return true;
    printErr(error);
    return false;
}

std::optional<document::Level> loadLevelReporting(const QString &path)
{
    auto loaded = document::loadLevelFile(path);
    for (const auto &d : loaded.diagnostics) printError(d);
    return std::move(loaded.level);
}

std::optional<core::Vec3> parsePointArgument(const QString &text)
{
    const QStringList parts = text.split(',');
    if (parts.size() < 2 || parts.size() > 3) return std::nullopt;
    double v[3] = {0, 0, 0};
    for (qsizetype i = 0; i < parts.size(); ++i) {
        bool ok = false;
        v[i] = parts[i].trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(v[i])) return std::nullopt;
    }
    return core::Vec3{v[0], v[1], v[2]};
}

} // namespace railforge::cli
