#include "app/editor/rail_cursor.h"

namespace railforge::app {

void RailCursor::place(const QString &key, double s, const QString &source)
{
    if (key == m_key && s == m_s && source == m_source) return;
    m_key = key;
    m_s = s;
    m_source = source;
    emit changed();
}

void RailCursor::clear()
{
    if (m_key.isEmpty()) return;
    m_key.clear();
    m_source.clear();
    emit changed();
}

QVariantList RailCursor::overLimitList() const
{
    QVariantList out;
    for (const auto &[s0, s1] : m_over) out.append(QVariant(QVariantList{s0, s1}));
    return out;
}

void RailCursor::setOverLimit(const QString &key, Stretches stretches)
{
    if (key == m_overKey && stretches == m_over) return;
    m_overKey = key;
    m_over = std::move(stretches);
    emit overLimitChanged();
}

} // namespace railforge::app
