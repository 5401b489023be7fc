#include "app/editor/kind_layers.h"

namespace railforge::app {

std::optional<document::ObjectKind> KindLayers::kindFromName(const QString &kind)
{
    for (int k = 0; k < int(document::kObjectKindCount); ++k)
        if (kind == QLatin1String(document::kindName(document::ObjectKind(k)))) return document::ObjectKind(k);
    return std::nullopt;
}

bool KindLayers::isVisible(const QString &kind) const
{
    auto k = kindFromName(kind);
    return k && visible(*k);
}

bool KindLayers::isLocked(const QString &kind) const
{
    auto k = kindFromName(kind);
    return k && locked(*k);
}

void KindLayers::setVisible(const QString &kind, bool visible)
{
    auto k = kindFromName(kind);
    if (!k || m_visible[std::size_t(*k)] == visible) return;
    m_visible[std::size_t(*k)] = visible;
    ++m_revision;
    emit changed();
}

void KindLayers::setLocked(const QString &kind, bool locked)
{
    auto k = kindFromName(kind);
    if (!k || m_locked[std::size_t(*k)] == locked) return;
    m_locked[std::size_t(*k)] = locked;
    ++m_revision;
    emit changed();
}

} // namespace railforge::app
