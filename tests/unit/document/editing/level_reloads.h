// The check every edit test makes: the edited level saves as a file that loads again, equal to it.
#pragma once

#include "document/model/object_ref.h"
#include "document/yaml/level_reader.h"
#include "document/yaml/level_writer.h"

#include <QString>

namespace railforge::document {

// True when `level` written and read back is `level`; else `why` says what the reader said, or
// which objects read back differently.
inline bool reloads(const Level &level, QString *why)
{
    const auto result = readLevel(writeLevel(level), "edited.yaml");
    if (result.level && *result.level == level) return true;
    if (result.level) {
        *why += "reads back differently: ";
        for (std::size_t k = 0; k < kObjectKindCount; ++k) {
            const ObjectKind kind = ObjectKind(k);
            const std::size_t n = objectCount(level, kind);
            if (n != objectCount(*result.level, kind)) {
                *why += QString("%1 count %2 vs %3; ").arg(kindName(kind)).arg(n).arg(objectCount(*result.level, kind));
                continue;
            }
            for (std::size_t i = 0; i < n; ++i)
                if (objectAt(level, {kind, i}) != objectAt(*result.level, {kind, i}))
                    *why +=
                        QString("%1 %2; ").arg(kindName(kind), QString::fromStdString(objectIdAt(level, {kind, i})));
        }
    }
    for (const auto &d : result.diagnostics) *why += QString::fromStdString(formatDiagnostic(d)) + "\n";
    return false;
}

} // namespace railforge::document
