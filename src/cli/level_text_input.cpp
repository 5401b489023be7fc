#include "cli/level_text_input.h"

#include "cli/console.h"
#include "document/files/level_file.h"

#include <QFileInfo>

namespace railforge::cli {

std::optional<std::string> readLevelText(const QString &path)
{
    auto text = document::readFileText(path);
    if (!text) {
        printErr(path + ": cannot read: " + (QFileInfo::exists(path) ? "not a readable file" : "no such file"));
        return std::nullopt;
    }
    if (qint64(text->size()) > document::kMaxLevelFileBytes) {
        printErr(path + ":1:1: file is larger than the limit of " + QString::number(document::kMaxLevelFileBytes) +
                 " bytes");
        return std::nullopt;
    }
    return text;
}

bool looksLikeLevel(std::string_view text)
{
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const std::string_view line = text.substr(at, end - at);
        if (line.rfind("railforge:", 0) == 0 || line.rfind("\xEF\xBB\xBFrailforge:", 0) == 0) return true;
        at = end + 1;
    }
    return false;
}

} // namespace railforge::cli
